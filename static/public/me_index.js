// "Who are you?": a phone that chose before is offered its page again at the top.
(function () {
  "use strict";
  var box = document.getElementById("me-again");
  var key = "floor.me." + box.dataset.tournament;
  document.querySelectorAll("a.who").forEach(function (a) {
    a.addEventListener("click", function () {
      try { localStorage.setItem(key, a.dataset.entry); } catch (e) { /* private mode */ }
    });
  });
  var chosen = null;
  try { chosen = localStorage.getItem(key); } catch (e) { chosen = null; }
  var link = chosen && document.querySelector('a.who[data-entry="' + chosen + '"]');
  if (!link) return;
  var again = link.cloneNode(true);
  again.classList.add("again");
  box.appendChild(again);
  box.hidden = false;
})();
