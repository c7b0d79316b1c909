// The table calls in the cockpit (apps/cockpit/floorcall.py): a dispute raised at a table ("Call the floor" on
// the console, a player's dispute) appears at once at the top of the page, with the hand, what is disputed
// and a link to its review. The club's home and disputes page follow the club's floor stream (opened after
// a moment: it resumes from the page's own event id, so a page only glanced at holds no stream and nothing
// is missed); a tournament's pages get the calls from the tournament's stream (live.js calls show()).
window.FloorCalls = (function () {
  "use strict";
  var box = document.getElementById("floor-calls");
  if (!box) return null;
  function fmt(s, vars) {
    return String(s).replace(/\{(\w+)\}/g, function (m, k) { return k in vars ? String(vars[k]) : m; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  function show(d) {
    if (box.querySelector("[data-dispute='" + d.dispute + "']")) return;
    var card = el("div", "card refusal floor-call");
    card.dataset.dispute = String(d.dispute);
    var title = fmt(box.dataset.title, { table: d.table_name, number: d.number });
    if (!d.hand_finished) title += " (" + box.dataset.live + ")";
    card.appendChild(el("p", "floor-call-title", title));
    card.appendChild(el("p", "floor-call-what", d.description));
    var link = el("a", "button", fmt(box.dataset.open, { id: d.dispute }));
    link.href = d.url;
    card.appendChild(link);
    box.insertBefore(card, box.firstChild);
  }
  if (box.dataset.stream && window.EventSource) {
    var source = null;
    var opening = setTimeout(function () {
      source = new EventSource(box.dataset.stream);
      source.addEventListener("floor_called", function (m) { show(JSON.parse(m.data)); });
    }, 1500);
    window.addEventListener("pagehide", function () { clearTimeout(opening); if (source) source.close(); });
  }
  return { show: show };
})();
