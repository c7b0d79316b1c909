"""``manage.py pots resolve``: resolve a hand's pots from JSON on stdin, print the JSON answer.

Exit status 0 with the answer of :func:`apps.engine.potjson.resolve_request`; exit status 2 with
``{"code", "message", "rule", "detail"}`` on stdout for invalid JSON or input the engine refuses (the message
is repeated on stderr; ``call_command`` raises ``CommandError`` with ``returncode`` 2).
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from apps.engine.errors import EngineError
from apps.engine.potjson import resolve_request

EXIT_BAD_INPUT = 2


class Command(BaseCommand):
    help = "Pot calculator. 'resolve': JSON request on stdin → pots, shares, net and explanation on stdout."
    requires_system_checks: list[str] = []  # pure computation: no models, no database
    stealth_options = ("stdin",)  # call_command(..., stdin=StringIO(...)) in tests

    def add_arguments(self, parser: ArgumentParser) -> None:
        subcommands = parser.add_subparsers(dest="subcommand", required=True)
        subcommands.add_parser("resolve", help="resolve the pots of one hand (JSON on stdin)")

    def handle(self, *args: Any, **options: Any) -> None:
        stdin = options.get("stdin") or sys.stdin
        try:
            answer = resolve_request(json.loads(stdin.read()))
        except json.JSONDecodeError as error:
            detail = {"line": error.lineno, "column": error.colno}
            self._print(
                {
                    "code": "json_invalid",
                    "message": f"invalid JSON: {error.msg}",
                    "rule": None,
                    "detail": detail,
                }
            )
            raise CommandError(f"invalid JSON: {error.msg}", returncode=EXIT_BAD_INPUT) from None
        except EngineError as error:
            self._print(error.as_dict())
            raise CommandError(error.message, returncode=EXIT_BAD_INPUT) from None
        self._print(answer)

    def _print(self, data: dict[str, Any]) -> None:
        self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
