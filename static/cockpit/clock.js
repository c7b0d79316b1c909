// The cockpit's level clock counts down by itself from what the server said; at the level's end the page
// reloads to show the next level (the server's clock row is the truth, this is only the display).
(function () {
  "use strict";
  var el = document.getElementById("clock-remaining");
  if (!el) return;
  var remaining = parseFloat(el.dataset.remaining);
  var running = el.dataset.running === "1";
  var t0 = performance.now();
  function show(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var text = (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(r).padStart(2, "0");
    if (el.textContent !== text) el.textContent = text;
  }
  show(remaining);
  if (!running) return;
  var reloading = false;
  setInterval(function () {
    var left = remaining - (performance.now() - t0) / 1000;
    show(left);
    if (left <= -1 && !reloading) {
      reloading = true;
      window.location.reload();
    }
  }, 250);
})();
