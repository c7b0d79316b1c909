"""Pages: the public pot calculator (``/pots/``) and the director's dispute review (``/disputes/<id>/``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from apps.disputes import potform
from apps.disputes.explain import explanation_render
from apps.engine.errors import EngineError
from apps.engine.potjson import resolve_request


def pots_page(request: HttpRequest) -> HttpResponse:
    """The pot calculator. GET shows an empty form; POST resolves it (or adds a row) and shows the result."""
    context: dict[str, Any] = {"ranking": "high", "button": "", "smallest_chip": "1"}
    status = 200
    if request.method == "POST":
        data = request.POST
        rows = potform.row_count(data)
        if "add_row" in data:
            rows = min(potform.MAX_ROWS, rows + 1)
        context.update(
            rows=potform.rows_from_form(data, rows),
            ranking=data.get("ranking", "high"),
            button=data.get("button", ""),
            smallest_chip=data.get("smallest_chip", "1"),
        )
        if "add_row" not in data:
            payload = potform.request_from_form(data)
            try:
                answer = resolve_request(payload)
            except EngineError as error:
                context["error"] = error.as_dict()
                status = 400
            else:
                context["answer"] = answer
                context["result_rows"] = potform.result_rows(payload, answer)
                context["lines"] = explanation_render(answer["explanation_lines"])
    else:
        context["rows"] = potform.blank_rows(potform.DEFAULT_ROWS)
    context["max_rows"] = potform.MAX_ROWS
    return render(request, "disputes/pots.html", context, status=status)
