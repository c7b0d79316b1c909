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

  // Five cards for ``seat``, sent as {type, seat, cards}; pre-filled when the seat's five are known. A card is
  // two taps, its rank then its suit (13 + 4 buttons fit one phone screen, where 52 did not); a picked card
  // is taken back by tapping it.
  function cardPicker(seat, type, title, submitLabel) {
    var box = el("fieldset", { class: "card-picker", "data-seat": seat });
    box.appendChild(el("legend", {}, title));
    var own = ui.knownCards(seatOf(seat));
    var picked = own.length === 5 ? own.slice() : [];
    var used = usedCards(seat);
    var rank = null; // the rank tapped, waiting for its suit
    var joker = jokerInGame();
    var slots = el("div", { class: "picked-cards" });
    var count = el("p", { class: "picked", "aria-live": "polite" });
    var ranks = el("div", { class: "rank-row", role: "group", "aria-label": T.pickRank });
    var suits = el("div", { class: "suit-pick-row", role: "group", "aria-label": T.pickSuit });
    var submit = ui.bigButton(submitLabel, "", function (b) {
      if (picked.length === 5) ctx.send({ type: type, seat: seat, cards: picked.join("") }, b);
    }, "act-" + type);

    function free(card) { return !used[card] && picked.indexOf(card) < 0; }
    function update() {
      slots.textContent = "";
      for (var i = 0; i < 5; i++) {
        var c = picked[i];
        var slot = el("button", { type: "button", class: "slot" + (c ? " pcard suit-" + (c === "Xx" ? "x" : c[1]) : ""),
          id: "picked-" + i, "aria-label": c ? ui.fmt(T.takeBack, { card: ui.cardName(c, T) }) : T.emptySlot },
          c ? ui.cardText(c, T) : "\u00b7");
        slot.disabled = !c;
        (function (card) {
          slot.addEventListener("click", function () {
            picked.splice(picked.indexOf(card), 1); update();
          });
        })(c);
        slots.appendChild(slot);
      }
      var full = picked.length >= 5;
      count.textContent = rank && !full ? ui.fmt(T.pickSuitOf, { rank: ui.rankText(rank) })
        : ui.fmt(T.picked, { count: picked.length });
      ranks.querySelectorAll("button").forEach(function (b) {
        var r = b.dataset.rank;
        var any = r === "X" ? free("Xx") : ui.SUITS.some(function (s) { return free(r + s[0]); });
        b.disabled = full || !any;
        b.setAttribute("aria-pressed", r === rank ? "true" : "false");
      });
      suits.querySelectorAll("button").forEach(function (b) {
        b.disabled = full || !rank || !free(rank + b.dataset.suit);
      });
      submit.disabled = picked.length !== 5;
    }
    ui.RANKS.forEach(function (r) {
      var b = el("button", { type: "button", class: "card-pick rank", "data-rank": r, id: "pick-rank-" + r,
        "aria-pressed": "false" }, ui.rankText(r));
      b.addEventListener("click", function () { rank = rank === r ? null : r; update(); });
      ranks.appendChild(b);
    });
    if (joker) {
      var jb = el("button", { type: "button", class: "card-pick rank joker", "data-rank": "X", id: "pick-joker" }, T.joker);
      jb.addEventListener("click", function () { if (free("Xx")) picked.push("Xx"); rank = null; update(); });
      ranks.appendChild(jb);
    }
    ui.SUITS.forEach(function (s) {
      var b = el("button", { type: "button", class: "card-pick suit suit-" + s[0], "data-suit": s[0], id: "pick-suit-" + s[0],
        "aria-label": T["suit_" + s[0]] }, s[1]);
      b.addEventListener("click", function () {
        if (!rank || picked.length >= 5 || !free(rank + s[0])) return;
        picked.push(rank + s[0]);
        rank = null;
        update();
      });
      suits.appendChild(b);
    });
    box.appendChild(slots);
    box.appendChild(count);
    box.appendChild(ranks);
    box.appendChild(suits);
    var clear = el("button", { type: "button", class: "secondary", id: "pick-clear" }, T.clear);
    clear.addEventListener("click", function () { picked = []; rank = null; update(); });
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

  // The live seats' places, best first, by tapping the seats in order (nothing preset: an untouched seat
  // has no place); "Tie" makes the next seat tapped share the place before. Sent as [[2, 3], [1]].
  function finishOrder(seats) {
    var g = ui.group("finish");
    var d = el("details", { class: "finish-order" });
    d.appendChild(el("summary", {}, T.finishOrder));
    d.appendChild(el("p", { class: "hint" }, T.finishHelp));
    var order = []; // [[seat, ...], ...]
    var tie = false;
    var list = el("ol", { class: "finish-list", "aria-live": "polite" });
    var buttons = el("div", { class: "finish-seats" });
    var tieButton = el("button", { type: "button", class: "secondary", id: "place-tie", "aria-pressed": "false" }, T.finishTie);
    var reset = el("button", { type: "button", class: "secondary", id: "place-reset" }, T.finishReset);
    var submit = ui.bigButton(T.finishSubmit, "", function (b) {
      if (placed() === seats.length) ctx.send({ type: "finish_order", order: order }, b);
    }, "act-finish-order");
    function placed() { return order.reduce(function (n, p) { return n + p.length; }, 0); }
    function placeOf(seat) {
      for (var i = 0; i < order.length; i++) if (order[i].indexOf(seat) >= 0) return i;
      return -1;
    }
    function update() {
      list.textContent = "";
      order.forEach(function (p) {
        list.appendChild(el("li", {}, p.map(ctx.seatName).join(" = ")));
      });
      buttons.querySelectorAll("button").forEach(function (b) {
        var at = placeOf(Number(b.dataset.seat));
        b.disabled = at >= 0;
        b.querySelector(".place-no").textContent = at >= 0 ? ui.fmt(T.finishNth, { n: at + 1 }) : "";
      });
      tieButton.disabled = !order.length || placed() === seats.length;
      tieButton.setAttribute("aria-pressed", tie ? "true" : "false");
      submit.disabled = placed() !== seats.length;
    }
    seats.forEach(function (seat) {
      var b = el("button", { type: "button", class: "finish-seat", id: "place-seat-" + seat, "data-seat": seat });
      b.appendChild(el("span", { class: "label" }, ui.fmt(T.seatNamed, { seat: seat, name: ctx.seatName(seat) })));
      b.appendChild(el("span", { class: "place-no" }, ""));
      b.addEventListener("click", function () {
        if (placeOf(seat) >= 0) return;
        if (tie && order.length) order[order.length - 1].push(seat);
        else order.push([seat]);
        tie = false;
        update();
      });
      buttons.appendChild(b);
    });
    tieButton.addEventListener("click", function () { tie = !tie; update(); });
    reset.addEventListener("click", function () { order = []; tie = false; update(); });
    d.appendChild(buttons);
    var row = el("div", { class: "picker-actions" });
    row.appendChild(tieButton);
    row.appendChild(reset);
    d.appendChild(row);
    d.appendChild(list);
    d.appendChild(submit);
    g.appendChild(d);
    update();
    return g;
  }

  return { cardPicker: cardPicker, askShown: askShown, finishOrder: finishOrder };
};
