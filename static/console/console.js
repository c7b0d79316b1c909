/* The dealer console: the table, its hand and only the legal actions, redrawn from the dealer
 * API's hand view after every entry and every live push. Vanilla JS, no framework. net.js talks to the
 * API (one entry at a time, retried with one Idempotency-Key until it lands), picker.js draws the showdown
 * inputs, ui.js holds the DOM helpers. Every word shown comes translated from the page (config.text). */
(function () {
  "use strict";

  var ui = window.FloorConsoleUI;
  var $ = ui.$, el = ui.el, fmt = ui.fmt, group = ui.group, bigButton = ui.bigButton;
  var cfg = JSON.parse($("console-config").textContent);
  var T = cfg.text;

  var hand = null; // the hand as the API shows it (HandStateSerializer)
  var table = null; // the table view
  var now = null; // the table now (console/now.py): its seats, the last finished hand, the tournament
  var amountFresh = true; // the next typed digit replaces the pre-filled amount
  var clockEnd = null; // performance.now() at which the turn clock reaches zero
  var refreshTimer = null;
  var drawnFor = null; // the state the action buttons were drawn for (a re-read of it keeps them as typed)
  var refusalBox = $("console-refusal");
  var over = false; // the table deals no more: its tournament is over, or the table is broken
  var viaKeyboard = false; // the last input was a key (not a tap): keep the focus where Tab users expect it

  var net = window.FloorConsoleNet(cfg, {
    hand: function () { return hand; },
    status: status,
    setBusy: setBusy,
    landed: function (view) {
      accept(view);
      render();
      status(T.landed, "ok");
      setTimeout(function () { if ($("console-net").className === "net ok") status(null); }, 1500);
    },
    refused: function (body, where) {
      render();
      showRefusal(body, where && document.contains(where) ? where : findAgain(where));
    },
    stale: function (body) {
      if (body.detail && body.detail.state) accept(body.detail.state);
      render();
      showRefusal({ message: T.stale, code: "stale_seq" }, null);
      refresh();
    },
    lost: function (body) {
      render();
      status(T.sessionEnded + (body && body.message ? " (" + body.message + ")" : ""), "lost");
    },
    changed: scheduleRefresh,
    stopped: stopped,
  });
  var mend = window.FloorConsoleMend({
    cfg: cfg, net: net, T: T, hand: function () { return hand; }, now: function () { return now; },
    accept: accept, render: render, refusal: showRefusal,
  });
  // A showdown's last entry waits for the dealer's confirmation (mend.js); every other entry goes at once.
  var send = mend.guard;
  var picker = window.FloorConsolePicker({
    T: T, hand: function () { return hand; }, send: send, seatName: seatName,
  });

  function seatOf(n) {
    var seats = hand ? hand.seats : [];
    for (var i = 0; i < seats.length; i++) if (seats[i].seat === n) return seats[i];
    return { seat: n, name: "" };
  }
  function seatName(n) { return seatOf(n).name || fmt(T.seat, { seat: n }); }
  function legal(type) {
    return (hand && hand.status === "in_progress" ? hand.legal_actions : []).filter(function (a) {
      return a.type === type;
    });
  }

  // --- the status line, the busy state and refusals ------------------------------------------------------

  function status(text, cls, reason) {
    var n = $("console-net");
    n.hidden = !text;
    n.className = "net" + (cls ? " " + cls : "");
    n.dataset.reason = text ? reason || cls || "" : ""; // network, server, stopped, sending… (for tests)
    n.textContent = text || "";
  }

  // The server keeps failing: the line says so (set by net.js); these two buttons under it decide.
  function stopped(retry, drop, keep) {
    var n = $("console-net");
    var again = el("button", { type: "button", id: "console-net-retry" }, T.tryAgain);
    var giveUp = el("button", { type: "button", id: "console-net-drop", class: "secondary" },
      keep ? T.dropEntry : T.cancel);
    again.addEventListener("click", function () { retry(); });
    giveUp.addEventListener("click", function () { drop(); });
    n.appendChild(el("div", { class: "net-actions" }));
    n.lastChild.appendChild(again);
    n.lastChild.appendChild(giveUp);
    again.focus();
  }

  function setBusy(on) {
    document.querySelectorAll("#console-buttons button, #console-buttons input, #console-call-clock")
      .forEach(function (b) { b.disabled = on; });
    $("console").setAttribute("aria-busy", on ? "true" : "false");
  }

  function hideRefusal() {
    refusalBox.hidden = true;
    refusalBox.textContent = "";
  }

  // "TDA 43" out of "RULES.md §4; TDA 43-A": the rulebook's number a dealer can look up.
  function citation(rule) {
    var m = /\b(TDA|WSOP) (RP-)?(\d+)/.exec(rule || "");
    return m ? m[1] + " " + (m[2] || "") + m[3] : "";
  }

  // In plain words with the rule ("TDA 43: a raise must be at least the last full raise"; RULES.md's section
  // in the detail), right after the group of the button (or amount) that sent the entry, scrolled into view.
  function showRefusal(body, where) {
    var r = refusalBox;
    r.textContent = "";
    r.appendChild(el("strong", {}, T.refused + ": "));
    r.appendChild(el("span", { class: "refusal-message" }, (body && body.message) || ""));
    var plain = body && body.code ? cfg.rules[body.code] : null;
    var cite = citation(body && body.rule);
    if (plain) r.appendChild(el("span", { class: "refusal-plain" }, cite ? cite + ": " + plain : plain));
    if (body && body.rule) {
      var d = el("details", { class: "refusal-detail" });
      d.appendChild(el("summary", {}, T.ruleDetail));
      d.appendChild(el("span", { class: "refusal-rule" }, fmt(T.rule, { rule: body.rule })));
      if (plain) r.appendChild(d);
      else r.appendChild(el("span", { class: "refusal-rule" }, fmt(T.rule, { rule: body.rule })));
    }
    r.dataset.code = (body && body.code) || "";
    var g = where && where.closest ? where.closest(".group") : null;
    if (g && g.parentNode) g.parentNode.insertBefore(r, g.nextSibling);
    else $("console-buttons").after(r);
    r.hidden = false;
    // The dealer's eyes are on the button they tapped: bring the refusal (and that button) into sight.
    r.scrollIntoView({ block: "nearest" });
  }

  function findAgain(where) {
    var id = where && where.id;
    return id ? $(id) : null;
  }

  // --- reading --------------------------------------------------------------------------------------------

  function accept(view) {
    // An answer that started before a newer one may arrive after it: never step back (hands are numbered
    // upwards too, so an old hand's late answer does not replace the hand in play).
    if (hand && view && (view.id < hand.id || (view.id === hand.id && view.seq < hand.seq))) return;
    hand = view;
  }

  function refresh() {
    return net.getJson(cfg.urls.now).then(function (body) {
      now = body;
      var t = table = body.table;
      var id = t.current_hand || (hand && hand.id) || cfg.hand;
      if (!id) { hand = null; return null; }
      if (t.current_hand && hand && hand.id !== t.current_hand) hand = null; // a new hand started elsewhere
      return net.getJson(net.handUrl("hand", id)).then(accept);
    }).then(render, function () { /* the next push or poll retries */ });
  }

  function scheduleRefresh() {
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = setTimeout(function () { refreshTimer = null; if (!net.isBusy()) refresh(); }, 150);
  }

  function startHand(where) {
    var sent = net.post(cfg.urls.handStart, {});
    if (sent) sent.then(function (res) {
      if (res.dropped) return;
      if (res.status === 201) { hand = res.body; render(); refresh(); }
      else if (res.status === 409 && res.body.code === "hand_in_progress") refresh(); // it did start
      else { render(); showRefusal(res.body, findAgain(where)); }
    });
  }

  function callClock() {
    if (!hand) return;
    var sent = net.post(net.handUrl("clockCall", hand.id), { expected_seq: hand.seq });
    if (sent) sent.then(function (res) {
      if (res.dropped) return;
      if (res.status === 201) accept(res.body);
      render();
      if (res.status !== 201) showRefusal(res.body, $("console-call-clock"));
    });
  }

  // --- drawing the page -----------------------------------------------------------------------------------

  function render(force) {
    if (force === true) drawnFor = null; // redraw the actions (the showdown's "Go back")
    var root = $("console");
    root.dataset.ready = "true";
    root.dataset.phase = hand ? (hand.status === "finished" ? "finished" : hand.phase) : "none";
    root.dataset.seq = hand ? hand.seq : "";
    over = mend.render();
    renderStatus();
    renderSeats();
    renderActions();
    renderResult();
    renderClock();
    if (net.isBusy()) setBusy(true);
  }

  function potName(p, i) { return p.name === "main" ? T.pot_main : fmt(T.pot_side, { n: i }); }

  function renderStatus() {
    var live = hand && hand.status === "in_progress";
    $("console-hand").textContent = (cfg.tableName || (table ? table.name : "")) + (hand ? " \u00b7 " + fmt(T.hand, { number: hand.number }) : "");
    var phase = !hand ? T.noHand : !live ? T.phase_finished
      : fmt(T["phase_" + hand.phase] || hand.phase, { round: hand.betting_round + 1 });
    if (live && hand.pass_outs) phase += " \u00b7 " + fmt(T.passOuts, { n: hand.pass_outs });
    $("console-phase").textContent = phase;
    $("console-pot").textContent = live ? fmt(T.potTotal, { amount: hand.pot_total }) : "";
    var pots = $("console-pots");
    pots.textContent = "";
    if (live && hand.pots.length > 1) {
      hand.pots.forEach(function (p, i) {
        pots.appendChild(el("li", {}, potName(p, i) + " " + p.amount + " \u00b7 " +
          fmt(T.eligible, { seats: p.eligible.join(", ") })));
      });
    }
  }

  function badge(cls, text, title) {
    var b = el("span", { class: "badge " + cls }, text);
    if (title) { b.title = title; b.setAttribute("aria-label", title); }
    return b;
  }

  function renderSeat(s, toAct, button) {
    var li = el("li", { class: "seat", "data-seat": s.seat });
    li.classList.toggle("to-act", s.seat === toAct);
    li.classList.toggle("folded", !!s.folded);
    var head = el("div", { class: "seat-head" });
    head.appendChild(el("span", { class: "seat-no" }, String(s.seat)));
    head.appendChild(el("span", { class: "seat-name" }, s.name || ""));
    if (s.seat === button) head.appendChild(badge("dealer", T.buttonShort, T.button));
    if (hand && s.seat === hand.small_blind_seat) head.appendChild(badge("blind", T.sb, T.smallBlind));
    if (hand && s.seat === hand.big_blind_seat) head.appendChild(badge("blind", T.bb, T.bigBlind));
    li.appendChild(head);
    var facts = el("dl", { class: "seat-facts" });
    facts.appendChild(el("dt", {}, T.stack));
    facts.appendChild(el("dd", { class: "stack" }, String(s.stack)));
    if (hand) {
      facts.appendChild(el("dt", {}, T.betThisRound));
      facts.appendChild(el("dd", { class: "bet" }, String(s.bet || 0)));
    }
    li.appendChild(facts);
    var notes = el("div", { class: "seat-notes" });
    (s.draws || []).forEach(function (n) { notes.appendChild(badge("drew", fmt(T.drew, { count: n }))); });
    if (s.folded) notes.appendChild(badge("", T.folded));
    if (s.all_in) notes.appendChild(badge("allin", T.allInBadge));
    if (s.showdown === "shown") notes.appendChild(badge("", T.shown));
    if (s.showdown === "mucked") notes.appendChild(badge("", T.mucked));
    li.appendChild(notes);
    var cards = ui.knownCards(s);
    if (cards.length) {
      var row = el("div", { class: "seat-cards" });
      cards.forEach(function (c) { row.appendChild(el("span", { class: "pcard suit-" + c[1] }, ui.cardText(c, T))); });
      li.appendChild(row);
    }
    return li;
  }

  function renderSeats() {
    var ol = $("console-seats");
    ol.textContent = "";
    // Between hands the table as it is now (a rebuy, a bust, a move, the final table's redraw), not the last
    // hand's seats; the last hand's result stays shown below.
    var live = hand && hand.status === "in_progress";
    var seats = live ? hand.seats : (table ? table.seats : (hand ? hand.seats : []));
    var toAct = live ? hand.to_act : null;
    var button = live ? hand.button : (table ? table.button_seat : (hand ? hand.button : null));
    seats.forEach(function (s) { ol.appendChild(renderSeat(s, toAct, button)); });
  }

  function renderActions() {
    var box = $("console-buttons");
    var key = (hand ? [hand.id, hand.seq, hand.status].join(":") : "none:" + (table ? table.button_seat : "")) +
      (over ? ":over" : "");
    if (key === drawnFor) return; // the same state: keep what the dealer typed or picked, and any refusal
    drawnFor = key;
    var hadFocus = viaKeyboard && box.contains(document.activeElement);
    box.after(refusalBox);
    hideRefusal();
    box.textContent = "";
    $("console-to-act").textContent = "";
    if (over) {
      // a finished tournament or a broken table deals no more: its places or where its players went instead (mend.js)
    } else if (!hand || hand.status === "finished") {
      var g = group("next");
      g.appendChild(bigButton(hand || (table && table.button_seat) ? T.nextHand : T.firstHand, "n",
        startHand, "act-next"));
      box.appendChild(g);
    } else {
      if (hand.to_act && (hand.phase === "betting" || hand.phase === "drawing")) {
        $("console-to-act").textContent = fmt(T.toAct, { seat: hand.to_act, name: seatName(hand.to_act) });
      }
      if (hand.phase === "betting") renderBetting(box);
      else if (hand.phase === "drawing") renderDrawing(box);
      else if (hand.phase === "showdown") renderShowdown(box);
      renderProveOpeners(box);
    }
    // A dealer moving by Tab keeps their place: the first control of the new actions takes the focus.
    if (hadFocus) { var first = box.querySelector("button:not([disabled]), input"); if (first) first.focus(); }
  }

  function renderProveOpeners(box) {
    var prove = legal("prove_openers")[0];
    if (!prove || hand.phase === "showdown") return;
    var g = group("prove");
    var toggle = el("button", { type: "button", class: "secondary", id: "act-prove-open" }, T.prove);
    toggle.addEventListener("click", function () {
      toggle.hidden = true;
      g.appendChild(picker.cardPicker(prove.seat, "prove_openers",
        fmt(T.proveOpeners, { seat: prove.seat, name: seatName(prove.seat) }), T.prove));
    });
    g.appendChild(toggle);
    box.appendChild(g);
  }

  function potRaiseTo(s) {
    var current = 0;
    hand.seats.forEach(function (x) { current = Math.max(current, x.bet || 0); });
    return current + hand.pot_total + (current - (s.bet || 0));
  }

  function renderBetting(box) {
    var seat = hand.to_act;
    var basic = group("basic");
    legal("fold").forEach(function () {
      basic.appendChild(bigButton(T.fold, "f", function (b) { send({ type: "fold", seat: seat }, b); }, "act-fold"));
    });
    legal("check").forEach(function () {
      basic.appendChild(bigButton(T.check, "c", function (b) { send({ type: "check", seat: seat }, b); }, "act-check"));
    });
    legal("call").forEach(function (a) {
      basic.appendChild(bigButton(fmt(T.call, { amount: a.amount }), "c",
        function (b) { send({ type: "call", seat: seat }, b); }, "act-call"));
    });
    box.appendChild(basic);
    var wager = legal("bet")[0] || legal("raise")[0];
    if (wager) box.appendChild(renderWager(wager));
    amountFresh = true;
  }

  // The amount, pre-filled with the minimum and editable; presets; the bet or raise; all-in. Where the amount
  // is fixed (fixed-limit, or a minimum that is also the most allowed) there is no box: one button says it.
  function renderWager(wager) {
    var s = seatOf(wager.seat);
    var kind = wager.type;
    var step = (hand.game && hand.game.bet_step) || 1;
    var g = group("wager");
    if (wager.min === wager.max) {
      g.appendChild(bigButton(fmt(kind === "bet" ? T.bet : T.raise, { amount: wager.max }), kind === "bet" ? "b" : "r",
        function (b) { send({ type: kind, seat: wager.seat, amount: wager.max }, b); }, "act-wager"));
      return g;
    }
    var field = el("div", { class: "amount" });
    // In bet units (Five-Card Draw's default) the box steps by the unit and says so: an amount between two
    // units is refused by the referee, so the arrows and the label never offer one.
    var label = step > 1 ? fmt(T.amountStep, { min: wager.min, max: wager.max, step: step })
      : fmt(T.amount, { min: wager.min, max: wager.max });
    field.appendChild(el("label", { for: "act-amount" }, label));
    var input = el("input", {
      id: "act-amount", type: "number", inputmode: "numeric", min: wager.min, max: wager.max, step: step,
      value: String(wager.min), "aria-describedby": "console-refusal",
    });
    field.appendChild(input);
    g.appendChild(field);
    var submit = bigButton("", kind === "bet" ? "b" : "r", function (b) {
      var v = parseInt(input.value, 10);
      send({ type: kind, seat: wager.seat, amount: isNaN(v) ? 0 : v }, b);
    }, "act-wager");
    function relabel() {
      var v = input.value === "" ? "\u2026" : input.value;
      submit.querySelector(".label").textContent = fmt(kind === "bet" ? T.bet : T.raise, { amount: v });
    }
    input.addEventListener("input", function () { amountFresh = false; relabel(); });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); submit.click(); }
    });
    relabel();
    // The most the seat may put in is its all-in only when the limit allows it (no-limit, or a short
    // stack); in pot-limit it is the pot, in fixed-limit the one bet size.
    var allIn = wager.max === s.stack + (s.bet || 0);
    var potLimit = hand.game && hand.game.structure === "pot-limit";
    if (wager.min !== wager.max) {
      var presets = el("div", { class: "presets" });
      var pot = Math.max(Math.floor(Math.min(Math.max(potRaiseTo(s), wager.min), wager.max) / step) * step, wager.min);
      var choices = [[T.minimum, wager.min, "act-min"]];
      if (!potLimit && pot !== wager.min && pot !== wager.max) choices.push([T.pot, pot, "act-pot"]);
      if (!allIn) choices.push([potLimit ? T.pot : T.maximum, wager.max, "act-max"]);
      choices.forEach(function (p) {
        var b = el("button", { type: "button", class: "preset", id: p[2] }, fmt(p[0], { amount: p[1] }));
        b.addEventListener("click", function () { input.value = String(p[1]); amountFresh = true; relabel(); });
        presets.appendChild(b);
      });
      g.appendChild(presets);
    }
    g.appendChild(submit);
    if (allIn) {
      g.appendChild(bigButton(fmt(T.allIn, { amount: wager.max }), "a", function (b) {
        input.value = String(wager.max);
        relabel();
        send({ type: kind, seat: wager.seat, amount: wager.max }, b);
      }, "act-allin"));
    }
    return g;
  }

  // One button per count the rules allow (0 = stand pat); a count that needs the kept ace shown asks for it.
  function renderDrawing(box) {
    legal("reshuffle").forEach(function () {
      var rg = group("reshuffle");
      rg.appendChild(el("p", { class: "hint" }, T.reshuffleDue));
      rg.appendChild(bigButton(T.reshuffle, "", function (b) { send({ type: "reshuffle" }, b); }, "act-reshuffle"));
      box.appendChild(rg);
    });
    var d = legal("draw")[0];
    if (!d) return;
    var g = group("draw");
    g.appendChild(el("p", { class: "hint" }, fmt(T.drawHelp, { seat: d.seat, name: seatName(d.seat), max: d.max })));
    var row = el("div", { class: "draw-counts" });
    for (var n = d.min; n <= d.max; n++) {
      (function (count) {
        row.appendChild(bigButton(count === 0 ? T.standPat : fmt(T.draw, { count: count }), String(count), function (b) {
          if (d.show_ace_above !== null && count > d.show_ace_above) return picker.askShown(g, d, count);
          return send({ type: "draw", seat: d.seat, count: count }, b);
        }, "act-draw-" + count));
      })(n);
    }
    g.appendChild(row);
    box.appendChild(g);
    legal("fold").forEach(function () {
      var fg = group("basic");
      fg.appendChild(bigButton(T.fold, "f", function (b) { send({ type: "fold", seat: d.seat }, b); }, "act-fold"));
      box.appendChild(fg);
    });
  }

  function wrap(node) { var g = group("picker"); g.appendChild(node); return g; }

  function renderShowdown(box) {
    var prove = hand.pending === "prove_openers" ? legal("prove_openers")[0] : null;
    if (prove) {
      box.appendChild(wrap(picker.cardPicker(prove.seat, "prove_openers",
        fmt(T.proveOpeners, { seat: prove.seat, name: seatName(prove.seat) }), T.prove)));
      return;
    }
    var shows = legal("show");
    if (shows.length) {
      var seat = shows[0].seat;
      var g = wrap(picker.cardPicker(seat, "show", fmt(T.showCards, { seat: seat, name: seatName(seat) }), T.show));
      if (legal("muck").some(function (a) { return a.seat === seat; })) {
        g.appendChild(bigButton(T.muck, "", function (b) { send({ type: "muck", seat: seat }, b); }, "act-muck"));
      }
      box.appendChild(g);
    }
    var fo = legal("finish_order")[0];
    if (fo) box.appendChild(picker.finishOrder(fo.seats));
  }

  function renderResult() {
    var r = hand && hand.status === "finished" ? hand.result : null;
    $("console-result").hidden = !r;
    var winners = $("console-winners");
    var expl = $("console-explanation");
    winners.textContent = "";
    expl.textContent = "";
    if (!r) return;
    (r.pots || []).forEach(function (p, i) {
      var names = (p.winners || []).map(function (w) { return seatName(w) + " (" + p.shares[String(w)] + ")"; });
      winners.appendChild(el("li", {}, potName(p, i) + " " + p.amount + ": " + names.join(", ") +
        (p.hand ? " \u2014 " + p.hand : "")));
    });
    (r.explanation || []).forEach(function (line) { expl.appendChild(el("p", {}, line)); });
  }

  function renderClock() {
    var box = $("console-clock");
    var running = hand && hand.status === "in_progress" && hand.to_act &&
      (hand.phase === "betting" || hand.phase === "drawing");
    var c = running ? hand.clock : null;
    var left = c ? c.seconds_left : null;
    clockEnd = left !== null && left !== undefined ? performance.now() + left * 1000 : null;
    // The countdown takes a line of the header only while there is one; calling the clock is an action.
    box.hidden = clockEnd === null;
    $("console-call-clock").hidden = !running;
    box.classList.toggle("called", !!(c && c.stage === "called"));
    $("console-clock-bank").textContent = c && c.time_bank_left ? fmt(T.timeBank, { seconds: Math.round(c.time_bank_left) }) : "";
    var label = box.querySelector(".clock-label");
    label.textContent = c && c.stage === "called" ? T.clockCalled : T.clock;
    label.hidden = $("console-clock-seconds").hidden = clockEnd === null;
    tick();
  }

  function tick() {
    var out = $("console-clock-seconds");
    if (clockEnd === null) { out.textContent = ""; return; }
    var left = Math.max(0, (clockEnd - performance.now()) / 1000);
    out.textContent = fmt(T.seconds, { seconds: Math.ceil(left) });
    $("console-clock").classList.toggle("urgent", left <= 10);
    if (left <= 0) { clockEnd = null; setTimeout(scheduleRefresh, 1500); } // the clock's action is due
  }

  function readAloud() {
    if (!hand || !hand.result || !window.speechSynthesis) return;
    var u = new SpeechSynthesisUtterance((hand.result.explanation || []).join(" "));
    u.lang = document.documentElement.lang || "en";
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(u);
  }

  // --- keyboard -------------------------------------------------------------------------------------------

  function clickIf(id) { var b = $(id); if (b && !b.disabled) { b.click(); return true; } return false; }

  function typeDigit(k) {
    var input = $("act-amount");
    if (!input || input.disabled) return false;
    input.value = k === "backspace" ? input.value.slice(0, -1) : (amountFresh ? "" : input.value) + k;
    amountFresh = false;
    input.dispatchEvent(new Event("input"));
    return true;
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var t = e.target;
    var inAmount = t && t.id === "act-amount";
    if (t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && !inAmount))) return;
    var k = e.key.toLowerCase();
    var handled = false;
    if (k === "f") handled = clickIf("act-fold");
    else if (k === "c") handled = clickIf("act-check") || clickIf("act-call");
    else if (k === "b" || k === "r") handled = clickIf("act-wager"); // either: the dealer need not tell them apart
    else if (k === "a") handled = clickIf("act-allin") || clickIf("act-call"); // facing more than the stack
    else if (k === "n") handled = clickIf("act-next");
    else if (k === "k") handled = clickIf("console-call-clock");
    else if (inAmount) return; // digits, Backspace and Enter work in the box itself
    else if (/^[0-9]$/.test(k) && hand && hand.phase === "drawing") handled = clickIf("act-draw-" + k);
    else if (/^[0-9]$/.test(k) || k === "backspace") handled = typeDigit(k);
    else if (k === "enter" && t === document.body) handled = clickIf("act-wager");
    if (handled) e.preventDefault();
  }

  // --- start ----------------------------------------------------------------------------------------------

  document.addEventListener("keydown", function () { viaKeyboard = true; }, true);
  document.addEventListener("pointerdown", function () { viaKeyboard = false; }, true);
  document.addEventListener("keydown", onKey);
  $("console-call-clock").addEventListener("click", callClock);
  $("console-read").addEventListener("click", readAloud);
  window.addEventListener("online", scheduleRefresh);
  setInterval(tick, 250);
  setInterval(function () { if (!net.isBusy() && !document.hidden) refresh(); }, 20000); // a push missed
  // Between hands seats change without a table push (a rebuy, an elimination, a move, the final table's
  // redraw, the tournament's end): the table is read again every few seconds until the next hand.
  setInterval(function () {
    if ((!hand || hand.status === "finished") && !net.isBusy() && !document.hidden && !mend.waiting()) refresh();
  }, 3000);

  var pending = net.pending();
  refresh().then(function () {
    // An entry that had not landed when the page closed: sent again with its key (never twice).
    if (pending && pending.key && pending.hand) net.deliver(pending, null).then(refresh);
    net.live();
  });
})();
