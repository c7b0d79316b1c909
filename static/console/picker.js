/* The dealer console's showdown inputs: the card picker (showing a hand, proving openers), the kept ace
 * or joker a four-card draw must show, and the finishing order.
 *
 * ``ctx``: T (the translated words), hand() (the hand shown), send(event, button), seatName(n). */
window.FloorConsolePicker = function (ctx) {
  "use strict";

  var ui = window.FloorConsoleUI;
  var T = ctx.T;
  var el = ui.el;

  function jokerInGame() {
    var game = ctx.hand().game;
    return !!(game && game.joker && game.joker !== "off");
  }

  function seatOf(n) {
    return ctx.hand().seats.filter(function (s) { return s.seat === n; })[0] || { seat: n };
  }

  // Cards another seat already showed cannot be picked again.
  function usedCards(exceptSeat) {
    var used = {};
    ctx.hand().seats.forEach(function (s) {
      if (s.seat !== exceptSeat) ui.knownCards(s).forEach(function (c) { used[c] = true; });
    });
    return used;
  }

  // Five cards for ``seat``, sent as {type, seat, cards}; pre-filled when the seat's five are known.
  function cardPicker(seat, type, title, submitLabel) {
    var box = el("fieldset", { class: "card-picker", "data-seat": seat });
    box.appendChild(el("legend", {}, title));
    var own = ui.knownCards(seatOf(seat));
    var picked = own.length === 5 ? own.slice() : [];
    var used = usedCards(seat);
    var count = el("p", { class: "picked", "aria-live": "polite" });
    var submit = ui.bigButton(submitLabel, "", function (b) {
      if (picked.length === 5) ctx.send({ type: type, seat: seat, cards: picked.join("") }, b);
    }, "act-" + type);
    function update() {
      var names = picked.map(function (c) { return ui.cardText(c, T); }).join(" ");
      count.textContent = ui.fmt(T.picked, { count: picked.length }) + (picked.length ? ": " + names : "");
      box.querySelectorAll(".card-pick").forEach(function (b) {
        var on = picked.indexOf(b.dataset.card) >= 0;
        b.setAttribute("aria-pressed", on ? "true" : "false");
        b.disabled = !!used[b.dataset.card] || (!on && picked.length >= 5);
      });
      submit.disabled = picked.length !== 5;
    }
    var cards = [];
    ui.SUITS.forEach(function (s) { ui.RANKS.forEach(function (r) { cards.push(r + s[0]); }); });
    if (jokerInGame()) cards.push("Xx");
    var rows = {};
    cards.forEach(function (c) {
      var suit = c === "Xx" ? "x" : c[1];
      if (!rows[suit]) { rows[suit] = el("div", { class: "suit-row" }); box.appendChild(rows[suit]); }
      var b = el("button", { type: "button", class: "card-pick suit-" + suit, "data-card": c, id: "pick-" + c,
        "aria-pressed": "false" }, ui.cardText(c, T));
      b.addEventListener("click", function () {
        var i = picked.indexOf(c);
        if (i >= 0) picked.splice(i, 1);
        else if (picked.length < 5) picked.push(c);
        update();
      });
      rows[suit].appendChild(b);
    });
    var clear = el("button", { type: "button", class: "secondary" }, T.clear);
    clear.addEventListener("click", function () { picked = []; update(); });
    box.appendChild(count);
    var row = el("div", { class: "picker-actions" });
    row.appendChild(clear);
    row.appendChild(submit);
    box.appendChild(row);
    update();
    return box;
  }

  // Drawing more than ``draw.show_ace_above`` cards needs the kept ace (or joker) shown: pick it, and the
  // draw is sent with it.
  function askShown(g, draw, count) {
    var old = g.querySelector(".shown-picker");
    if (old) old.remove();
    var p = el("div", { class: "shown-picker" });
    p.appendChild(el("p", { class: "hint" }, ui.fmt(T.drawShowAce, { count: count })));
    var cards = ui.SUITS.map(function (s) { return "A" + s[0]; });
    if (jokerInGame()) cards.push("Xx");
    cards.forEach(function (c) {
      var b = el("button", { type: "button", class: "card-pick suit-" + c[1], id: "act-shown-" + c }, ui.cardText(c, T));
      b.addEventListener("click", function () { ctx.send({ type: "draw", seat: draw.seat, count: count, shown: c }, b); });
      p.appendChild(b);
    });
    g.appendChild(p);
    p.querySelector("button").focus();
  }

  // The live seats' places, best first; equal places tie: [[2, 3], [1]].
  function finishOrder(seats) {
    var g = ui.group("finish");
    var d = el("details", { class: "finish-order" });
    d.appendChild(el("summary", {}, T.finishOrder));
    var selects = [];
    seats.forEach(function (seat) {
      var id = "place-" + seat;
      var row = el("div", { class: "place" });
      row.appendChild(el("label", { for: id }, ui.fmt(T.finishPlace, { seat: seat, name: ctx.seatName(seat) })));
      var sel = el("select", { id: id });
      for (var i = 1; i <= seats.length; i++) sel.appendChild(el("option", { value: String(i) }, String(i)));
      row.appendChild(sel);
      selects.push([seat, sel]);
      d.appendChild(row);
    });
    d.appendChild(ui.bigButton(T.finishSubmit, "", function (b) {
      var places = {};
      selects.forEach(function (p) { (places[p[1].value] = places[p[1].value] || []).push(p[0]); });
      var order = Object.keys(places).map(Number).sort(function (x, y) { return x - y; })
        .map(function (k) { return places[k]; });
      ctx.send({ type: "finish_order", order: order }, b);
    }, "act-finish-order"));
    g.appendChild(d);
    return g;
  }

  return { cardPicker: cardPicker, askShown: askShown, finishOrder: finishOrder };
};
