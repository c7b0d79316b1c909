"""A director and dealer driving Floor over real HTTP (no test client): a session login with its CSRF token,
JSON requests that keep every answer's status, and a whole tournament played to its winner through the API.

Used against pytest-django's ``live_server`` and against the service as ``make run`` starts it.
"""

from __future__ import annotations

import http.cookiejar
import json
import random
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

HOUR = 3600
# Five-Card Draw, antes rising; a break before the third level, at which the 25s leave play (the colour-up).
STRUCTURE = [
    {"seconds": HOUR, "ante": 25},
    {"seconds": HOUR, "ante": 50},
    {"seconds": 600, "is_break": True},
    {"seconds": HOUR, "ante": 100},
    {"seconds": HOUR, "ante": 200},
    {"seconds": HOUR, "ante": 400},
]
BUY_IN = REBUY_PRICE = 100
STARTING_STACK = REBUY_CHIPS = 1000


@dataclass
class Answer:
    status: int
    body: Any
    headers: Message  # names without case


class HttpFloor:
    """One browser-like client: a cookie jar (session and CSRF cookies) and a log of every answer."""

    def __init__(self, base_url: str, *, timeout: float = 60) -> None:
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.statuses: Counter[int] = Counter()
        self.server_errors: list[tuple[str, str, int, str]] = []

    def _cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        form: bool = False,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        data = None
        sent = {"Accept": "application/json", **(headers or {})}
        if body is not None:
            if form:
                data = urllib.parse.urlencode(body).encode()
                sent["Content-Type"] = "application/x-www-form-urlencoded"
            else:
                data = json.dumps(body).encode()
                sent["Content-Type"] = "application/json"
        token = self._cookie("csrftoken")
        if token and method != "GET":
            sent["X-CSRFToken"] = token
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=sent)
        try:
            with self.opener.open(req, timeout=self.timeout) as response:
                status, raw, got = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            status, raw, got = error.code, error.read(), error.headers
        self.statuses[status] += 1
        text = raw.decode("utf-8", "replace")
        if status >= 500:
            self.server_errors.append((method, path, status, text[:300]))
        try:
            # the headers as an HTTPMessage: names without case (uvicorn sends them in lower case)
            parsed = json.loads(text) if text and "json" in got.get("Content-Type", "") else text
        except ValueError:
            parsed = text
        return Answer(status, parsed, got)

    def get(self, path: str, expect: int | None = 200) -> Any:
        answer = self.request("GET", path)
        assert expect is None or answer.status == expect, (path, answer.status, answer.body)
        return answer.body

    def post(self, path: str, body: Any = None, expect: int | None = 200) -> Any:
        answer = self.request("POST", path, {} if body is None else body)
        assert expect is None or answer.status == expect, (path, answer.status, answer.body)
        return answer.body

    def login(self, username: str, password: str) -> None:
        """The login form, as a person submits it: its CSRF cookie first."""
        page = self.request("GET", "/accounts/login/")
        assert page.status == 200, page.status
        token = self._cookie("csrftoken")
        assert token, "the login page sets no CSRF cookie"
        done = self.request(
            "POST",
            "/accounts/login/",
            {"username": username, "password": password, "csrfmiddlewaretoken": token},
            form=True,
            headers={"Referer": self.base + "/accounts/login/"},
        )
        assert done.status == 200 and self._cookie("sessionid"), (done.status, "login refused")


def shove(hand: dict[str, Any], legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Random play of a short-stacked field: all in now and then, a big call a third of the time, a small
    one always; nobody draws; the showdown as a finishing order."""
    if "finish_order" in legal:
        seats = list(legal["finish_order"]["seats"])
        rng.shuffle(seats)
        return {"type": "finish_order", "order": [[s] for s in seats]}
    if "draw" in legal:
        return {"type": "draw", "seat": legal["draw"]["seat"], "count": 0}
    seat = hand["to_act"]
    stack = next(s["stack"] for s in hand["seats"] if s["seat"] == seat)
    aggressive = legal.get("bet") or legal.get("raise")
    roll = rng.random()
    if aggressive is not None and roll < 0.2:
        return {"type": aggressive["type"], "seat": seat, "amount": aggressive["max"]}
    if "check" in legal:
        return {"type": "check", "seat": seat}
    call = legal["call"]
    if call["amount"] * 5 <= stack or roll < 0.35:
        return {"type": "call", "seat": seat}
    return {"type": "fold", "seat": seat}


@dataclass
class Played:
    """What a tournament played over HTTP did."""

    tournament: int
    hands: int = 0
    actions: int = 0
    replays: int = 0
    rebuys: int = 0
    levels: list[int] = field(default_factory=list)  # the clock's jumps (indexes in STRUCTURE)
    refusals: Counter[str] = field(default_factory=Counter)


def play_hand(floor: HttpFloor, table_id: int, rng: random.Random, played: Played) -> bool:
    """Deal and play one hand at the table over HTTP; False if Floor refuses to deal it now (4xx)."""
    start = floor.request("POST", f"/api/tables/{table_id}/hands/", {})
    if start.status != 201:
        assert 400 <= start.status < 500, (start.status, start.body)
        played.refusals[start.body.get("code", str(start.status))] += 1
        return False
    hand = start.body
    played.hands += 1
    for _ in range(400):
        if hand["status"] == "finished":
            return True
        legal = {a["type"]: a for a in hand["legal_actions"] if a["type"] != "timeout"}
        event = {"expected_seq": hand["seq"], **shove(hand, legal, rng)}
        key = {"Idempotency-Key": uuid.uuid4().hex}
        sent = floor.request("POST", f"/api/hands/{hand['id']}/events/", event, headers=key)
        assert sent.status == 201, (event, sent.status, sent.body)
        played.actions += 1
        if rng.random() < 0.05:  # the answer "was lost": the console sends the entry again with its key
            again = floor.request("POST", f"/api/hands/{hand['id']}/events/", event, headers=key)
            assert again.status == 201 and again.headers.get("Idempotent-Replayed") == "true", again.status
            assert again.body["seq"] == sent.body["seq"]
            played.replays += 1
        hand = sent.body
    raise AssertionError(f"hand {hand['id']} did not finish")


def play_tournament(
    floor: HttpFloor, *, club: int, players: int, seats_per_table: int, seed: int, max_hands: int = 1500
) -> Played:
    """Create a Five-Card Draw tournament for ``players`` (rebuys in level 1, chips of 25 and 100), register
    them, draw the seats and play it to its winner over HTTP as a director would: confirm Floor's seat
    moves, let one busted player rebuy during level 1 (the others decline), move the level clock on (the
    break before level 3 colours the 25s up), deal every table that can deal."""
    rng = random.Random(seed)
    created = floor.post(
        "/api/tournaments/",
        {
            "club": club,
            "name": f"Embedded {seed}",
            "game": {"kind": "five-card-draw", "ante": 25},
            "starting_stack": STARTING_STACK,
            "structure": STRUCTURE,
            "seed": seed,
            "settings": {
                "buy_in": BUY_IN,
                "seats_per_table": seats_per_table,
                "rebuy_until_level": 1,
                "rebuy_limit": 1,
                "rebuy_chips": REBUY_CHIPS,
                "rebuy_price": REBUY_PRICE,
                "chip_denominations": [25, 100],
            },
        },
        expect=201,
    )
    tid = created["id"]
    played = Played(tid)
    for i in range(players):
        floor.post(f"/api/tournaments/{tid}/entries/", {"player_name": f"Player {i + 1:02d}"}, expect=201)
    assert floor.post(f"/api/tournaments/{tid}/start/")["status"] == "running"

    level = 0  # the level clock's index in STRUCTURE
    # the index the clock moves on to from each index, and after how many hands there: level 1 lasts until
    # the rebuy has been taken (the tournament must have one), level 2 a few hands, then the break (its
    # colour-up) and level 3 at once, later level 5
    schedule = {0: (1, 1), 1: (2, 3), 3: (5, 3 * players)}
    at_level = 0
    while True:
        live = floor.get(f"/api/tournaments/{tid}/standings/live/")
        if live["status"] == "finished":
            break
        assert played.hands < max_hands, "the tournament does not end"
        if floor.get(f"/api/tournaments/{tid}/moves/?status=proposed"):
            floor.post(f"/api/tournaments/{tid}/moves/confirm-all/")
            continue
        busted = [row for row in live["alive"] if row["status"] == "busted"]
        for row in busted:
            if level == 0 and played.rebuys == 0:
                floor.post(f"/api/entries/{row['entry']}/rebuy/")
                played.rebuys += 1
            else:
                floor.post(f"/api/entries/{row['entry']}/decline-rebuy/")
        if busted:
            continue
        if level in schedule:
            to, after = schedule[level]
            if played.hands - at_level >= after and (level != 0 or played.rebuys):
                floor.post(f"/api/tournaments/{tid}/clock/", {"action": "jump", "level": to})
                played.levels.append(to)
                level, at_level = to, played.hands
                if level == 2:  # the break: nothing to deal; the level after it
                    floor.post(f"/api/tournaments/{tid}/clock/", {"action": "jump", "level": 3})
                    played.levels.append(3)
                    level = 3
        for table in floor.get(f"/api/tournaments/{tid}/tables/")["tables"]:
            if table["halted"] or sum(1 for s in table["seats"] if s["stack"] > 0) < 2:
                continue
            if not play_hand(floor, table["table_id"], rng, played):
                break
            if floor.get(f"/api/tournaments/{tid}/")["status"] != "running":
                break
    return played
