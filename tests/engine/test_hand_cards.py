"""Known and unknown cards, stub counting and the reshuffle (RULES.md §1, §7)."""

from __future__ import annotations

from apps.engine.deck import Stub
from apps.engine.games import five_card_draw, triple_draw_27
from apps.engine.hand import HandState
from tests.engine.helpers import deal, play, refused

TD = triple_draw_27(small_blind=1, big_blind=2)


def _six_after_first_draw_of_three_each() -> HandState:
    st = deal(TD, *([100] * 6), button=6)
    st = play(st, "3 call", "4 call", "5 call", "6 call", "1 call", "2 check")
    st = play(st, *(f"{s} draw 3" for s in range(1, 7)))
    return play(st, *(f"{s} check" for s in range(1, 7)))


def test_one_burn_per_draw_even_if_everyone_stands_pat() -> None:
    st = deal(TD, 100, 100, button=1)
    assert st.stub_info()["stub"] == 42
    st = play(st, "1 call", "2 check")
    for _ in range(3):
        st = play(st, "2 draw 0", "1 draw 0", "2 check", "1 check")
    assert st.stub.stub == 39 and st.stub.burns == 3


def test_reshuffle_due_and_done_with_the_last_card_kept_out_of_the_deal() -> None:
    st = _six_after_first_draw_of_three_each()
    # draw 1: 22 - 1 burn - 18 = 3 left; draw 2 burns one: 2 left; muck: 1 burn + 18 discards + 1 burn
    assert st.phase == "drawing" and st.to_act == 1
    info = st.stub_info()
    assert (info["stub"], info["muck"], info["usable"], info["reshuffle_due"]) == (2, 20, 1, True)
    st = play(st, "1 draw 2")  # one card from the stub, then the last card goes into the reshuffle
    assert st.last_reshuffle == {
        "deal": 0, "draw": 1, "seat": 1, "before": 1, "after": 1, "last_resort": False, "declared": False,
    }  # fmt: skip
    assert (st.stub.stub, st.stub.muck, st.stub.current, st.stub.reshuffles) == (20, 0, 2, 1)


def test_current_discards_are_not_reshuffled() -> None:
    st = _six_after_first_draw_of_three_each()
    st = st.apply({"type": "draw", "seat": 1, "count": 1})  # usable 1: no reshuffle yet
    assert st.stub.stub == 1 and st.stub.current == 1
    st = st.apply(
        {"type": "draw", "seat": 2, "count": 1}
    )  # needs the last card: reshuffle without seat 1's discard
    assert st.stub.reshuffles == 1 and st.stub.stub == 1 + 20 - 1 and st.stub.current == 2


def test_the_last_card_is_dealt_when_it_alone_completes_the_draws() -> None:
    def to_second_draw() -> HandState:
        st = deal(TD, 100, 100, 100, 100, button=4)
        st = play(st, "3 call", "4 call", "1 call", "2 check")
        st = play(
            st, "1 draw 5", "2 draw 5", "3 draw 5", "4 draw 5", "1 check", "2 check", "3 check", "4 check"
        )
        return play(st, "1 draw 5", "2 draw 4")  # 32 - 1 - 20 - 1 - 9 = 1 card left

    st = to_second_draw()
    assert st.stub.stub == 1
    last = play(st, "3 draw 0", "4 draw 1")  # seat 4 is the last to draw: it gets the last card
    assert last.stub.reshuffles == 0 and last.stub.stub == 0
    early = play(st, "3 draw 1")  # seat 3 is not the last: the last card goes into the reshuffle
    assert (
        early.stub.reshuffles == 1
        and early.last_reshuffle is not None
        and early.last_reshuffle["before"] == 0
    )


def test_declared_reshuffle() -> None:
    assert refused(deal(TD, 100, 100, button=1), {"type": "reshuffle"}).code == "wrong_phase"
    early = play(deal(TD, 100, 100, button=1), "1 call", "2 check")
    assert refused(early, {"type": "reshuffle"}).code == "reshuffle_not_due"
    st = _six_after_first_draw_of_three_each()
    st = st.apply({"type": "reshuffle"})
    assert (st.stub.stub, st.stub.muck, st.stub.reshuffles) == (22, 0, 1)
    assert st.last_reshuffle is not None and st.last_reshuffle["declared"]
    st = play(st, "1 draw 2")
    assert st.stub.reshuffles == 1


def test_stub_arithmetic() -> None:
    assert Stub.new(deck=53, players=6).stub == 23
    out = Stub(deck=52, stub=2, muck=0, current=10).draw(5, last=False)
    assert out.last_resort and out.stub.stub == 2 + 10 - 5


# --- known cards ------------------------------------------------------------------------------------------


def test_a_known_card_cannot_be_in_two_hands() -> None:
    st = play(deal(TD, 100, 100, button=1), "1 deal 7c5d4h3s2c")
    err = refused(st, "2 deal 7c8d9hTsJc")
    assert err.code == "card_conflict" and err.detail["card"] == "7c" and err.detail["holder"] == 1


def test_a_card_received_cannot_be_one_discarded_in_the_same_draw() -> None:
    st = play(deal(TD, 100, 100, button=1), "1 call", "2 check", "2 deal KcQdJh9s8c")
    st = st.apply({"type": "draw", "seat": 2, "count": 2, "discard": "KcQd", "receive": "2c3d"})
    assert st.cards(2) == "Jh9s8c2c3d"
    err = refused(st, {"type": "draw", "seat": 1, "count": 1, "discard": "??", "receive": "Kc"})
    assert err.code == "card_conflict" and err.detail["where"] == "current_discards"
    own = play(deal(TD, 100, 100, button=1), "1 call", "2 check", "2 deal KcQdJh9s8c")
    err = refused(own, {"type": "draw", "seat": 2, "count": 1, "discard": "Kc", "receive": "Kc"})
    assert err.code == "card_conflict"


def test_discards_of_an_earlier_draw_come_back_only_after_a_reshuffle() -> None:
    st = play(deal(TD, 100, 100, button=1), "1 call", "2 check", "2 deal KcQdJh9s8c")
    st = play(st, {"type": "draw", "seat": 2, "count": 1, "discard": "Kc", "receive": "2c"}, "1 draw 0")
    st = play(st, "2 check", "1 check")
    err = refused(st, {"type": "draw", "seat": 2, "count": 1, "discard": "Qd", "receive": "Kc"})
    assert err.code == "card_conflict" and err.detail["where"] == "muck"


def test_reshuffled_discards_can_be_dealt_again() -> None:
    st = deal(TD, *([100] * 6), button=6)
    st = play(st, "3 call", "4 call", "5 call", "6 call", "1 call", "2 check", "1 deal 2c2d2h3c3d")
    st = st.apply({"type": "draw", "seat": 1, "count": 3, "discard": "2c2d2h"})
    st = play(st, *(f"{s} draw 3" for s in range(2, 7)), *(f"{s} check" for s in range(1, 7)))
    st = st.apply({"type": "draw", "seat": 1, "count": 2, "discard": "3c3d", "receive": "2c2d"})
    assert st.stub.reshuffles == 1 and "2c2d" in st.cards(1)


def test_discarding_a_card_not_held_and_showing_other_cards() -> None:
    st = play(deal(TD, 100, 100, button=1), "2 deal KcQdJh9s8c", "1 call", "2 check")
    err = refused(st, {"type": "draw", "seat": 2, "count": 1, "discard": "7c"})
    assert err.code == "card_not_held"
    st = play(st, "2 draw 0", "1 draw 0", "2 check", "1 check", "2 draw 0", "1 draw 0", "2 check", "1 check")
    st = play(st, "2 draw 0", "1 draw 0", "2 check", "1 check")
    err = refused(st, "2 show 7c5d4h3s2c")
    assert err.code == "card_mismatch"


def test_unnamed_discards_of_a_known_hand_lose_track_of_which_cards_were_kept() -> None:
    st = play(deal(TD, 100, 100, button=1), "2 deal KcQdJh9s8c", "1 call", "2 check", "2 draw 2")
    assert st.cards(2) == "??????????"
    assert sorted(st.seat(2).unplaced) == sorted(["Kc", "Qd", "Jh", "9s", "8c"])
    err = refused(st, "1 deal KcAdAhAsAc")  # Kc may still be in seat 2's hand
    assert err.code == "card_conflict"
    st = play(st, "1 draw 0", "2 check", "1 check", "2 draw 0", "1 draw 0", "2 check", "1 check")
    st = play(st, "2 draw 0", "1 draw 0", "2 check", "1 check", "2 show KcQd7c5d2h")
    assert st.seat(2).unplaced == [] and {"Jh", "9s", "8c"} <= set(
        st.muck_known
    )  # shown: the rest was thrown


def test_joker_only_with_the_joker_setting_and_never_in_2_7() -> None:
    err = refused(deal(TD, 100, 100, button=1), "1 deal Xx5d4h3s2c")
    assert err.code == "joker_not_allowed"
    st = play(deal(five_card_draw(joker="wild"), 2000, 2000, button=1), "1 deal Xx5d4h3s2c")
    assert st.cards(1) == "Xx5d4h3s2c"


def test_a_show_must_be_five_real_cards() -> None:
    st = deal(TD, 100, 100, button=1)
    st = play(st, "1 call", "2 check")
    for _ in range(3):
        st = play(st, "2 draw 0", "1 draw 0", "2 check", "1 check")
    assert refused(st, "1 show 7c5d4h3s").code == "card_count"
    assert refused(st, "1 show 7c5d4h3s??").code == "card_unknown"
    assert refused(st, "1 show 7c5d4h3s7c").code == "card_duplicate"
