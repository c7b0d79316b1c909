"""Write the TV's bundled sounds (static/public/chime.wav and alert.wav): plain Python, no dependency.

The chime (a level, a break) is two bell-like tones, the alert (a seat move, an elimination, one minute
left) three short ones; 22,050 Hz mono 16-bit, a second or so each, so they cost little to load. Run it
again to change them: ``python3 scripts/make_sounds.py``.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "static" / "public"


def bell(freq: float, seconds: float, start: float, total: float) -> list[float]:
    """A tone with its octave and a soft attack, decaying like a struck bell."""
    out = [0.0] * int(total * RATE)
    for i in range(int(seconds * RATE)):
        t = i / RATE
        env = min(1.0, t / 0.01) * math.exp(-3.2 * t / seconds)
        v = math.sin(2 * math.pi * freq * t) + 0.35 * math.sin(2 * math.pi * 2 * freq * t)
        j = int(start * RATE) + i
        if j < len(out):
            out[j] += 0.45 * env * v
    return out


def mix(*tracks: list[float]) -> list[float]:
    return [sum(s) for s in zip(*tracks, strict=True)]


def write(name: str, samples: list[float]) -> None:
    peak = max(abs(s) for s in samples) or 1.0
    frames = b"".join(struct.pack("<h", int(32000 * s / peak * 0.8)) for s in samples)
    with wave.open(str(OUT / name), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


if __name__ == "__main__":
    total = 1.4
    write("chime.wav", mix(bell(659.25, 1.0, 0.0, total), bell(523.25, 1.0, 0.35, total)))
    total = 0.9
    write("alert.wav", mix(*(bell(880.0, 0.22, k * 0.25, total) for k in range(3))))
