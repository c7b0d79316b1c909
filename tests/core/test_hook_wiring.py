"""The whole hook wiring, printed and pinned: every hook the apps send, its flavour and its receivers in the
order they run. A new receiver (or a lost one) fails here until this list and the hook's docstring say so.
Run with ``-s`` to read it."""

from __future__ import annotations

import pytest
from django.db import transaction

from apps.core.hooks import AfterCommitHook, Hook, hooks_all, receiver_name

WIRING = {
    "clocks.level_clock_changed": ["apps.tournaments.levels.tournament_clock_changed"],
    "tables.entry_refused": ["apps.disputes.refusals.refusal_on_entry"],
    "tables.hand_changed": ["apps.clocks.receivers.turn_clock_rearm"],
    "tables.hand_dealing_reads": [
        "apps.clocks.receivers.level_clock_read",
        "apps.tournaments.receivers.tournament_table_read",
    ],
    "tables.hand_finished": ["apps.tournaments.receivers.hand_finished"],
    "tables.hand_game_choosing": ["apps.clocks.receivers.hand_game_for_level"],
    "tables.hand_level_reading": ["apps.clocks.receivers.hand_level"],
    "tables.hand_positions_choosing": ["apps.tournaments.receivers.hand_positions"],
    "tables.hand_view_reading": ["apps.clocks.receivers.turn_clock_part"],
    "tournaments.tournament_finished": ["apps.standings.receivers.results_record"],
    "tournaments.tournament_points_reading": ["apps.standings.receivers.tournament_points"],
    "tournaments.tournament_published": ["apps.room.webhooks.webhooks_on_tournament_published"],
}


def test_the_whole_wiring_is_what_the_apps_connect() -> None:
    wiring = {hook.name: [receiver_name(r) for r in hook.receivers] for hook in hooks_all()}
    for hook in hooks_all():
        print(f"{hook.name} ({hook.flavour})")
        for receiver in hook.receivers:
            print(f"    -> {receiver_name(receiver)}")
    assert wiring == WIRING


def test_each_hooks_docstring_names_its_receivers_and_the_locks_held() -> None:
    for hook in hooks_all():
        doc = " ".join((hook.__doc__ or "").split())
        assert "Receivers:" in doc, hook.name
        assert "lock" in doc, hook.name  # the locks held when it is sent (apps.core.locks), or "No lock"
        for receiver in hook.receivers:
            assert receiver_name(receiver) in doc, (hook.name, receiver_name(receiver))


def test_a_receiver_connects_once_and_in_order() -> None:
    hook: Hook[int, int | None] = Hook("test.numbers", doc="Receivers: a test's. No lock.", listed=False)

    def double(n: int) -> int:
        return 2 * n

    def nothing(n: int) -> None:
        return None

    hook.connect(nothing)
    hook.connect(double)
    hook.connect(double)  # an AppConfig.ready() run twice
    assert hook.send(3) == [None, 6]
    assert hook.ask(3) == 6  # the first answer that is not None
    assert hook not in hooks_all()


@pytest.mark.django_db(transaction=True)
def test_an_after_commit_hook_runs_after_the_commit_and_never_after_a_rollback() -> None:
    heard: list[str] = []
    hook: AfterCommitHook[str] = AfterCommitHook("test.pushes", doc="Receivers: a test's.", listed=False)
    hook.connect(heard.append)

    with transaction.atomic():
        hook.send("committed")
        assert heard == []  # not yet: the transaction may still roll back
    assert heard == ["committed"]

    with pytest.raises(RuntimeError), transaction.atomic():
        hook.send("rolled back")
        raise RuntimeError
    assert heard == ["committed"]
