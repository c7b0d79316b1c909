"""``python -m director.check_environment``: exit 1 with the reason when the environment describes a
configuration Floor refuses (:func:`director.config.core_config`), 0 otherwise. The Docker image runs it
before any command, so a container started without a real ``SECRET_KEY`` stops at once, saying why."""

from __future__ import annotations

import os
import sys

from director.config import ConfigError, core_config


def main() -> int:
    try:
        config = core_config(os.environ)
    except ConfigError as exc:
        print(f"Floor refuses to start: {exc}", file=sys.stderr)
        return 1
    print(f"Floor: {config['environment']} configuration accepted", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
