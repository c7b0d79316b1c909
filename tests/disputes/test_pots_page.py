"""The pot calculator page (``/pots/``): a form that works without JavaScript, the result as a table plus
the explanation."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SEED_001_FORM = {
    "rows": "3",
    "button": "3",
    "smallest_chip": "1",
    "ranking": "high",
    "p-0-seat": "1", "p-0-name": "A", "p-0-contributed": "50", "p-0-cards": "Kh Kd Ks Jd 8s",
    "p-1-seat": "2", "p-1-name": "B", "p-1-contributed": "120", "p-1-cards": "Jc Jh Js Kc 7d",
    "p-2-seat": "3", "p-2-name": "C", "p-2-contributed": "200", "p-2-cards": "9c 9h 9d Qc Tc",
}  # fmt: skip


def cell(html: str, seat: int, css: str) -> str:
    row = re.search(rf'<tr data-seat="{seat}">(.*?)</tr>', html, re.S)
    assert row is not None, f"no row for seat {seat}"
    found = re.search(rf'<td class="{css}"[^>]*>(.*?)</td>', row.group(1), re.S)
    assert found is not None
    return found.group(1).strip()


def test_the_empty_form_needs_no_login() -> None:
    response = Client().get("/pots/")

    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="p-0-contributed"' in html and 'name="p-2-cards"' in html
    assert 'name="p-3-seat"' not in html


def test_seed_001_through_the_page() -> None:
    response = Client(enforce_csrf_checks=False).post("/pots/", SEED_001_FORM)

    assert response.status_code == 200
    html = response.content.decode()
    assert [cell(html, s, "received") for s in (1, 2, 3)] == ["150", "140", "80"]
    assert [cell(html, s, "net") for s in (1, 2, 3)] == ["+100", "+20", "-120"]
    assert 'data-key="uncalled_return">C gets 80 back uncalled: 200 − 120' in html
    assert "Received: A 150, B 140, C 80 = 370 = 50 + 120 + 200 put in." in html
    # the form comes back filled in, to change one thing and settle again
    assert 'value="Kh Kd Ks Jd 8s"' in html


def test_a_finishing_order_instead_of_cards_and_a_folded_player() -> None:
    form: dict[str, Any] = {
        "rows": "3", "button": "1",
        "p-0-seat": "1", "p-0-contributed": "100", "p-0-rank": "1",
        "p-1-seat": "2", "p-1-contributed": "100", "p-1-rank": "1",
        "p-2-seat": "3", "p-2-contributed": "51", "p-2-folded": "on",
    }  # fmt: skip

    html = Client().post("/pots/", form).content.decode()

    # 251 split two ways: 125 each and the odd chip to seat 2, the first winner left of the button.
    assert [cell(html, s, "received") for s in (1, 2, 3)] == ["125", "126", "0"]


def test_bad_input_shows_the_code_and_keeps_the_form() -> None:
    form = {**SEED_001_FORM, "p-1-cards": "Kh Jh Js Kc 7d"}

    response = Client().post("/pots/", form)

    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-code="card_duplicate"' in html
    assert 'value="Kh Jh Js Kc 7d"' in html
    assert 'id="pot-result"' not in html


def test_add_a_player_without_javascript() -> None:
    response = Client().post("/pots/", {**SEED_001_FORM, "add_row": "1"})

    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="p-3-seat"' in html and 'value="50"' in html
    assert 'id="pot-result"' not in html


def test_an_ante_each_is_dead_money_in_the_main_pot() -> None:
    form = {**SEED_001_FORM, "ante": "10"}

    html = Client().post("/pots/", form).content.decode()

    # 30 of antes join the main pot (180 to A); C still gets 80 back: antes are never returned
    assert [cell(html, s, "received") for s in (1, 2, 3)] == ["180", "140", "80"]
    assert [cell(html, s, "net") for s in (1, 2, 3)] == ["+120", "+10", "-130"]
