/* The dealer console's small DOM helpers, shared by net.js, picker.js and console.js. */
window.FloorConsoleUI = (function () {
  "use strict";

  var RANKS = "AKQJT98765432".split("");
  var SUITS = [["s", "\u2660"], ["h", "\u2665"], ["d", "\u2666"], ["c", "\u2663"]];
  var RANK_LABEL = { T: "10" };
  var ATTRIBUTES = ["type", "for", "min", "max", "step", "inputmode", "id", "role"];

  function $(id) { return document.getElementById(id); }

  // "Call {amount}" + {amount: 40} → "Call 40" (the page's translations carry the {names}).
  function fmt(s, vars) {
    return String(s).replace(/\{(\w+)\}/g, function (m, k) { return k in vars ? String(vars[k]) : m; });
  }

  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  // An element with attributes (data-*, aria-* and the few above as attributes, the rest as properties)
  // and text: never innerHTML, so a player's name can hold no markup.
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "class") e.className = attrs[k];
      else if (k.slice(0, 5) === "data-" || k.slice(0, 5) === "aria-" || ATTRIBUTES.indexOf(k) >= 0)
        e.setAttribute(k, attrs[k]);
      else e[k] = attrs[k];
    });
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  // A row of controls; a refusal is shown right after the group of the control that sent the entry.
  function group(cls) { return el("div", { class: "group " + (cls || "") }); }

  // A big action button with its keyboard shortcut (announced as aria-keyshortcuts, printed for the eye).
  function bigButton(label, key, onClick, id) {
    var b = el("button", { type: "button", class: "big", id: id || "", "data-key": key || "" });
    b.appendChild(el("span", { class: "label" }, label));
    if (key) {
      b.setAttribute("aria-keyshortcuts", key);
      b.appendChild(el("kbd", { "aria-hidden": "true" }, key));
    }
    b.addEventListener("click", function () { onClick(b); });
    return b;
  }

  // "Td" → "10♦"; the joker by its translated name; an unknown card as nothing.
  function cardText(c, T) {
    if (c === "Xx") return T.joker;
    if (c === "??") return "";
    var suit = SUITS.filter(function (s) { return s[0] === c[1]; })[0];
    return (RANK_LABEL[c[0]] || c[0]) + (suit ? suit[1] : c[1]);
  }

  function rankText(r) { return RANK_LABEL[r] || r; }

  // "Kh" → "King of hearts" for a screen reader, from the page's translated names.
  function cardName(c, T) { return (T.cardNames || {})[c] || cardText(c, T); }

  function knownCards(seat) {
    return ((seat && seat.cards) || "").split(" ").filter(function (c) { return c && c !== "??"; });
  }

  return {
    RANKS: RANKS, SUITS: SUITS, $: $, fmt: fmt, sleep: sleep, el: el, group: group, bigButton: bigButton,
    cardText: cardText, knownCards: knownCards, rankText: rankText, cardName: cardName,
  };
})();
