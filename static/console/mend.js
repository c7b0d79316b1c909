/* Mending a mistake at the console: "Undo my last entry" (a correction with its reason, appended; the hand goes
 * on from before the entry), "Call the floor" (a dispute on this hand or the last one, which the director's
 * cockpit shows at once), and the showdown's confirmation: the entry that would make the hand final is tried
 * first (POST …/events/try writes nothing), its result shown, and recorded only when the dealer confirms.
 * ``ctx``: cfg, net, T, hand() (the hand shown), now() (the table now: last hand, tournament), accept(view),
 * render(), refusal(body, where). */
window.FloorConsoleMend = function (ctx) {
  "use strict";

  var ui = window.FloorConsoleUI;
  var $ = ui.$, el = ui.el, fmt = ui.fmt;
  var T = ctx.T;
  var pending = null; // the showdown entry waiting for the dealer's confirmation: [event, where]

  var saidAt = null; // the hand and entry a message was said at: the next entry makes it stale

  function handKey() {
    var hand = ctx.hand();
    return hand ? hand.id + ":" + hand.seq : "";
  }

  function say(text) {
    var box = $("console-mend-status");
    box.hidden = !text;
    box.textContent = text || "";
    saidAt = text ? handKey() : null;
  }

  function closeForms() {
    $("console-undo-form").hidden = true;
    $("console-floor-form").hidden = true;
  }

  // --- undo ---------------------------------------------------------------------------------------------

  function undo(e) {
    e.preventDefault();
    var hand = ctx.hand();
    if (!hand) return;
    var sent = ctx.net.post(ctx.net.handUrl("undo", hand.id),
      { expected_seq: hand.seq, reason: $("console-undo-reason").value });
    if (!sent) return;
    sent.then(function (res) {
      if (res.dropped) return;
      if (res.status === 201) {
        closeForms();
        ctx.accept(res.body);
        ctx.render();
        say(T.undone);
      } else {
        ctx.render();
        ctx.refusal(res.body, $("console-undo-ok"));
      }
    });
  }

  // --- call the floor -------------------------------------------------------------------------------------

  function floorHands() {
    var hand = ctx.hand(), now = ctx.now(), out = [];
    if (hand) out.push({ id: hand.id, label: fmt(hand.status === "finished" ? T.floorLast : T.floorThis, { number: hand.number }) });
    var last = now && now.last_hand;
    if (last && (!hand || last.id !== hand.id)) out.push({ id: last.id, label: fmt(T.floorLast, { number: last.number }) });
    return out;
  }

  function openFloor() {
    closeForms();
    say(null);
    var box = $("console-floor-hands");
    box.querySelectorAll("label").forEach(function (l) { l.remove(); });
    floorHands().forEach(function (h, i) {
      var label = el("label", {});
      var input = el("input", { type: "radio", name: "hand", value: String(h.id), id: "console-floor-hand-" + h.id });
      input.checked = i === 0;
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + h.label));
      box.appendChild(label);
    });
    $("console-floor-form").hidden = false;
    $("console-floor-reason").focus();
  }

  function callFloor(e) {
    e.preventDefault();
    var form = $("console-floor-form");
    var picked = form.querySelector("input[name=hand]:checked");
    if (!picked) return;
    var sent = ctx.net.post(ctx.net.handUrl("dispute", picked.value), {
      kind: form.querySelector("input[name=kind]:checked").value,
      description: $("console-floor-reason").value,
    });
    if (!sent) return;
    sent.then(function (res) {
      if (res.dropped) return;
      if (res.status === 201) {
        closeForms();
        $("console-floor-reason").value = "";
        say(fmt(T.floorCalled, { id: res.body.id }));
      } else {
        ctx.refusal(res.body, $("console-floor-ok"));
      }
    });
  }

  // --- the showdown's confirmation --------------------------------------------------------------------------

  // Could anyone dispute this result? Two hands shown (or a finishing order) can be read wrong; a hand won
  // because every other player mucked cannot.
  function contested(view, event) {
    if (event.type === "finish_order") return true;
    return view.seats.filter(function (s) { return s.showdown === "shown"; }).length >= 2;
  }

  function showConfirm(view) {
    var winners = $("console-confirm-winners"), expl = $("console-confirm-explanation");
    winners.textContent = "";
    expl.textContent = "";
    var names = {};
    view.seats.forEach(function (s) { names[s.seat] = s.name || fmt(T.seat, { seat: s.seat }); });
    ((view.result && view.result.pots) || []).forEach(function (p) {
      (p.winners || []).forEach(function (w) {
        winners.appendChild(el("li", {}, fmt(T.wins, { seat: w, name: names[w], amount: p.shares[String(w)] }) +
          (p.hand ? " \u2014 " + p.hand : "")));
      });
    });
    view.seats.forEach(function (s) {
      if (s.stack === 0 && s.start_stack > 0) winners.appendChild(el("li", { class: "busts" }, fmt(T.busts, { name: names[s.seat] })));
    });
    ((view.result && view.result.explanation) || []).forEach(function (line) { expl.appendChild(el("p", {}, line)); });
    $("console-confirm").hidden = false;
    $("console-confirm-ok").focus();
  }

  function hideConfirm() {
    pending = null;
    $("console-confirm").hidden = true;
  }

  // ``send`` for the showdown's entries: tried first; recorded at once unless it makes the hand final with a
  // result someone could dispute, which waits for "Confirm the result".
  function guard(event, where) {
    var hand = ctx.hand();
    var kinds = ["show", "muck", "finish_order"];
    if (!hand || hand.phase !== "showdown" || kinds.indexOf(event.type) < 0) return ctx.net.send(event, where);
    var tried = ctx.net.post(ctx.net.handUrl("try", hand.id), Object.assign({ expected_seq: hand.seq }, event));
    if (!tried) return null;
    return tried.then(function (res) {
      if (res.dropped) return null;
      if (res.status !== 200) {
        // the real entry gets the same answer (and is kept for the review): send it for that
        return ctx.net.send(event, where);
      }
      if (res.body.status !== "finished" || !contested(res.body, event)) return ctx.net.send(event, where);
      pending = [event, where];
      showConfirm(res.body);
      return null;
    });
  }

  function confirm() {
    if (!pending) return;
    var p = pending;
    hideConfirm();
    ctx.net.send(p[0], p[1]);
  }

  function back() {
    hideConfirm();
    ctx.render(true);
  }

  // --- drawing ----------------------------------------------------------------------------------------------

  function render() {
    var hand = ctx.hand();
    var now = ctx.now();
    var finished = !!(now && now.tournament && now.tournament.status === "finished");
    // A table broken by a table break or the final table's redraw deals no more: it says where its players went.
    var broken = !finished && !!(now && now.tournament && now.tournament.table_broken);
    $("console-broken").hidden = !broken;
    $("console-broken-where").textContent = broken && now.tournament.tables_playing.length
      ? fmt(T.brokenTo, { tables: now.tournament.tables_playing.join(", ") }) : "";
    var over = finished || broken;
    if (saidAt !== null && saidAt !== handKey()) say(null);
    // the server says when it would refuse the undo (the hand eliminated a player, a later hand began...)
    var refused = !!(hand && now && now.undo && now.undo.hand === hand.id &&
      now.undo.seq === hand.seq && now.undo.refused);
    $("console-undo").hidden = !hand || !hand.seq || over || refused;
    $("console-floor").hidden = !hand && !(now && now.last_hand);
    if (pending && (!hand || hand.phase !== "showdown")) hideConfirm();
    var box = $("console-over");
    box.hidden = !finished;
    var ol = $("console-over-places");
    ol.textContent = "";
    if (finished) {
      now.tournament.results.forEach(function (r) {
        var place = r.place_to && r.place_to !== r.place ? r.place + "\u2013" + r.place_to : r.place;
        ol.appendChild(el("li", { class: "place" }, fmt(T.placeRow, { place: place, name: r.player })));
      });
    }
    return over;
  }

  $("console-undo").addEventListener("click", function () {
    closeForms();
    say(null);
    $("console-undo-form").hidden = false;
    $("console-undo-reason").focus();
  });
  $("console-floor").addEventListener("click", openFloor);
  $("console-undo-form").addEventListener("submit", undo);
  $("console-floor-form").addEventListener("submit", callFloor);
  document.querySelectorAll(".mend-cancel").forEach(function (b) { b.addEventListener("click", closeForms); });
  $("console-confirm-ok").addEventListener("click", confirm);
  $("console-confirm-back").addEventListener("click", back);

  return { guard: guard, render: render, waiting: function () { return !!pending; } };
};
