"""The setup form as a browser test reads and sends it (Playwright)."""

from __future__ import annotations

from typing import Any


def submit(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)
    page.wait_for_load_state()


def levels_on_page(page: Any) -> list[dict[str, Any]]:
    """The levels as the page shows them, in their Order, as the level clock stores them."""
    rows = []
    for i in range(int(page.input_value("#id_levels-TOTAL_FORMS"))):
        if page.is_checked(f"#id_levels-{i}-DELETE"):
            continue
        order = int(page.input_value(f"#id_levels-{i}-ORDER") or 0)
        level: dict[str, Any] = {"seconds": int(page.input_value(f"#id_levels-{i}-minutes")) * 60}
        if page.is_checked(f"#id_levels-{i}-is_break"):
            level["is_break"] = True
        else:
            for key in ("small_blind", "big_blind", "ante", "big_blind_ante"):
                level[key] = int(page.input_value(f"#id_levels-{i}-{key}") or 0)
            units = page.input_value(f"#id_levels-{i}-bet_units")
            if units:
                level["bet_units"] = [int(u) for u in units.split("/")]
        rows.append((order, i, level))
    return [level for _, _, level in sorted(rows, key=lambda r: (r[0], r[1]))]
