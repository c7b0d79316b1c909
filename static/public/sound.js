// The room's sound: a chime, then the words spoken in the page's language (the Web Speech API); where the
// browser cannot speak, the bundled chime alone. Browsers play sound only after a gesture, so nothing
// sounds until someone presses "Enable sound" (remembered on this screen). What is announced is the
// director's choice (cfg.sounds: level, minute, break, move, elimination).
window.FloorSound = function (cfg) {
  "use strict";
  var KEY = "floor.sound";
  var lang = document.documentElement.lang || "en";
  var unlocked = false; // a gesture has happened on this page: audio may play

  function stored() { try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; } }
  function store(on) { try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ } }

  var on = stored();

  function voiceFor() {
    if (!window.speechSynthesis || !speechSynthesis.getVoices) return null;
    var voices = speechSynthesis.getVoices() || [];
    var base = lang.toLowerCase().split("-")[0];
    for (var i = 0; i < voices.length; i++) {
      if ((voices[i].lang || "").toLowerCase().split(/[-_]/)[0] === base) return voices[i];
    }
    return null;
  }

  function canSpeak() { return !!(window.speechSynthesis && window.SpeechSynthesisUtterance); }

  function speak(text) {
    if (!canSpeak() || !text) return false;
    var u = new SpeechSynthesisUtterance(text);
    u.lang = lang;
    var v = voiceFor();
    if (v) u.voice = v;
    u.rate = 0.95;
    speechSynthesis.speak(u);
    return true;
  }

  function play(file) {
    try {
      var a = new Audio(file);
      var p = a.play();
      if (p && p.catch) p.catch(function () { /* not allowed yet: the next gesture unlocks it */ });
    } catch (e) { /* no audio element */ }
  }

  // One announcement: the chime, and the words once it has rung.
  function announce(kind, text) {
    if (!on || (cfg.sounds || []).indexOf(kind) < 0) return false;
    var alert = kind === "move" || kind === "elimination" || kind === "minute";
    play(alert ? cfg.alert : cfg.chime);
    document.body.dataset.lastAnnounced = kind;
    if (canSpeak()) setTimeout(function () { speak(text); }, 800);
    return true;
  }

  function setOn(value) {
    on = !!value;
    store(on);
    if (on) {
      unlocked = true;
      play(cfg.chime);
      if (canSpeak()) setTimeout(function () { speak(cfg.formats.sound_on); }, 800);
    } else if (canSpeak()) {
      speechSynthesis.cancel();
    }
    return on;
  }

  return { isOn: function () { return on; }, setOn: setOn, announce: announce, unlocked: function () { return unlocked; } };
};
