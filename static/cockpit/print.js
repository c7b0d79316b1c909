// The print sheets' "Print" button (a script file: the Content-Security-Policy allows no inline handler).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const button = document.getElementById("print-now");
  if (button) button.addEventListener("click", () => window.print());
});
