"""Shared fixtures. The suite runs against the real PostgreSQL and Redis that `make test` checks."""
