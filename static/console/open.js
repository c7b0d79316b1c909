// The director's link is /console/open/#<device code>. The fragment never leaves the browser, so no access
// log, proxy or Referer header sees it; this script takes it out of the address bar at once and posts it to
// the server, which keeps it in an HttpOnly cookie and sends the browser on to its table.
(function () {
  "use strict";
  var form = document.getElementById("console-open");
  if (!form) return;
  var token = decodeURIComponent((window.location.hash || "").replace(/^#/, ""));
  if (!token) return;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  form.elements.token.value = token;
  var wait = document.getElementById("console-open-wait");
  if (wait) wait.hidden = false;
  form.submit();
})();
