"""The hand log has one writer: no module but ``apps/tables/handlog.py`` creates a ``HandEvent`` or a
``Hand``, updates either, or assigns a hand's ``state``; and seats and stacks are written by ``tables``
alone (``apps/tables/seats.py`` for the apps above). Read from each module's syntax tree, so a write inside a
function is caught too. The engine's own objects are not Django rows and are left out."""

from __future__ import annotations

import ast
from pathlib import Path

APPS = Path(__file__).resolve().parents[2] / "apps"
WRITER = APPS / "tables" / "handlog.py"
MODELS = {"Hand", "HandEvent"}
WRITES = {"create", "bulk_create", "update", "bulk_update", "get_or_create", "update_or_create", "delete"}


def _writes(
    path: Path, models: frozenset[str] = frozenset(MODELS), fields: tuple[str, ...] = ("state",)
) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in models - {"Hand"}:
                found.append(f"{path.name}:{node.lineno} {func.id}(...)")
            if isinstance(func, ast.Attribute) and func.attr in WRITES:
                # Hand.objects.create(...), HandEvent.objects.filter(...).update(...)
                chain = func.value
                while isinstance(chain, (ast.Call, ast.Attribute)):
                    chain = chain.func if isinstance(chain, ast.Call) else chain.value
                if isinstance(chain, ast.Name) and chain.id in models:
                    found.append(f"{path.name}:{node.lineno} {chain.id}...{func.attr}()")
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for t in ast.walk(target):
                    if isinstance(t, ast.Attribute) and t.attr in fields and not _is_self(t):
                        found.append(f"{path.name}:{node.lineno} .{t.attr} =")
    return found


def _is_self(attribute: ast.Attribute) -> bool:
    return isinstance(attribute.value, ast.Name) and attribute.value.id == "self"


def test_only_the_hand_logs_writer_writes_hand_events_and_hand_states() -> None:
    offenders = {}
    for path in sorted(APPS.rglob("*.py")):
        if path == WRITER or "migrations" in path.parts or path.is_relative_to(APPS / "engine"):
            continue
        found = _writes(path)
        if found:
            offenders[str(path.relative_to(APPS))] = found
    assert offenders == {}


def test_the_check_would_catch_a_second_writer(tmp_path: Path) -> None:
    module = tmp_path / "rogue.py"
    module.write_text(
        "def rogue(hand, after):\n"
        "    HandEvent.objects.create(hand=hand, seq=1, payload={}, state_after={})\n"
        "    Hand.objects.filter(pk=hand.pk).update(seq=2)\n"
        "    hand.state = after\n"
        "    row = HandEvent(hand=hand)\n"
    )
    assert len(_writes(module)) == 4
    assert _writes(WRITER)  # the writer itself is seen writing


def test_only_tables_writes_seats_and_stacks() -> None:
    offenders = {}
    for path in sorted(APPS.rglob("*.py")):
        if path.is_relative_to(APPS / "tables") or "migrations" in path.parts:
            continue
        if path.is_relative_to(APPS / "engine"):
            continue  # the engine's seats are its own objects, not rows
        found = _writes(path, frozenset({"Seat", "StackAdjustment"}), ("stack", "left_at"))
        if found:
            offenders[str(path.relative_to(APPS))] = found
    assert offenders == {}
