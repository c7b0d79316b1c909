"""The tournaments API. Thin: parse, authorise, call a service or selector, serialize. Directors write (the
services check the role); the public reads what is published, club members read everything of their club."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.models import Club, Player
from apps.accounts.permissions import Actor, actor_from_request, is_member
from apps.core.errors import NotAuthenticated, NotFound, PermissionRefused, ValidationFailed
from apps.core.schema import errors
from apps.tournaments import chips, moves, payouts, results, seating, selectors, services
from apps.tournaments.models import Deal, Entry, SeatMove, Tournament

Serializer = serializers.Serializer


def _writer(request: Request) -> Actor:
    actor = actor_from_request(request)
    if actor.is_anonymous:
        raise NotAuthenticated("log in as the club's director")
    return actor


def _tournament(pk: int) -> Tournament:
    t = Tournament.objects.filter(pk=pk).first()
    if t is None:
        raise NotFound(f"no tournament {pk}", code="tournament_not_found", detail={"tournament": pk})
    return t


def _readable(request: Request, pk: int) -> Tournament:
    """The public reads published tournaments; members of the club read all of its tournaments."""
    t = _tournament(pk)
    actor = actor_from_request(request)
    if not t.published and not is_member(actor, t.club_id):
        if actor.is_anonymous:
            raise NotAuthenticated("log in to read this tournament", detail={"tournament": pk})
        raise PermissionRefused("this tournament is not published", code="not_published")
    return t


def _entry(pk: int) -> Entry:
    e = Entry.objects.filter(pk=pk).first()
    if e is None:
        raise NotFound(f"no entry {pk}", code="entry_not_found", detail={"entry": pk})
    return e


def tournament_view(t: Tournament) -> dict[str, Any]:
    fields = [
        f.name
        for f in Tournament._meta.concrete_fields
        if f.name not in ("club", "level_clock", "created_by")
    ]
    out = {name: getattr(t, name) for name in fields}
    out.update(club=t.club_id, level_clock=t.level_clock_id)
    for k in ("created_at", "started_at", "finished_at"):
        out[k] = out[k].isoformat() if out[k] else None
    return out


class TournamentSerializer(Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.DictField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    match_hands = serializers.IntegerField()
    buy_in = serializers.IntegerField()
    fee = serializers.IntegerField()
    starting_stack = serializers.IntegerField()
    seats_per_table = serializers.IntegerField()
    level_clock = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    published = serializers.BooleanField()
    hand_for_hand = serializers.BooleanField()
    payout = serializers.DictField()
    break_order = serializers.ListField(child=serializers.IntegerField())


class TournamentCreateApi(APIView):
    class InputSerializer(Serializer):
        club = serializers.IntegerField()
        name = serializers.CharField(max_length=120)
        game = serializers.DictField(help_text='e.g. {"kind": "five-card-draw", "ante": 25}')
        starting_stack = serializers.IntegerField(min_value=1, max_value=10**9)
        structure = serializers.ListField(
            child=serializers.DictField(),
            required=False,
            help_text="levels and breaks, as the level clock takes",
        )
        template = serializers.ChoiceField(choices=["turbo", "regular", "deep"], required=False)
        suggest = serializers.DictField(
            required=False,
            help_text='{"players": 40, "hours": 4, "level_minutes": 20} (level_minutes optional)',
        )
        seed = serializers.IntegerField(required=False, help_text="the random draws' seed (default: random)")
        settings = serializers.DictField(
            required=False,
            help_text="buy_in, fee, seats_per_table, format, match_hands, late_reg_until_level, rebuy_*, "
            "addon_*, reentry_*, bounty, payout, chip_denominations, break_order, final_table_size, "
            "published, rated",
        )

    @extend_schema(
        request=InputSerializer, responses={201: TournamentSerializer, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        actor = _writer(request)
        v = dict(data.validated_data)
        club = Club.objects.filter(pk=v.pop("club")).first()
        if club is None:
            raise NotFound("no such club", code="club_not_found", detail={"field": "club"})
        t = services.tournament_create(actor=actor, club=club, **v.pop("settings", {}), **v)
        return Response(tournament_view(t), status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    @extend_schema(responses={200: TournamentSerializer, **errors(401, 403, 404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(tournament_view(_readable(request, tournament_id)))


class TournamentPublishApi(APIView):
    class InputSerializer(Serializer):
        published = serializers.BooleanField()

    @extend_schema(
        request=InputSerializer, responses={200: TournamentSerializer, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        t = services.tournament_publish(
            actor=_writer(request), tournament=_tournament(tournament_id), **data.validated_data
        )
        return Response(tournament_view(t))


class EntrySerializer(Serializer):
    id = serializers.IntegerField()
    tournament = serializers.IntegerField()
    player = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Entry.Status.choices)
    rebuys = serializers.IntegerField()
    add_ons = serializers.IntegerField()
    place = serializers.IntegerField(allow_null=True)
    place_to = serializers.IntegerField(allow_null=True)
    prize = serializers.IntegerField()


def entry_view(e: Entry) -> dict[str, Any]:
    e.refresh_from_db()
    return {
        "id": e.pk,
        "tournament": e.tournament_id,
        "player": e.player_id,
        "number": e.number,
        "status": e.status,
        "rebuys": e.rebuys,
        "add_ons": e.add_ons,
        "place": e.place,
        "place_to": e.place_to,
        "prize": e.prize,
    }


class EntryRegisterApi(APIView):
    class InputSerializer(Serializer):
        player = serializers.IntegerField(required=False, help_text="an existing club player's id")
        player_name = serializers.CharField(required=False, max_length=80, help_text="or a name (new player)")

    @extend_schema(
        request=InputSerializer, responses={201: EntrySerializer, **errors(400, 401, 403, 404, 409, 422)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        actor = _writer(request)
        t = _tournament(tournament_id)
        player = None
        if "player" in data.validated_data:
            player = Player.objects.filter(pk=data.validated_data["player"]).first()
            if player is None:
                raise ValidationFailed("no such player", code="player_invalid", detail={"field": "player"})
        e = services.entry_register(
            actor=actor, tournament=t, player=player, player_name=data.validated_data.get("player_name")
        )
        return Response(entry_view(e), status=status.HTTP_201_CREATED)


class TournamentStartApi(APIView):
    @extend_schema(request=None, responses={200: TournamentSerializer, **errors(401, 403, 404, 409, 422)})
    def post(self, request: Request, tournament_id: int) -> Response:
        t = seating.tournament_start(actor=_writer(request), tournament=_tournament(tournament_id))
        return Response(tournament_view(t))


class EntryActionApi(APIView):
    """Rebuy, add-on, re-entry or declining a rebuy (the action is in the path)."""

    ACTIONS = {
        "rebuy": services.entry_rebuy,
        "add-on": services.entry_add_on,
        "reentry": services.entry_reenter,
        "decline-rebuy": results.entry_rebuy_decline,
    }

    @extend_schema(
        request=None,
        responses={200: EntrySerializer, **errors(401, 403, 404, 409, 422)},
        description="rebuy (TDA 27), add-on, reentry (TDA 8: a new entry, full stack, random seat), "
        "decline-rebuy (a busted entry is eliminated as of the hand it busted on).",
    )
    def post(self, request: Request, entry_id: int, action: str) -> Response:
        if action not in self.ACTIONS:
            raise NotFound(f"no entry action {action!r}", code="action_not_found")
        e = self.ACTIONS[action](actor=_writer(request), entry=_entry(entry_id))
        return Response(entry_view(e))


class StandingsLiveApi(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)},
        description="Chips, ranks, players left, average stack, prize pool, payouts, the next payout jump.",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(selectors.standings_live(tournament=_readable(request, tournament_id)))


class StandingsFinalApi(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)},
        description="Places (ties as ranges), prizes, bounties and league points.",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(selectors.standings_final(tournament=_readable(request, tournament_id)))


class TournamentTablesApi(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        t = _readable(request, tournament_id)
        return Response({"tables": selectors.tournament_tables(tournament=t), "halted": moves.halted(t=t)})


class SeatMoveSerializer(Serializer):
    id = serializers.IntegerField()
    entry = serializers.IntegerField()
    player = serializers.CharField()
    kind = serializers.ChoiceField(choices=SeatMove.Kind.choices)
    rule = serializers.CharField()
    reason = serializers.CharField()
    from_table = serializers.IntegerField(allow_null=True)
    from_seat = serializers.IntegerField(allow_null=True)
    to_table = serializers.IntegerField()
    to_seat = serializers.IntegerField()
    status = serializers.ChoiceField(choices=SeatMove.Status.choices)
    proposed_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(allow_null=True)


class SeatMoveListApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("status", str, required=False, enum=SeatMove.Status.values)],
        responses={200: SeatMoveSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        t = _readable(request, tournament_id)
        return Response(selectors.seat_moves(tournament=t, status=request.query_params.get("status")))

    @extend_schema(
        request=None,
        responses={201: SeatMoveSerializer(many=True), **errors(401, 403, 404, 422)},
        description="Ask Floor for a fresh plan now (balance, break or final table); pending proposals are "
        "replaced. Floor also plans by itself after every elimination.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        t = _tournament(tournament_id)
        moves.moves_plan(actor=_writer(request), tournament=t)
        return Response(selectors.seat_moves(tournament=t, status=SeatMove.Status.PROPOSED), status=201)


class SeatMoveDecideApi(APIView):
    class InputSerializer(Serializer):
        confirm = serializers.BooleanField(default=True, help_text="false without a seat: cancel")
        to_table = serializers.IntegerField(required=False, min_value=1, help_text="override: another table")
        to_seat = serializers.IntegerField(required=False, min_value=1, help_text="override: another seat")
        reason = serializers.CharField(required=False, default="", max_length=200)

    @extend_schema(
        request=InputSerializer, responses={200: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, move_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        move = SeatMove.objects.filter(pk=move_id).first()
        if move is None:
            raise NotFound(f"no seat move {move_id}", code="seat_move_not_found")
        m = moves.move_decide(actor=_writer(request), move=move, **data.validated_data)
        return Response({"id": m.pk, "status": m.status, "to_table": m.to_table, "to_seat": m.to_seat})


class SeatMovesConfirmAllApi(APIView):
    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404, 409)})
    def post(self, request: Request, tournament_id: int) -> Response:
        done = moves.moves_confirm_all(actor=_writer(request), tournament=_tournament(tournament_id))
        return Response({"confirmed": [m.pk for m in done]})


class TournamentHandForHandApi(APIView):
    class InputSerializer(Serializer):
        on = serializers.BooleanField()

    @extend_schema(
        request=InputSerializer, responses={200: TournamentSerializer, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        t = results.tournament_hand_for_hand(
            actor=_writer(request), tournament=_tournament(tournament_id), on=data.validated_data["on"]
        )
        return Response(tournament_view(t))


class TournamentClockApi(APIView):
    """The tournament's level clock: start, pause, resume, add time, jump (the clocks service)."""

    class InputSerializer(Serializer):
        action = serializers.ChoiceField(choices=["start", "pause", "resume", "add_time", "jump"])
        seconds = serializers.IntegerField(required=False, min_value=-86400, max_value=86400)
        level = serializers.IntegerField(required=False, min_value=0)

    @extend_schema(
        request=InputSerializer, responses={200: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        from apps.clocks.levelclock import level_clock_control, level_clock_view

        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        t = _tournament(tournament_id)
        clock = level_clock_control(
            actor=_writer(request), clock_id=services.level_clock_of(t).pk, **data.validated_data
        )
        return Response(level_clock_view(clock))


class ChipRaceApi(APIView):
    class InputSerializer(Serializer):
        table = serializers.IntegerField(min_value=1, help_text="the tournament table number")
        removed = serializers.IntegerField(min_value=1, help_text="the denomination leaving play")
        next_chip = serializers.IntegerField(min_value=2, help_text="the smallest denomination left")
        counts = serializers.DictField(
            child=serializers.IntegerField(min_value=0),
            required=False,
            help_text="seat -> chips of the removed denomination (default: stack % next_chip // removed)",
        )
        cards = serializers.ListField(
            child=serializers.CharField(max_length=2),
            required=False,
            help_text="the race cards as dealt from seat 1 (default: dealt by Floor from a seeded deck)",
        )

        def validate_counts(self, value: dict[str, int]) -> dict[int, int]:
            if not all(str(k).isdigit() and 1 <= int(k) <= 10 for k in value):
                raise serializers.ValidationError("keys are seat numbers 1-10")
            return {int(k): int(c) for k, c in value.items()}

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        t = _readable(request, tournament_id)
        return Response(
            {
                "colour_ups": chips.colour_ups_due(t),
                "races": list(t.chip_races.values("id", "table_number", "removed", "next_chip", "result")),
            }
        )

    @extend_schema(
        request=InputSerializer, responses={201: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409, 422)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        counts = v.get("counts")
        race = chips.chip_race_run(
            actor=_writer(request),
            tournament=_tournament(tournament_id),
            table_number=v["table"],
            removed=v["removed"],
            next_chip=v["next_chip"],
            counts=counts,
            cards=v.get("cards"),
        )
        return Response({"id": race.pk, **race.result}, status=status.HTTP_201_CREATED)


def deal_view(d: Deal) -> dict[str, Any]:
    return {
        "id": d.pk,
        "tournament": d.tournament_id,
        "method": d.method,
        "shares": d.shares,
        "explanation": d.explanation,
        "accepted": d.accepted,
    }


class DealCalculateApi(APIView):
    class InputSerializer(Serializer):
        method = serializers.ChoiceField(choices=Deal.Method.choices)

    @extend_schema(
        request=InputSerializer,
        responses={201: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409)},
        description="ICM (Malmuth-Harville), chip-chop or even split of the prizes still to be won, with the "
        "explanation; amounts are whole and sum exactly to those prizes.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = payouts.deal_calculate(
            actor=_writer(request),
            tournament=_tournament(tournament_id),
            method=data.validated_data["method"],
        )
        return Response(deal_view(d), status=status.HTTP_201_CREATED)


class DealAcceptApi(APIView):
    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404, 409)})
    def post(self, request: Request, deal_id: int) -> Response:
        d = Deal.objects.filter(pk=deal_id).first()
        if d is None:
            raise NotFound(f"no deal {deal_id}", code="deal_not_found")
        return Response(deal_view(payouts.deal_accept(actor=_writer(request), deal=d)))


class StructureSuggestApi(APIView):
    """A ready template or a suggested structure (levels from players, starting stack and hours). Pure."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "game", str, required=True, enum=["five-card-draw", "2-7-triple-draw", "2-7-single-draw"]
            ),
            OpenApiParameter("starting_stack", int, required=True),
            OpenApiParameter("template", str, required=False, enum=["turbo", "regular", "deep"]),
            OpenApiParameter("players", int, required=False),
            OpenApiParameter("hours", float, required=False),
            OpenApiParameter("level_minutes", int, required=False),
        ],
        responses={200: OpenApiTypes.OBJECT, **errors(400)},
    )
    def get(self, request: Request) -> Response:
        q = request.query_params
        try:
            stack = int(q.get("starting_stack", ""))
            suggest = (
                {
                    "players": int(q["players"]),
                    "hours": float(q["hours"]),
                    "level_minutes": int(q["level_minutes"]) if q.get("level_minutes") else None,
                }
                if "players" in q and "hours" in q
                else None
            )
        except (TypeError, ValueError) as exc:
            raise ValidationFailed(f"bad query: {exc}", code="query_invalid") from exc
        levels = services.structure_for(
            game_kind=q.get("game", ""),
            structure=None,
            template=q.get("template"),
            suggest=suggest,
            starting_stack=stack,
        )
        return Response({"structure": levels})
