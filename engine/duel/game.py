"""`DuelGame`: Yokohama Duel behind the engine contract (engine/core/contract.py)."""

from __future__ import annotations

from typing import Any

from engine.core import Game, IllegalAction, State
from engine.duel import describe as describing
from engine.duel import prompts, reasons, scoring, turns
from engine.duel import view as viewing
from engine.duel.cards import AREAS, ROUNDS
from engine.duel.greedy import greedy_action
from engine.duel.state import name, new_state


class DuelGame(Game):
    name = "duel"
    title = "Yokohama Duel"
    min_players = 2
    max_players = 2
    #: start_seat: -1 lets the seed decide who starts (the basic game); 0 or 1 fixes it.
    default_options: dict[str, Any] = {"start_seat": -1}

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        opts = self.normalize_options(options)
        if opts["start_seat"] not in (-1, 0, 1):
            raise IllegalAction("Option 'start_seat' must be -1 (decided by the seed), 0 or 1.")
        return new_state(seed, opts)

    def to_act(self, state: State) -> list[int]:
        return turns.to_act(state)

    def legal(self, state: State, seat: int) -> list[Any]:
        return turns.options(state, seat)

    def _apply(self, state: State, seat: int, action: Any) -> None:
        turns.perform(state, seat, action)

    def why_illegal(self, state: State, seat: int, action: Any) -> str:
        return reasons.why_illegal(state, seat, action)

    def why_not_your_turn(self, state: State, seat: int) -> str:
        if state["phase"] == "setup":
            return "You have already chosen your Order cards; waiting for your opponent."
        if state["phase"] == "upgrade":
            return "You have already decided your upgrade; waiting for your opponent."
        return f"It is not your turn; {name(turns.to_act(state)[0])} is deciding."

    def describe(self, state: State, action: Any) -> str:
        return describing.describe(state, action)

    def public_label(self, state: State, action: Any) -> str:
        """Like `describe`, but never naming hidden cards: for the public record of a turn."""
        return prompts.public_label(state, action)

    def pending_label(self, state: State, seat: int) -> str:
        """The prompt above the decision panel."""
        return prompts.pending_label(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return viewing.view(state, seat, self.scores(state), self.winners(state))

    def headline(self, state: State) -> str:
        phase = state["phase"]
        if phase == "over":
            won = self.winners(state)
            if len(won) == 2:
                return "Game over: a shared victory."
            totals = [s["total"] for s in self.scores(state)]
            return f"Game over: {name(won[0])} wins {max(totals)} to {min(totals)}."
        if phase == "setup":
            return "Setup: each player keeps 2 of 3 Order cards."
        if phase == "upgrade":
            return f"End of round {state['round']}: upgrading Power cards."
        turn_no = state["turns_done"] // 2 + 1
        act = state["turn"]["act"]
        where = f" at {AREAS[act['area']].name}" if act and act["area"] else ""
        return f"Round {state['round']} of {ROUNDS}, turn {turn_no} of 4: {name(state['current'])} to play{where}."

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[dict[str, int]]:
        """The score sheet. Church points stay 0 until the end: those cards are face down."""
        sheets = scoring.score_sheet(state)
        if state["phase"] != "over":
            for sheet in sheets:
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

    def auto_action(self, state: State, seat: int) -> Any:
        return greedy_action(state, seat)


GAME = DuelGame()
