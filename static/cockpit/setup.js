// The setup form, enhanced: only the chosen game's settings and level columns are shown (without this script
// every set is shown, each headed by its game, and the server reads only the chosen game's).
(function () {
  "use strict";
  var form = document.getElementById("setup-form");
  if (!form) return;
  var game = document.getElementById("id_game");
  var noJs = form.querySelectorAll(".no-js-only");
  for (var i = 0; i < noJs.length; i++) noJs[i].hidden = true;
  function show() {
    var kind = game.value;
    var sets = form.querySelectorAll(".game-options");
    for (var j = 0; j < sets.length; j++) {
      var on = sets[j].getAttribute("data-game") === kind;
      sets[j].hidden = !on;
    }
    // Five-Card Draw is an ante game: no blinds columns.
    var cols = form.querySelectorAll("[data-cols=blinds]");
    for (var k = 0; k < cols.length; k++) cols[k].hidden = kind === "five-card-draw";
  }
  game.addEventListener("change", show);
  show();
})();
