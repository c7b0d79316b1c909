"""What Floor reads from a request before any view sees it: JSON within a size and a depth, finite numbers
only, and text PostgreSQL can store (no NUL, no lone surrogate), in values and keys alike.

Python's ``json`` recurses once per nesting level (5,000 levels exhaust the stack: a 500), turns ``NaN``,
``Infinity`` and ``1e400`` into floats no setting means, and keeps ``"\\u0000"`` and ``"\\ud800"``, which
PostgreSQL refuses to store (a 500 at the INSERT). Each is refused here with a 400 in the one error shape:

* ``json_too_large``: a JSON body over :data:`MAX_JSON_BYTES` (setting ``FLOOR_JSON_MAX_BYTES``);
* ``json_too_deep``: objects and arrays nested more than :data:`MAX_JSON_DEPTH` deep;
* ``number_not_finite``: ``NaN``, ``Infinity`` or a number too large for a float (``1e400``);
* ``text_invalid``: a NUL or a lone surrogate in a string or a key (also in the query string and form
  fields, urlencoded or multipart, by :class:`InputLimitsMiddleware`);
* ``malformed_request``: not JSON, or not UTF-8.

:class:`FloorJSONParser` is DRF's parser (``DEFAULT_PARSER_CLASSES``); :class:`InputLimitsMiddleware` puts
the same limits in front of every other view; :func:`json_loads_checked` is for a view that reads JSON
out of a form field.

>>> json_loads_checked('{"ante": 25}')
{'ante': 25}
>>> json_loads_checked('[NaN]')
Traceback (most recent call last):
...
apps.core.errors.ValidationFailed: numbers must be finite: NaN
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import IO, Any, Final

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from rest_framework.parsers import JSONParser

from apps.core.errors import ValidationFailed, json_error_response

MAX_JSON_DEPTH: Final = 32
MAX_JSON_BYTES: Final = 1024 * 1024  # a PHH import is at most 200,000 characters

# A string (escapes included) or one bracket: the brackets inside strings do not nest anything.
_TOKEN: Final = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_BAD_TEXT: Final = re.compile("[\x00\ud800-\udfff]")


def max_json_bytes() -> int:
    return int(getattr(settings, "FLOOR_JSON_MAX_BYTES", MAX_JSON_BYTES))


def json_depth(raw: bytes) -> int:
    """The deepest nesting of objects and arrays in ``raw`` (not parsed: a linear scan that needs no stack).

    >>> json_depth(b'{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    for m in _TOKEN.finditer(raw):
        c = m.group()
        if c in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif c in (b"]", b"}"):
            depth -= 1
    return deepest


_TOML_TOKEN: Final = re.compile(r""""(?:[^"\\\n]|\\.)*"|'[^'\n]*'|#[^\n]*|[\[\]{}]""")


def toml_depth(text: str) -> int:
    """How deep arrays and inline tables nest in TOML ``text`` (strings and comments skipped; a linear scan).
    Python's TOML reader recurses once per level, as its JSON reader does.

    >>> toml_depth('a = [[1], {b = "[["}]  # ]]]')
    2
    """
    depth = deepest = 0
    for m in _TOML_TOKEN.finditer(text):
        c = m.group()
        if c in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif c in ("]", "}"):
            depth = max(0, depth - 1)
    return deepest


def text_problem(text: str) -> str | None:
    """Why PostgreSQL could not store ``text`` (``None`` when it can)."""
    m = _BAD_TEXT.search(text)
    if m is None:
        return None
    return "a NUL character" if m.group() == "\x00" else "a lone surrogate"


def text_refusal(where: str, problem: str) -> ValidationFailed:
    where = _BAD_TEXT.sub("?", where)[:80]  # the refusal names the field without repeating the character
    if problem == "a NUL character":
        message = f"{where} contains a NUL character"
    else:
        message = f"{where} contains a lone surrogate"
    return ValidationFailed(message, code="text_invalid", detail={"field": where})


def check_text_tree(value: Any, path: str = "body") -> None:
    """Refuse a NUL or a lone surrogate anywhere in parsed JSON (keys too). The depth is already bounded,
    so the recursion is."""
    if isinstance(value, str):
        problem = text_problem(value)
        if problem:
            raise text_refusal(path, problem)
    elif isinstance(value, dict):
        for k, v in value.items():
            problem = text_problem(k)
            if problem:
                raise text_refusal(f"{path} key", problem)
            check_text_tree(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            check_text_tree(v, f"{path}[{i}]")


def _not_finite(text: str) -> float:
    raise ValidationFailed(
        f"numbers must be finite: {text}", code="number_not_finite", detail={"value": text}
    )


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        _not_finite(text[:40])
    return value


def json_limits_check(raw: bytes) -> None:
    """Refuse a body over the size limit or nested over the depth limit (before anything parses it)."""
    limit = max_json_bytes()
    if len(raw) > limit:
        raise ValidationFailed(
            f"the JSON body is larger than {limit} bytes",
            code="json_too_large",
            detail={"bytes": len(raw), "limit": limit},
        )
    depth = json_depth(raw)
    if depth > MAX_JSON_DEPTH:
        raise ValidationFailed(
            f"the JSON body is nested more than {MAX_JSON_DEPTH} deep",
            code="json_too_deep",
            detail={"depth": depth, "limit": MAX_JSON_DEPTH},
        )


def json_loads_checked(raw: bytes | str, *, path: str = "body") -> Any:
    """``raw`` parsed as JSON within Floor's limits, or :class:`ValidationFailed` (400) saying why."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    json_limits_check(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValidationFailed(
            "the JSON body is not UTF-8", code="malformed_request", detail={"position": exc.start}
        ) from None
    try:
        value = json.loads(text, parse_constant=_not_finite, parse_float=_finite_float)
    except ValueError as exc:  # JSONDecodeError, or an integer of more than 4,300 digits
        if isinstance(exc, ValidationFailed):
            raise
        raise ValidationFailed(
            f"JSON parse error: {str(exc)[:200]}", code="malformed_request", detail={}
        ) from None
    except RecursionError:  # not reached within the depth limit; a last line all the same
        raise ValidationFailed(
            f"the JSON body is nested more than {MAX_JSON_DEPTH} deep",
            code="json_too_deep",
            detail={"limit": MAX_JSON_DEPTH},
        ) from None
    check_text_tree(value, path)
    return value


class FloorJSONParser(JSONParser):
    """DRF's JSON parser within Floor's limits (see the module docstring)."""

    def parse(
        self, stream: IO[bytes] | None, media_type: str | None = None, parser_context: Any = None
    ) -> Any:
        if stream is None:
            return None
        return json_loads_checked(stream.read())


_WITH_BODY: Final = ("POST", "PUT", "PATCH", "DELETE")


def _is_json(request: HttpRequest) -> bool:
    content_type = request.META.get("CONTENT_TYPE", "")
    return "json" in content_type.split(";")[0].lower()


class InputLimitsMiddleware:
    """The same limits in front of every view: a JSON body over the size or depth limit, and a NUL in the
    query string or a form field, are answered 400 before any view (DRF or not) reads them."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refusal = self._refusal(request)
        if refusal is not None:
            return json_error_response(
                request,
                status_code=400,
                code=refusal.code,
                message=refusal.message,
                detail=refusal.detail,
                rollback=False,
            )
        return self.get_response(request)

    def _refusal(self, request: HttpRequest) -> ValidationFailed | None:
        try:
            for key, values in request.GET.lists():
                self._check_field(f"query {key}", key, values)
            if request.method in _WITH_BODY and _is_json(request):
                length = int(request.META.get("CONTENT_LENGTH") or 0)
                if length > max_json_bytes():
                    raise ValidationFailed(
                        f"the JSON body is larger than {max_json_bytes()} bytes",
                        code="json_too_large",
                        detail={"bytes": length, "limit": max_json_bytes()},
                    )
                json_limits_check(request.body)
            elif request.method == "POST" and request.content_type == "application/x-www-form-urlencoded":
                request.body  # noqa: B018  (read once and kept, so a view may still read the body after POST)
                for key, values in request.POST.lists():
                    self._check_field(f"field {key}", key, values)
            elif request.method == "POST" and request.content_type == "multipart/form-data":
                # a form posted as multipart (a form with a file field, the test client's default) is read
                # as its fields too; the body first, so that a view may still read it after POST
                request.body  # noqa: B018
                for key, values in request.POST.lists():
                    self._check_field(f"field {key}", key, values)
        except ValidationFailed as refusal:
            return refusal
        except ValueError:  # a Content-Length that is not a number
            return ValidationFailed("Bad request", code="bad_request")
        return None

    @staticmethod
    def _check_field(where: str, key: str, values: list[str]) -> None:
        for text in (key, *values):
            problem = text_problem(text)
            if problem:
                raise text_refusal(where, problem)
