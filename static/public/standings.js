// Live standings on a phone: the table is re-read when the tournament's stream reports a change (a seat move,
// an elimination, a rebuy...) and every 30 seconds for the chip counts (hands are reported on the tables'
// streams, not the tournament's). Without script the page is a plain page; reloading it shows the same.
(function () {
  "use strict";
  var body = document.getElementById("standings-body");
  if (!body || !body.dataset.stream || !window.EventSource) return;
  var TYPES = ["started", "seated", "seat_move", "moves_confirmed", "table_broken", "busted", "rebuy",
    "add_on", "eliminated", "hand_for_hand", "chip_race", "deal", "finished"];
  var timer = null;
  function refresh() {
    if (timer) return;
    timer = setTimeout(function () {
      timer = null;
      fetch(window.location.href, { headers: { Accept: "text/html" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (!html) return;
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("standings-body");
          if (fresh) { body.innerHTML = fresh.innerHTML; body.dataset.refreshed = String(Date.now()); }
        })
        .catch(function () { /* the next event or the next half minute tries again */ });
    }, 400);
  }
  var source = new EventSource(body.dataset.stream + "?last_event_id=" + (body.dataset.lastId || "0"));
  TYPES.forEach(function (type) { source.addEventListener(type, refresh); });
  setInterval(refresh, 30000);
})();
