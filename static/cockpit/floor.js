// Every cockpit page of a club follows the club's floor calls (Server-Sent Events, apps/cockpit/floorcall.py):
// a dispute raised at a table ("Call the floor" on the console, a player's dispute) appears at once at the top
// of the page, with the hand, what is disputed and a link to its review. EventSource reconnects by itself
// with Last-Event-ID, so a call made while the stream was down is shown when it is back.
(function () {
  "use strict";
  var box = document.getElementById("floor-calls");
  if (!box || !window.EventSource) return;
  function fmt(s, vars) {
    return String(s).replace(/\{(\w+)\}/g, function (m, k) { return k in vars ? String(vars[k]) : m; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  var source = new EventSource(box.dataset.stream);
  source.addEventListener("floor_called", function (message) {
    var d = JSON.parse(message.data);
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
  });
  window.addEventListener("pagehide", function () { source.close(); });
})();
