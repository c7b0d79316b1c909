// Every page: the language switch submits itself when a language is picked. Kept out of the markup so the
// Content-Security-Policy can forbid inline scripts and handlers (script-src 'self').
(function () {
  "use strict";
  function wire() {
    var select = document.getElementById("lang-select");
    if (select && select.form) {
      select.addEventListener("change", function () { select.form.submit(); });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
