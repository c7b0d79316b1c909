/* The ruling page's correction builder: the director picks each event (its kind, the seat, the amount, the
 * count drawn or the five cards shown) and adds it; the list is written as JSON into the events box, which
 * stays under its toggle for anything the pickers do not cover. Without JavaScript the box is the form. */
(function () {
  "use strict";
  var builder = document.getElementById("builder");
  var box = document.getElementById("events");
  if (!builder || !box) return;
  var type = document.getElementById("builder-type");
  var list = document.getElementById("builder-list");
  var error = document.getElementById("builder-error");

  function events() {
    try {
      var v = JSON.parse(box.value || "[]");
      return Array.isArray(v) ? v : [];
    } catch (e) { return null; } // typed by hand and not (yet) JSON: the pickers leave it alone
  }

  function seatLabel(n) {
    var o = document.querySelector("#builder-seat option[value='" + n + "']");
    return o ? o.textContent : String(n);
  }

  function describe(ev) {
    var o = type.querySelector("option[value='" + ev.type + "']");
    var parts = [o ? o.textContent : ev.type];
    if (ev.seat) parts.push(seatLabel(ev.seat));
    if (ev.amount !== undefined) parts.push(String(ev.amount));
    if (ev.count !== undefined) parts.push("\u00d7" + ev.count);
    if (ev.cards) parts.push(ev.cards);
    return parts.join(" \u00b7 ");
  }

  function redraw() {
    var evs = events();
    list.textContent = "";
    (evs || []).forEach(function (ev) {
      var li = document.createElement("li");
      li.textContent = describe(ev);
      list.appendChild(li);
    });
  }

  function fields() {
    return (type.selectedOptions[0].dataset.fields || "").split(" ");
  }

  function showFields() {
    var want = fields();
    builder.querySelectorAll("[data-field]").forEach(function (f) {
      f.hidden = want.indexOf(f.dataset.field) < 0;
    });
  }

  function add() {
    var want = fields();
    var ev = { type: type.value };
    error.hidden = true;
    if (want.indexOf("seat") >= 0) ev.seat = parseInt(document.getElementById("builder-seat").value, 10);
    if (want.indexOf("amount") >= 0) ev.amount = parseInt(document.getElementById("builder-amount").value || "0", 10);
    if (want.indexOf("count") >= 0) ev.count = parseInt(document.getElementById("builder-count").value || "0", 10);
    if (want.indexOf("cards") >= 0) {
      var cards = [1, 2, 3, 4, 5].map(function (i) { return document.getElementById("builder-card-" + i).value; });
      if (cards.some(function (c) { return !c; })) { error.hidden = false; return; }
      ev.cards = cards.join("");
    }
    var evs = events() || [];
    evs.push(ev);
    box.value = JSON.stringify(evs);
    redraw();
  }

  function removeLast() {
    var evs = events();
    if (!evs || !evs.length) return;
    evs.pop();
    box.value = evs.length ? JSON.stringify(evs) : "";
    redraw();
  }

  type.addEventListener("change", showFields);
  document.getElementById("builder-add").addEventListener("click", add);
  document.getElementById("builder-undo").addEventListener("click", removeLast);
  box.addEventListener("input", redraw);
  builder.hidden = false;
  showFields();
  redraw();
})();
