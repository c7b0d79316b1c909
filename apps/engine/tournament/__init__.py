"""The pure rules of tournaments and leagues: no Django; time and randomness passed in, so each is testable.

One concern per module:

- :mod:`.structure`: levels, breaks, templates, the suggested structure;
- :mod:`.chips`: the chips each level needs and the colour-ups;
- :mod:`.entries`: buy-in, late registration, rebuys, add-ons, re-entries, bounties, the prize pool;
- :mod:`.payouts`: payout tables and integer prizes summing to the pool, shared places;
- :mod:`.deals`: ICM, chip-chop and even-split deals with their explanation;
- :mod:`.seating`: tables, the random draw, late seats, the dead button (TDA 10, 32);
- :mod:`.balancing`: balancing, breaking tables and the final-table redraw as proposed moves (TDA 10-11);
- :mod:`.places`: finishing places from eliminations, hand-for-hand, the single-table match;
- :mod:`.chiprace`: the chip race at a colour-up (TDA 24);
- :mod:`.standings`: live and final standings;
- :mod:`.league`: league points and best-N season leaderboards;
- :mod:`.ratings`: openskill Bradley-Terry (full pairing) ratings with history.

>>> pay(100000, payout_table(20), unit=100)
[49900, 28600, 21500]
"""

from apps.engine.tournament.balancing import (
    Move,
    Plan,
    apply_plan,
    balance,
    break_table,
    break_tables,
    final_table_draw,
    halted_tables,
    plan_after_elimination,
)
from apps.engine.tournament.chiprace import ChipRace, RaceSeat, chip_race
from apps.engine.tournament.chips import ColourUp, chips_in_play, colour_ups, smallest_chip
from apps.engine.tournament.deals import Deal, chip_chop, even_split, icm, icm_equities
from apps.engine.tournament.entries import (
    Option,
    TournamentConfig,
    bounties_won,
    can_add_on,
    can_rebuy,
    can_reenter,
    can_register,
    prize_pool,
    verify_add_on,
    verify_rebuy,
    verify_reentry,
    verify_registration,
)
from apps.engine.tournament.errors import (
    ChipRaceError,
    DealError,
    EntryError,
    LeagueError,
    PayoutError,
    PlaceError,
    RatingError,
    SeatingError,
    StructureError,
    TournamentError,
)
from apps.engine.tournament.league import PointsRule, Result, Standing, leaderboard
from apps.engine.tournament.payouts import (
    apportion,
    pay,
    payout_table,
    percentages_to_shares,
    places_paid,
    split_places,
)
from apps.engine.tournament.places import (
    Bust,
    Finish,
    MatchFormat,
    busts_from_hand,
    hand_for_hand_due,
    match_result,
    no_bet_points,
    places_for_hand,
    prizes_for_finishes,
)
from apps.engine.tournament.ratings import NEW, Rating, RatingChange, rate
from apps.engine.tournament.seating import (
    Positions,
    SeatAssignment,
    Table,
    first_positions,
    initial_draw,
    next_positions,
    seat_entry,
    waiting_seats,
)
from apps.engine.tournament.standings import FinalRow, LiveStandings, final_standings, live_standings
from apps.engine.tournament.structure import (
    Break,
    Level,
    suggest_structure,
    template,
    to_clock_levels,
)

__all__ = [
    "NEW",
    "Break",
    "Bust",
    "ChipRace",
    "ChipRaceError",
    "ColourUp",
    "Deal",
    "DealError",
    "EntryError",
    "FinalRow",
    "Finish",
    "LeagueError",
    "Level",
    "LiveStandings",
    "MatchFormat",
    "Move",
    "Option",
    "PayoutError",
    "PlaceError",
    "Plan",
    "PointsRule",
    "Positions",
    "RaceSeat",
    "Rating",
    "RatingChange",
    "RatingError",
    "Result",
    "SeatAssignment",
    "SeatingError",
    "Standing",
    "StructureError",
    "Table",
    "TournamentConfig",
    "TournamentError",
    "apply_plan",
    "apportion",
    "balance",
    "bounties_won",
    "break_table",
    "break_tables",
    "busts_from_hand",
    "can_add_on",
    "can_rebuy",
    "can_reenter",
    "can_register",
    "chip_chop",
    "chip_race",
    "chips_in_play",
    "colour_ups",
    "even_split",
    "final_standings",
    "final_table_draw",
    "first_positions",
    "halted_tables",
    "hand_for_hand_due",
    "icm",
    "icm_equities",
    "initial_draw",
    "leaderboard",
    "live_standings",
    "match_result",
    "next_positions",
    "no_bet_points",
    "pay",
    "payout_table",
    "percentages_to_shares",
    "places_for_hand",
    "places_paid",
    "plan_after_elimination",
    "prize_pool",
    "prizes_for_finishes",
    "rate",
    "seat_entry",
    "smallest_chip",
    "split_places",
    "suggest_structure",
    "template",
    "to_clock_levels",
    "verify_add_on",
    "verify_rebuy",
    "verify_reentry",
    "verify_registration",
    "waiting_seats",
]
