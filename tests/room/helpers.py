"""Given-helpers for the room's browser tests: a browser context of a given size and language, the
speechSynthesis and audio test doubles, and the page measurements the layout tests assert."""

from __future__ import annotations

from typing import Any

# Records what the page says and plays instead of saying and playing it (installed before any script runs).
SPEECH_DOUBLE = """
window.__spoken = [];
window.__played = [];
const fakeSpeech = {
  speak(u) { window.__spoken.push({ text: u.text, lang: u.lang }); },
  cancel() {}, pause() {}, resume() {},
  getVoices() { return []; },
  speaking: false, pending: false, paused: false,
  addEventListener() {}, removeEventListener() {},
};
Object.defineProperty(window, "speechSynthesis", { value: fakeSpeech, configurable: true });
HTMLMediaElement.prototype.play = function () { window.__played.push(this.src); return Promise.resolve(); };
"""

# Everything a layout test needs in one round trip: the document's scroll size, and for each selector the
# element's box, whether it is hidden, and whether its own content is cut off (scroll size over its box).
MEASURE = """
(selectors) => {
  const out = { width: innerWidth, height: innerHeight,
    scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
    items: {} };
  for (const sel of selectors) {
    const el = document.querySelector(sel);
    if (!el) { out.items[sel] = null; continue; }
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    out.items[sel] = { left: r.left, top: r.top, right: r.right, bottom: r.bottom,
      width: r.width, height: r.height,
      hidden: style.display === "none" || style.visibility === "hidden" || r.width === 0 || r.height === 0,
      clipped: el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2,
      fontSize: parseFloat(style.fontSize),
      sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight };
  }
  return out;
}
"""

# Any element wider than the screen, or reaching past its right edge (what a phone would have to scroll to).
TOO_WIDE = """
() => {
  const w = document.documentElement.clientWidth, bad = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || el.closest(".skip, .visually-hidden")) continue; // off-screen until focused
    if (r.right > w + 1 || r.left < -1) {
      bad.push(el.tagName + (el.id ? "#" + el.id : "") + "." + el.className + " "
        + Math.round(r.left) + ".." + Math.round(r.right));
    }
  }
  return { width: w, scrollWidth: document.documentElement.scrollWidth, bad: bad.slice(0, 10) };
}
"""


def new_page(chromium: Any, width: int, height: int, *, locale: str = "en-US", speech: bool = False) -> Any:
    # The tests install doubles (speechSynthesis, axe-core): the policy would refuse them.
    context = chromium.new_context(
        viewport={"width": width, "height": height}, locale=locale, bypass_csp=True
    )
    context.set_default_timeout(15_000)
    if speech:
        context.add_init_script(SPEECH_DOUBLE)
    return context.new_page()


def assert_within(m: dict[str, Any], sel: str) -> None:
    box = m["items"][sel]
    assert box is not None, f"{sel} is missing"
    assert not box["hidden"], f"{sel} is hidden"
    assert box["left"] >= -1 and box["top"] >= -1, f"{sel} starts off screen: {box}"
    assert box["right"] <= m["width"] + 1 and box["bottom"] <= m["height"] + 1, (
        f"{sel} ends off screen: {box}"
    )
