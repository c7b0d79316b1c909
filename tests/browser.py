"""Browser fixtures: Playwright driving Debian's Chromium (/usr/bin/chromium), never a downloaded browser.

Loaded from tests/conftest.py. A test asks for ``page`` (a fresh context and page; ``live_server.url`` is the
site) and may call ``screenshot(page, name)`` to leave a PNG under ``var/screenshots/`` (git-ignored) for a
person to look at. A missing Chromium is a failure, not a skip: ``make test`` installs it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("FLOOR_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parent.parent / "var" / "screenshots"
# What the machine's closed network needs: no background calls home, no sandbox as root, no GPU.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (scripts/ensure_tools.sh)")
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium: Any, live_server: Any) -> Iterator[Any]:
    """A fresh browser context (no cookies) with one page, 1280×800, English unless a test says otherwise.

    The Content-Security-Policy is bypassed: tests install doubles and wait on predicates, which the policy
    (rightly) forbids to any script not served by Floor. tests/privacy/test_csp_browser.py checks the policy
    itself, with ``strict_page``."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-US", bypass_csp=True)
    context.set_default_timeout(10_000)
    pg = context.new_page()
    yield pg
    context.close()


@pytest.fixture
def strict_page(chromium: Any, live_server: Any) -> Iterator[Any]:
    """As ``page``, under the Content-Security-Policy the pages are served with."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.set_default_timeout(10_000)
    pg = context.new_page()
    yield pg
    context.close()


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page PNG as ``var/screenshots/<name>.png`` and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
