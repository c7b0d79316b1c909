"""``manage.py phh verify``: text and JSON output, exit codes 0/1/2, tampered files, ``--strict``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data" / "phh"


def verify(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("phh", "verify", *args, stdout=out)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue()
    return 0, out.getvalue()


@pytest.fixture
def hand_dir(tmp_path: Path) -> Path:
    for name in ("wsop_2023_43_5_55.phh", "wsop_2023_43_5_41.phh"):
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def test_given_the_data_folder_when_verified_then_every_2_7_hand_ok_and_badugi_unsupported() -> None:
    status, out = verify(str(DATA))

    lines = out.splitlines()
    assert status == 0
    assert len(lines) == 17
    assert sum(line.endswith(": OK") for line in lines) == 15
    assert "alice-carol-wikipedia.phh hand 1: UNSUPPORTED: phh_variant_unsupported" in out
    assert lines[-1] == "16 hands: 15 OK, 0 failed, 1 unsupported, 0 unreadable"


def test_given_the_data_folder_when_verified_as_json_then_one_object_per_hand() -> None:
    status, out = verify(str(DATA), "--json")

    rows: list[dict[str, Any]] = json.loads(out)
    assert status == 0
    assert len(rows) == 16
    assert set(rows[0]) >= {"file", "hand", "ok", "final_stacks", "expected_stacks", "error"}
    by_hand = {Path(r["file"]).name: r for r in rows}
    hand_41 = by_hand["wsop_2023_43_5_41.phh"]
    assert hand_41["ok"] is True and hand_41["hand"] == "41" and hand_41["error"] is None
    assert (
        hand_41["final_stacks"] == hand_41["expected_stacks"] == [7200000, 2600000, 4800000, 775000, 14325000]
    )
    badugi = by_hand["alice-carol-wikipedia.phh"]
    assert (badugi["ok"], badugi["status"], badugi["error"]["code"]) == (
        False,
        "unsupported",
        "phh_variant_unsupported",
    )


def test_given_strict_when_a_variant_is_unsupported_then_exit_1() -> None:
    status, _ = verify(str(DATA / "alice-carol-wikipedia.phh"), "--strict")

    assert status == 1


def test_given_a_wrong_finishing_stack_when_verified_then_exit_1_and_phh_stacks_mismatch(
    hand_dir: Path,
) -> None:
    path = hand_dir / "wsop_2023_43_5_41.phh"
    path.write_text(path.read_text().replace("finishing_stacks = [7200000,", "finishing_stacks = [7200001,"))

    status, out = verify(str(hand_dir))

    assert status == 1
    assert "wsop_2023_43_5_41.phh hand 41: FAILED: phh_stacks_mismatch" in out
    assert "wsop_2023_43_5_55.phh hand 55: OK" in out
    assert out.splitlines()[-1] == "2 hands: 1 OK, 1 failed, 0 unsupported, 0 unreadable"


def test_given_an_illegal_action_when_verified_then_the_action_its_code_and_rule(hand_dir: Path) -> None:
    path = hand_dir / "wsop_2023_43_5_55.phh"
    path.write_text(path.read_text().replace("'p1 cbr 500000', 'p2 cc'", "'p1 cbr 600000', 'p2 cc'"))

    status, out = verify(str(path), "--json")

    row = json.loads(out)[0]
    assert status == 1
    assert row["ok"] is False and row["final_stacks"] is None
    assert row["error"]["index"] == 8
    assert row["error"]["action"] == "p1 cbr 600000"
    assert row["error"]["code"] == "fixed_limit_amount"
    assert "RULES.md §4" in row["error"]["rule"]


def test_given_an_out_of_turn_action_when_verified_as_text_then_the_failing_action_line(
    hand_dir: Path,
) -> None:
    path = hand_dir / "wsop_2023_43_5_55.phh"
    path.write_text(path.read_text().replace("'p3 f', 'p4 f'", "'p4 f', 'p3 f'"))

    status, out = verify(str(path))

    assert status == 1
    assert "hand 55: FAILED at action 5 'p4 f': not_your_turn [" in out


@pytest.mark.parametrize(
    ("name", "text"),
    [("bad.phh", 'variant = "F2L3D"\nantes = [0, 0'), ("missing.phh", 'variant = "F2L3D"\nantes = [0, 0]\n')],
)
def test_given_unreadable_input_when_verified_then_exit_2(hand_dir: Path, name: str, text: str) -> None:
    (hand_dir / name).write_text(text)

    status, out = verify(str(hand_dir), "--json")

    rows = json.loads(out)
    bad = next(r for r in rows if r["file"].endswith(name))
    assert status == 2
    assert bad["status"] == "unreadable" and bad["error"]["code"] in ("phh_toml_invalid", "phh_field_missing")
    assert sum(r["ok"] for r in rows) == 2


def test_given_a_missing_file_when_verified_then_exit_2(tmp_path: Path) -> None:
    status, out = verify(str(tmp_path / "nope.phh"))

    assert status == 2
    assert "UNREADABLE: phh_file_unreadable" in out


def test_given_a_phhs_file_when_verified_then_each_table_is_a_hand(tmp_path: Path) -> None:
    hands = [DATA / "wsop_2023_43_5_56.phh", DATA / "wsop_2023_43_5_57.phh"]
    (tmp_path / "two.phhs").write_text("".join(f"[{i}]\n{p.read_text()}\n\n" for i, p in enumerate(hands, 1)))

    status, out = verify(str(tmp_path))

    assert status == 0
    assert "two.phhs hand 1: OK" in out and "two.phhs hand 2: OK" in out


def test_given_the_real_command_line_then_the_process_exit_status() -> None:
    # The exit status as a shell sees it (call_command turns it into SystemExit).
    ok = subprocess.run(
        [sys.executable, "manage.py", "phh", "verify", str(DATA)], cwd=ROOT, capture_output=True
    )
    bad = subprocess.run(
        [sys.executable, "manage.py", "phh", "verify", "nope.phh"], cwd=ROOT, capture_output=True
    )

    assert ok.returncode == 0, ok.stderr
    assert bad.returncode == 2


def _pokerkit_file(tmp_path: Path) -> Path:
    """A standard file PokerKit played: p3 all-in for 14 over the big blind, p1 raises to 24 (PokerKit's
    reading; RULES.md §4, TDA 47-B, completes the bet to 20)."""
    from apps.engine import phh
    from tests.engine.pokerkit_phh import pokerkit_phh

    deal = ["d dh p1 7c5d4h3s2c", "d dh p2 8c6d4s3h2d", "d dh p3 KcQdJh9s8h"]
    actions = [*deal, "p3 cbr 14", "p1 cbr 24", "p2 cc"]
    actions += ["p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc"] * 3
    actions += ["p1 sm 7c5d4h3s2c", "p2 sm 8c6d4s3h2d", "p3 sm KcQdJh9s8h"]
    path = tmp_path / "pokerkit.phh"
    path.write_text(phh.dumps(pokerkit_phh("F2L3D", [1000, 1000, 14], actions)))
    return path


def test_given_a_standard_file_when_verified_then_phh_by_default_with_the_house_rules_noted(
    tmp_path: Path,
) -> None:
    path = _pokerkit_file(tmp_path)
    status, out = verify(str(path))
    assert status == 0 and "pokerkit.phh hand 1: OK" in out
    assert (
        "note at action 4 'p1 cbr 24': legal under PHH; RULES.md §4 (fixed-limit short all-in); TDA 47-B "
        "would refuse" in out
    )
    status, out = verify(str(path), "--json", "--rules", "phh")
    (row,) = json.loads(out)
    assert row["rules"] == "phh" and [n["code"] for n in row["notes"]] == ["fixed_limit_amount"]


def test_given_a_standard_file_when_verified_under_house_then_refused_with_the_rule(tmp_path: Path) -> None:
    status, out = verify(str(_pokerkit_file(tmp_path)), "--rules", "house")
    assert status == 1
    assert (
        "FAILED at action 4 'p1 cbr 24': fixed_limit_amount "
        "[RULES.md §4 (fixed-limit short all-in); TDA 47-B]" in out
    )
