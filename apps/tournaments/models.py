"""Tournaments: their settings, entries, tables, the seat moves Floor proposes and the director decides,
eliminations (from hand results), payouts, chip races and deals.

Chips are never stored here: an entry's chips are its seat's stack (:class:`apps.tables.models.Seat`), which
only hands and recorded stack adjustments change. Places and prizes are derived from eliminations and the
payout table, both computed by the rules in :mod:`apps.engine.tournament`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from apps.accounts.models import Club, Player
from apps.clocks.models import LevelClock
from apps.tables.models import Hand, Seat, Table


class Tournament(models.Model):
    class Format(models.TextChoices):
        FREEZEOUT = "freezeout", "Play to the last player"
        MATCH = "match", "Single-table match of a fixed number of hands"

    class Status(models.TextChoices):
        REGISTERING = "registering", "Registering"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    class GameKind(models.TextChoices):
        REFEREED = "refereed", "Floor referees the hands"
        CLOCK_ONLY = "clock_only", "Clock only: a game Floor does not referee"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=120)
    # clock_only: Hold'em, Omaha, a mix... Floor runs the clock, seats, eliminations (entered by the
    # director) and money, but deals no hand; ``game`` then only carries the blinds the clock's levels fit.
    game_kind = models.CharField(max_length=16, choices=GameKind.choices, default=GameKind.REFEREED)
    game_name = models.CharField(max_length=60, blank=True)  # what the room plays, shown on every page
    game = models.JSONField()  # the director's game settings ({"kind": ...}); every table is created with it
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.FREEZEOUT)
    match_hands = models.PositiveSmallIntegerField(default=10)  # the match format's fixed number of hands
    buy_in = models.PositiveIntegerField(default=0)  # to the prize pool
    fee = models.PositiveIntegerField(default=0)  # to the house, not in the pool
    starting_stack = models.PositiveIntegerField()
    seats_per_table = models.PositiveSmallIntegerField(default=6)
    final_table_size = models.PositiveSmallIntegerField(null=True, blank=True)  # None: seats_per_table
    level_clock = models.ForeignKey(
        LevelClock, null=True, blank=True, on_delete=models.PROTECT, related_name="tournaments"
    )
    # Periods are level indexes of the structure, inclusive (None: not offered).
    late_reg_until_level = models.PositiveSmallIntegerField(null=True, blank=True)
    rebuy_until_level = models.PositiveSmallIntegerField(null=True, blank=True)
    rebuy_limit = models.PositiveSmallIntegerField(null=True, blank=True)  # None: unlimited
    rebuy_price = models.PositiveIntegerField(default=0)
    rebuy_chips = models.PositiveIntegerField(default=0)
    rebuy_max_stack = models.PositiveIntegerField(null=True, blank=True)  # rebuy only at or below this stack
    addon_from_level = models.PositiveSmallIntegerField(null=True, blank=True)
    addon_until_level = models.PositiveSmallIntegerField(null=True, blank=True)
    addon_price = models.PositiveIntegerField(default=0)
    addon_chips = models.PositiveIntegerField(default=0)
    reentry_until_level = models.PositiveSmallIntegerField(null=True, blank=True)
    reentry_limit = models.PositiveSmallIntegerField(null=True, blank=True)  # re-entries per player
    bounty = models.PositiveIntegerField(default=0)  # per entry, paid to whoever eliminates it
    # progressive knockout: half of a head's bounty is paid in cash, half goes onto the eliminator's head
    progressive_bounty = models.BooleanField(default=False)
    # {"kind": "standard"} (percentages by number of entries) or {"kind": "custom", "percentages": [...]}.
    payout = models.JSONField(default=dict, blank=True)
    chip_denominations = models.JSONField(
        default=list, blank=True
    )  # e.g. [5, 25, 100, 500]; colour-ups remove them
    # The chip set the director has: {"counts": {"25": 300, ...}, "stack": {"25": 8, ...}} (the chips of a
    # starting stack); chip_denominations above is its list of denominations.
    chip_set = models.JSONField(default=dict, blank=True)
    break_order = models.JSONField(default=list, blank=True)  # table numbers in the published breaking order
    # the setup form's planning fields as the director typed them (expected entries, hours...), shown again
    plan = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField(default=0)  # the random draws' seed (recorded: every draw can be re-shown)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTERING)
    published = models.BooleanField(default=False)
    rated = models.BooleanField(default=False)  # a rated game: the finish updates the players' ratings
    hand_for_hand = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(starting_stack__gte=1), name="tournament_stack_positive"),
            models.CheckConstraint(
                condition=Q(seats_per_table__gte=2, seats_per_table__lte=10), name="tournament_seats_2_to_10"
            ),
            models.CheckConstraint(condition=Q(match_hands__gte=1), name="tournament_match_hands_positive"),
            models.CheckConstraint(
                condition=Q(status__in=["registering", "running", "finished"]), name="tournament_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(format__in=["freezeout", "match"]), name="tournament_format_valid"
            ),
            models.CheckConstraint(
                condition=Q(game_kind="refereed") | (Q(game_kind="clock_only") & ~Q(game_name="")),
                name="tournament_clock_only_named",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


class TournamentTable(models.Model):
    """A table of the tournament (``number`` 1, 2, ...). Broken tables keep their row (``broken_at``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="tournament_table")
    number = models.PositiveSmallIntegerField()
    is_final = models.BooleanField(default=False)
    hand_for_hand_hands = models.PositiveIntegerField(default=0)  # hands finished since hand-for-hand began
    broken_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="tournament_table_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} table {self.number}"


class Entry(models.Model):
    """One buy-in (a re-entry is a new entry of the same player, ``number`` 2, 3, ...). ``seat`` is where the
    entry sits now; its chips are that seat's stack."""

    class Status(models.TextChoices):
        REGISTERED = "registered", "Registered, not seated"
        PLAYING = "playing", "Playing"
        BUSTED = "busted", "Out of chips, may still rebuy"
        ELIMINATED = "eliminated", "Eliminated"
        FINISHED = "finished", "Finished in the money or as the winner"
        REMOVED = "removed", "Removed by the director after the draw (kept in the record)"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tournament_entries")
    number = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTERED)
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    rebuys = models.PositiveSmallIntegerField(default=0)
    add_ons = models.PositiveSmallIntegerField(default=0)
    place = models.PositiveIntegerField(null=True, blank=True)
    place_to = models.PositiveIntegerField(null=True, blank=True)  # a tie shares places place..place_to
    prize = models.BigIntegerField(default=0)
    bounties_won = models.BigIntegerField(default=0)
    # progressive knockout: what the entry's knockouts have added to the bounty on its own head
    bounty_head_extra = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player", "number"], name="entry_unique_number"),
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(status__in=["registered", "playing", "busted"]),
                name="entry_one_live_per_player",
            ),
            models.CheckConstraint(condition=Q(prize__gte=0), name="entry_prize_not_negative"),
            models.CheckConstraint(
                condition=Q(place__isnull=True) | Q(place_to__gte=models.F("place")), name="entry_place_range"
            ),
        ]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return f"{self.player} #{self.number} in {self.tournament}"


class SeatMove(models.Model):
    """A seat change: proposed by Floor (with the rule), then confirmed or overridden by the director, or
    made directly (the draw, a re-entry). Every move is kept."""

    class Kind(models.TextChoices):
        DRAW = "draw", "Seat draw (TDA 10)"
        LATE = "late", "Late registration or re-entry seat (TDA 8, 10)"
        BALANCE = "balance", "Balancing (TDA 11)"
        BREAK = "break", "Table break (TDA 10-B)"
        FINAL = "final", "Final table redraw"

    class Status(models.TextChoices):
        PROPOSED = "proposed", "Proposed"
        CONFIRMED = "confirmed", "Confirmed"
        OVERRIDDEN = "overridden", "Overridden by the director"
        CANCELLED = "cancelled", "Cancelled"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="moves")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="moves")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    rule = models.CharField(max_length=60, blank=True)
    reason = models.CharField(max_length=300, blank=True)
    from_table = models.PositiveSmallIntegerField(null=True, blank=True)  # tournament table numbers
    from_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    to_table = models.PositiveSmallIntegerField()
    to_seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PROPOSED)
    proposed_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["tournament", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=Q(status="proposed"), name="seat_move_one_pending_per_entry"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.from_table}/{self.from_seat} -> {self.to_table}/{self.to_seat}"


class Elimination(models.Model):
    """An entry out of chips after a hand (and no rebuy taken). ``place``..``place_to`` is the range it
    shares with the others of its ``tie_group`` (same hand, equal starting stacks; or, hand-for-hand, the
    same hand-for-hand round at different tables)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="eliminations")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="elimination")
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    start_chips = models.BigIntegerField()  # the entry's stack at the start of that hand
    alive_before = models.PositiveIntegerField()  # entries alive when the hand (or h-f-h round) began
    hand_for_hand_round = models.PositiveIntegerField(null=True, blank=True)
    place = models.PositiveIntegerField()
    place_to = models.PositiveIntegerField()
    eliminated_by = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="knockouts"
    )  # the first of the winners of the pot that busted it, clockwise from the button
    # {entry id: amount}: the bounty shared by the winners of that pot (odd units to the first of them)
    bounty_shares = models.JSONField(default=dict, blank=True)
    # progressive knockout: {entry id: amount} put onto each winner's own head (the cash is bounty_shares)
    head_shares = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(place_to__gte=models.F("place")), name="elimination_place_range"
            )
        ]

    def __str__(self) -> str:
        return f"{self.entry} out in place {self.place}"


class DeskRecord(models.Model):
    """What the registration desk corrected: a rename, a removal (with its refund), an undone registration,
    an undone bust-out (with a copy of the elimination it undid). Only added to, never changed; it keeps the
    player's name, as a removed registration's entry row may be gone."""

    class Kind(models.TextChoices):
        RENAMED = "renamed", "Entry renamed"
        REMOVED = "removed", "Entry removed"
        REGISTRATION_UNDONE = "registration_undone", "Registration undone"
        BUST_UNDONE = "bust_undone", "Bust-out undone"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="desk_records")
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    player_name = models.CharField(max_length=80)
    reason = models.CharField(max_length=300, blank=True)
    refund = models.BigIntegerField(default=0)  # money handed back (buy-in and fee), 0 if none
    detail = models.JSONField(default=dict, blank=True)  # before/after, the undone elimination, ...
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        constraints = [models.CheckConstraint(condition=Q(refund__gte=0), name="desk_record_refund_positive")]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.kind} {self.player_name}"


class Payout(models.Model):
    """The prize of each paid place, in whole chips of money; the rows sum exactly to the pool."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="payouts")
    place = models.PositiveIntegerField()
    amount = models.BigIntegerField()

    class Meta:
        ordering = ["tournament", "place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "place"], name="payout_unique_place"),
            models.CheckConstraint(condition=Q(amount__gte=0), name="payout_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} place {self.place}: {self.amount}"


class ChipRace(models.Model):
    """A colour-up at one table (TDA 24): the chip removed, the odd chips each seat had, who won a chip."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="chip_races")
    table_number = models.PositiveSmallIntegerField()
    removed = models.PositiveIntegerField()  # the denomination taken out of play
    next_chip = models.PositiveIntegerField()  # the smallest denomination left
    result = models.JSONField()  # the engine's record: seats, odd chips, cards dealt, chips won, new stacks
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "table_number", "removed"], name="chip_race_once_per_table_chip"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament} table {self.table_number}: race off the {self.removed}"


class Deal(models.Model):
    """A deal calculated for the players left (ICM, chip-chop or even), with its explanation; once the
    director accepts it, it replaces the remaining payouts."""

    class Method(models.TextChoices):
        ICM = "icm", "ICM"
        CHIP_CHOP = "chip_chop", "Chip-chop"
        EVEN = "even", "Even split"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="deals")
    method = models.CharField(max_length=16, choices=Method.choices)
    shares = models.JSONField()  # [{"entry": id, "chips": n, "amount": n}]
    explanation = models.JSONField()
    accepted = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament"], condition=Q(accepted=True), name="deal_one_accepted"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.method} deal"


class TournamentTemplate(models.Model):
    """A director's saved tournament setup (game, structure, money, payouts, chip set), to start new
    tournaments from (:mod:`apps.tournaments.setup`)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournament_templates")
    name = models.CharField(max_length=60)
    setup = models.JSONField()  # apps.tournaments.setup's setup: game, structure, settings, time bank
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="tournament_template_unique_name")
        ]

    def __str__(self) -> str:
        return f"{self.club}: template {self.name}"
