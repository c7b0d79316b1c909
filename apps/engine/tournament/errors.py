"""Typed errors of the tournament rules (a family under :class:`apps.engine.errors.EngineError`).

>>> StructureError("no levels", code="structure_empty").as_dict()["rule"]
'RULES.md §8 (levels, WSOP 79)'
"""

from __future__ import annotations

from apps.engine.errors import EngineError


class TournamentError(EngineError):
    """A tournament rule or input refused."""

    code = "tournament_invalid"
    rule = "RULES.md §8"


class StructureError(TournamentError):
    """An impossible structure: no levels, blinds going down, a bad template name."""

    code = "structure_invalid"
    rule = "RULES.md §8 (levels, WSOP 79)"


class EntryError(TournamentError):
    """A registration, rebuy, add-on or re-entry outside its period or limit."""

    code = "entry_refused"
    rule = "RULES.md §8 (TDA 8, TDA 27)"


class PayoutError(TournamentError):
    """Payout percentages or amounts that do not add up, or an impossible split."""

    code = "payout_invalid"
    rule = "RULES.md §8 (payouts)"


class DealError(TournamentError):
    """A deal that cannot be computed (no chips, more prizes than players, too many players for ICM)."""

    code = "deal_invalid"
    rule = "RULES.md §8 (deals)"


class SeatingError(TournamentError):
    """A seat draw, balance or table break that is impossible (no seat free, unknown table)."""

    code = "seating_invalid"
    rule = "TDA 10-11"


class PlaceError(TournamentError):
    """Eliminations that cannot be ordered (busts from several tables outside hand-for-hand, bad stacks)."""

    code = "places_invalid"
    rule = "RULES.md §8 (WSOP 126-b)"


class ChipRaceError(TournamentError):
    """A chip race with the wrong cards, unknown denominations or negative counts."""

    code = "chip_race_invalid"
    rule = "TDA 24"


class LeagueError(TournamentError):
    """A league points rule or result that cannot be scored."""

    code = "league_invalid"
    rule = "League rules"


class RatingError(TournamentError):
    """A rated result that cannot be rated (a player twice, fewer than two players)."""

    code = "rating_invalid"
    rule = "RULES.md §6 (rated games)"
