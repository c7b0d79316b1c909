// A player's own page: re-reads the player's line of the standings when the tournament's stream reports a
// change (and every 15 s, for the chips after each hand); a move of this player is shown at the top, with a
// vibration where the phone allows. Loaded before clock.js, which follows the streams and calls onEvent.
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("clock-config").textContent);
  var T = cfg.me;
  var $ = function (id) { return document.getElementById(id); };
  var main = $("main");

  function fill(format, params) {
    return format.replace(/%\((\w+)\)s/g, function (m, k) {
      return params[k] === undefined || params[k] === null ? m : String(params[k]);
    });
  }
  try { localStorage.setItem("floor.me." + cfg.tournament_stream.split("/").filter(Boolean).pop(), String(cfg.entry)); }
  catch (e) { /* private mode */ }

  function buzz(pattern) { if (navigator.vibrate) { try { navigator.vibrate(pattern); } catch (e) { /* no */ } } }

  function showMove(table, seat) {
    var box = $("me-move");
    box.textContent = fill(T.move, { player: cfg.player, table: table, seat: seat });
    box.hidden = false;
    main.dataset.moved = "true";
    buzz([300, 150, 300, 150, 300]);
    box.scrollIntoView({ block: "start" });
  }

  function render(row, players) {
    main.dataset.state = row.state;
    var where = $("me-where");
    if (row.state === "playing") {
      where.textContent = row.seat ? fill(T.seat, { table: row.seat.table, seat: row.seat.seat }) : T.no_seat;
      $("me-chips").textContent = row.chips;
      $("me-rank").textContent = row.rank;
    } else if (row.state === "out") {
      var place = row.place_to && row.place_to !== row.place ? row.place + "–" + row.place_to : row.place;
      where.textContent = fill(T.out, { place: place });
      $("me-prize").textContent = row.prize;
    } else {
      where.textContent = T.no_seat;
    }
    $("me-chips-box").hidden = $("me-rank-box").hidden = row.state !== "playing";
    $("me-prize-box").hidden = !(row.state === "out" && row.prize);
    if (players !== undefined) $("players-left").textContent = players;
  }

  var timer = null;
  function refresh() {
    if (timer) return;
    timer = setTimeout(function () {
      timer = null;
      fetch(cfg.standings_json, { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (s) {
          if (!s) return;
          var rows = (s.alive || []).map(function (r) { return Object.assign({ state: "playing" }, r); })
            .concat((s.out || s.results || []).map(function (r) { return Object.assign({ state: "out" }, r); }));
          var mine = rows.filter(function (r) { return r.entry === cfg.entry; })[0] || { state: "waiting" };
          render(mine, s.players_left);
        })
        .catch(function () { /* the next event or poll tries again */ });
    }, 250);
  }

  window.floorRoom = {
    sound: null,
    onEvent: function (type, data) {
      if (type === "seat_move" && data.entry === cfg.entry && data.to) showMove(data.to[0], data.to[1]);
      if (type === "seated" && data.entry === cfg.entry) showMove(data.table, data.seat);
      if (type === "eliminated" && data.entry === cfg.entry) buzz([600]);
      refresh();
    },
  };
  setInterval(function () { if (!document.hidden) refresh(); }, 15000);
})();
