"""Every refusal the services write (the ApplicationError family, json_error_response, error_body) has a
catalogued template, so it is answered in the request's language.

Given the source of every app but the engine (tested in test_engine_messages), when each raise site's
message is read (an f-string's values standing in as ``7``), then a template of apps/core/i18n_catalog.py
(or i18n_services.py) reads it under its code, and it is translated in each language.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from apps.core.i18n import error_message, match_message

APPS = Path(__file__).resolve().parents[2] / "apps"
ERROR_CLASSES = {
    "ValidationFailed": "invalid",
    "NotFound": "not_found",
    "NotAuthenticated": "not_authenticated",
    "PermissionRefused": "permission_denied",
    "Conflict": "conflict",
    "RuleViolation": "rule_violation",
    "ApplicationError": "bad_request",
}


def _sample(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "7" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _sample(node.left), _sample(node.right)
        return None if left is None or right is None else left + right
    return None  # a message passed on (an engine error's, a variable): translated where it was made


def _message_and_code(call: ast.Call) -> tuple[ast.expr | None, ast.expr | None, str | None]:
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
    keywords = {kw.arg: kw.value for kw in call.keywords}
    if name in ERROR_CLASSES and call.args:
        return call.args[0], keywords.get("code"), ERROR_CLASSES[name]
    if name == "json_error_response":
        return keywords.get("message"), keywords.get("code"), None
    if name == "error_body" and len(call.args) >= 2:
        return call.args[1], call.args[0], None
    return None, None, None


def service_raise_sites() -> list[tuple[str, str, str]]:
    sites = []
    for path in sorted(APPS.rglob("*.py")):
        parts = path.relative_to(APPS).parts  # not the worktree's own folders (one may be named "engine")
        if "engine" in parts or "migrations" in parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            message, code_node, default = _message_and_code(node)
            if message is None:
                continue
            code = (
                code_node.value
                if isinstance(code_node, ast.Constant)
                else default
                if code_node is None
                else None
            )
            sample = _sample(message)
            if isinstance(code, str) and sample is not None:
                sites.append((f"{path.relative_to(APPS.parent)}:{node.lineno}", code, sample))
    return sites


def test_every_service_refusal_has_a_template() -> None:
    sites = service_raise_sites()
    assert len(sites) > 100, "the raise sites were not found"
    unread = [site for site in sites if match_message(site[1], site[2]) is None]
    assert not unread, f"refusals no template reads (add them to apps/core/i18n_services.py): {unread}"


@pytest.mark.parametrize("lang", ["id", "ru", "pt"])
def test_every_service_refusal_is_translated(lang: str) -> None:
    with translation.override(lang):
        same = [site for site in service_raise_sites() if error_message(site[1], {}, site[2]) == site[2]]
    assert not same, f"{lang}: refusals left in English: {same[:10]}"
