"""Ratings (openskill Bradley-Terry, full pairing): multi-player, ties as equal ranks, a draw between a win
and a loss."""

from __future__ import annotations

import pytest

from apps.engine.tournament.errors import RatingError
from apps.engine.tournament.ratings import MODEL_NAME, NEW, Rating, RatingChange, apply, rate


def _after(changes: list[RatingChange], player: str) -> Rating:
    return next(c.after for c in changes if c.player == player)


def test_a_draw_counts_between_a_win_and_a_loss() -> None:
    # given two players of equal rating, when ann wins, draws or loses against bob
    win = _after(rate({}, {"ann": 1, "bob": 2}), "ann")
    draw = _after(rate({}, {"ann": 1, "bob": 1}), "ann")
    loss = _after(rate({}, {"ann": 2, "bob": 1}), "ann")
    # then the draw moves her mean between the two, and leaves it where it was between equals
    assert loss.mu < draw.mu < win.mu
    assert draw.mu == pytest.approx(NEW.mu)
    assert loss.display < draw.display < win.display


def test_a_draw_with_a_stronger_player_gains() -> None:
    strong = Rating(mu=32.0, sigma=3.0)
    changes = rate({"ann": NEW, "pro": strong}, {"ann": 1, "pro": 1})
    assert _after(changes, "ann").mu > NEW.mu
    assert _after(changes, "pro").mu < strong.mu


def test_a_six_player_table_with_a_tie() -> None:
    # given a finished six-handed match where two players tied for 2nd (RULES.md §6: ties share)
    places = {"a": 1, "b": 2, "c": 2, "d": 4, "e": 5, "f": 6}
    changes = rate({}, places)
    # then the history lists them in finishing order, the tied pair moves alike, and order is respected
    assert [c.player for c in changes] == ["a", "b", "c", "d", "e", "f"]
    mus = {c.player: c.after.mu for c in changes}
    assert mus["b"] == pytest.approx(mus["c"])
    assert mus["a"] > mus["b"] > mus["d"] > mus["e"] > mus["f"]
    assert all(c.after.sigma < c.before.sigma for c in changes)
    assert all(c.before == NEW for c in changes)
    # and the tied pair moves by exactly the average of 2nd and 3rd without the tie
    untied = {c.player: c.after.mu for c in rate({}, {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6})}
    assert mus["b"] == pytest.approx((untied["b"] + untied["c"]) / 2)
    assert mus["d"] == pytest.approx(untied["d"])


def test_why_not_plackett_luce() -> None:
    """openskill 6.x Plackett-Luce puts players tied for 2nd below the 4th (a known upstream bug, not fixed
    in any release yet). If this starts failing, openskill fixed it and Plackett-Luce may be
    reconsidered."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    new = model.rate([[model.rating()] for _ in range(6)], ranks=[1, 2, 2, 4, 5, 6])
    assert new[1][0].mu < new[3][0].mu


def test_history_entries_and_applying_them() -> None:
    ratings = {"a": Rating(27.0, 6.0), "b": Rating(22.0, 7.0)}
    changes = rate(ratings, {"a": 2, "b": 1, "new": 3})
    entry = next(c for c in changes if c.player == "a")
    assert entry.before == Rating(27.0, 6.0) and entry.place == 2
    assert entry.display_change == entry.after.display - entry.before.display
    updated = apply(ratings, changes)
    assert updated["a"] == entry.after and "new" in updated
    assert "BradleyTerryFull" in MODEL_NAME


def test_display_and_ordinal() -> None:
    assert NEW.ordinal == pytest.approx(0.0) and NEW.display == 1000
    assert Rating(30.0, 2.0).display == 1000 + round(40 * 24.0)


def test_refusals() -> None:
    with pytest.raises(RatingError):
        rate({}, {"solo": 1})
    with pytest.raises(RatingError):
        rate({}, {"a": 0, "b": 1})
