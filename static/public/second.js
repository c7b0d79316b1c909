// The second screen's chip counts, re-read from standings.json when the tournament's stream reports a change
// and every 20 seconds (hands are reported on the tables' streams). Loaded after tv.js, before clock.js.
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("clock-config").textContent);
  var board = document.getElementById("board");
  function fill(format, params) {
    return format.replace(/%\((\w+)\)s/g, function (m, k) { return params[k] === undefined ? m : String(params[k]); });
  }
  function span(cls, text) { var s = document.createElement("span"); s.className = cls; s.textContent = text; return s; }
  var timer = null;
  function refresh() {
    if (timer) return;
    timer = setTimeout(function () {
      timer = null;
      fetch(cfg.standings_json, { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (s) {
          if (!s || s.kind !== "live") return;
          board.textContent = "";
          (s.alive.length ? s.alive : [null]).forEach(function (r) {
            var li = document.createElement("li");
            if (!r) { li.appendChild(span("rank", "")); li.appendChild(span("name", board.dataset.empty)); li.appendChild(span("chips", "")); }
            else {
              li.appendChild(span("rank", String(r.rank)));
              var name = span("name", r.player);
              if (r.seat) { var sm = document.createElement("small"); sm.textContent = fill(cfg.board_seat, r.seat); name.appendChild(sm); }
              li.appendChild(name);
              li.appendChild(span("chips", String(r.chips)));
            }
            board.appendChild(li);
          });
        })
        .catch(function () { /* the next event or poll tries again */ });
    }, 400);
  }
  var room = window.floorRoom || {};
  room.onEvent = function () { refresh(); };
  window.floorRoom = room;
  setInterval(refresh, 20000);
})();
