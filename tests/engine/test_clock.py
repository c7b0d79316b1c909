"""Level-clock arithmetic as pure functions with the time passed in (no database, no clock read)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from apps.engine import clock as lc
from apps.engine.games import five_card_draw, triple_draw_27

LEVELS = [
    lc.Level(seconds=600, small_blind=25, big_blind=50),
    lc.Level(seconds=300, is_break=True),
    lc.Level(seconds=600, small_blind=50, big_blind=100),
    lc.Level(seconds=600, small_blind=75, big_blind=150),
]


def running(at: float = 1000.0) -> lc.ClockState:
    return lc.start(LEVELS, lc.ClockState(), now=at)


def test_unstarted_clock_shows_the_first_level_full():
    pos = lc.position(LEVELS, lc.ClockState(), now=5.0)
    assert (pos.level, pos.remaining, pos.running) == (0, 600.0, False)
    assert lc.next_change_at(LEVELS, lc.ClockState(), now=5.0) is None


def test_running_clock_walks_through_levels_and_breaks():
    st = running()
    assert lc.position(LEVELS, st, now=1599.0).level == 0
    assert lc.position(LEVELS, st, now=1600.0) == lc.Position(1, 0.0, 300.0, True, False)
    assert lc.position(LEVELS, st, now=2000.0) == lc.Position(2, 100.0, 500.0, True, False)
    assert lc.next_change_at(LEVELS, st, now=2000.0) == 2500.0


def test_last_level_runs_on_and_is_finished_when_its_time_is_out():
    st = running()
    pos = lc.position(LEVELS, st, now=1000.0 + 2100 + 5000)
    assert (pos.level, pos.remaining, pos.finished) == (3, 0.0, True)
    assert lc.next_change_at(LEVELS, st, now=1000.0 + 1600) is None  # on the last level: no change due


def test_pause_freezes_the_reading_and_resume_continues_exactly():
    st = lc.pause(LEVELS, running(), now=1250.0)
    assert lc.position(LEVELS, st, now=1250.0).remaining == 350.0
    assert lc.position(LEVELS, st, now=99999.0).remaining == 350.0
    assert lc.next_change_at(LEVELS, st, now=5000.0) is None
    st = lc.resume(LEVELS, st, now=5000.0)
    assert lc.position(LEVELS, st, now=5000.0).remaining == 350.0
    assert lc.position(LEVELS, st, now=5350.0).level == 1


def test_pause_across_a_level_boundary_keeps_the_level_reached():
    st = lc.pause(LEVELS, running(), now=1000.0 + 700)  # 100 s into the break
    assert (st.level, lc.position(LEVELS, st, now=0.0).remaining) == (1, 200.0)


def test_double_pause_and_resume_when_running_are_refused():
    st = running()
    with pytest.raises(lc.ClockError):
        lc.resume(LEVELS, st, now=1100.0)
    with pytest.raises(lc.ClockError):
        lc.pause(LEVELS, lc.pause(LEVELS, st, now=1100.0), now=1200.0)
    with pytest.raises(lc.ClockError):
        lc.start(LEVELS, st, now=1200.0)


def test_add_and_remove_time():
    st = lc.add_time(LEVELS, running(), 120, now=1100.0)
    assert lc.position(LEVELS, st, now=1100.0).remaining == 620.0
    st = lc.add_time(LEVELS, st, -20, now=1100.0)
    assert lc.position(LEVELS, st, now=1100.0).remaining == 600.0


def test_removing_more_than_is_left_ends_the_level_now_without_carrying_over():
    st = lc.add_time(LEVELS, running(), -10_000, now=1100.0)
    assert lc.position(LEVELS, st, now=1100.0) == lc.Position(1, 0.0, 300.0, True, False)


def test_add_time_while_paused_changes_the_frozen_reading():
    st = lc.add_time(LEVELS, lc.pause(LEVELS, running(), now=1100.0), 60, now=3000.0)
    assert lc.position(LEVELS, st, now=4000.0).remaining == 560.0


def test_jump_starts_the_level_fresh_and_a_paused_clock_stays_paused():
    st = lc.jump(LEVELS, running(), 2, now=1100.0)
    assert lc.position(LEVELS, st, now=1160.0) == lc.Position(2, 60.0, 540.0, True, False)
    st = lc.jump(LEVELS, lc.pause(LEVELS, running(), now=1100.0), 3, now=2000.0)
    assert lc.position(LEVELS, st, now=9000.0) == lc.Position(3, 0.0, 600.0, False, False)
    with pytest.raises(lc.ClockError):
        lc.jump(LEVELS, st, 9, now=2000.0)


def test_hand_for_hand_takes_two_minutes_per_hand_while_paused():
    st = lc.pause(LEVELS, running(), now=1100.0)  # 500 s left
    for _ in range(3):
        st = lc.hand_for_hand_hand(LEVELS, st, now=5000.0)
    assert lc.position(LEVELS, st, now=6000.0).remaining == 500.0 - 3 * 120
    st = lc.hand_for_hand_hand(LEVELS, lc.hand_for_hand_hand(LEVELS, st, now=6000.0), now=6000.0)
    assert lc.position(LEVELS, st, now=6000.0) == lc.Position(1, 0.0, 300.0, False, False)


@given(
    ops=hs.lists(
        hs.tuples(hs.sampled_from(["pause", "resume", "add", "wait"]), hs.integers(-900, 900)), max_size=30
    )
)
def test_paused_time_never_counts_and_the_reading_is_restart_exact(ops):
    """Given any sequence of pauses, resumes and added time, the reading equals a reference simulation that
    counts running seconds only, and reading the stored state again later (a restart) gives the same."""
    t, st = 0.0, running(at=0.0)
    ref_level, ref_elapsed = 0, 0.0
    for op, x in ops:
        if op == "pause" and not st.paused:
            st = lc.pause(LEVELS, st, now=t)
        elif op == "resume" and st.paused:
            st = lc.resume(LEVELS, st, now=t)
        elif op == "add":
            pos = lc.position(LEVELS, st, now=t)
            st = lc.add_time(LEVELS, st, x, now=t)
            ref_level, ref_elapsed = pos.level, pos.elapsed - max(x, -pos.remaining)
        elif op == "wait":
            t += abs(x)
            if not st.paused:
                ref_elapsed += abs(x)
        while ref_elapsed >= LEVELS[ref_level].seconds and ref_level + 1 < len(LEVELS):
            ref_elapsed -= LEVELS[ref_level].seconds
            ref_level += 1
        pos = lc.position(LEVELS, st, now=t)
        assert pos.level == ref_level
        assert pos.elapsed == pytest.approx(ref_elapsed)
        again = lc.ClockState(level=st.level, anchor=st.anchor, paused_at=st.paused_at)
        assert lc.position(LEVELS, again, now=t) == pos


def test_structure_json_round_trip_and_minutes():
    items = [
        {"minutes": 20, "small_blind": 25, "big_blind": 50, "ante": 5},
        {"minutes": 10, "is_break": True},
    ]
    levels = lc.structure_from_json(items)
    assert [lv.seconds for lv in levels] == [1200, 600]
    assert lc.structure_from_json([lv.to_json() for lv in levels]) == levels
    with pytest.raises(lc.ClockError):
        lc.structure_from_json([{"minutes": 5, "is_break": True}])
    with pytest.raises(lc.ClockError):
        lc.structure_from_json([{"minutes": 5, "blinds": 3}])


def test_a_hand_in_a_break_uses_the_level_after_it():
    assert lc.playing_level(LEVELS, 1) is LEVELS[2]
    assert lc.playing_level([LEVELS[0], lc.Level(60, is_break=True)], 1) is LEVELS[0]


def test_game_for_level_scales_bet_units_with_the_blinds_and_the_ante():
    g = lc.game_for_level(triple_draw_27(small_blind=25, big_blind=50), LEVELS[3])
    assert (g.small_blind, g.big_blind, g.bet_units) == (75, 150, (150, 150, 300, 300))
    g = lc.game_for_level(five_card_draw(ante=10), lc.Level(60, ante=25))
    assert (g.ante, g.bet_units, g.bet_step) == (25, (50, 50), 50)
    g = lc.game_for_level(five_card_draw(ante=10), lc.Level(60, ante=25, bet_units=(40, 80)))
    assert (g.bet_units, g.bet_step) == ((40, 80), 40)
