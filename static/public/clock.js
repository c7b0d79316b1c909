// The tournament clock display: counts down locally from the level clock's reading, follows the level clock's
// and the tournament's live streams (SSE), and says so while it is reconnecting. Every word comes translated
// from the page (#clock-config: labels and announcement formats).
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("clock-config").textContent);
  var labels = cfg.labels;
  // A page may show only part of the clock (the player's phone page has no payouts): a missing element is
  // a detached one, so the same script drives every page.
  var $ = function (id) { return document.getElementById(id) || document.createElement("div"); };
  var MAX_NEWS = 8;

  function fill(format, params) {
    return format.replace(/%\((\w+)\)s/g, function (m, k) {
      return params[k] === undefined || params[k] === null ? m : String(params[k]);
    });
  }
  function clockTime(seconds) {
    var t = Math.max(0, Math.ceil(seconds - 1e-6));
    var h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), s = t % 60;
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  // --- the level clock ------------------------------------------------------------------------------------
  var clock = cfg.clock;
  var deadline = null; // performance.now() at which the level ends, while running

  function parts(level) {
    var frag = document.createDocumentFragment();
    if (!level) return frag;
    if (level.is_break) { frag.appendChild(document.createTextNode(labels["break"])); return frag; }
    var items = [];
    if (level.big_blind) items.push([labels.blinds, (level.small_blind || 0) + "/" + level.big_blind]);
    if (level.ante) items.push([labels.ante, String(level.ante)]);
    if (level.big_blind_ante) items.push([labels.big_blind_ante, String(level.big_blind_ante)]);
    if (level.bet_units && level.bet_units.length) items.push([labels.bet_units, level.bet_units.join("/")]);
    items.forEach(function (it) {
      var span = document.createElement("span"); span.className = "part";
      var k = document.createElement("span"); k.className = "k"; k.textContent = it[0];
      var v = document.createElement("span"); v.className = "v"; v.textContent = it[1];
      span.appendChild(k); span.appendChild(document.createTextNode(" ")); span.appendChild(v);
      frag.appendChild(span);
    });
    return frag;
  }

  // "Blinds 100/200, Ante 25": a level as it is read aloud.
  function partsText(level) {
    if (!level || level.is_break) return "";
    var items = [];
    if (level.big_blind) items.push(labels.blinds + " " + (level.small_blind || 0) + "/" + level.big_blind);
    if (level.ante) items.push(labels.ante + " " + level.ante);
    if (level.big_blind_ante) items.push(labels.big_blind_ante + " " + level.big_blind_ante);
    if (level.bet_units && level.bet_units.length) items.push(labels.bet_units + " " + level.bet_units.join("/"));
    return items.join(", ");
  }

  var room = window.floorRoom || null;
  var spoken = cfg.sound ? cfg.sound.formats : {};
  function say(kind, text) {
    if (room && room.sound && text) room.sound.announce(kind, text);
  }
  function flash() {
    var m = document.getElementById("main");
    m.dataset.flash = "off";
    void m.offsetWidth; // restart the animation
    m.dataset.flash = "on";
  }

  // One minute left: said once per level, when the running clock passes 60 seconds.
  var minuteSaidFor = null;
  function minuteCheck(rem) {
    if (!clock || !clock.running) return;
    var lv = clock.structure[clock.level];
    if (!lv || lv.is_break || lv.seconds <= 60) return;
    if (rem <= 60 && rem > 55 && minuteSaidFor !== clock.level) {
      minuteSaidFor = clock.level;
      say("minute", spoken.minute);
    }
    if (rem > 60) minuteSaidFor = null;
  }

  function remainingNow() {
    if (!clock) return 0;
    if (deadline === null) return clock.remaining;
    return Math.max(0, (deadline - performance.now()) / 1000);
  }

  function nextBreakIn(remaining) {
    var levels = clock.structure, i = clock.level;
    if (i >= levels.length) return null;
    if (levels[i].is_break) return 0;
    var s = remaining;
    for (var j = i + 1; j < levels.length; j++) {
      if (levels[j].is_break) return s;
      s += levels[j].seconds;
    }
    return null;
  }

  function renderLevel() {
    if (!clock) return;
    var levels = clock.structure, lv = levels[clock.level], nx = levels[clock.level + 1];
    $("level-name").textContent = lv.is_break ? labels["break"] : fill(labels.level, { number: lv.number });
    var now = $("level-now"); now.textContent = ""; now.appendChild(parts(lv));
    var next = $("level-next"); next.textContent = "";
    if (nx) next.appendChild(parts(nx)); else next.textContent = labels.last_level;
    $("clock-note").textContent = !clock.started ? labels.not_started
      : clock.hand_for_hand ? labels.hand_for_hand : (clock.running ? "" : labels.paused);
    document.getElementById("main").dataset.state = clock.running ? "running" : (clock.started ? "paused" : "not-started");
    document.getElementById("main").dataset.level = String(clock.level);
  }

  function renderTime() {
    if (!clock) return;
    var rem = remainingNow();
    var shown = clockTime(rem);
    $("time-left").textContent = shown;
    $("time-left").classList.toggle("long", shown.length > 5); // an hour or more: h:mm:ss takes more room
    minuteCheck(rem);
    var nb = nextBreakIn(rem);
    $("next-break").textContent = nb === null ? labels.no_break : clockTime(nb);
  }

  function reading(data) {
    // A tick ({level, remaining, running, paused}) or a full view (also current/next, started).
    if (!clock) return;
    clock.level = data.level;
    clock.remaining = data.remaining;
    clock.running = !!data.running;
    clock.hand_for_hand = !!data.hand_for_hand;
    if (data.started !== undefined) clock.started = !!data.started;
    else if (data.running || data.paused) clock.started = true;
    deadline = clock.running ? performance.now() + data.remaining * 1000 : null;
    renderLevel();
    renderTime();
  }

  // --- announcements and the numbers --------------------------------------------------------------------
  function announcementText(type, data) {
    var p = {};
    Object.keys(data || {}).forEach(function (k) {
      if (typeof data[k] === "string" || typeof data[k] === "number") p[k] = data[k];
    });
    var key = type;
    if (type === "seat_move") { var to = data.to || [null, null]; p.to_table = to[0]; p.to_seat = to[1]; }
    if (type === "eliminated") {
      if (data.place_to && data.place_to !== data.place) p.place = data.place + "–" + data.place_to;
      key = data.prize ? "eliminated_prize" : "eliminated";
    }
    if (type === "hand_for_hand") key = data.on ? "hand_for_hand_on" : "hand_for_hand_off";
    var format = cfg.formats[key];
    return format ? fill(format, p) : "";
  }

  var SPOKEN_KIND = { seat_move: "move", eliminated: "elimination" };
  function announce(id, type, data) {
    var text = announcementText(type, data);
    if (!text) return false;
    var list = $("announcements");
    if (id && list.querySelector('[data-id="' + id + '"]')) return true;
    if (SPOKEN_KIND[type]) say(SPOKEN_KIND[type], text);
    var li = document.createElement("li");
    if (id) li.dataset.id = id;
    li.textContent = text;
    list.insertBefore(li, list.firstChild);
    while (list.children.length > MAX_NEWS) list.removeChild(list.lastChild);
    return true;
  }

  var refreshTimer = null;
  function refreshNumbers() {
    if (refreshTimer) return;
    refreshTimer = setTimeout(function () {
      refreshTimer = null;
      fetch(cfg.standings_json, { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (s) {
          if (!s || s.kind !== "live") return;
          $("players-left").textContent = s.players_left;
          $("entries").textContent = s.entries;
          $("average-stack").textContent = s.average_stack;
          $("prize-pool").textContent = s.prize_pool;
          var ol = $("payouts"); ol.textContent = "";
          (s.payouts.length ? s.payouts : [null]).forEach(function (p) {
            var li = document.createElement("li");
            if (p) {
              var k = document.createElement("span"); k.className = "k"; k.textContent = fill(labels.place, { place: p.place });
              var v = document.createElement("span"); v.className = "v"; v.textContent = p.amount;
              li.appendChild(k); li.appendChild(document.createTextNode(" ")); li.appendChild(v);
            } else li.textContent = labels.no_payouts;
            ol.appendChild(li);
          });
          // a progressive knockout's heads (the list is on the page only for a PKO tournament)
          var heads = document.getElementById("heads");
          if (heads && s.alive) {
            heads.textContent = "";
            s.alive.slice().sort(function (a, b) { return b.head_bounty - a.head_bounty; }).slice(0, 8)
              .forEach(function (r) {
                var li = document.createElement("li");
                var k = document.createElement("span"); k.className = "k"; k.textContent = r.player;
                var v = document.createElement("span"); v.className = "v"; v.textContent = r.head_bounty;
                li.appendChild(k); li.appendChild(document.createTextNode(" ")); li.appendChild(v);
                heads.appendChild(li);
              });
          }
        })
        .catch(function () { /* the next event tries again */ });
    }, 300);
  }

  // --- the streams ------------------------------------------------------------------------------------------
  var down = {};
  function showConnection() {
    var el = $("connection");
    var reconnecting = Object.keys(down).some(function (k) { return down[k]; });
    el.hidden = !reconnecting;
    el.textContent = reconnecting ? el.dataset.reconnecting : "";
    document.getElementById("main").dataset.connection = reconnecting ? "reconnecting" : "live";
  }

  function follow(name, url, lastId, handlers) {
    // EventSource reconnects by itself with Last-Event-ID; if the browser gives up (CLOSED), start again
    // from the last id seen.
    var source = null;
    function open() {
      source = new EventSource(url + (url.indexOf("?") < 0 ? "?" : "&") + "last_event_id=" + lastId);
      source.onopen = function () { down[name] = false; showConnection(); };
      source.onerror = function () {
        down[name] = true; showConnection();
        if (source.readyState === EventSource.CLOSED) { source.close(); setTimeout(open, 2000); }
      };
      Object.keys(handlers).forEach(function (type) {
        source.addEventListener(type, function (e) {
          if (e.lastEventId) lastId = parseInt(e.lastEventId, 10) || lastId;
          down[name] = false; showConnection();
          handlers[type](JSON.parse(e.data), e.lastEventId);
        });
      });
    }
    open();
  }

  if (clock) {
    deadline = clock.running ? performance.now() + clock.remaining * 1000 : null;
    var onReading = function (data) { reading(data); };
    follow("clock", clock.stream, clock.last_id, { tick: onReading, level: onReading, clock: onReading });
    setInterval(renderTime, 250);
  }
  var tournamentHandlers = {};
  Object.keys(cfg.formats).concat(["hand_for_hand"]).forEach(function (type) {
    tournamentHandlers[type] = function (data, id) { announce(id, type, data); refreshNumbers(); };
  });
  // Levels and breaks, as the tournament's stream reports them: a chime, the words and a flash.
  var afterBreak = null;
  tournamentHandlers.break_ended = function (data) {
    afterBreak = data.level;
    flash();
    say("break", fill(spoken.break_ended || "", { number: data.level_number, parts: partsText(data.current) }));
  };
  tournamentHandlers.level_started = function (data) {
    flash();
    if (afterBreak === data.level) { afterBreak = null; return; } // said with the break's end
    say("level", fill(spoken.level || "", { number: data.level_number, parts: partsText(data.current) }));
  };
  tournamentHandlers.break_started = function (data) {
    flash();
    var minutes = Math.round(((data.current && data.current.seconds) || 0) / 60);
    say("break", fill(spoken.break_started || "", { minutes: minutes }));
  };
  // The page's own listener (the player's page: a move, an elimination) hears every event too.
  (cfg.listen || []).forEach(function (type) {
    if (!tournamentHandlers[type]) tournamentHandlers[type] = function () {};
  });
  Object.keys(tournamentHandlers).forEach(function (type) {
    var handler = tournamentHandlers[type];
    tournamentHandlers[type] = function (data, id) {
      handler(data, id);
      if (room && room.onEvent) room.onEvent(type, data, id);
    };
  });
  follow("tournament", cfg.tournament_stream, cfg.tournament_last_id, tournamentHandlers);
  renderTime();
})();
