"""``manage.py pots resolve``: JSON in on stdin, JSON out on stdout, exit status 2 on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[2]

SEED_001: dict[str, Any] = {
    "ranking": "high",
    "button": 3,
    "smallest_chip": 1,
    "players": [
        {"seat": 1, "name": "A", "contributed": 50, "folded": False, "cards": "KhKdKsJd8s"},
        {"seat": 2, "name": "B", "contributed": 120, "folded": False, "cards": "JcJhJsKc7d"},
        {"seat": 3, "name": "C", "contributed": 200, "folded": False, "cards": "9c9h9dQcTc"},
    ],
}


def run(stdin: str) -> tuple[dict[str, Any], CommandError | None]:
    out = io.StringIO()
    try:
        call_command("pots", "resolve", stdin=io.StringIO(stdin), stdout=out)
    except CommandError as error:
        return json.loads(out.getvalue()), error
    return json.loads(out.getvalue()), None


def test_seed_001_end_to_end() -> None:
    answer, error = run(json.dumps(SEED_001))

    assert error is None
    assert answer["returned"] == {"3": 80}
    assert [(p["name"], p["amount"], p["winners"]) for p in answer["pots"]] == [
        ("main", 150, [1]),
        ("side 1", 140, [2]),
    ]
    assert answer["received"] == {"1": 150, "2": 140, "3": 80}
    assert answer["net"] == {"1": 100, "2": 20, "3": -120}
    assert (
        answer["explanation"][0] == "C gets 80 back uncalled: 200 − 120 (the next-highest contribution) = 80."
    )
    assert answer["explanation"][-2] == "Received: A 150, B 140, C 80 = 370 = 50 + 120 + 200 put in."


def test_engine_refusal_is_a_json_error_and_exit_status_2() -> None:
    request = {**SEED_001, "players": [{**SEED_001["players"][0], "contributed": -5}]}
    answer, error = run(json.dumps(request))

    assert error is not None and error.returncode == 2
    assert answer == {
        "code": "negative_contribution",
        "message": "seat 1 contributed -5: contributions cannot be negative",
        "rule": "RULES.md §5",
        "detail": {"seat": 1, "contributed": -5},
    }


def test_invalid_json_is_a_json_error_and_exit_status_2() -> None:
    answer, error = run("{not json")
    assert error is not None and error.returncode == 2
    assert answer["code"] == "json_invalid"
    assert set(answer) == {"code", "message", "rule", "detail"}


@pytest.mark.parametrize(
    ("stdin", "code", "status"),
    [
        (json.dumps(SEED_001), None, 0),
        (json.dumps({"players": []}), "field_missing", 2),
        ("[1,", "json_invalid", 2),
    ],
)
def test_as_a_subprocess(stdin: str, code: str | None, status: int) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "pots", "resolve"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == status, done.stderr
    answer = json.loads(done.stdout)
    if code is None:
        assert answer["received"] == {"1": 150, "2": 140, "3": 80}
    else:
        assert answer["code"] == code
        assert "rule" in answer and "detail" in answer
