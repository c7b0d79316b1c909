// Hand replay: one step at a time (without script every step is shown, in order). Keyboard: the buttons, the
// range slider, or the left and right arrow keys anywhere on the page.
(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("#replay .step"));
  var controls = document.getElementById("replay-controls");
  var range = document.getElementById("replay-step");
  var out = document.getElementById("replay-position");
  if (!steps.length || !controls) return;
  var current = 0;
  function show(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    steps.forEach(function (s, j) { s.hidden = j !== current; });
    range.value = String(current);
    out.textContent = out.dataset.format.replace("%(step)s", current).replace("%(total)s", steps.length - 1);
    document.getElementById("replay").dataset.current = String(current);
  }
  controls.hidden = false;
  controls.addEventListener("click", function (e) {
    var go = e.target && e.target.dataset ? e.target.dataset.go : null;
    if (go === "first") show(0);
    else if (go === "prev") show(current - 1);
    else if (go === "next") show(current + 1);
    else if (go === "last") show(steps.length - 1);
  });
  range.addEventListener("input", function () { show(parseInt(range.value, 10) || 0); });
  document.addEventListener("keydown", function (e) {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
    if (e.key === "ArrowRight") show(current + 1);
    else if (e.key === "ArrowLeft") show(current - 1);
  });
  show(0);
})();
