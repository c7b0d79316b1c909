"""The leagues and ratings API: directors create leagues and seasons and add tournaments; the public reads
published leagues' leaderboards and the ratings."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.models import Club, Player
from apps.accounts.permissions import actor_from_request, is_member, require_actor
from apps.core.apis import get_or_404, validated
from apps.core.errors import NotAuthenticated, NotFound, PermissionRefused
from apps.core.schema import errors
from apps.engine.tournament.ratings import MODEL_NAME
from apps.standings import selectors, services
from apps.standings.models import League, Season
from apps.tournaments.models import Tournament

Serializer = serializers.Serializer


def _get(model: Any, pk: int, what: str) -> Any:
    return get_or_404(model, pk, what)


class LeagueSerializer(Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.DictField()
    best_n = serializers.IntegerField(allow_null=True)
    published = serializers.BooleanField()


class LeagueCreateApi(APIView):
    class InputSerializer(Serializer):
        club = serializers.IntegerField()
        name = serializers.CharField(max_length=120)
        points = serializers.DictField(
            help_text='{"kind": "table", "table": [10000, 7000, 5000]} (hundredths of points), '
            '{"kind": "tlb"} or {"kind": "sqrt"} (formulas of entries, buy-in, place); optional "minor_units"'
        )
        best_n = serializers.IntegerField(required=False, allow_null=True, min_value=1)
        published = serializers.BooleanField(default=False)

    @extend_schema(request=InputSerializer, responses={201: LeagueSerializer, **errors(400, 401, 403, 404)})
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in as the club's director")
        v = dict(data.validated_data)
        club = _get(Club, v.pop("club"), "club")
        league = services.league_create(actor=actor, club=club, **v)
        return Response(
            {
                "id": league.pk,
                "club": league.club_id,
                "name": league.name,
                "points": league.points,
                "best_n": league.best_n,
                "published": league.published,
            },
            status=status.HTTP_201_CREATED,
        )


class SeasonCreateApi(APIView):
    class InputSerializer(Serializer):
        name = serializers.CharField(max_length=120)

    @extend_schema(
        request=InputSerializer, responses={201: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request, league_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in as the club's director")
        season = services.season_create(
            actor=actor, league=_get(League, league_id, "league"), **data.validated_data
        )
        return Response({"id": season.pk, "league": season.league_id, "name": season.name}, status=201)


class SeasonTournamentAddApi(APIView):
    class InputSerializer(Serializer):
        tournament = serializers.IntegerField()

    @extend_schema(
        request=InputSerializer, responses={201: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, season_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in as the club's director")
        season = _get(Season, season_id, "season")
        t = _get(Tournament, data.validated_data["tournament"], "tournament")
        services.season_tournament_add(actor=actor, season=season, tournament=t)
        return Response({"season": season.pk, "tournament": t.pk}, status=201)


class LeaderboardApi(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)},
        description="The season leaderboard: best-N points (hundredths) and the documented tie-breakers "
        "(wins, cashes, best finish, earlier achievement); equal players share the rank.",
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = Season.objects.select_related("league").filter(pk=season_id).first()
        if season is None:
            raise NotFound(f"no season {season_id}", code="season_not_found")
        actor = actor_from_request(request)
        if not season.league.published and not is_member(actor, season.league.club_id):
            if actor.is_anonymous:
                raise NotAuthenticated("log in to read this league")
            raise PermissionRefused("this league is not published", code="not_published")
        member = is_member(actor, season.league.club_id)
        return Response(selectors.leaderboard_for_season(season=season, published_only=not member))


class RatingsApi(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors(404)},
        description="The club's ratings. Its members read them as they stand; anyone else as of the "
        "published tournaments only.",
    )
    def get(self, request: Request, club_id: int) -> Response:
        _get(Club, club_id, "club")
        member = is_member(actor_from_request(request), club_id)
        ratings = selectors.ratings_for_club(club_id=club_id, published_only=not member)
        return Response({"model": MODEL_NAME, "ratings": ratings})


class RatingHistoryApi(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, **errors(404)},
        description="A player's rated games. Members of the player's club read all of them; anyone else "
        "those of published tournaments.",
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = _get(Player, player_id, "player")
        member = is_member(actor_from_request(request), player.club_id)
        history = selectors.rating_history_for_player(player_id=player_id, published_only=not member)
        return Response({"player": player_id, "history": history})
