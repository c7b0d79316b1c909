// A tournament page follows the tournament's live stream (Server-Sent Events): when something happens
// elsewhere (an elimination, a proposed move, another director's click), it says so and offers to show the
// latest. It does not reload by itself, so nothing being typed is lost; the stream is closed after the
// first change, so an open page does not hold a server thread for nothing. A call of the floor at one of the
// tournament's tables is shown at once (floor.js) and keeps the stream open.
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box || !window.EventSource) return;
  var source = new EventSource(box.dataset.stream);
  function changed() {
    box.hidden = false;
    source.close();
  }
  box.dataset.events.split(" ").forEach(function (name) {
    source.addEventListener(name, changed);
  });
  source.addEventListener("floor_called", function (m) {
    if (window.FloorCalls) window.FloorCalls.show(JSON.parse(m.data));
  });
  window.addEventListener("pagehide", function () { source.close(); });
})();
