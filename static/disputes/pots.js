// Pot calculator: "Add a player" adds a row in place instead of a round trip (the form works without this).
(function () {
  var form = document.getElementById("pot-form");
  var button = document.getElementById("add-row");
  if (!form || !button) return;
  var rows = document.getElementById("pot-rows");
  var box = document.getElementById("pot-players");
  var max = parseInt(form.dataset.maxRows, 10);
  button.addEventListener("click", function (event) {
    var count = parseInt(rows.value, 10);
    if (count >= max) return;
    event.preventDefault();
    var last = box.lastElementChild;
    var copy = last.cloneNode(true);
    copy.dataset.index = String(count);
    copy.querySelectorAll("input").forEach(function (input) {
      input.name = input.name.replace(/^p-\d+-/, "p-" + count + "-");
      if (input.type === "checkbox") input.checked = false;
      else input.value = input.name.endsWith("-seat") ? String(count + 1) : "";
    });
    box.appendChild(copy);
    rows.value = String(count + 1);
    if (count + 1 >= max) button.hidden = true;
    copy.querySelector("input[name$='-name']").focus();
  });
})();
