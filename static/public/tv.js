// The TV's controls: full screen, the screen kept awake (Screen Wake Lock, taken again whenever the page
// is shown), and the "Enable sound" switch. Loaded before clock.js, which announces through window.floorRoom.
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("clock-config").textContent);
  var main = document.getElementById("main");
  var sound = window.FloorSound(cfg.sound);
  window.floorRoom = { sound: sound };

  var soundButton = document.getElementById("tv-sound");
  function showSound() {
    var on = sound.isOn();
    soundButton.setAttribute("aria-pressed", on ? "true" : "false");
    soundButton.textContent = on ? soundButton.dataset.on : soundButton.dataset.off;
    main.dataset.sound = on ? "on" : "off";
  }
  soundButton.addEventListener("click", function () { sound.setOn(!sound.isOn()); showSound(); });
  showSound();

  var full = document.getElementById("tv-fullscreen");
  function showFull() {
    full.textContent = document.fullscreenElement ? full.dataset.leave : full.dataset.enter;
  }
  full.hidden = !document.documentElement.requestFullscreen;
  full.addEventListener("click", function () {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(function () { /* refused: stays windowed */ });
  });
  document.addEventListener("fullscreenchange", showFull);

  var lock = null;
  function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      main.dataset.wake = "on";
      l.addEventListener("release", function () { lock = null; main.dataset.wake = "off"; });
    }).catch(function () { main.dataset.wake = "refused"; });
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("click", keepAwake); // some browsers grant it only after a gesture
  keepAwake();
})();
