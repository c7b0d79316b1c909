"""A player's own page on a 360×740 phone: "who are you?" from the TV's QR code, then their table, seat and
chips; a move of theirs arrives live over the tournament's stream ("P03: go to table 2, seat 5") with a
vibration; once out, their place and prize. Only what the public standings show."""

from __future__ import annotations

import pytest

from apps.tournaments.models import Entry, SeatMove, TournamentTable
from apps.tournaments.moves import move_decide
from tests.browser import screenshot
from tests.public.helpers import running_tournament
from tests.room.helpers import TOO_WIDE, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIBRATE = "window.__buzz = []; navigator.vibrate = function (p) { window.__buzz.push(p); return true; };"


@pytest.fixture(autouse=True)
def short_streams(settings) -> None:  # type: ignore[no-untyped-def]
    settings.FLOOR_SSE_LIFETIME = 3


def _free_seat(t, table_number: int) -> int:  # type: ignore[no-untyped-def]
    tt = TournamentTable.objects.select_related("table").get(tournament=t, number=table_number)
    taken = set(tt.table.seats.filter(left_at__isnull=True).values_list("number", flat=True))
    return min(n for n in range(1, tt.table.seats_count + 1) if n not in taken)


def test_a_player_finds_their_seat_and_is_told_their_move_live(chromium, live_server) -> None:  # type: ignore[no-untyped-def]
    t = running_tournament(8, hands=0)
    entry = Entry.objects.select_related("seat__table__tournament_table", "player").get(
        tournament=t, player__name="P03"
    )
    table = entry.seat.table.tournament_table.number
    page = new_page(chromium, 360, 740)
    page.context.add_init_script(VIBRATE)
    try:
        # given the TV's QR code opened "who are you?" and the player tapped their name
        page.goto(f"{live_server.url}/t/{t.pk}/me/")
        page.click("a.who:has-text('P03')")
        page.wait_for_url(f"**/t/{t.pk}/me/{entry.pk}/")
        where = page.locator("#me-where")
        assert where.inner_text() == f"Table {table}, seat {entry.seat.number}"
        assert page.locator("#me-chips").inner_text() == "1000"
        assert page.locator("#time-left").inner_text() != ""
        page.wait_for_selector('#main[data-connection="live"]')
        screenshot(page, "me-seated-phone")

        # when the director moves them to the other table
        other = 2 if table == 1 else 1
        seat = _free_seat(t, other)
        move = SeatMove.objects.create(
            tournament=t,
            entry=entry,
            kind=SeatMove.Kind.BALANCE,
            from_table=table,
            from_seat=entry.seat.number,
            to_table=other,
            to_seat=seat,
            rule="TDA 11-A",
        )
        move_decide(actor=t.director, move=move)

        # then the move arrives live, at the top, with a vibration, and the seat follows
        page.wait_for_selector("#me-move:not([hidden])", timeout=15_000)
        assert page.locator("#me-move").inner_text() == f"P03: go to table {other}, seat {seat}"
        assert page.evaluate("window.__buzz.length") >= 1
        page.wait_for_function(
            f"document.getElementById('me-where').textContent === 'Table {other}, seat {seat}'"
        )
        wide = page.evaluate(TOO_WIDE)
        assert wide["scrollWidth"] <= 360 and wide["bad"] == [], wide
        screenshot(page, "me-moved-phone")

        # and the standings are one tap away
        page.click(".me-links a.button")
        page.wait_for_url(f"**/t/{t.pk}/standings/")

        # and a phone that chose before is offered its page again
        page.goto(f"{live_server.url}/t/{t.pk}/me/")
        assert page.locator("#me-again a.who").get_attribute("data-entry") == str(entry.pk)
    finally:
        page.context.close()


def test_a_player_who_is_out_sees_their_place_and_prize(chromium, live_server) -> None:  # type: ignore[no-untyped-def]
    t = running_tournament(8, hands=0)
    entry = Entry.objects.get(tournament=t, player__name="P05")
    Entry.objects.filter(pk=entry.pk).update(
        status=Entry.Status.FINISHED, place=2, place_to=2, prize=240, seat=None
    )
    page = new_page(chromium, 360, 740)
    try:
        page.goto(f"{live_server.url}/t/{t.pk}/me/{entry.pk}/")
        assert page.locator("#me-where").inner_text() == "Out in place 2"
        assert page.locator("#me-prize").inner_text() == "240"
        assert page.locator("#me-chips-box").is_hidden()
        screenshot(page, "me-out-phone")
    finally:
        page.context.close()


def test_the_players_pages_are_as_public_as_the_standings(client) -> None:  # type: ignore[no-untyped-def]
    hidden = running_tournament(4, hands=0, published=False)
    entry = Entry.objects.filter(tournament=hidden).first()
    assert client.get(f"/t/{hidden.pk}/me/").status_code == 404
    assert client.get(f"/t/{hidden.pk}/me/{entry.pk}/").status_code == 404
    assert client.get(f"/t/{hidden.pk}/me/{entry.pk}/qr.svg").status_code == 404
    shown = running_tournament(4, hands=0)
    assert client.get(f"/t/{shown.pk}/me/{entry.pk}/").status_code == 404  # another tournament's entry
    mine = Entry.objects.filter(tournament=shown).first()
    qr = client.get(f"/t/{shown.pk}/me/{mine.pk}/qr.svg")
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content
