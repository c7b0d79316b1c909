/* The dealer console's conversation with the dealer API.
 *
 * One entry at a time: each gets a new Idempotency-Key and is retried with that same key (backing off up to
 * 5 s) until an answer arrives, so a request or an answer lost in the network never records an action
 * twice; the entry is kept in localStorage until then, so a reload sends it again (same key). The table's
 * live stream is read with fetch, so the device token rides in the Authorization header (EventSource
 * cannot send one); any pushed event means "read the hand again".
 *
 * ``page`` is what the console gives it: hand() (the hand shown), status(text, cls), setBusy(on),
 * landed(view), refused(body, where), stale(body), lost(body), changed() (something happened elsewhere). */
window.FloorConsoleNet = function (cfg, page) {
  "use strict";

  var ui = window.FloorConsoleUI;
  var T = cfg.text;
  var PENDING = "floor-console-pending-" + cfg.table;
  var busy = false;
  var lastLive = cfg.liveAfter || 0;
  var shown = null; // the kind of line shown: "waiting" must not be covered by "Sending…"

  function status(text, cls) {
    shown = text ? cls || "info" : null;
    page.status(text, cls);
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

  function setBusy(on) {
    busy = on;
    page.setBusy(on);
  }

  function remember(entry) {
    try {
      if (entry) localStorage.setItem(PENDING, JSON.stringify(entry));
      else localStorage.removeItem(PENDING);
    } catch (e) { /* private browsing: the entry lives in memory only */ }
  }

  function pending() {
    try { return JSON.parse(localStorage.getItem(PENDING) || "null"); } catch (e) { return null; }
  }

  function getJson(url) {
    return fetch(url, { headers: headers(false), credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (r.status === 401 || r.status === 403) {
        return r.json().catch(function () { return null; }).then(function (b) { page.lost(b); throw new Error("denied"); });
      }
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json();
    });
  }

  // POST until an answer comes back (a 5xx, 408 or 429 counts as none): the network may drop either way.
  function postUntilAnswered(url, body, extraHeaders) {
    var attempt = 0;
    function once() {
      attempt += 1;
      var h = Object.assign(headers(true), extraHeaders || {});
      return fetch(url, {
        method: "POST", headers: h, body: JSON.stringify(body), credentials: "same-origin", cache: "no-store",
      }).then(function (r) {
        if (r.status >= 500 || r.status === 429 || r.status === 408) throw new Error("HTTP " + r.status);
        return r.json().then(function (b) { return { status: r.status, body: b }; });
      }).catch(function () {
        status(ui.fmt(T.waiting, { n: attempt }), "waiting");
        return ui.sleep(Math.min(500 * Math.pow(2, attempt - 1), 5000)).then(once);
      });
    }
    return once();
  }

  // Record one event on the hand shown, at the seq shown.
  function send(event, where) {
    var hand = page.hand();
    if (busy || !hand) return null;
    var entry = { key: newKey(), hand: hand.id, body: Object.assign({ expected_seq: hand.seq }, event) };
    remember(entry);
    return deliver(entry, where);
  }

  function deliver(entry, where) {
    setBusy(true);
    var slow = setTimeout(function () { if (busy && shown !== "waiting") status(T.sending); }, 400);
    return postUntilAnswered(handUrl("events", entry.hand), entry.body, { "Idempotency-Key": entry.key })
      .then(function (res) {
        clearTimeout(slow);
        remember(null);
        setBusy(false);
        status(null);
        if (res.status === 201) page.landed(res.body);
        else if (res.status === 409 && res.body.code === "stale_seq") page.stale(res.body);
        else if (res.status === 401 || res.status === 403) page.lost(res.body);
        else page.refused(res.body, where);
      });
  }

  // A request that needs no key: starting a hand (a second start is refused, 409 hand_in_progress) or
  // calling the clock (a second call is refused, 409 clock_already_called).
  function post(url, body) {
    if (busy) return null;
    setBusy(true);
    return postUntilAnswered(url, body).then(function (res) {
      setBusy(false);
      status(null);
      return res;
    });
  }

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
            if (chunk.done) return null;
            buf += dec.decode(chunk.value, { stream: true });
            var i;
            while ((i = buf.indexOf("\n\n")) >= 0) {
              var type = null;
              buf.slice(0, i).split("\n").forEach(function (line) {
                if (line.indexOf("id:") === 0) lastLive = parseInt(line.slice(3), 10) || lastLive;
                else if (line.indexOf("event:") === 0) type = line.slice(6).trim();
              });
              buf = buf.slice(i + 2);
              if (type && type !== "tick") page.changed();
            }
            return pump();
          });
        }
        return pump();
      });
    }
    function loop() {
      once().catch(function () { fails += 1; }).then(function () {
        if (fails) page.changed(); // what the stream may have missed while down
        setTimeout(loop, Math.min(1000 * Math.pow(2, Math.min(fails, 4)), 15000));
      });
    }
    loop();
  }

  return {
    handUrl: handUrl, getJson: getJson, send: send, deliver: deliver, post: post, live: live,
    pending: pending, isBusy: function () { return busy; },
  };
};
