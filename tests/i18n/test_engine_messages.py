"""Every refusal the engine can make reads, in English, exactly as the engine wrote it, and is translated.

The codes are enumerated from the engine's source (every ``code=``, every error helper's code argument,
every error class's default code): each must have templates. Then the engine is driven into refusals
(random events on hands of every game, bad pots, cards, PHH, tournament inputs): each message must be
read by a template, come back unchanged in English and changed in Indonesian, Russian and Portuguese.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from apps.core.i18n import error_message, match_message, rendered
from apps.core.i18n_catalog import ERRORS
from apps.engine import clock as lc
from apps.engine import phh
from apps.engine.cards import parse_card, parse_cards
from apps.engine.errors import EngineError
from apps.engine.events import EVENT_TYPES
from apps.engine.games import Game, five_card_draw, single_draw_27, triple_draw_27
from apps.engine.hand import start_hand
from apps.engine.potjson import resolve_request
from apps.engine.pots import FinishingRank, PotPlayer, check_award, resolve_pots
from apps.engine.ranking import evaluate
from apps.engine.tournament import deals, entries, league, payouts, places, ratings, seating, structure

ENGINE = Path(__file__).resolve().parents[2] / "apps" / "engine"
LANGUAGES = ("id", "ru", "pt")
_HELPERS = {"_err": 1, "_refuse": 1, "_error": 1, "_field_error": 0}  # helper -> index of its code argument


def _code_node(call: ast.Call) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == "code":
            return kw.value
    name = call.func.id if isinstance(call.func, ast.Name) else None
    if name in _HELPERS and len(call.args) > _HELPERS[name]:
        return call.args[_HELPERS[name]]
    return None


def engine_codes() -> tuple[set[str], set[str]]:
    """(literal codes, regexes of f-string codes such as ``f"{kind}_too_small"``) found in the engine: the
    code of every raise, and an error class's default code where it is raised without one."""
    literal: set[str] = set()
    patterns: set[str] = set()
    defaults: dict[str, str] = {}
    uncoded: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    target = item.target if isinstance(item, ast.AnnAssign) else None
                    if isinstance(item, ast.Assign) and len(item.targets) == 1:
                        target = item.targets[0]
                    if (
                        isinstance(target, ast.Name)
                        and target.id == "code"
                        and isinstance(item.value, ast.Constant)
                    ):
                        defaults[node.name] = item.value.value  # type: ignore[union-attr]
            if isinstance(node, ast.Call):
                code = _code_node(node)
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    literal.add(code.value)
                elif isinstance(code, ast.JoinedStr):
                    patterns.add(
                        "".join(
                            re.escape(v.value) if isinstance(v, ast.Constant) else r"\w+" for v in code.values
                        )
                    )
                elif code is None and isinstance(node.func, ast.Name) and node.func.id.endswith("Error"):
                    uncoded.add(node.func.id)
    literal |= {defaults[name] for name in uncoded if name in defaults}
    return literal, patterns


def test_every_code_the_engine_can_raise_has_templates() -> None:
    literal, patterns = engine_codes()
    assert {"game_invalid", "deck_exhausted", "payout_invalid"} <= literal  # class defaults, raised uncoded
    assert len(literal) > 100, "the grep found too few codes: the enumeration is broken"
    missing = sorted(code for code in literal if not ERRORS.get(code))
    assert not missing, f"engine codes without a template in apps/core/i18n_catalog.py: {missing}"
    for pattern in patterns:
        assert any(re.fullmatch(pattern, code) for code in ERRORS), f"no template for codes {pattern}"


# --- driving the engine into refusals -------------------------------------------------------------------


def _refusal(fn: Callable[[], Any]) -> EngineError | None:
    try:
        fn()
    except EngineError as error:
        return error
    except (lc.ClockError, TypeError, ValueError):  # not an EngineError (the clock's are ValueErrors)
        return None
    return None


def _refusals(calls: list[Callable[[], Any]], at_least: int) -> list[EngineError]:
    found = [error for error in map(_refusal, calls) if error is not None]
    assert len(found) >= at_least, (
        f"{len(found)} refusals of {len(calls)} calls: the drivers stopped refusing"
    )
    return found


def _games() -> list[Game]:
    return [
        five_card_draw(),
        five_card_draw(structure="pot-limit", opening="jacks-or-better", joker="bug"),
        five_card_draw(structure="fixed-limit", draw_limit="3", round2_starter="left-of-button"),
        five_card_draw(mode="no-bet"),
        triple_draw_27(small_blind=5, big_blind=10),
        single_draw_27(small_blind=5, big_blind=10),
    ]


_CARDS = ["As", "Kh", "Qd", "Jc", "Ts", "9h", "2c", "Xx", "??", "Zz", "AsAs", "AsKhQdJcTs", "2c3c4c5c7d"]


def _random_event(rng: random.Random, seats: list[int]) -> dict[str, Any]:
    kind = rng.choice([*EVENT_TYPES, "bogus"])
    event: dict[str, Any] = {"type": kind, "seat": rng.choice([*seats, 9, 0])}
    if kind in ("bet", "raise"):
        event["amount"] = rng.choice([0, 1, 5, 10, 15, 20, 25, 40, 45, 100, 999, 5000, -5, "x"])
    if kind == "draw":
        event["count"] = rng.choice([0, 1, 3, 4, 5, 6, -1])
        if rng.random() < 0.5:
            event["discard"] = rng.choice(_CARDS)
        if rng.random() < 0.3:
            event["receive"] = rng.choice(_CARDS)
        if rng.random() < 0.2:
            event["shown"] = rng.choice(_CARDS)
    if kind in ("show", "deal", "prove_openers"):
        event["cards"] = rng.choice(_CARDS)
    if kind == "finish_order":
        event.pop("seat")
        event["order"] = rng.choice([[[s] for s in seats], [seats[:1]], [[]], "x"])
    if rng.random() < 0.05:
        event["extra"] = 1
    return event


def hand_refusals(seed: int = 7, steps: int = 2500) -> list[EngineError]:
    """Random events on hands of every game: two in three are legal moves (the hand goes on through every
    phase), one in three random (mostly refused)."""
    rng = random.Random(seed)
    found: list[EngineError] = []
    for game in _games():
        seats = [1, 2, 3, 4]
        state = None
        for _ in range(steps):
            if state is None or (state.phase == "finished" and rng.random() < 0.5):
                stacks = [rng.choice([0, 15, 60, 200, 2000]) for _ in seats]
                specs = [{"seat": s, "stack": max(stack, 1) if i else stack} for i, (s, stack) in
                         enumerate(zip(seats, stacks, strict=True))]  # fmt: skip
                try:
                    state = start_hand(game, specs, button=rng.choice(seats))
                except EngineError as error:
                    found.append(error)
                    state = start_hand(game, [{"seat": s, "stack": 2000} for s in seats], button=1)
            legal = state.legal_actions()
            if legal and rng.random() < 2 / 3:
                move = dict(rng.choice(legal))
                low, high = move.pop("min", None), move.pop("max", None)
                for key in ("show_ace_above", "usable"):
                    move.pop(key, None)
                if move["type"] in ("bet", "raise"):
                    move["amount"] = rng.choice([low, high])
                if move["type"] == "draw":
                    move["count"] = rng.choice([low, high])
                if move["type"] in ("show", "prove_openers"):
                    move["cards"] = rng.choice(_CARDS[-2:])
                event = move
            else:
                event = _random_event(rng, seats)
            try:
                state = state.apply(event)
            except EngineError as error:
                found.append(error)
    return found


def pot_refusals() -> list[EngineError]:
    rank = FinishingRank
    good = [PotPlayer(1, 50, strength=rank(1)), PotPlayer(2, 50, strength=rank(2))]
    result = resolve_pots(good, button=2)
    royal = evaluate("AsKsQsJsTs", "high")
    bad_pots: list[Callable[[], Any]] = [
        lambda: resolve_pots([], button=1),
        lambda: resolve_pots(good, button=1, smallest_chip=0),
        lambda: resolve_pots(good, button="x"),  # type: ignore[arg-type]
        lambda: resolve_pots([PotPlayer(1, 10, folded=True), PotPlayer(2, 10, folded=True)], button=1),
        lambda: resolve_pots([PotPlayer(1, 9, strength=rank(1)), PotPlayer(2, 9, strength=royal)], button=1),
        lambda: resolve_pots([PotPlayer(0, 10)], button=1),
        lambda: resolve_pots([PotPlayer(1, 10), PotPlayer(1, 10)], button=1),
        lambda: resolve_pots([PotPlayer(1, 10), PotPlayer(2, 10)], button=1),
        lambda: resolve_pots([PotPlayer(1, 1.5), PotPlayer(2, 10)], button=1),  # type: ignore[arg-type]
        lambda: resolve_pots([PotPlayer(1, -1), PotPlayer(2, 10)], button=1),
        lambda: resolve_pots([PotPlayer(1, 1, dead=-2), PotPlayer(2, 10)], button=1),
        lambda: check_award(result, {1: -1}),
    ]  # fmt: skip
    one = {"seat": 1, "contributed": 5, "rank": 1}
    flush, royal_text = {"seat": 2, "contributed": 5, "cards": "AsKhQhJhTh"}, "AsKsQsJsTs"
    requests: list[Any] = [
        [],
        {"ranking": "omaha", "button": 1, "players": []},
        {"players": []},
        {"button": 1, "players": [1]},
        {"button": 1, "players": [{"seat": 1, "contributed": "x"}]},
        {"button": 1, "players": [{"seat": 1, "contributed": 5, "cards": "AsKsQsJsTs", "rank": 1}]},
        {"button": 1, "players": [{"seat": 1, "contributed": 5, "rank": 0}]},
        {"button": 1, "players": [one, {"seat": 2, "contributed": 5, "cards": royal_text}]},
        {"button": 1, "players": [{"seat": 1, "contributed": 5, "cards": royal_text}, flush]},
        {"button": 1, "players": [{"seat": 1, "contributed": 5, "cards": "AsKsQsJsXx"}], "ranking": "low27"},
        {"button": 1, "players": [one], "proposed": {"x": 1}},
        {"button": 1, "players": [one], "proposed": {"1": -1}},
        {"button": 1, "players": [one], "proposed": []},
    ]  # fmt: skip
    return _refusals(bad_pots, len(bad_pots)) + _refusals(
        [lambda r=r: resolve_request(r) for r in requests], len(requests)
    )


def card_and_game_refusals() -> list[EngineError]:
    calls: list[Callable[[], Any]] = [
        lambda: parse_card("Zz"),
        lambda: parse_cards("AsKs", count=5),
        lambda: parse_cards("AsAsKsQsJs", count=5),
        lambda: parse_cards("XxAsKsQsJs", count=5, allow_joker=False),
        lambda: parse_cards("??AsKsQsJs", count=5, allow_unknown=False),
        lambda: evaluate("AsKsQsJsTs", "omaha"),
        lambda: evaluate("XxKsQsJsTs", "low27"),
        lambda: five_card_draw(structure="spread"),
        lambda: five_card_draw(ante=-1),
        lambda: five_card_draw(joker="wild"),
        lambda: triple_draw_27(small_blind=20, big_blind=10),
        lambda: Game.from_json({"kind": "five-card-draw", "wings": 2}),
        lambda: start_hand(five_card_draw(), [{"seat": 1, "stack": 10}], button=1),
        lambda: start_hand(five_card_draw(), [{"seat": 1, "stack": 10}, {"seat": 1, "stack": 10}], button=1),
        lambda: start_hand(five_card_draw(), [{"seat": 1, "stack": 10}, {"seat": 2, "stack": 0}], button=1),
    ]
    return _refusals(calls, len(calls) - 2)


def phh_refusals() -> list[EngineError]:
    draw = 'variant = "F2L3D"\nantes = [0, 0]\nsmall_bet = 10\nbig_bet = 20\n'
    texts = [
        "this is = not toml [",
        "actions = []",
        'variant = "FT"\nactions = []',
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 2\nstarting_stacks = [1]',
        draw + 'blinds_or_straddles = [5, 10]\nstarting_stacks = [100, "x"]\nactions = []',
        draw + "blinds_or_straddles = [5, 10, 20]\nstarting_stacks = [100, 100, 100]\nactions = []",
        draw + 'blinds_or_straddles = [5, 10]\nstarting_stacks = [100, 100]\nactions = ["p9 cc"]',
        draw + 'blinds_or_straddles = [5, 10]\nstarting_stacks = [100, 100]\nactions = ["p1 cbr x"]',
        draw + 'blinds_or_straddles = [5, 10]\nstarting_stacks = [100, 100]\nactions = ["hello"]',
    ]
    found = []
    for text in texts:
        try:
            for hh in phh.loads_all(text) if "[" in text.split("\n")[0] else [phh.loads(text)]:
                result = phh.replay_phh(hh)
                if result.error is not None:
                    found.append(result.error)
        except EngineError as error:
            found.append(error)
    found += _refusals([lambda: phh.parse_action("p1 zz"), lambda: phh.parse_action("q1 f")], 2)
    assert len(found) >= 8
    return found


def tournament_refusals() -> list[EngineError]:
    cfg = entries.TournamentConfig(
        buy_in=100,
        starting_stack=1000,
        late_registration_until=2,
        rebuy=entries.Option(
            cost=100, chips=1000, from_level=1, until_level=4, max_per_player=1, max_stack=500
        ),
    )
    table = seating.Table(1, 2, {1: "a", 2: "b"})
    calls: list[Callable[[], Any]] = [
        lambda: entries.verify_registration(cfg, level=3),
        lambda: entries.verify_add_on(cfg, level=1, taken=0),
        lambda: entries.verify_rebuy(cfg, level=6, stack=0, taken=0),
        lambda: entries.verify_rebuy(cfg, level=2, stack=0, taken=1),
        lambda: entries.verify_rebuy(cfg, level=2, stack=900, taken=0),
        lambda: entries.Option(cost=-1, chips=1),
        lambda: entries.TournamentConfig(buy_in=-1, starting_stack=1000),
        lambda: entries.TournamentConfig(buy_in=100, starting_stack=0),
        lambda: entries.TournamentConfig(buy_in=100, starting_stack=100, bounty=200),
        lambda: payouts.places_paid(0),
        lambda: payouts.verify_shares([5000, 4000]),
        lambda: payouts.verify_shares([-1, 10001]),
        lambda: payouts.percentages_to_shares(["50.123", "49.877"]),
        lambda: payouts.verify_amounts(100, [60, 30]),
        lambda: payouts.pay(-1, [10000]),
        lambda: deals.icm([100], [10]),
        lambda: deals.icm([100, 0], [10, 5]),
        lambda: deals.icm([100, 50], [10, 5, 1]),
        lambda: deals.icm([100] * 30, [1] * 30),
        lambda: structure.template("hyper"),
        lambda: structure.template("turbo", starting_stack=0),
        lambda: structure.suggest_structure(1, 1000, 1),
        lambda: structure.suggest_structure(10, 1000, 10**6),
        lambda: structure.verify_structure([]),
        lambda: structure.level_for(1, 1, "mixed", 10),
        lambda: ratings.rate({}, {"a": 1}),
        lambda: ratings.rate({}, {"a": 0, "b": 1}),
        lambda: league.PointsRule("bogus"),
        lambda: league.PointsRule("table", ()),
        lambda: league.PointsRule("table", (10, 5)).points(place=3, entries=2, buyin=0),
        lambda: league.leaderboard([], best_n=0),
        lambda: seating.Table(1, 1),
        lambda: seating.Table(1, 2, {3: "a"}),
        lambda: places.match_result({}),
        lambda: places.places_for_hand(1, [places.Bust("a", 0, 1), places.Bust("b", 0, 2)]),
        lambda: lc.structure_from_json([]) and None,
    ]
    del table
    return _refusals(calls, 25)


@pytest.fixture(scope="module")
def refusals() -> list[EngineError]:
    found = hand_refusals() + pot_refusals() + card_and_game_refusals() + phh_refusals()
    return found + tournament_refusals()


def test_the_drivers_reach_many_codes(refusals: list[EngineError]) -> None:
    codes = {e.code for e in refusals}
    assert len(codes) >= 70, sorted(codes)


def test_every_refusal_reads_exactly_as_the_engine_in_english(refusals: list[EngineError]) -> None:
    unread = sorted({(e.code, e.message) for e in refusals if match_message(e.code, e.message) is None})
    assert not unread, f"engine messages no template reads (add them to i18n_catalog): {unread[:20]}"
    with translation.override("en"):
        changed = [(e.message, rendered(e.code, e.message)) for e in refusals]
    assert all(mine == theirs for theirs, mine in changed)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_is_translated(lang: str, refusals: list[EngineError]) -> None:
    distinct = {(e.code, e.message): e for e in refusals}
    with translation.override(lang):
        same = [m for (code, m) in distinct if error_message(code, {}, m) == m]
    assert not same, f"{lang}: refusals left in English: {same[:10]}"


def test_a_translated_refusal_keeps_the_numbers_and_names_the_words() -> None:
    message = (
        "the betting was not reopened for seat 3: the bet went from 40 to 60, less than a full raise (40); "
        "call or fold"
    )
    with translation.override("ru"):
        text = error_message("raise_not_allowed", {}, message)
        phase = error_message("wrong_phase", {}, "draw is not possible now: the hand is in the betting phase")
    assert text.startswith("торги для места 3 не открылись заново") and "с 40 до 60" in text
    assert phase == "действие «обмен» сейчас невозможно: раздача в фазе «торги»"


def test_an_unknown_message_is_answered_in_english_as_written() -> None:
    with translation.override("pt"):
        assert error_message("new_code", {}, "a message nobody catalogued") == "a message nobody catalogued"
        assert error_message("raise_too_small", {}, "") == ""


# --- every raise site, read statically ----------------------------------------------------------------------

_MESSAGE_ARG = {"_err": 0, "_refuse": 0, "_error": 0, "_bad": 0, "_unsupported": 0, "_field_error": 2}
_DEFAULT_CODES = {
    "_bad": "event_invalid",
    "_unsupported": "phh_variant_unsupported",
    "ClockError": "clock_refused",
}


def _sample(node: ast.expr) -> str | None:
    """The message a raise site writes, with ``7`` for each value (None when its words are computed)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            elif isinstance(v, ast.FormattedValue) and (
                isinstance(v.value, ast.IfExp) or (isinstance(v.value, ast.Name) and v.value.id == "what")
            ):
                return None  # words chosen in the f-string: driven instead (tests above)
            else:
                parts.append("7")
        return "".join(parts)
    return None


def raise_sites() -> list[tuple[str, str, str]]:
    """(where, code, sample message) of every error the engine constructs with a readable message."""
    sites = []
    defaults = {**_DEFAULT_CODES}
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.AnnAssign | ast.Assign) and isinstance(item.value, ast.Constant):
                        target = item.target if isinstance(item, ast.AnnAssign) else item.targets[0]
                        if isinstance(target, ast.Name) and target.id == "code":
                            defaults.setdefault(node.name, str(item.value.value))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            name = node.func.id
            if not (name.endswith("Error") or name in _MESSAGE_ARG) or name in (
                "AssertionError",
                "TypeError",
            ):
                continue
            index = _MESSAGE_ARG.get(name, 0)
            code_node = _code_node(node)
            if code_node is not None and not isinstance(code_node, ast.Constant):
                continue  # a code made at run time (f"{name}_none", a helper's argument): driven instead
            code = code_node.value if code_node is not None else defaults.get(name)
            if len(node.args) <= index or not isinstance(code, str):
                continue
            sample = _sample(node.args[index])
            if sample is None:
                continue
            if name == "_field_error":
                sample = f"7: {sample}"
            sites.append((f"{path.name}:{node.lineno}", code, sample))
    return sites


def test_every_raise_site_has_a_template_that_reads_it() -> None:
    sites = raise_sites()
    assert len(sites) > 150, "the raise sites were not found"
    unread = [site for site in sites if match_message(site[1], site[2]) is None]
    assert not unread, f"raise sites no template reads (add to i18n_catalog): {unread}"
