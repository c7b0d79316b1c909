"""Server-side SVG line charts (no script, no library): the rating history and the chip count through a
tournament. The markup is built here with every text escaped, and scales with its container."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

W, H = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 16, 40


def _nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    if high <= low:
        return [low]
    step = (high - low) / count
    return [low + i * step for i in range(count + 1)]


def _fmt(v: float) -> str:
    return f"{round(v):,}".replace(",", " ")


def line_chart(
    values: Sequence[float],
    *,
    label: str,
    x_label: str,
    point_labels: Sequence[str] | None = None,
    baseline_zero: bool = False,
) -> SafeString:
    """An SVG line through ``values`` (x is the index), with a y axis of five ticks. ``label`` is the
    chart's accessible name; ``point_labels`` give each point's tooltip.

    >>> "<polyline" in line_chart([1000, 1200, 900], label="Chips", x_label="Hands")
    True
    """
    if not values:
        return mark_safe("")
    low = 0.0 if baseline_zero else float(min(values))
    high = float(max(values))
    if high == low:
        low, high = low - 1, high + 1
    n = len(values)
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (1 - (v - low) / (high - low))

    parts = [
        f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(label)}" '
        'xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet">',
        f"<title>{escape(label)}</title>",
    ]
    for t in _nice_ticks(low, high):
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
            f'<text class="tick" x="{LEFT - 6}" y="{y(t) + 5:.1f}" text-anchor="end">{_fmt(t)}</text>'
        )
    middle = LEFT + plot_w / 2
    parts.append(
        f'<text class="axis" x="{middle:.1f}" y="{H - 8}" text-anchor="middle">{escape(x_label)}</text>'
    )
    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline class="line" fill="none" points="{points}"/>')
    for i, v in enumerate(values):
        tip = point_labels[i] if point_labels and i < len(point_labels) else _fmt(v)
        parts.append(
            f'<circle class="dot" cx="{x(i):.1f}" cy="{y(v):.1f}" r="4"><title>{escape(tip)}</title></circle>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every interpolated text above is escaped
