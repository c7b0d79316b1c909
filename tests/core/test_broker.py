"""The embedded broker (director/broker.py): with producers in other processes writing while the consumer
drains the folder, every message arrives whole, once. kombu's own filesystem transport lets the consumer
read a message file its producer has created but not written yet (about one in a few thousand here), and
the worker stops on the empty payload."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

from kombu import Connection

from director.config import broker_config

PRODUCERS, EACH = 3, 1000


def _connection(options: dict[str, Any]) -> Connection:
    return Connection("filesystem://", transport="director.broker:Transport", transport_options=options)


def _produce(options: dict[str, Any], producer: int) -> None:
    with _connection(options) as conn:
        queue = conn.SimpleQueue("stress")
        for i in range(EACH):
            queue.put({"producer": producer, "i": i, "pad": "x" * 4000})


def test_messages_written_by_other_processes_while_the_worker_drains_arrive_whole_and_once(
    tmp_path: Path,
) -> None:
    config = broker_config({"FLOOR_VAR_DIR": str(tmp_path)}, base_dir=tmp_path)
    assert config["transport"] == "director.broker:Transport"
    options = {**config["transport_options"], "polling_interval": 0}
    for key in ("data_folder_in", "control_folder"):
        Path(options[key]).mkdir(parents=True, exist_ok=True)
    context = multiprocessing.get_context("spawn")
    producers = [context.Process(target=_produce, args=(options, n)) for n in range(PRODUCERS)]
    for p in producers:
        p.start()

    got: list[tuple[int, int]] = []
    with _connection(options) as conn:
        queue = conn.SimpleQueue("stress")
        while len(got) < PRODUCERS * EACH:
            message = queue.get(timeout=30)  # a payload read empty raises here
            got.append((message.payload["producer"], message.payload["i"]))
            assert message.payload["pad"] == "x" * 4000
            message.ack()
    for p in producers:
        p.join(timeout=30)
        assert p.exitcode == 0

    assert sorted(got) == [(n, i) for n in range(PRODUCERS) for i in range(EACH)]
    assert not list(Path(options["data_folder_in"]).iterdir())  # nothing left behind, no partial file
