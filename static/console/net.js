/* The dealer console's conversation with the dealer API.
 *
 * One entry at a time: each gets a new Idempotency-Key and is retried with that same key (backing off up to
 * 5 s) until an answer arrives, so a request or an answer lost in the network never records an action
 * twice; the entry is kept in localStorage until then, so a reload sends it again (same key). The table's
 * live stream is read with fetch, so the device token rides in the Authorization header (EventSource
 * cannot send one); any pushed event means "read the hand again".
 *
 * A lost network (no answer at all) and a server error (an answer of 5xx, 408 or 429) are told apart: the
 * first says "waiting for the network" and retries until the network is back; the second says which error
 * the server gave (its status, code and message) and that the entry is kept and will be sent again safely
 * with the same Idempotency-Key; after MAX_SERVER_ERRORS of them in a row it stops retrying, keeps the
 * entry, and says to call the director, with "Try again" and "Drop this entry" buttons.
 *
 * ``page`` is what the console gives it: hand() (the hand shown), status(text, cls, reason), setBusy(on),
 * landed(view), refused(body, where), stale(body), lost(body), changed() (something happened elsewhere),
 * stopped(retry, drop, keep) (the server keeps failing: retry() sends again, drop() gives the entry up;
 * ``keep``: an entry kept in localStorage, else a request without one, such as starting a hand). */
window.FloorConsoleNet = function (cfg, page) {
  "use strict";

  var ui = window.FloorConsoleUI;
  var T = cfg.text;
  var PENDING = "floor-console-pending-" + cfg.table;
  var busy = false;
  var lastLive = cfg.liveAfter || 0;
  var shown = null; // the kind of line shown: "waiting" must not be covered by "Sending…"
  var MAX_SERVER_ERRORS = 4; // in a row, then the dealer is told to call the director

  function status(text, cls, reason) {
    shown = text ? cls || "info" : null;
    page.status(text, cls, reason);
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

  // What a server error said, for the dealer: "HTTP 500 server_error: Floor made a mistake…". Floor answers
  // its error shape; a proxy answers HTML (its title names the error), and DEBUG's error page plain text
  // (its first line does: "NotSupportedError at /api/…").
  function serverError(r) {
    return r.text().catch(function () { return ""; }).then(function (text) {
      var code = "", message = "";
      try {
        var b = JSON.parse(text);
        code = (b && b.code) || "";
        message = (b && b.message) || "";
      } catch (e) {
        var m = /<title>([^<]*)<\/title>/i.exec(text);
        var first = text.replace(/^\s+/, "").split("\n")[0];
        message = m ? m[1] : first.charAt(0) !== "<" ? first : "";
        message = message.replace(/\s+/g, " ").trim();
      }
      return {
        status: r.status, code: code,
        message: message.slice(0, 200) || r.statusText || "",
      };
    });
  }

  function describe(err) {
    return "HTTP " + err.status + (err.code ? " " + err.code : "") + (err.message ? ": " + err.message : "");
  }

  // POST until an answer comes back. No answer (the network) is retried for as long as it takes; a 5xx,
  // 408 or 429 is retried MAX_SERVER_ERRORS times in a row, then the dealer decides (retry or drop).
  function postUntilAnswered(url, body, extraHeaders, keep) {
    var attempt = 0, serverErrors = 0;
    return new Promise(function (resolve) {
      function again() {
        attempt += 1;
        var h = Object.assign(headers(true), extraHeaders || {});
        fetch(url, {
          method: "POST", headers: h, body: JSON.stringify(body), credentials: "same-origin", cache: "no-store",
        }).then(function (r) {
          if (r.status >= 500 || r.status === 429 || r.status === 408) {
            return serverError(r).then(function (err) {
              serverErrors += 1;
              var what = describe(err);
              if (serverErrors >= MAX_SERVER_ERRORS) {
                status(ui.fmt(keep ? T.serverStopped : T.serverStoppedNoEntry, { error: what }), "lost", "stopped");
                page.stopped(
                  function () { serverErrors = 0; status(T.sending, "info", "sending"); again(); },
                  function () { resolve({ status: 0, dropped: true, body: null }); },
                  keep
                );
                return;
              }
              status(ui.fmt(keep ? T.serverError : T.serverErrorNoEntry,
                { error: what, n: serverErrors, max: MAX_SERVER_ERRORS }), "waiting", "server");
              ui.sleep(Math.min(1000 * Math.pow(2, serverErrors - 1), 5000)).then(again);
            });
          }
          return r.json().then(function (b) { resolve({ status: r.status, body: b }); });
        }, function () {
          serverErrors = 0; // the network, not the server: wait for it as long as it takes
          status(ui.fmt(T.waiting, { n: attempt }), "waiting", "network");
          ui.sleep(Math.min(500 * Math.pow(2, Math.min(attempt, 8) - 1), 5000)).then(again);
        }).catch(function () {
          // an answer that is not JSON (cut short on the way): as if none came
          status(ui.fmt(T.waiting, { n: attempt }), "waiting", "network");
          ui.sleep(Math.min(500 * Math.pow(2, Math.min(attempt, 8) - 1), 5000)).then(again);
        });
      }
      again();
    });
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
    return postUntilAnswered(handUrl("events", entry.hand), entry.body, { "Idempotency-Key": entry.key }, true)
      .then(function (res) {
        clearTimeout(slow);
        remember(null);
        setBusy(false);
        status(null);
        if (res.dropped) page.changed(); // given up: show the hand as the server has it
        else if (res.status === 201) page.landed(res.body);
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
    return postUntilAnswered(url, body, null, false).then(function (res) {
      setBusy(false);
      status(null);
      if (res.dropped) page.changed();
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
