"""Compiled and plain Python give the same answer to every input (README "Speed: the compiled engine").

Two workers (``tests/engine/engine_worker.py``) run the engine side by side: one as plain Python
(``FLOOR_ENGINE_PURE=1``), one compiled with mypyc (``make engine``). Hypothesis generates the same inputs
for both, valid and malformed (wrong types, fractions, strings, bools, lists for tuples, unknown events,
random legal play); each answer (the state after each event, or the code of the typed refusal) must be the
same, and no input may make either build raise anything but the engine's own typed error.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

WORKER = Path(__file__).with_name("engine_worker.py")
ROOT = Path(__file__).resolve().parents[2]


class Worker:
    def __init__(self, *, pure: bool) -> None:
        env = dict(os.environ)
        env.pop("FLOOR_ENGINE_PURE", None)
        if pure:
            env["FLOOR_ENGINE_PURE"] = "1"
        self.proc = subprocess.Popen(
            [sys.executable, "-W", "ignore", str(WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        self.build = json.loads(self.ask_line())["build"]

    def ask_line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, "the engine worker died"
        return line

    def ask(self, case: Any) -> Any:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(case) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.ask_line())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def workers() -> Iterator[tuple[Worker, Worker]]:
    plain, compiled = Worker(pure=True), Worker(pure=False)
    try:
        if compiled.build != "compiled":
            # make test builds the engine first: there (CI) a missing build is a failure, not a skip; a bare
            # pytest on a machine without a C compiler has nothing compiled to compare against
            if os.environ.get("CI"):
                pytest.fail(f"the engine is not compiled ({compiled.build}): make engine failed")
            pytest.skip(f"the engine is not compiled here ({compiled.build}): make engine")
        assert plain.build.startswith("pure")
        yield plain, compiled
    finally:
        plain.close()
        compiled.close()


def tup(values: list[Any]) -> dict[str, Any]:
    return {"__tuple__": values}


# --- strategies: values of every type, most of them wrong somewhere ----------------------------------------

ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6),
    st.text(max_size=4),
    st.lists(st.integers(0, 3), max_size=2),
)
CHIPS = st.one_of(st.integers(0, 3000), st.integers(0, 3000), ODD)
SEAT_NUMBER = st.one_of(st.integers(-1, 9), st.integers(1, 6), ODD)

SEAT = st.one_of(
    st.fixed_dictionaries({"seat": SEAT_NUMBER, "stack": CHIPS}),
    st.fixed_dictionaries({"seat": st.integers(1, 6), "stack": st.integers(1, 3000)}),
    st.fixed_dictionaries({"seat": st.integers(1, 6)}),
    ODD,
)
SEATS = st.one_of(st.lists(SEAT, min_size=0, max_size=7), ODD)
VALID_SEATS = st.integers(2, 6).flatmap(
    lambda n: st.lists(st.integers(1, 3000), min_size=n, max_size=n).map(
        lambda stacks: [{"seat": i + 1, "stack": s} for i, s in enumerate(stacks)]
    )
)

SETTING = st.one_of(st.integers(0, 50), st.integers(1, 50), ODD)
GAME = st.one_of(
    st.fixed_dictionaries(
        {
            "factory": st.just("five_card_draw"),
            "kwargs": st.fixed_dictionaries(
                {},
                optional={
                    "ante": SETTING,
                    "bet_unit": st.one_of(st.none(), SETTING),
                    "smallest_chip": SETTING,
                    "structure": st.sampled_from(["no-limit", "pot-limit", "fixed-limit", "other"]),
                    "opening": st.sampled_from(["none", "jacks-or-better"]),
                    "mode": st.sampled_from(["betting", "no-bet"]),
                    "amounts_in_units": st.one_of(st.booleans(), ODD),
                },
            ),
        }
    ),
    st.fixed_dictionaries(
        {
            "factory": st.sampled_from(["triple_draw_27", "single_draw_27"]),
            "kwargs": st.fixed_dictionaries(
                {
                    "small_blind": st.one_of(st.integers(0, 10), ODD),
                    "big_blind": st.one_of(st.integers(1, 20), ODD),
                },
                optional={
                    "ante": SETTING,
                    "big_blind_ante": SETTING,
                    "call_full_blind": st.one_of(st.booleans(), ODD),
                },
            ),
        }
    ),
    st.fixed_dictionaries(
        {
            "factory": st.just("triple_draw_27"),
            "kwargs": st.fixed_dictionaries(
                {
                    "small_blind": st.just(5),
                    "big_blind": st.just(10),
                    "bet_units": st.one_of(
                        st.lists(st.integers(1, 20), min_size=4, max_size=4),
                        st.lists(st.integers(1, 20), min_size=4, max_size=4).map(tup),
                    ),
                },
            ),
        }
    ),
    ODD,
)
VALID_GAME = st.sampled_from(
    [
        {"factory": "five_card_draw", "kwargs": {}},
        {"factory": "five_card_draw", "kwargs": {"opening": "jacks-or-better"}},
        {"factory": "five_card_draw", "kwargs": {"structure": "pot-limit", "smallest_chip": 5}},
        {"factory": "five_card_draw", "kwargs": {"mode": "no-bet"}},
        {"factory": "triple_draw_27", "kwargs": {"small_blind": 5, "big_blind": 10}},
        {
            "factory": "triple_draw_27",
            "kwargs": {"small_blind": 5, "big_blind": 10, "call_full_blind": False},
        },
        {"factory": "single_draw_27", "kwargs": {"small_blind": 5, "big_blind": 10, "big_blind_ante": 10}},
    ]
)
EVENT = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(
                ["fold", "check", "call", "bet", "raise", "draw", "show", "muck", "timeout"]
            )
        },
        optional={
            "seat": st.one_of(st.integers(0, 7), ODD),
            "amount": st.one_of(st.integers(0, 400), ODD),
            "count": st.one_of(st.integers(0, 6), ODD),
            "cards": st.one_of(st.sampled_from(["7c5d4h3s2c", "AsKsQsJsTs", "??", "XxAs"]), ODD),
        },
    ),
    ODD,
)
BUTTON = st.one_of(st.integers(1, 6), st.integers(-1, 8), ODD)
HAND = st.fixed_dictionaries(
    {
        "op": st.just("hand"),
        "game": st.one_of(GAME, VALID_GAME),
        "seats": st.one_of(SEATS, VALID_SEATS),
        "button": BUTTON,
        "number": st.one_of(st.integers(1, 3), ODD),
        "events": st.lists(EVENT, max_size=12),
    }
)
PLAY = st.fixed_dictionaries(
    {
        "op": st.just("play"),
        "seed": st.integers(0, 10**6),
        "game": VALID_GAME,
        "seats": VALID_SEATS,
        "button": st.integers(1, 6),
    }
)
CARD = st.one_of(st.integers(-2, 55), st.sampled_from(["As", "2c", "Xx", "??", "zz"]), ODD)
EVALUATE = st.fixed_dictionaries(
    {
        "op": st.just("evaluate"),
        "cards": st.one_of(
            st.lists(CARD, min_size=4, max_size=6),
            st.lists(CARD, min_size=5, max_size=5).map(tup),
            st.sampled_from(["AsKsQsJsTs", "7c5d4h3s2c", "Xx As Ad Ac Ah", "As As Kd Qc Jh"]),
            ODD,
        ),
        "ranking": st.one_of(st.sampled_from(["high", "high-bug", "low27"]), ODD),
    }
)
GAME_CASE = st.fixed_dictionaries({"op": st.just("game"), "spec": GAME})


def _crashes(answer: Any) -> list[Any]:
    steps = answer if isinstance(answer, list) else [answer]
    return [s for s in steps if isinstance(s, dict) and "crash" in s]


def _same(workers: tuple[Worker, Worker], case: dict[str, Any]) -> None:
    plain, compiled = workers
    a, b = plain.ask(case), compiled.ask(case)
    assert not _crashes(a), (case, a)
    assert not _crashes(b), (case, b)
    assert a == b, case


COMMON = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@COMMON
@given(case=HAND)
def test_hands_valid_and_malformed_answer_the_same(
    workers: tuple[Worker, Worker], case: dict[str, Any]
) -> None:
    _same(workers, case)


@COMMON
@given(case=PLAY)
def test_random_legal_play_answers_the_same(workers: tuple[Worker, Worker], case: dict[str, Any]) -> None:
    _same(workers, case)


@COMMON
@given(case=st.one_of(EVALUATE, GAME_CASE))
def test_cards_and_games_answer_the_same(workers: tuple[Worker, Worker], case: dict[str, Any]) -> None:
    _same(workers, case)


@pytest.mark.parametrize(
    "case",
    [
        {
            "op": "hand",
            "game": {"factory": "five_card_draw"},
            "seats": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
            "button": 1.5,
            "number": 1,
            "events": [],
        },
        {
            "op": "hand",
            "game": {"factory": "five_card_draw", "kwargs": {"bet_unit": 10.5}},
            "seats": [],
            "button": 1,
            "number": 1,
            "events": [],
        },
        {
            "op": "hand",
            "game": {"factory": "five_card_draw"},
            "seats": [{"seat": 1, "stack": 100.7}, {"seat": 2, "stack": 100}],
            "button": 1,
            "number": 1,
            "events": [],
        },
        {
            "op": "hand",
            "game": {"factory": "five_card_draw"},
            "seats": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
            "button": 2,
            "number": 1,
            "events": [
                None,
                "fold",
                {"type": "bet", "seat": 1, "amount": 20.5},
                {"type": "bet", "seat": True, "amount": 20},
            ],
        },
    ],
)
def test_known_differences_are_gone(workers: tuple[Worker, Worker], case: dict[str, Any]) -> None:
    """The cases a review found: ``button=1.5`` accepted plain and a TypeError compiled, ``bet_unit`` 10.5
    making every hand start at 500 compiled, ``stack: 100.7`` silently becoming 100."""
    plain, compiled = workers
    a, b = plain.ask(case), compiled.ask(case)
    assert a == b and not _crashes(a)
    assert "refused" in a[0] or all("refused" in step for step in a[1:])
