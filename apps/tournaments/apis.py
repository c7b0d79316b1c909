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
from apps.accounts.permissions import Actor, actor_from_request, is_member, require_actor
from apps.core.apis import get_or_404, validated
from apps.core.bounds import MAX_SEED, whole
from apps.core.errors import NotAuthenticated, NotFound, PermissionRefused, ValidationFailed
from apps.core.schema import errors
from apps.tournaments import moves, results, seating, selectors, services
from apps.tournaments.models import Entry, Tournament

Serializer = serializers.Serializer


def tournament_writer(request: Request) -> Actor:
    return require_actor(request, "log in as the club's director")


def tournament_or_404(pk: int) -> Tournament:
    tournament: Tournament = get_or_404(Tournament, pk, "tournament")
    return tournament


def tournament_readable(request: Request, pk: int) -> Tournament:
    """The public reads published tournaments; members of the club read all of its tournaments."""
    t = tournament_or_404(pk)
    actor = actor_from_request(request)
    if not t.published and not is_member(actor, t.club_id):
        if actor.is_anonymous:
            raise NotAuthenticated("log in to read this tournament", detail={"tournament": pk})
        raise PermissionRefused("this tournament is not published", code="not_published")
    return t


def _entry(pk: int) -> Entry:
    entry: Entry = get_or_404(Entry, pk, "entry")
    return entry


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
        seed = serializers.IntegerField(
            required=False,
            min_value=0,
            max_value=MAX_SEED,
            help_text="the random draws' seed (default: random)",
        )
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
        data = validated(self.InputSerializer, request)
        actor = tournament_writer(request)
        v = dict(data.validated_data)
        club = Club.objects.filter(pk=v.pop("club")).first()
        if club is None:
            raise NotFound("no such club", code="club_not_found", detail={"field": "club"})
        t = services.tournament_create(actor=actor, club=club, **v.pop("settings", {}), **v)
        return Response(tournament_view(t), status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    @extend_schema(responses={200: TournamentSerializer, **errors(401, 403, 404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(tournament_view(tournament_readable(request, tournament_id)))


class TournamentPublishApi(APIView):
    class InputSerializer(Serializer):
        published = serializers.BooleanField()

    @extend_schema(
        request=InputSerializer, responses={200: TournamentSerializer, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        t = services.tournament_publish(
            actor=tournament_writer(request),
            tournament=tournament_or_404(tournament_id),
            **data.validated_data,
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
        data = validated(self.InputSerializer, request)
        actor = tournament_writer(request)
        t = tournament_or_404(tournament_id)
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
        t = seating.tournament_start(
            actor=tournament_writer(request), tournament=tournament_or_404(tournament_id)
        )
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
        e = self.ACTIONS[action](actor=tournament_writer(request), entry=_entry(entry_id))
        return Response(entry_view(e))


class StandingsLiveApi(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)},
        description="Chips, ranks, players left, average stack, prize pool, payouts, the next payout jump.",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(selectors.standings_live(tournament=tournament_readable(request, tournament_id)))


class StandingsFinalApi(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)},
        description="Places (ties as ranges), prizes, bounties and league points.",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(selectors.standings_final(tournament=tournament_readable(request, tournament_id)))


class TournamentTablesApi(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        t = tournament_readable(request, tournament_id)
        return Response({"tables": selectors.tournament_tables(tournament=t), "halted": moves.halted(t=t)})


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
        except (TypeError, ValueError, OverflowError) as exc:
            raise ValidationFailed(f"bad query: {exc}", code="query_invalid") from exc
        whole(stack, "starting_stack", low=1, high=10**9)
        levels = services.structure_for(
            game_kind=q.get("game", ""),
            structure=None,
            template=q.get("template"),
            suggest=suggest,
            starting_stack=stack,
        )
        return Response({"structure": levels})
