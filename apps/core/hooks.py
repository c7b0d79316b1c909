"""Hooks: how a lower app tells the apps above it that something happened, without importing them.

The apps form one stack (README "Layout"): ``tables`` may not import ``clocks``, ``tournaments`` or
``disputes``. When a hand moves on, ``tables`` *sends* a hook with a typed payload; the higher app has
*connected* a receiver in its ``AppConfig.ready()``. Two flavours:

* :class:`Hook`: a synchronous call inside the sender's transaction, receivers in the order they connected.
  A receiver may write, and may refuse by raising an :class:`~apps.core.errors.ApplicationError` (the whole
  transaction then rolls back, as any refusal does). ``send`` returns the receivers' answers in order;
  ``ask`` returns the first one that is not None (a higher app that has something to say about the hand:
  the level's blinds, a tournament's button).
* :class:`AfterCommitHook`: each receiver runs once the transaction has committed
  (``transaction.on_commit``), for side effects: pushes, tasks. A receiver that fails there is logged by
  Django's ``on_commit(robust=True)``; it cannot undo what was committed.

Every hook is a module-level object of the app that sends it, with a docstring that names its receivers and
the locks held when it is sent (:mod:`apps.core.locks`); ``tests/core/test_hook_wiring.py`` prints the whole
wiring and fails when a receiver is connected that its hook's docstring does not name.

Example::

    hand_finished = Hook[HandFinished, None]("tables.hand_finished", doc="...receivers...")
    hand_finished.connect(tournament_hand_finished)          # in TournamentsConfig.ready()
    hand_finished.send(HandFinished(hand=hand, state=after))  # in the tables service
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Generic, TypeVar

from django.db import transaction

P = TypeVar("P")
R = TypeVar("R")

_ALL: list[Hook[object, object]] = []


def receiver_name(receiver: Callable[..., object]) -> str:
    """``module.function``: how the wiring test and a hook's docstring name a receiver."""
    return f"{receiver.__module__}.{receiver.__qualname__}"


class Hook(Generic[P, R]):
    """A synchronous hook: receivers run inside the sender's transaction, in the order they connected."""

    flavour = "sync"

    def __init__(self, name: str, *, doc: str, listed: bool = True) -> None:
        """``listed``: one of the apps' hooks, in :func:`hooks_all` (a test's own hook is not)."""
        self.name = name
        self.__doc__ = doc
        self._receivers: list[Callable[[P], R]] = []
        if listed:
            _ALL.append(self)  # type: ignore[arg-type]

    def connect(self, receiver: Callable[[P], R]) -> Callable[[P], R]:
        """Add ``receiver`` (once: an ``AppConfig.ready()`` run twice does not connect it twice)."""
        name = receiver_name(receiver)
        if all(receiver_name(r) != name for r in self._receivers):
            self._receivers.append(receiver)
        return receiver

    @property
    def receivers(self) -> tuple[Callable[[P], R], ...]:
        return tuple(self._receivers)

    def send(self, payload: P) -> list[R]:
        """Call every receiver with ``payload``; their answers in order. A refusal propagates."""
        return [receiver(payload) for receiver in self._receivers]

    def ask(self, payload: P) -> R | None:
        """The first receiver's answer that is not None (the later receivers are not asked)."""
        for receiver in self._receivers:
            answer = receiver(payload)
            if answer is not None:
                return answer
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class AfterCommitHook(Hook[P, None]):
    """A hook for side effects: each receiver runs after the current transaction commits (at once outside
    one), so a push or a task never reports what a rollback undid."""

    flavour = "after commit"

    def send(self, payload: P) -> list[None]:
        for receiver in self._receivers:
            transaction.on_commit(functools.partial(receiver, payload), robust=True)
        return []

    def ask(self, payload: P) -> None:  # pragma: no cover - nothing to answer after the commit
        raise TypeError(f"{self.name} runs after commit: it has no answer to ask for")


def hooks_all() -> list[Hook[object, object]]:
    """Every hook defined so far (each sending app's ``hooks`` module defines its own), by name."""
    return sorted(_ALL, key=lambda hook: hook.name)
