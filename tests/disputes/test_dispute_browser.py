"""The director's dispute page in Chromium on a 360 px phone: log in, read the review, try a correction in
the sandbox, rule."""

from __future__ import annotations

from typing import Any

import pytest

from apps.disputes import services
from apps.disputes.models import Ruling
from tests.browser import screenshot
from tests.disputes.helpers import given_table
from tests.disputes.test_disputes_api import play_quiet_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_review_and_rule_on_a_phone(chromium: Any, live_server: Any) -> None:
    table, director = given_table()
    hand = play_quiet_hand(director, table, button=1)
    dispute = services.dispute_raise(actor=director, hand_id=hand.pk, kind="accounting", description="pot?")
    director.user.set_password("pw-for-tests")
    director.user.save()
    context = chromium.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/disputes/{dispute.pk}/")
    page.fill("input[name=username]", director.user.username)
    page.fill("input[name=password]", "pw-for-tests")
    with page.expect_navigation():
        page.click("button[type=submit]")

    assert page.locator(f"#step-{hand.seq}").count() == 1
    assert page.locator("#in-time").count() == 1
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 361)"
        ".filter(e => !e.closest('.scroll')).map(e => e.tagName + '#' + e.id + '.' + e.className)"
    )
    assert wide == []  # wide tables scroll in their own box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "dispute-review-phone")

    page.fill("textarea[name=text]", "The pot was right; the hand stands.")
    page.focus("#rule")
    with page.expect_navigation():
        page.keyboard.press("Enter")

    assert page.locator("#ruling").inner_text().startswith("Ruling: the hand stands")
    assert Ruling.objects.get(dispute=dispute).outcome == "stands"
    context.close()
