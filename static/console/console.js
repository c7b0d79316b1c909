/* The dealer console (issue 9). Vanilla JS, no framework: it reads the hand from the dealer API, draws
 * only the legal actions, and records each entry with an Idempotency-Key, retried with the same key until
 * it lands, so a lost answer never records an action twice. Every word it shows comes translated from the
 * page (config.text). */
(function () {
  "use strict";

  var cfg = JSON.parse(document.getElementById("console-config").textContent);
  var T = cfg.text;
  var PENDING = "floor-console-pending-" + cfg.table;
  var RANKS = "AKQJT98765432".split("");
  var SUITS = [["s", "\u2660"], ["h", "\u2665"], ["d", "\u2666"], ["c", "\u2663"]];
  var RANK_LABEL = { T: "10" };

  var hand = null; // the hand as the API shows it (HandStateSerializer)
  var table = null; // the table view
  var busy = false; // an entry is on its way: no second one until it lands
  var amountFresh = true; // the next typed digit replaces the pre-filled amount
  var clockEnd = null; // performance.now() at which the turn clock reaches zero
  var clockTimer = null;
  var refreshTimer = null;
  var lastLive = cfg.liveAfter || 0;
  var drawnFor = null; // the hand state the action buttons were drawn for (a re-read of it keeps them as typed)
  var refusalBox = document.getElementById("console-refusal");
  var viaKeyboard = false; // the last input was a key (not a tap): keep the focus where Tab users expect it

  function $(id) { return document.getElementById(id); }
  function fmt(s, vars) {
    return String(s).replace(/\{(\w+)\}/g, function (m, k) { return k in vars ? String(vars[k]) : m; });
  }
  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "class") e.className = attrs[k];
      else if (k.slice(0, 5) === "data-" || k.slice(0, 5) === "aria-" || k === "type" || k === "for" ||
               k === "min" || k === "max" || k === "step" || k === "inputmode" || k === "id" || k === "role")
        e.setAttribute(k, attrs[k]);
      else e[k] = attrs[k];
    });
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function handUrl(name, id) { return cfg.urls[name].replace("{id}", id); }
  function headers(json) {
    var h = { Accept: "application/json" };
    if (json) h["Content-Type"] = "application/json";
    if (cfg.auth === "device") h.Authorization = "Device " + cfg.token;
    else if (cfg.csrf) h["X-CSRFToken"] = cfg.csrf;
    return h;
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
  }
  function seatOf(n) {
    var seats = hand ? hand.seats : [];
    for (var i = 0; i < seats.length; i++) if (seats[i].seat === n) return seats[i];
    return { seat: n, name: "" };
  }
  function seatName(n) { return seatOf(n).name || fmt(T.seat, { seat: n }); }
  function legal(type) {
    var out = [];
    (hand && hand.status === "in_progress" ? hand.legal_actions : []).forEach(function (a) {
      if (a.type === type) out.push(a);
    });
    return out;
  }

  // --- reading ------------------------------------------------------------------------------------------

  function lost(body) {
    var n = $("console-net");
    n.hidden = false;
    n.className = "net lost";
    n.textContent = T.sessionEnded + (body && body.message ? " (" + body.message + ")" : "");
  }

  function getJson(url) {
    return fetch(url, { headers: headers(false), credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (r.status === 401 || r.status === 403) {
        return r.json().catch(function () { return null; }).then(function (b) { lost(b); throw new Error("denied"); });
      }
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json();
    });
  }

  function accept(view) {
    // An answer that started before a newer one may arrive after it: never step back.
    if (hand && view && view.id === hand.id && view.seq < hand.seq) return;
    hand = view;
  }

  function refresh() {
    return getJson(cfg.urls.table).then(function (t) {
      table = t;
      var id = t.current_hand || (hand && hand.id) || cfg.hand;
      if (!id) { hand = null; return null; }
      if (t.current_hand && hand && hand.id !== t.current_hand) hand = null; // a new hand started elsewhere
      return getJson(handUrl("hand", t.current_hand || id)).then(accept);
    }).then(render, function () { /* shown by the network line; the next push or poll retries */ });
  }

  function scheduleRefresh() {
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = setTimeout(function () { refreshTimer = null; if (!busy) refresh(); }, 150);
  }

  // The table's live stream (/api/live/tables/<id>/) read with fetch, so the device token rides in the
  // Authorization header (EventSource cannot send one). Any pushed event means "read the hand again".
  function live() {
    var fails = 0;
    function once() {
      var h = headers(false);
      h.Accept = "text/event-stream";
      h["Last-Event-ID"] = String(lastLive);
      return fetch(cfg.urls.live, { headers: h, credentials: "same-origin", cache: "no-store" }).then(function (r) {
        if (!r.ok || !r.body) throw new Error("live " + r.status);
        fails = 0;
        var reader = r.body.getReader();
        var dec = new TextDecoder();
        var buf = "";
        function pump() {
          return reader.read().then(function (chunk) {
            if (chunk.done) return;
            buf += dec.decode(chunk.value, { stream: true });
            var i;
            while ((i = buf.indexOf("\n\n")) >= 0) {
              var block = buf.slice(0, i);
              buf = buf.slice(i + 2);
              var type = null;
              block.split("\n").forEach(function (line) {
                if (line.indexOf("id:") === 0) lastLive = parseInt(line.slice(3), 10) || lastLive;
                else if (line.indexOf("event:") === 0) type = line.slice(6).trim();
              });
              if (type && type !== "tick") scheduleRefresh();
            }
            return pump();
          });
        }
        return pump();
      });
    }
    function loop() {
      once().catch(function () { fails += 1; }).then(function () {
        var wait = Math.min(1000 * Math.pow(2, Math.min(fails, 4)), 15000);
        if (fails) scheduleRefresh();
        setTimeout(loop, wait);
      });
    }
    loop();
  }

  // --- writing: one entry at a time, retried with its key until it lands ------------------------------------

  function setBusy(on) {
    busy = on;
    document.querySelectorAll("#console-buttons button, #console-buttons input, #console-call-clock")
      .forEach(function (b) { b.disabled = on; });
    $("console").setAttribute("aria-busy", on ? "true" : "false");
  }

  function net(text, cls) {
    var n = $("console-net");
    n.hidden = !text;
    n.className = "net" + (cls ? " " + cls : "");
    n.textContent = text || "";
  }

  function hideRefusal() {
    var r = refusalBox;
    r.hidden = true;
    r.textContent = "";
  }

  function showRefusal(body, where) {
    var r = refusalBox;
    r.textContent = "";
    r.appendChild(el("strong", {}, T.refused + ": "));
    r.appendChild(el("span", { class: "refusal-message" }, (body && body.message) || ""));
    if (body && body.rule) r.appendChild(el("span", { class: "refusal-rule" }, fmt(T.rule, { rule: body.rule })));
    r.dataset.code = (body && body.code) || "";
    // Right where the dealer tapped: after the group of the button (or field) that sent it.
    var group = where && where.closest ? where.closest(".group") : null;
    if (group && group.parentNode) group.parentNode.insertBefore(r, group.nextSibling);
    else $("console-buttons").after(r);
    r.hidden = false;
  }

  function send(event, where) {
    if (busy || !hand) return;
    var entry = { key: newKey(), hand: hand.id, body: Object.assign({ expected_seq: hand.seq }, event) };
    try { localStorage.setItem(PENDING, JSON.stringify(entry)); } catch (e) { /* private mode: memory only */ }
    deliver(entry, where);
  }

  function deliver(entry, where) {
    setBusy(true);
    hideRefusal();
    var attempt = 0;
    var slow = setTimeout(function () { if (busy && !attempt) net(T.sending); }, 400);
    function tryOnce() {
      attempt += 1;
      var h = headers(true);
      h["Idempotency-Key"] = entry.key;
      return fetch(handUrl("events", entry.hand), {
        method: "POST", headers: h, body: JSON.stringify(entry.body), credentials: "same-origin", cache: "no-store",
      }).then(function (r) {
        if (r.status >= 500 || r.status === 429 || r.status === 408) throw new Error("HTTP " + r.status);
        return r.json().then(function (b) { return { status: r.status, body: b }; });
      }).then(function (res) {
        clearTimeout(slow);
        try { localStorage.removeItem(PENDING); } catch (e) { /* ignore */ }
        setBusy(false);
        net(null);
        if (res.status === 201) {
          accept(res.body);
          render();
          net(T.landed, "ok");
          setTimeout(function () { if (!busy && $("console-net").className === "net ok") net(null); }, 1500);
        } else if (res.status === 409 && res.body.code === "stale_seq") {
          if (res.body.detail && res.body.detail.state) accept(res.body.detail.state);
          render();
          showRefusal({ message: T.stale, code: "stale_seq" }, null);
          refresh();
        } else if (res.status === 401 || res.status === 403) {
          render();
          lost(res.body);
        } else {
          render();
          showRefusal(res.body, where && document.contains(where) ? where : findAgain(where));
        }
      }, function () {
        // Lost on the way there or back (or the server failed): the same key again, until it lands.
        net(fmt(T.waiting, { n: attempt }), "waiting");
        return sleep(Math.min(500 * Math.pow(2, attempt - 1), 5000)).then(tryOnce);
      });
    }
    return tryOnce();
  }

  function findAgain(where) {
    var id = where && where.id;
    return id ? $(id) : null;
  }

  function post(url, body, where, onDone) {
    if (busy) return;
    setBusy(true);
    hideRefusal();
    var attempt = 0;
    function tryOnce() {
      attempt += 1;
      return fetch(url, {
        method: "POST", headers: headers(true), body: JSON.stringify(body), credentials: "same-origin", cache: "no-store",
      }).then(function (r) {
        if (r.status >= 500) throw new Error("HTTP " + r.status);
        return r.json().then(function (b) { return { status: r.status, body: b }; });
      }).then(function (res) {
        setBusy(false);
        net(null);
        onDone(res, findAgain(where));
      }, function () {
        net(fmt(T.waiting, { n: attempt }), "waiting");
        return sleep(Math.min(500 * Math.pow(2, attempt - 1), 5000)).then(tryOnce);
      });
    }
    tryOnce();
  }

  function startHand(where) {
    // Starting a hand needs no key: a second start while one runs is refused (409 hand_in_progress).
    post(cfg.urls.handStart, {}, where, function (res, at) {
      if (res.status === 201) { hand = res.body; render(); refresh(); }
      else if (res.status === 409 && res.body.code === "hand_in_progress") refresh();
      else { render(); showRefusal(res.body, at); }
    });
  }

  function callClock(where) {
    if (!hand) return;
    post(handUrl("clockCall", hand.id), { expected_seq: hand.seq }, where, function (res, at) {
      if (res.status === 201) { accept(res.body); render(); }
      else { render(); showRefusal(res.body, at || $("console-call-clock")); }
    });
  }

  // --- drawing the page ---------------------------------------------------------------------------------

  function render() {
    $("console").dataset.ready = "true";
    $("console").dataset.phase = hand ? (hand.status === "finished" ? "finished" : hand.phase) : "none";
    $("console").dataset.seq = hand ? hand.seq : "";
    renderStatus();
    renderSeats();
    renderActions();
    renderResult();
    renderClock();
    if (busy) setBusy(true);
  }

  function potName(p, i) { return p.name === "main" ? T.pot_main : fmt(T.pot_side, { n: i }); }

  function renderStatus() {
    $("console-hand").textContent = (table ? table.name : "") + (hand ? " \u00b7 " + fmt(T.hand, { number: hand.number }) : "");
    var phase = "";
    if (!hand) phase = T.noHand;
    else if (hand.status === "finished") phase = T.phase_finished;
    else phase = fmt(T["phase_" + hand.phase] || hand.phase, { round: hand.betting_round + 1 });
    if (hand && hand.status === "in_progress" && hand.pass_outs) phase += " \u00b7 " + fmt(T.passOuts, { n: hand.pass_outs });
    $("console-phase").textContent = phase;
    $("console-pot").textContent = hand && hand.status !== "finished" ? fmt(T.potTotal, { amount: hand.pot_total }) : "";
    var pots = $("console-pots");
    pots.textContent = "";
    if (hand && hand.status !== "finished" && hand.pots.length > 1) {
      hand.pots.forEach(function (p, i) {
        pots.appendChild(el("li", {}, potName(p, i) + " " + p.amount + " \u00b7 " +
          fmt(T.eligible, { seats: p.eligible.join(", ") })));
      });
    }
  }

  function cardText(c) {
    if (c === "Xx") return T.joker;
    if (c === "??") return "";
    var suit = SUITS.filter(function (s) { return s[0] === c[1]; })[0];
    return (RANK_LABEL[c[0]] || c[0]) + (suit ? suit[1] : c[1]);
  }

  function renderSeats() {
    var ol = $("console-seats");
    ol.textContent = "";
    var seats = hand ? hand.seats : (table ? table.seats : []);
    var toAct = hand && hand.status === "in_progress" ? hand.to_act : null;
    var button = hand ? hand.button : (table ? table.button_seat : null);
    seats.forEach(function (s) {
      var li = el("li", { class: "seat", "data-seat": s.seat });
      if (s.seat === toAct) li.classList.add("to-act");
      if (s.folded) li.classList.add("folded");
      var head = el("div", { class: "seat-head" });
      head.appendChild(el("span", { class: "seat-no" }, String(s.seat)));
      head.appendChild(el("span", { class: "seat-name" }, s.name || ""));
      if (s.seat === button) head.appendChild(el("span", { class: "badge dealer", title: T.button, "aria-label": T.button }, T.buttonShort));
      if (hand && s.seat === hand.small_blind_seat) head.appendChild(el("span", { class: "badge blind", title: T.smallBlind }, T.sb));
      if (hand && s.seat === hand.big_blind_seat) head.appendChild(el("span", { class: "badge blind", title: T.bigBlind }, T.bb));
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
      if (s.draws && s.draws.length) {
        s.draws.forEach(function (n) { notes.appendChild(el("span", { class: "badge drew" }, fmt(T.drew, { count: n }))); });
      }
      if (s.folded) notes.appendChild(el("span", { class: "badge" }, T.folded));
      if (s.all_in) notes.appendChild(el("span", { class: "badge allin" }, T.allInBadge));
      if (s.showdown === "shown") notes.appendChild(el("span", { class: "badge" }, T.shown));
      if (s.showdown === "mucked") notes.appendChild(el("span", { class: "badge" }, T.mucked));
      li.appendChild(notes);
      var cards = (s.cards || "").split(" ").filter(function (c) { return c && c !== "??"; });
      if (cards.length) {
        var cl = el("div", { class: "seat-cards" });
        cards.forEach(function (c) { cl.appendChild(el("span", { class: "pcard suit-" + c[1] }, cardText(c))); });
        li.appendChild(cl);
      }
      ol.appendChild(li);
    });
  }

  function group(cls) { return el("div", { class: "group " + (cls || "") }); }
  function bigButton(label, key, onClick, id) {
    var b = el("button", { type: "button", class: "big", id: id || "", "data-key": key || "" });
    b.appendChild(el("span", { class: "label" }, label));
    if (key) {
      b.setAttribute("aria-keyshortcuts", key);
      b.appendChild(el("kbd", { "aria-hidden": "true" }, key));
    }
    b.addEventListener("click", function () { onClick(b); });
    return b;
  }

  function renderActions() {
    var box = $("console-buttons");
    var key = hand ? [hand.id, hand.seq, hand.status].join(":") : "none:" + (table ? table.button_seat : "");
    if (key === drawnFor) return; // the same state: keep what the dealer typed or picked, and any refusal
    drawnFor = key;
    var hadFocus = viaKeyboard && box.contains(document.activeElement);
    box.after(refusalBox);
    hideRefusal();
    box.textContent = "";
    var title = $("console-to-act");
    title.textContent = "";
    if (!hand || hand.status === "finished") {
      var g = group("next");
      if (hadFocus) setTimeout(function () { var n = $("act-next"); if (n) n.focus(); }, 0);
      g.appendChild(bigButton(hand || (table && table.button_seat) ? T.nextHand : T.firstHand, "n",
        function (b) { startHand(b); }, "act-next"));
      box.appendChild(g);
      return;
    }
    if (hand.to_act && (hand.phase === "betting" || hand.phase === "drawing")) {
      title.textContent = fmt(T.toAct, { seat: hand.to_act, name: seatName(hand.to_act) });
    }
    if (hand.phase === "betting") renderBetting(box);
    else if (hand.phase === "drawing") renderDrawing(box);
    else if (hand.phase === "showdown") renderShowdown(box);
    // A dealer moving by Tab keeps their place: the first control of the new actions takes the focus.
    if (hadFocus) { var first = box.querySelector("button:not([disabled]), input"); if (first) first.focus(); }
    var prove = legal("prove_openers");
    if (prove.length && hand.phase !== "showdown") {
      var pg = group("prove");
      var toggle = el("button", { type: "button", class: "secondary", id: "act-prove-open" }, T.prove);
      toggle.addEventListener("click", function () {
        toggle.hidden = true;
        pg.appendChild(cardPicker(prove[0].seat, "prove_openers", fmt(T.proveOpeners, { seat: prove[0].seat, name: seatName(prove[0].seat) }), T.prove));
      });
      pg.appendChild(toggle);
      box.appendChild(pg);
    }
  }

  function potRaiseTo(s) {
    var current = 0;
    hand.seats.forEach(function (x) { current = Math.max(current, x.bet || 0); });
    return current + hand.pot_total + (current - (s.bet || 0));
  }

  function renderBetting(box) {
    var seat = hand.to_act;
    var s = seatOf(seat);
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
    if (!wager) return;
    var kind = wager.type;
    var step = (hand.game && hand.game.bet_step) || 1;
    var g = group("wager");
    var field = el("div", { class: "amount" });
    var label = el("label", { for: "act-amount" }, fmt(T.amount, { min: wager.min, max: wager.max }));
    var input = el("input", {
      id: "act-amount", type: "number", inputmode: "numeric", min: wager.min, max: wager.max, step: step,
      value: String(wager.min), "aria-describedby": "console-refusal",
    });
    field.appendChild(label);
    field.appendChild(input);
    g.appendChild(field);
    var submit = bigButton("", kind === "bet" ? "b" : "r", function (b) {
      var v = parseInt(input.value, 10);
      send({ type: kind, seat: seat, amount: isNaN(v) ? 0 : v }, b);
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
      var pot = Math.floor(Math.min(Math.max(potRaiseTo(s), wager.min), wager.max) / step) * step;
      if (pot < wager.min) pot = wager.min;
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
        send({ type: kind, seat: seat, amount: wager.max }, b);
      }, "act-allin"));
    }
    box.appendChild(g);
    amountFresh = true;
  }

  function renderDrawing(box) {
    var d = legal("draw")[0];
    legal("reshuffle").forEach(function () {
      var rg = group("reshuffle");
      rg.appendChild(el("p", { class: "hint" }, T.reshuffleDue));
      rg.appendChild(bigButton(T.reshuffle, "", function (b) { send({ type: "reshuffle" }, b); }, "act-reshuffle"));
      box.appendChild(rg);
    });
    if (!d) return;
    var g = group("draw");
    g.appendChild(el("p", { class: "hint" }, fmt(T.drawHelp, { seat: d.seat, name: seatName(d.seat), max: d.max })));
    var row = el("div", { class: "draw-counts" });
    for (var n = d.min; n <= d.max; n++) {
      (function (count) {
        row.appendChild(bigButton(count === 0 ? T.standPat : fmt(T.draw, { count: count }), String(count), function (b) {
          if (d.show_ace_above !== null && count > d.show_ace_above) return askShown(g, d, count);
          send({ type: "draw", seat: d.seat, count: count }, b);
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

  function askShown(g, d, count) {
    var old = g.querySelector(".shown-picker");
    if (old) old.remove();
    var p = el("div", { class: "shown-picker" });
    p.appendChild(el("p", { class: "hint" }, fmt(T.drawShowAce, { count: count })));
    var cards = SUITS.map(function (s) { return "A" + s[0]; });
    if (hand.game && hand.game.joker && hand.game.joker !== "off") cards.push("Xx");
    cards.forEach(function (c) {
      var b = el("button", { type: "button", class: "card-pick suit-" + c[1], id: "act-shown-" + c }, cardText(c));
      b.addEventListener("click", function () { send({ type: "draw", seat: d.seat, count: count, shown: c }, b); });
      p.appendChild(b);
    });
    g.appendChild(p);
    p.querySelector("button").focus();
  }

  function renderShowdown(box) {
    var prove = hand.pending === "prove_openers" ? legal("prove_openers")[0] : null;
    if (prove) {
      box.appendChild(wrap(cardPicker(prove.seat, "prove_openers",
        fmt(T.proveOpeners, { seat: prove.seat, name: seatName(prove.seat) }), T.prove)));
      return;
    }
    var shows = legal("show");
    if (shows.length) {
      var seat = shows[0].seat;
      var g = wrap(cardPicker(seat, "show", fmt(T.showCards, { seat: seat, name: seatName(seat) }), T.show));
      if (legal("muck").some(function (a) { return a.seat === seat; })) {
        g.appendChild(bigButton(T.muck, "", function (b) { send({ type: "muck", seat: seat }, b); }, "act-muck"));
      }
      box.appendChild(g);
    }
    var fo = legal("finish_order")[0];
    if (fo) box.appendChild(finishOrder(fo.seats));
  }

  function wrap(node) { var g = group("picker"); g.appendChild(node); return g; }

  function usedCards(exceptSeat) {
    var used = {};
    hand.seats.forEach(function (s) {
      if (s.seat === exceptSeat) return;
      (s.cards || "").split(" ").forEach(function (c) { if (c && c !== "??") used[c] = true; });
    });
    return used;
  }

  function cardPicker(seat, type, title, submitLabel) {
    var box = el("fieldset", { class: "card-picker", "data-seat": seat });
    box.appendChild(el("legend", {}, title));
    var own = (seatOf(seat).cards || "").split(" ").filter(function (c) { return c && c !== "??"; });
    var picked = own.length === 5 ? own.slice() : [];
    var used = usedCards(seat);
    var count = el("p", { class: "picked", "aria-live": "polite" });
    var submit = bigButton(submitLabel, "", function (b) {
      if (picked.length === 5) send({ type: type, seat: seat, cards: picked.join("") }, b);
    }, "act-" + type);
    function update() {
      count.textContent = fmt(T.picked, { count: picked.length }) + (picked.length ? ": " + picked.map(cardText).join(" ") : "");
      box.querySelectorAll(".card-pick").forEach(function (b) {
        var on = picked.indexOf(b.dataset.card) >= 0;
        b.setAttribute("aria-pressed", on ? "true" : "false");
        b.disabled = used[b.dataset.card] || (!on && picked.length >= 5);
      });
      submit.disabled = picked.length !== 5;
    }
    var cards = [];
    SUITS.forEach(function (s) { RANKS.forEach(function (r) { cards.push(r + s[0]); }); });
    if (hand.game && hand.game.joker && hand.game.joker !== "off") cards.push("Xx");
    var bySuit = {};
    cards.forEach(function (c) {
      var suit = c === "Xx" ? "x" : c[1];
      if (!bySuit[suit]) { bySuit[suit] = el("div", { class: "suit-row" }); box.appendChild(bySuit[suit]); }
      var b = el("button", { type: "button", class: "card-pick suit-" + suit, "data-card": c, id: "pick-" + c,
        "aria-pressed": "false" }, cardText(c));
      b.addEventListener("click", function () {
        var i = picked.indexOf(c);
        if (i >= 0) picked.splice(i, 1);
        else if (picked.length < 5) picked.push(c);
        update();
      });
      bySuit[suit].appendChild(b);
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

  function finishOrder(seats) {
    var g = group("finish");
    var d = el("details", { class: "finish-order" });
    d.appendChild(el("summary", {}, T.finishOrder));
    var selects = [];
    seats.forEach(function (seat) {
      var id = "place-" + seat;
      var row = el("div", { class: "place" });
      row.appendChild(el("label", { for: id }, fmt(T.finishPlace, { seat: seat, name: seatName(seat) })));
      var sel = el("select", { id: id });
      for (var i = 1; i <= seats.length; i++) sel.appendChild(el("option", { value: String(i) }, String(i)));
      row.appendChild(sel);
      selects.push([seat, sel]);
      d.appendChild(row);
    });
    d.appendChild(bigButton(T.finishSubmit, "", function (b) {
      var places = {};
      selects.forEach(function (p) { (places[p[1].value] = places[p[1].value] || []).push(p[0]); });
      var order = Object.keys(places).map(Number).sort(function (a, b2) { return a - b2; }).map(function (k) { return places[k]; });
      send({ type: "finish_order", order: order }, b);
    }, "act-finish-order"));
    g.appendChild(d);
    return g;
  }

  function renderResult() {
    var box = $("console-result");
    var r = hand && hand.status === "finished" ? hand.result : null;
    box.hidden = !r;
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
    box.hidden = !running;
    var c = running ? hand.clock : null;
    clockEnd = c && c.seconds_left !== null && c.seconds_left !== undefined ? performance.now() + c.seconds_left * 1000 : null;
    box.classList.toggle("called", !!(c && c.stage === "called"));
    $("console-clock-bank").textContent = c && c.time_bank_left ? fmt(T.timeBank, { seconds: Math.round(c.time_bank_left) }) : "";
    var label = box.querySelector(".clock-label");
    label.textContent = c && c.stage === "called" ? T.clockCalled : T.clock;
    label.hidden = $("console-clock-seconds").hidden = !c || clockEnd === null;
    tick();
  }

  function tick() {
    var out = $("console-clock-seconds");
    if (clockEnd === null) { out.textContent = ""; return; }
    var left = Math.max(0, (clockEnd - performance.now()) / 1000);
    out.textContent = fmt(T.seconds, { seconds: Math.ceil(left) });
    $("console-clock").classList.toggle("urgent", left <= 10);
    if (left <= 0 && !busy) { clockEnd = null; setTimeout(scheduleRefresh, 1500); }
  }

  function readAloud() {
    if (!hand || !hand.result || !window.speechSynthesis) return;
    var u = new SpeechSynthesisUtterance((hand.result.explanation || []).join(" "));
    u.lang = document.documentElement.lang || "en";
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(u);
  }

  // --- keyboard -----------------------------------------------------------------------------------------

  function clickIf(id) { var b = $(id); if (b && !b.disabled) { b.click(); return true; } return false; }

  document.addEventListener("keydown", function () { viaKeyboard = true; }, true);
  document.addEventListener("pointerdown", function () { viaKeyboard = false; }, true);
  document.addEventListener("keydown", function (e) {
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
    else if (/^[0-9]$/.test(k) && !inAmount) {
      if (hand && hand.phase === "drawing") handled = clickIf("act-draw-" + k);
      else {
        var input = $("act-amount");
        if (input && !input.disabled) {
          input.value = (amountFresh ? "" : input.value) + k;
          amountFresh = false;
          input.dispatchEvent(new Event("input"));
          handled = true;
        }
      }
    } else if (k === "backspace" && !inAmount && $("act-amount")) {
      var a = $("act-amount");
      a.value = a.value.slice(0, -1);
      amountFresh = false;
      a.dispatchEvent(new Event("input"));
      handled = true;
    } else if (k === "enter" && !inAmount && $("act-amount") && t === document.body) handled = clickIf("act-wager");
    if (handled) e.preventDefault();
  });

  // --- start ----------------------------------------------------------------------------------------------

  $("console-call-clock").addEventListener("click", function (e) { callClock(e.currentTarget); });
  $("console-read").addEventListener("click", readAloud);
  window.addEventListener("online", scheduleRefresh);
  clockTimer = setInterval(tick, 250);
  setInterval(function () { if (!busy && !document.hidden) refresh(); }, 20000); // in case a push was missed

  var pending = null;
  try { pending = JSON.parse(localStorage.getItem(PENDING) || "null"); } catch (e) { pending = null; }
  refresh().then(function () {
    // An entry that had not landed when the page closed: send it again with its key (never twice).
    if (pending && pending.key && pending.hand) deliver(pending, null).then(refresh);
    live();
  });
})();
