"""`DuelGame`: Yokohama Duel behind the engine contract (engine/core/contract.py).

Every decision is a `DuelStep` (engine/duel/flow.py picks the current one), so `legal`, refusals,
prompts, labels and details derive from one declaration per rule (`engine.core.steps.StepGame`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

from engine.core import OptionSpec, seat_token
from engine.core.deadline import Clock
from engine.core.kept_text import keeping, plain, worded
from engine.core.steps import StepGame
from engine.core.translate import N_, _
from engine.core.wording import list_joiner, story_joiner, told_by
from engine.duel import ai, flow, scoring, search
from engine.duel import view as viewing
from engine.duel.cards import AREAS, ROUNDS, TURNS_PER_ROUND
from engine.duel.copying import copy_for_move, copy_state
from engine.duel.free import FREE
from engine.duel.greedy import greedy_action
from engine.duel.state import SCHEMA_VERSION, new_state
from engine.duel.step import DuelStep
from engine.duel.turns import GAME_OVER
from engine.duel.types import Action, DuelOptions, State
from engine.duel.view_types import DuelView

NOT_AN_ACTION = N_("That is not a Yokohama Duel action; choose one of the offered options.")
_OLD_SEAT_NAMES = re.compile(r"\bP([12])\b")


#: Decisions the story leaves to what follows them: the Area is told by the Power sent there ("sends Power 4
#: to Port: …"), ending the turn is a formality, and the steps of a Church card, a Port's keeps and a
#: Technology's choice are told whole by the event that closes them ("takes a Church card face down,
#: spending …", _("keeps 2 Order cards for ¥2"), _("gains the Technology …, paying …")).
_TOLD_LATER = ("area", "end", "church", "faith", "keep", "keep2", "tech")


class DuelGame(StepGame[State, Action, DuelView]):
    name = "duel"
    title = N_("Yokohama Duel")  # translated where shown
    min_players = 2
    max_players = 2
    #: hard: the search AI, which beat easy in 127 of 200 games at 0.5 s a decision (63.5 %; 103 of 200 at 0.2 s).
    ai_levels = ("easy", "hard")
    options = (
        OptionSpec(
            "start_seat", -1, (-1, 0, 1),
            "Who takes the first turn of round 1 (the rulebook: whoever most recently visited a port).",
            title=N_("Starting player"), labels=(N_("random"), N_("first seat"), N_("second seat")),
        ),
    )
    schema_version = SCHEMA_VERSION
    steps = flow.ALL_STEPS
    shared_kinds = FREE.kinds

    # ----- the game's course ----------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        with keeping():  # the state's log, whoever is reading
            return new_state(seed, cast(DuelOptions, self.normalize_options(options)))

    def to_act(self, state: State) -> list[int]:
        return flow.to_act(state)

    def step_of(self, state: State, seat: int) -> DuelStep | None:
        return flow.step_of(state, seat)

    def apply(self, state: State, seat: int, action: Action, *, offered: Sequence[Action] | None = None) -> State:
        """`Game.apply`; with `offered` (a caller that never edits a state in place: a playout, a search, the
        service), the new state shares with `state` every list and dict the move leaves alone
        (`copying.copy_for_move`) instead of copying the whole state. An action that is one of `offered` itself
        (a playout's choice) is carried out as it is, not copied first: the rules only read an action's values,
        never keep or change the dict. Refusals are the base class's."""
        step = flow.step_of(state, seat) if offered is not None else None
        if offered is None or step is None:  # no offered list, the game over, not this seat's turn: the base's way
            return super().apply(state, seat, action, offered=offered)
        chosen: Action | None = None
        for option in offered:
            if option is action:
                chosen = action
                break
        else:
            chosen = self.match_legal(state, seat, action, offered=offered)
        if chosen is None:
            return super().apply(state, seat, action, offered=offered)  # raises the refusal
        new_state = copy_for_move(state, seat, chosen)
        flow.perform(new_state, seat, chosen, step)  # the copy is equal to `state`: the same step
        return new_state

    def _copy_for_move(self, state: State, seat: int) -> State:
        """A copy that knows the state's shape (engine/duel/copying.py), equal to `json_copy(state)`."""
        return copy_state(state)

    def _apply(self, state: State, seat: int, action: Action) -> None:
        flow.perform(state, seat, action)

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        if not isinstance(action, dict) or action.get("do") not in self.action_kinds:
            return _(NOT_AN_ACTION)
        return super().why_illegal(state, seat, action)

    def why_not_your_turn(self, state: State, seat: int) -> str:
        if seat not in (0, 1):
            return _("There is no such seat in a Duel.")
        if state["phase"] == "setup":
            return _("You have already chosen your Order cards; waiting for your opponent.")
        if state["phase"] == "upgrade":
            return _("You have already decided your upgrade; waiting for your opponent.")
        return _("It is not your turn; your opponent is deciding.")

    def is_over(self, state: State) -> bool:
        phase: str = state["phase"]
        return phase == "over"

    # ----- words (`describe`, `public_label`, `detail`: the owning step's, engine.core.steps) -----------
    def narrate(self, before: State, seat: int, action: Action, after: State) -> str:
        """The public events this decision caused (the log entries it added), as one clause."""
        added = after.get("log_count", 0) - before.get("log_count", 0)
        told = after["log"]
        # A kept event may list its rewards with "; " and goods with ", " (the log keeps them so): the reader's
        # language joins them.
        events = [worded(e).replace(" gains draw ", " draws ").replace(" ; ", "; ").replace("; ", list_joiner())
                  .replace(", ", _(", "))
                  for e in (told[-added:] if added > 0 else []) if plain(e) != GAME_OVER]  # the headline says it
        if events:
            return story_joiner().join(events)
        if isinstance(action, dict) and action.get("do") in _TOLD_LATER:
            return ""
        if added > 0:
            return ""
        return told_by(seat, self.public_label(before, action))

    def headline(self, state: State) -> str:
        phase = state["phase"]
        if phase == "over":
            won = self.winners(state)
            if len(won) == 2:
                return _("Game over: a shared victory.")
            totals = [s["total"] for s in self.scores(state)]
            # TRANSLATORS: {seat} is a player's name; the headline of a finished Duel.
            return _("Game over: {seat} wins {high} to {low}.").format(seat=seat_token(won[0]), high=max(totals),
                                                                low=min(totals))
        if phase == "setup":
            return _("Setup: each player keeps 2 of 3 Order cards.")
        if phase == "upgrade":
            return _("End of round {round}: upgrading Power cards.").format(round=state["round"])
        turn_no = state["turns_done"] // 2 + 1
        act = state["turn"]["act"]
        words = dict(round=state["round"], rounds=ROUNDS, turn=turn_no, turns=TURNS_PER_ROUND,
                     seat=seat_token(state["current"]))
        if act and act["area"]:
            return _("Round {round} of {rounds}, turn {turn} of {turns}: {seat} to play at {area}.").format(
                area=AREAS[act["area"]].name, **words)
        return _("Round {round} of {rounds}, turn {turn} of {turns}: {seat} to play.").format(**words)

    def turn_marker(self, state: State) -> Any:
        return [state["phase"], state["round"], state["turns_done"]]

    # ----- the service's questions --------------------------------------------------------------
    def closes_undo(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Closed by a draw (Order, Power Bonus or Technology cards; any shuffle), by revealing a
        hidden card (an Order completed), and by the decision passing to another seat."""
        if self.to_act(after) != self.to_act(before) or after["phase"] != before["phase"]:
            return True
        if after["rng"] != before["rng"] or len(after["order_deck"]) < len(before["order_deck"]):
            return True
        if after["bonus_deck"] != before["bonus_deck"] or after["tech_row"] != before["tech_row"]:
            return True
        done = [len(p["orders_done"]) for p in before["players"]]
        return [len(p["orders_done"]) for p in after["players"]] != done

    def reveals(self, before: State, seat: int, action: Action, after: State) -> bool:
        """`closes_undo` without the hand-on: ending the turn played for the player (a formality) stays
        undoable until the other seat acts, unless it drew, revealed or changed the phase."""
        if after["phase"] != before["phase"] or after["rng"] != before["rng"]:
            return True
        if len(after["order_deck"]) < len(before["order_deck"]) or after["bonus_deck"] != before["bonus_deck"]:
            return True
        done = [len(p["orders_done"]) for p in before["players"]]
        return after["tech_row"] != before["tech_row"] or [len(p["orders_done"]) for p in after["players"]] != done

    # ----- views and scores ------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> DuelView:
        """`viewing.view` with the score sheet as `seat` may see it and the winners, from one reckoning."""
        sheets = scoring.score_sheet(state)
        winners = scoring.winners(sheets) if state["phase"] == "over" else []
        return DuelView(**viewing.view(state, seat, self._as_seen_by(sheets, state, seat), winners))

    def scores(self, state: State) -> list[dict[str, int]]:
        """The public score sheet: Church points stay 0 until the end (those cards are face down)."""
        return self.scores_for(state, None)

    def scores_for(self, state: State, viewer: int | None) -> list[dict[str, int]]:
        """The score sheet as `viewer` may see it: their own Church points count, the other's stay 0
        until the end."""
        return self._as_seen_by(scoring.score_sheet(state), state, viewer)

    @staticmethod
    def _as_seen_by(sheets: list[dict[str, int]], state: State, viewer: int | None) -> list[dict[str, int]]:
        """`sheets` (changed in place) with the Church points `viewer` may not see taken out."""
        if state["phase"] != "over":
            for seat, sheet in enumerate(sheets):
                if seat != viewer:
                    sheet["total"] -= sheet["church"]
                    sheet["church"] = 0
        return sheets

    def winners(self, state: State) -> list[int]:
        """The winner, or both seats for a shared victory; [] before the end."""
        if state["phase"] != "over":
            return []
        return scoring.winners(scoring.score_sheet(state))

    def ranking(self, state: State) -> list[int]:
        return scoring.ranking(self.scores(state))

    def places(self, state: State) -> list[int]:
        """1 and 1 for a shared victory (every tie-break category equal), else 1 and 2."""
        keys = [scoring.rank_key(sheet) for sheet in self.scores(state)]
        return [1 + sum(1 for other in keys if other > key) for key in keys]

    def auto_action(self, state: State, seat: int) -> Action:
        return greedy_action(state, seat)

    def ai_action(self, state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0,
                  clock: Clock | None = None, level: str = "easy") -> Action:
        """easy: engine/duel/ai.py (rates the greedy player's best three options to the end of the turn, in
        a few dozen milliseconds); hard: engine/duel/search.py (spends its whole budget looking deeper).
        Both see only what `seat` sees and are deterministic under `seed` (hard: for a given clock)."""
        self.check_level(level)
        if level == "hard":
            return search.search_action(state, seat, seed=seed, budget_s=budget_s, clock=clock)
        return ai.ai_action(state, seat, seed=seed, budget_s=budget_s, clock=clock)

    # ----- stored games ----------------------------------------------------------------------------
    def upgrade(self, state: dict[str, Any], from_version: int) -> dict[str, Any]:
        """Schema 1 -> 2: the log names seats by token, counts its events, and the turn can keep
        steps a Foreign Agent interrupted."""
        if from_version == 1:
            state["log"] = [_OLD_SEAT_NAMES.sub(lambda m: seat_token(int(m.group(1)) - 1), line)
                            for line in state["log"]]
            state["log_count"] = len(state["log"])
            state["turn"].setdefault("suspended", [])
        return state


GAME = DuelGame()
