"""Accessibility: axe-core (scripts/vendor_axe.sh fetches its pinned axe.min.js from the npm registry) runs in
Chromium on every page of the URL conf, filled from tests/i18n's world (a running published tournament, a
hand, a league season, a dispute, a dealer's device), as the visitor, the director and the dealer see them,
and on the TV, the second screen and a player's page; no page may have a serious or critical violation."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from apps.accounts.models import Membership, Role
from tests.i18n.test_pages import _url, page_patterns
from tests.room.helpers import new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tests" / "vendor" / "axe.min.js"
SERIOUS = ("serious", "critical")
RUN = """
async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations.filter(v => ["serious", "critical"].includes(v.impact)).map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + " :: " + (n.failureSummary || "").slice(0, 160)),
  }));
}
"""


@pytest.fixture(scope="session")
def axe_script() -> str:
    if not AXE.exists():
        subprocess.run([str(ROOT / "scripts" / "vendor_axe.sh")], check=True)
    return AXE.read_text()


@pytest.fixture(autouse=True)
def short_streams(settings) -> None:  # type: ignore[no-untyped-def]
    settings.FLOOR_SSE_LIFETIME = 1


def violations(page: Any, axe_script: str, url: str) -> list[dict[str, Any]]:
    page.goto(url)
    page.wait_for_load_state("load")
    page.add_script_tag(content=axe_script)
    return list(page.evaluate(RUN))


def test_no_page_has_a_serious_or_critical_violation(chromium, live_server, world, axe_script) -> None:  # type: ignore[no-untyped-def]
    args = world["args"]
    director = Membership.objects.filter(club_id=args["club_id"], role=Role.DIRECTOR).first().user
    page = new_page(chromium, 1280, 800)
    failures: list[str] = []
    checked = 0
    try:
        # the dealer's device cookie (for /console/) and the director's session
        page.goto(f"{live_server.url}/console/open/{args['token']}/")
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", director.username)
        page.fill("#id_password", "pw-for-tests")
        page.click("button[type=submit]")
        page.wait_for_load_state("load")
        routes = [_url(route, args) for route, _ in page_patterns()]
        routes += [f"/t/{args['tournament_id']}/me/{args['entry_id']}/"]
        for url in dict.fromkeys(routes):
            if url.startswith(("/accounts/logout", "/console/open/")) or url.endswith(
                (".csv", ".json", ".svg")
            ):
                continue
            response = page.request.get(live_server.url + url, max_redirects=0)
            if response.status != 200 or "text/html" not in response.headers.get("content-type", ""):
                continue  # a form's POST target, a download, a redirect
            found = violations(page, axe_script, live_server.url + url)
            checked += 1
            for v in found:
                failures.append(f"{url}: {v['impact']} {v['id']} ({v['help']}): {v['nodes']}")
        # and a phone's view of the pages a phone opens
        phone = new_page(chromium, 360, 740)
        try:
            for url in (
                f"/t/{args['tournament_id']}/me/",
                f"/t/{args['tournament_id']}/standings/",
                "/pots/",
            ):
                for v in violations(phone, axe_script, live_server.url + url):
                    failures.append(f"360px {url}: {v['impact']} {v['id']} ({v['help']}): {v['nodes']}")
        finally:
            phone.context.close()
        # the check itself: a button without a name is found (axe's button-name is critical)
        page.goto(f"{live_server.url}/pots/")
        page.evaluate("document.querySelector('main').appendChild(document.createElement('button'))")
        page.add_script_tag(content=axe_script)
        assert "button-name" in [v["id"] for v in page.evaluate(RUN)]
        page.goto("about:blank")
    finally:
        page.context.close()
    print(f"axe: {checked} pages checked")
    assert checked >= 20, f"only {checked} pages were checked"
    assert not failures, "\n".join(failures)
