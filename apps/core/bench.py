"""An append endpoint inside Floor: the least a write through Floor's own stack (gunicorn, Floor's middleware,
DRF authentication, PostgreSQL) can cost.

``POST /api/bench/counters/{id}/append/`` takes one counter row with ``SELECT … FOR UPDATE``, bumps it and
appends one row, in the request's transaction. ``bench/api_load.py`` no longer measures against it (its
reference is a bare project outside Floor); it stays to tell Floor's stack from Floor's work when profiling.
Mounted only when ``settings.FLOOR_BENCH_ENDPOINTS`` is true (env ``FLOOR_BENCH_ENDPOINTS``, default off).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class BenchCounter(models.Model):
    seq = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "core"

    def __str__(self) -> str:
        return f"bench counter {self.pk} at {self.seq}"


class BenchRow(models.Model):
    counter = models.ForeignKey(BenchCounter, on_delete=models.CASCADE, related_name="rows")
    seq = models.PositiveIntegerField()
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "core"
        constraints = [models.UniqueConstraint(fields=["counter", "seq"], name="bench_row_unique_seq")]

    def __str__(self) -> str:
        return f"bench row {self.counter_id}#{self.seq}"


class BenchAppendApi(APIView):
    """Lock the counter, append one row, answer its seq. (ATOMIC_REQUESTS holds the lock to the commit.)"""

    @extend_schema(exclude=True)
    def post(self, request: Request, counter_id: int) -> Response:
        counter = BenchCounter.objects.select_for_update().get(pk=counter_id)
        seq = counter.seq + 1
        BenchRow.objects.create(counter=counter, seq=seq, payload=request.data)
        BenchCounter.objects.filter(pk=counter.pk).update(seq=F("seq") + 1)
        return Response({"counter": counter.pk, "seq": seq}, status=201)
