"""The English of the services' refusals (the ApplicationError family raised outside the engine), by code,
merged into :data:`apps.core.i18n_catalog.ERRORS`. ``%(reason)s`` carries a nested refusal (an engine or
clock message), translated in its turn. The test in ``tests/i18n`` reads every raise site in ``apps/`` and
fails on a message no template reads: add it here (a template per wording), then makemessages.
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_noop

SERVICE_ERRORS: Final[dict[str, tuple[str, ...]]] = {
    # the room (apps.room): what the TV announces, the club's webhooks
    "sound_invalid": (gettext_noop("unknown announcement %(value)s"),),
    "webhook_url_invalid": (gettext_noop("a webhook needs an http or https address"),),
    "webhook_not_found": (gettext_noop("no webhook %(webhook)s"),),
    "device_not_allowed": (
        gettext_noop("%(value)s is a dealer's device; log in as the club's director to do that"),
    ),
    "device_not_found": (gettext_noop("no device %(device_id)s"),),
    "not_authenticated": (
        gettext_noop("log in first"),
        gettext_noop("log in as the club's director"),
        gettext_noop("log in to read this league"),
        gettext_noop("log in or use a device token to read this table"),
        gettext_noop("log in to read this tournament"),
    ),
    "not_director": (
        gettext_noop("Only a director of this club may do that"),
        gettext_noop("only the club's director reviews and rules on disputes"),
        gettext_noop("only the club's director rules on a dispute"),
    ),
    "role_invalid": (gettext_noop("role must be one of %(value)s"),),
    "user_not_found": (gettext_noop("no user %(username)s"),),
    "player_name_taken": (gettext_noop("the club already has a player named %(name)s"),),
    "device_scope_invalid": (
        gettext_noop("a device follows a table of the room or is pinned to tables, not both"),
    ),
    "room_table_invalid": (gettext_noop("room_table is a table number from 1 to %(max)s"),),
    "table_invalid": (
        gettext_noop("those tables are not this club's"),
        gettext_noop("no open table %(to_table)s"),
    ),
    "table_not_found": (
        gettext_noop("no table %(table_id)s"),
        gettext_noop("no open table %(table_number)s"),
    ),
    "level_clock_invalid": (gettext_noop("that level clock belongs to another club"),),
    "time_bank_per_invalid": (gettext_noop("time_bank_per is tournament or level"),),
    "structure_invalid": (
        gettext_noop("invalid structure: %(reason)s"),
        gettext_noop("cannot suggest a structure: %(reason)s"),
    ),
    "level_clock_not_found": (gettext_noop("no level clock %(clock_id)s"),),
    "level_does_not_fit_game": (
        gettext_noop("the level clock's level %(level)s does not fit this table's game: %(reason)s"),
    ),
    "seconds_required": (gettext_noop("add_time needs seconds"),),
    "level_required": (gettext_noop("jump needs a level"),),
    "action_invalid": (gettext_noop("action is one of %(value)s"),),
    "hand_not_found": (gettext_noop("no hand %(hand_id)s"),),
    "not_dealer_of_table": (
        gettext_noop("%(value)s may not call the clock at this table"),
        gettext_noop("%(value)s is not a dealer of this table"),
    ),
    "stale_seq": (
        gettext_noop("the hand moved on: expected_seq %(expected_seq)s but the hand is at %(seq)s"),
    ),
    "nobody_to_act": (gettext_noop("nobody is to act: the clock is called on the seat to act"),),
    "clock_already_called": (gettext_noop("the clock is already called on this seat"),),
    "not_published": (
        gettext_noop("this table is not published"),
        gettext_noop("this league is not published"),
        gettext_noop("this tournament is not published"),
        gettext_noop("this level clock's tournament is not published"),
    ),
    "too_many_streams": (gettext_noop("this address already follows %(limit)s live streams"),),
    "streams_full": (gettext_noop("this server follows as many live streams as it can; try again shortly"),),
    "token_mismatch": (gettext_noop("token is missing or is not this device's token"),),
    "device_revoked": (gettext_noop("this device token was revoked"),),
    "too_many_players": (gettext_noop("a hand has at most %(limit)s players, not %(count)s"),),
    "hand_not_finished": (
        gettext_noop("the hand is not finished"),
        gettext_noop("the hand is still being played: the dealer corrects it, or call the director"),
        gettext_noop("the hand is not finished yet"),
    ),
    "correction_unfinished": (
        gettext_noop("after the correction the hand is not finished: enter every event up to its end"),
    ),
    "reflow_replay_refused": (
        gettext_noop("hand %(number)s does not finish from the corrected stacks"),
        gettext_noop(
            "hand %(number)s, event %(seq)s (%(value)s) is no longer allowed from the corrected stacks: "
            "%(reason)s"
        ),
    ),
    "void_from_invalid": (gettext_noop("event %(void_from_seq)s is not a valid action of this hand"),),
    "later_hand_in_progress": (
        gettext_noop("hand %(number)s is still being played: finish it before the ruling re-flows it"),
    ),
    "reflow_player_without_chips": (
        gettext_noop(
            "%(name)s would have had no chips for hand %(number)s: correct that hand too, or rule otherwise"
        ),
    ),
    "stack_would_be_negative": (
        gettext_noop("a player's seat no longer has the chips the re-flow takes back"),
        gettext_noop("seat %(number)s has %(stack)s; cannot remove %(value)s"),
        gettext_noop("the correction would leave a stack negative"),
        gettext_noop("seat %(seat)s no longer has the chips this change takes back"),
    ),
    "not_allowed_to_dispute": (
        gettext_noop(
            "%(value)s may not dispute this hand: only its table's dealer, a player in the hand or the "
            "club's director may"
        ),
    ),
    "dispute_kind_invalid": (gettext_noop("kind is one of %(value)s"),),
    "description_required": (gettext_noop("say in a few words what is disputed"),),
    "dispute_not_found": (gettext_noop("no dispute %(dispute_id)s"),),
    "dispute_already_ruled": (gettext_noop("this dispute has been ruled on"),),
    "ruling_text_required": (gettext_noop("a ruling needs its text"),),
    "outcome_invalid": (gettext_noop("outcome is one of %(value)s"),),
    "correction_mismatch": (
        gettext_noop("a corrected outcome needs a correction, and only a corrected outcome has one"),
    ),
    "rating_not_latest": (
        gettext_noop("%(player)s has played a rated game since this tournament: its rating cannot be undone"),
    ),
    "seat_taken": (
        gettext_noop("%(name)s's seat %(number)s has been taken since: move them back first"),
        gettext_noop("seat %(number)s is taken"),
        gettext_noop("table %(to_table)s seat %(to_seat)s is taken"),
    ),
    "season_not_found": (gettext_noop("no season %(season_id)s"),),
    "best_n_invalid": (gettext_noop("best_n counts one or more results"),),
    "league_name_taken": (gettext_noop("the club already has a league named %(name)s"),),
    "season_name_taken": (gettext_noop("the league already has a season named %(name)s"),),
    "tournament_invalid": (gettext_noop("that tournament belongs to another club"),),
    "tournament_in_season": (gettext_noop("the tournament already counts for a season"),),
    "points_invalid": (gettext_noop("invalid points: %(reason)s"),),
    "club_not_found": (gettext_noop("no such club"),),
    "seat_empty": (gettext_noop("nobody sits in seat %(seat_number)s"),),
    "idempotency_key_invalid": (gettext_noop("Idempotency-Key is at most 100 characters"),),
    "player_not_found": (gettext_noop("no such player"),),
    "game_invalid": (
        gettext_noop("game must be an object"),
        gettext_noop("game kind must be one of %(value)s"),
        gettext_noop("unknown setting(s) for %(kind)s: %(value)s"),
        gettext_noop("%(kind)s needs %(value)s"),
        gettext_noop("game.%(name)s must be a whole number"),
        gettext_noop("game.%(name)s cannot be negative"),
        gettext_noop("invalid settings for %(kind)s: %(reason)s"),
    ),
    "seats_count_invalid": (gettext_noop("seats_count must be between %(min_players)s and 10"),),
    "table_name_taken": (gettext_noop("the club already has a table named %(name)s"),),
    "seat_invalid": (
        gettext_noop("seat %(number)s does not exist at a %(seats_count)s-seat table"),
        gettext_noop("counts for empty seats"),
        gettext_noop("no seat %(to_seat)s"),
    ),
    "stack_invalid": (gettext_noop("stack cannot be negative"),),
    "player_already_seated": (gettext_noop("%(name)s is already seated at this table"),),
    "adjustment_kind_invalid": (gettext_noop("kind must be one of %(value)s"),),
    "reason_required": (
        gettext_noop("a reason is required"),
        gettext_noop("a correction needs a reason"),
        gettext_noop("say why the entry is undone"),
    ),
    "amount_invalid": (gettext_noop("amount cannot be zero"),),
    "bust_chips_unknown": (
        gettext_noop("hand %(hand)s does not show who won these %(chips)s chips: give the stack explicitly"),
    ),
    "bust_chips_gone": (
        gettext_noop(
            "the winner at seat %(seat)s of hand %(hand)s no longer has the %(chips)s chips it won of this"
            " player: give the stack explicitly (those chips are then the director's)"
        ),
    ),
    "seat_left": (
        gettext_noop("that player has left the seat"),
        gettext_noop("that seat was already left"),
    ),
    "hand_in_progress": (
        gettext_noop("stacks change between hands only; finish the hand first"),
        gettext_noop("hand %(number)s is still in progress"),
        gettext_noop("the chip race is run between hands"),
        gettext_noop("players move between hands: a hand is in progress at one of the tables"),
        gettext_noop("hand %(number)s is in play at this table: import the file when it is over"),
        gettext_noop("a deal is accepted between hands: a hand is in play"),
    ),
    "not_enough_players": (gettext_noop("a hand needs at least two seated players with chips"),),
    "correction_empty": (
        gettext_noop("say which event to undo from (void_from_seq) and/or the events to append"),
    ),
    "later_hands_started": (
        gettext_noop("a later hand has started at this table; correct it through the dispute desk"),
        gettext_noop("the next hand has started: call the floor to correct this one"),
    ),
    # the console's undo (apps.disputes.undo)
    "nothing_to_undo": (
        gettext_noop("there is no entry to undo: nothing was entered since the deal or the last correction"),
    ),
    "undo_clock_entry": (
        gettext_noop("the turn clock entered the last action: call the floor to correct it"),
    ),
    "undo_not_yours": (
        gettext_noop(
            "another device entered the last action: only that device, or the director, may undo it"
        ),
        gettext_noop("someone else entered the last action: only they, or the director, may undo it"),
    ),
    "undo_after_elimination": (gettext_noop("this hand eliminated a player: call the floor to correct it"),),
    "phh_one_hand": (gettext_noop("send one hand per request, not %(count)s"),),
    "phh_hand_unfinished": (gettext_noop("the file's hand does not reach its end"),),
    "player_missing": (gettext_noop("give a player id or a player name"),),
    "player_invalid": (
        gettext_noop("that player belongs to another club"),
        gettext_noop("no such player"),
    ),
    "button_fixed": (gettext_noop("the button moves by the rules after the first hand"),),
    "button_invalid": (gettext_noop("seat %(button)s is not dealt in"),),
    "idempotency_key_reused": (
        gettext_noop("this Idempotency-Key was already used for a different request"),
    ),
    "action_not_found": (gettext_noop("no entry action %(action)s"),),
    "query_invalid": (gettext_noop("bad query: %(reason)s"),),
    "seat_move_not_found": (
        gettext_noop("no seat move %(move_id)s"),
        gettext_noop("no seat move %(pk)s"),
    ),
    "deal_not_found": (gettext_noop("no deal %(deal_id)s"),),
    "chip_race_done": (gettext_noop("the %(removed)s chips were already raced off at this table"),),
    "table_halted": (
        gettext_noop(
            "table %(number)s is halted: it is %(short)s players short of the longest table; confirm the "
            "balancing moves first"
        ),
    ),
    "hand_for_hand_wait": (
        gettext_noop("hand-for-hand: table %(number)s waits until table(s) %(value)s finish this hand"),
    ),
    "seat_move_decided": (gettext_noop("that move is already %(status)s"),),
    "entry_not_live": (
        gettext_noop("that entry is no longer playing"),
        gettext_noop("that entry is out of the tournament"),
        gettext_noop("that entry is not playing"),
    ),
    "override_incomplete": (gettext_noop("an override names the table and the seat"),),
    "move_stale": (gettext_noop("a move no longer fits the tables; ask for a new plan"),),
    "mover_standing": (
        gettext_noop("%(name)s has stood up for this plan: confirm or override their move"),
        gettext_noop("players are standing between seats: confirm or override their moves first"),
    ),
    "payout_invalid": (
        gettext_noop("payout kind is one of %(value)s"),
        gettext_noop("payout setting incomplete: %(reason)s"),
    ),
    "deal_method_invalid": (gettext_noop("method is one of %(value)s"),),
    "tournament_not_running": (
        gettext_noop("deals are made while the tournament runs"),
        gettext_noop("the tournament is not running"),
    ),
    "deal_too_few": (gettext_noop("a deal needs two or more players left"),),
    "deal_stale": (
        gettext_noop("the players left changed since the deal was calculated"),
        gettext_noop("the chips changed since the deal was calculated"),
    ),
    "entry_not_busted": (gettext_noop("only a busted entry declines a rebuy"),),
    "hand_for_hand_unchanged": (gettext_noop("hand-for-hand is already %(value)s"),),
    "tournament_started": (gettext_noop("the tournament has already started"),),
    "not_enough_entries": (gettext_noop("a tournament needs two or more entries"),),
    "match_one_table": (gettext_noop("a match is played at one table"),),
    "tournament_not_found": (gettext_noop("no tournament %(tournament_id)s"),),
    "setting_unknown": (gettext_noop("unknown tournament setting(s): %(value)s"),),
    "seats_per_table_invalid": (
        gettext_noop("seats_per_table must be between %(min_players)s and %(max_players)s"),
    ),
    "tournament_finished": (gettext_noop("the tournament is over"),),
    "already_registered": (
        gettext_noop("%(name)s is already registered (a re-entry goes through re-entry)"),
    ),
    "entry_not_found": (gettext_noop("no entry %(entry_id)s"),),
    "entry_not_seated": (gettext_noop("the entry is not seated"),),
    "entry_live": (gettext_noop("the player is still in the tournament"),),
    "no_level_clock": (gettext_noop("the tournament has no level clock"),),
    "setting_invalid": (gettext_noop("invalid %(first)s: %(value)s"),),
    "structure_missing": (
        gettext_noop("give a structure, a template or what to suggest from (players, hours)"),
    ),
    "not_found": (gettext_noop("no %(what)s %(pk)s"),),
    "player_not_at_table": (
        gettext_noop(
            "a player whose chips the correction changes is no longer seated at this table (moved or "
            "left): seat them back first, or adjust their stack where they are"
        ),
    ),
    # --- input limits (apps/core/inputs.py) and settings bounds (apps/core/bounds.py)
    "json_too_large": (gettext_noop("the JSON body is larger than %(limit)s bytes"),),
    "json_too_deep": (gettext_noop("the JSON body is nested more than %(limit)s deep"),),
    "number_not_finite": (gettext_noop("numbers must be finite: %(value)s"),),
    "malformed_request": (
        gettext_noop("the JSON body is not UTF-8"),
        gettext_noop("JSON parse error: %(error)s"),
    ),
    "text_invalid": (
        gettext_noop("%(field)s contains a NUL character"),
        gettext_noop("%(field)s contains a lone surrogate"),
    ),
    "invalid": (
        # the room's webhooks (apps.room.services)
        gettext_noop("a webhook needs a name of up to 60 characters"),
        gettext_noop("unknown format %(value)s"),
        gettext_noop("a Telegram webhook needs the chat id"),
        gettext_noop("a chat id has up to 64 characters"),
        gettext_noop("choose what the webhook is told"),
        gettext_noop("%(field)s must be a whole number from %(low)s to %(high)s"),
        gettext_noop("%(field)s must be true or false"),
        gettext_noop("%(field)s must be text of at most %(count)s characters"),
        gettext_noop("%(field)s must be one of %(choices)s"),
        gettext_noop(
            "%(field)s must be a list of %(low_count)s to %(high_count)s whole numbers "
            "from %(low)s to %(high)s"
        ),
        gettext_noop("%(field)s must be an object"),
        gettext_noop("%(field)s is not a setting; the settings are %(choices)s"),
        gettext_noop("%(field)s lists each chip once"),
        gettext_noop("%(field)s lists each table once"),
        gettext_noop("%(field)s must be a list of 1 to %(count)s percentages from 0 to 100"),
        gettext_noop("%(field)s must be a list of 1 to %(count)s objects"),
        gettext_noop("%(field)s needs players and hours"),
        gettext_noop("%(field)s must be a number above 0 and at most %(count)s"),
        gettext_noop("%(field)s must be a list of 1 to %(count)s levels"),
        gettext_noop("the no-bet mode is played as a match (format: match)"),
    ),
    "event_invalid": (
        gettext_noop("event %(index)s must be an object with a type"),
        gettext_noop("event %(index)s has a field of the wrong type"),
    ),
    "phh_field_invalid": (gettext_noop("the PHH file has a field of the wrong type: %(error)s"),),
    "phh_toml_invalid": (gettext_noop("the PHH file nests arrays or tables more than %(limit)s deep"),),
    "tables_changing": (gettext_noop("the tournament's tables keep changing; try again"),),
    "clock_started": (
        gettext_noop("the level clock has started: its structure is the running tournament's"),
    ),
    "seats_drawn": (gettext_noop("the seats are drawn: the setup can no longer change"),),
    # leagues in the cockpit, and the clock-only games (apps.standings.seasons, apps.tournaments.clockonly,
    # apps.tables.counts)
    "tournament_not_in_season": (gettext_noop("that tournament does not count for this season"),),
    "not_dealer": (
        gettext_noop("only the table's dealer or the director counts its chips"),
        gettext_noop("only the director or the table's dealer enters who is out"),
    ),
    "chips_invalid": (
        gettext_noop("a chip count is a whole number from 1 to %(max)s; a player with no chips is out"),
    ),
    "knocked_out_by_invalid": (
        gettext_noop("a player is knocked out by someone at the same table"),
        gettext_noop("who knocked them out is another player still playing"),
    ),
    "game_name_required": (gettext_noop("a clock-only tournament names its game (Hold'em, Omaha, ...)"),),
    "clock_only_match": (gettext_noop("a match counts hands, and no hand is dealt in a clock-only game"),),
    "clock_only_table": (
        gettext_noop(
            "Floor does not referee %(game)s: no hand is dealt at this table; enter who is out and the chip "
            "counts instead"
        ),
    ),
    "not_clock_only": (gettext_noop("the hands decide who is out in a refereed game"),),
    "entry_not_playing": (gettext_noop("%(player)s is not playing at a table"),),
}
