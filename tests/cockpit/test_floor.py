"""The cockpit's floor pages: the level clock's controls (start, pause, resume, add or remove time, jump),
the balancing moves Floor proposes after an elimination (confirm, cancel, a new plan, override, confirm all)
and the eliminations and payouts page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from apps.clocks.levelclock import level_clock_view
from apps.tournaments.models import Entry, Payout, SeatMove, Tournament
from tests.cockpit.helpers import bust, flashed, given_director_client, given_running, refused_on_page
from tests.tournaments.helpers import given_tournament, open_tables, seated

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _clock(t: Tournament) -> dict[str, Any]:
    assert t.level_clock is not None
    t.level_clock.refresh_from_db()
    return level_clock_view(t.level_clock)


def _control(client: Client, t: Tournament, **data: Any) -> list[str]:
    return flashed(client.post(reverse("cockpit:clock-control", args=[t.pk]), data, follow=True))


def _refused(client: Client, t: Tournament, status: int, **data: Any) -> list[str]:
    """A refused clock action: the clock page itself with the refusal's status and words."""
    response = client.post(reverse("cockpit:clock-control", args=[t.pk]), data, follow=True)
    assert response.context["section"] == "clock"
    return refused_on_page(response, status)


def test_the_clock_pauses_resumes_takes_time_and_jumps() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 2)
    page = client.get(reverse("cockpit:clock", args=[t.pk]))
    assert page.context["clock"]["running"] and "Running" in page.content.decode()

    assert _control(client, t, action="pause") == ["The clock is paused."]
    assert _clock(t)["paused"]
    assert "Paused" in client.get(reverse("cockpit:clock", args=[t.pk])).content.decode()

    before = _clock(t)["remaining"]
    assert _control(client, t, action="add_time", minutes="5") == ["+5 min on the clock."]
    assert _clock(t)["remaining"] == pytest.approx(before + 300, abs=0.01)  # paused: exact
    assert _control(client, t, action="add_time", minutes="-2") == ["-2 min on the clock."]
    assert _clock(t)["remaining"] == pytest.approx(before + 180, abs=0.01)

    assert _control(client, t, action="resume") == ["The clock runs again."]
    assert _clock(t)["running"]

    assert _control(client, t, action="jump", level="3") == ["The clock jumped to the chosen level."]
    view = _clock(t)
    assert view["level"] == 3 and view["current"]["ante"] == 100  # the structure's 4th row, after a break


def test_clock_refusals_are_shown_and_change_nothing() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 2)
    version = _clock(t)["version"]

    [started] = _refused(client, t, 409, action="start")
    assert started.startswith("Refused:") and "clock_refused" in started
    assert _refused(client, t, 400, action="add_time", minutes="0") == ["Add or remove at least one minute."]
    page = client.post(reverse("cockpit:clock-control", args=[t.pk]), {"action": "add_time", "minutes": "0"})
    body = page.content.decode()
    assert (
        'aria-invalid="true"' in body and body.count("Add or remove at least one minute.") == 2
    )  # on the field
    assert _refused(client, t, 400, action="jump", level="99") == ["Choose a level of the structure."]
    assert _refused(client, t, 400, action="rewind") == ["Unknown clock action."]
    assert _clock(t)["version"] == version


def test_the_clock_can_start_before_the_seat_draw_and_keeps_running_through_it() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 2)
    assert "Start the clock" in client.get(reverse("cockpit:clock", args=[t.pk])).content.decode()
    assert _control(client, t, action="start") == ["The clock started."]
    assert t.level_clock is not None
    t.level_clock.refresh_from_db()
    anchor = t.level_clock.anchor_at
    assert anchor is not None
    client.post(reverse("cockpit:tournament-start", args=[t.pk]))
    t.refresh_from_db()
    assert t.status == "running"
    assert t.level_clock is not None and t.level_clock.anchor_at == anchor  # not restarted by the draw


def _nine_with_a_bust(client: Client) -> tuple[Tournament, Any, Entry]:
    """Nine players at two tables (5 and 4); one at the table of four busts: 5 against 3, a balancing move
    (eight left are more than a final table of six)."""
    club = client.get(reverse("cockpit:index")).wsgi_request.user.memberships.get().club
    from apps.accounts.permissions import Actor

    actor = Actor(user=club.memberships.get().user)
    t = given_running(club, actor, 9, seats_per_table=6)
    short = next(tt for tt in open_tables(t) if len(seated(tt)) == 4)
    victim = min(seated(short).values(), key=lambda s: s.stack)
    bust(actor, short, [victim.number])
    out = Entry.objects.get(tournament=t, player=victim.player)
    assert out.status == "eliminated"
    return t, short, out


def test_a_proposed_balancing_move_is_confirmed_and_the_results_show_the_elimination() -> None:
    _, _, client = given_director_client()
    t, _, out = _nine_with_a_bust(client)
    page = client.get(reverse("cockpit:moves", args=[t.pk]))
    [move] = page.context["pending"]
    assert move.kind == "balance" and move.to_table in page.context["table_numbers"]
    assert move.entry.player.name in page.content.decode() and move.rule in page.content.decode()

    response = client.post(
        reverse("cockpit:move-decide", args=[move.pk]), {"decision": "confirm"}, follow=True
    )

    assert flashed(response) == ["The move is confirmed."]
    move.refresh_from_db()
    entry = Entry.objects.select_related("seat").get(pk=move.entry_id)
    assert move.status == "confirmed" and entry.seat is not None and entry.seat.number == move.to_seat
    assert sorted(len(seated(tt)) for tt in open_tables(t)) == [4, 4]

    results = client.get(reverse("cockpit:results", args=[t.pk]))
    [elimination] = results.context["eliminations"]
    assert elimination.entry_id == out.pk and elimination.place == 9
    assert results.context["standings"]["players_left"] == 8
    payouts = list(Payout.objects.filter(tournament=t).values_list("place", "amount"))
    assert payouts and [(p["place"], p["amount"]) for p in results.context["standings"]["payouts"]] == payouts
    assert out.player.name in results.content.decode()


def test_a_move_is_cancelled_re_planned_and_overridden() -> None:
    _, _, client = given_director_client()
    t, _, _ = _nine_with_a_bust(client)
    [move] = client.get(reverse("cockpit:moves", args=[t.pk])).context["pending"]

    def decide(m: SeatMove, **data: Any) -> list[str]:
        return flashed(client.post(reverse("cockpit:move-decide", args=[m.pk]), data, follow=True))

    def refused(m: SeatMove, status: int, **data: Any) -> list[str]:
        response = client.post(reverse("cockpit:move-decide", args=[m.pk]), data, follow=True)
        assert response.context["section"] == "moves"
        return refused_on_page(response, status)

    assert decide(move, decision="cancel", reason="player on a break") == ["The move is cancelled."]
    move.refresh_from_db()
    assert move.status == "cancelled" and "player on a break" in move.reason

    plan = client.post(reverse("cockpit:moves-plan", args=[t.pk]), follow=True)
    assert flashed(plan) == ["Floor proposes 1 move."]
    [again] = plan.context["pending"]

    # an override onto a taken seat is refused and the proposal stays
    target = next(tt for tt in open_tables(t) if tt.number == again.to_table)
    taken = next(iter(seated(target)))
    [refusal] = refused(again, 409, decision="override", to_table=again.to_table, to_seat=taken)
    assert refusal.startswith("Refused:") and "seat_taken" in refusal
    again.refresh_from_db()
    assert again.status == "proposed"

    free = next(n for n in range(1, 7) if n not in seated(target) and n != again.to_seat)
    assert decide(
        again, decision="override", to_table=again.to_table, to_seat=free, reason="near the door"
    ) == ["The move is overridden: the player goes to the seat you chose."]
    again.refresh_from_db()
    assert again.status == "overridden" and again.to_seat == free
    assert Entry.objects.get(pk=again.entry_id).seat.number == free  # type: ignore[union-attr]

    # balanced now: a new plan proposes nothing, and confirming all has nothing to confirm
    assert flashed(client.post(reverse("cockpit:moves-plan", args=[t.pk]), follow=True)) == [
        "The tables are balanced: no move is needed."
    ]
    assert flashed(client.post(reverse("cockpit:moves-confirm-all", args=[t.pk]), follow=True)) == [
        "There were no moves to confirm."
    ]


def test_confirm_all_carries_out_every_pending_move() -> None:
    _, _, client = given_director_client()
    t, _, _ = _nine_with_a_bust(client)
    assert SeatMove.objects.filter(tournament=t, status="proposed").count() == 1

    response = client.post(reverse("cockpit:moves-confirm-all", args=[t.pk]), follow=True)

    assert flashed(response) == ["1 move is confirmed."]
    assert not SeatMove.objects.filter(tournament=t, status="proposed").exists()
    assert sorted(len(seated(tt)) for tt in open_tables(t)) == [4, 4]
    assert response.context["decided"][0].status == "confirmed"


def test_hand_for_hand_is_turned_on_and_off_from_the_clock_page() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 2)

    assert _control(client, t, action="hand_for_hand_on") == [
        "Hand-for-hand is on: the clock waits, two minutes come off per hand."
    ]
    t.refresh_from_db()
    assert t.hand_for_hand and _clock(t)["paused"] and _clock(t)["hand_for_hand"]
    page = client.get(reverse("cockpit:clock", args=[t.pk])).content.decode()
    assert "End hand-for-hand" in page and 'value="resume"' not in page  # no resuming while it lasts

    [refusal] = _refused(client, t, 409, action="hand_for_hand_on")
    assert "hand_for_hand_unchanged" in refusal
    assert _control(client, t, action="hand_for_hand_off") == ["Hand-for-hand is off: the clock runs again."]
    t.refresh_from_db()
    assert not t.hand_for_hand and _clock(t)["running"]


def test_tournament_pages_follow_the_live_stream_from_its_last_event() -> None:
    from apps.clocks.models import LiveChannel

    club, actor, client = given_director_client()
    t = given_running(club, actor, 2)
    assert t.level_clock is not None
    last = LiveChannel.objects.get(name=f"tournament:{t.pk}").last_id
    clock_last = LiveChannel.objects.get(name=f"levelclock:{t.level_clock.pk}").last_id
    assert last >= 1 and clock_last >= 1  # the draw announced the start and the clock's

    desk = client.get(reverse("cockpit:registration", args=[t.pk])).content.decode()
    assert f'data-stream="/api/live/tournaments/{t.pk}/?last_event_id={last}"' in desk
    assert "moves_proposed" in desk and "eliminated" in desk
    clock = client.get(reverse("cockpit:clock", args=[t.pk])).content.decode()
    assert f'data-stream="/api/live/level-clocks/{t.level_clock.pk}/?last_event_id={clock_last}"' in clock
    # the director's own click moves the page past its own event: nothing to announce after the redirect
    page = client.post(reverse("cockpit:clock-control", args=[t.pk]), {"action": "pause"}, follow=True)
    assert f"?last_event_id={clock_last + 1}" in page.content.decode()
