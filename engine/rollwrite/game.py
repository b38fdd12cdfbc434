"""The Yokohama Roll & Write engine behind the contract of engine.core.Game.

This class only orchestrates: setup (setup.py), each seat's decisions (decisions.py),
scoring (scoring.py), words (labels.py), the view (view.py) and the greedy player
(greedy.py). Rounds are simultaneous: every seat works through its own round, and the next
round begins when the last seat is done.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core import Game, IllegalAction, State
from engine.rollwrite import decisions, labels, refusals, rules, scoring, setup, view
from engine.rollwrite.components import ROUNDS, area_name


class RollWriteGame(Game):
    name = "rollwrite"
    title = "Yokohama Roll & Write"
    min_players = 1
    max_players = 20
    default_options = {
        "side": "A",
        "start_player_priority": False,
        "chinatown": False,
        "chamber_of_commerce": False,
    }

    # ----- setup ------------------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        opts = self.normalize_options(options)
        opts["side"] = opts["side"].upper()
        if opts["side"] not in ("A", "B"):
            raise IllegalAction("The sheet side must be 'A' or 'B'.")
        if opts["start_player_priority"] and not 2 <= players <= 6:
            raise IllegalAction("Start player priority is played with 2 to 6 players.")
        state = setup.new_state(players, seed, opts)
        self._next_round(state)
        return state

    def _next_round(self, state: State) -> None:
        setup.begin_round(state)
        for seat in range(state["players"]):
            decisions.settle(state, seat)

    # ----- turns ------------------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        return [s for s in range(state["players"]) if decisions.owes_decision(state, s)]

    def legal(self, state: State, seat: int) -> list[Any]:
        if state["over"] or not 0 <= seat < state["players"]:
            return []
        return decisions.options(state, seat)

    def _copy_for_move(self, state: State, seat: int) -> State:
        """Copy only what a move of `seat` can change.

        `copy.deepcopy` of the whole state dominated the time of a playout. An action
        changes only the acting seat's sheet and a few top-level numbers (the round's
        start of every sheet is handled in `_apply`), so the new state shares the rest —
        the dice, cards, layout and other sheets, which the engine never mutates — with
        the old one; the given state stays untouched as the contract requires.
        """
        new_state = dict(state)
        new_state["sheets"] = list(state["sheets"])
        new_state["sheets"][seat] = _clone(state["sheets"][seat])
        return new_state

    def _apply(self, state: State, seat: int, action: Any) -> None:
        decisions.perform(state, seat, action)
        if all(ps["step"] == "done" and not ps["queue"] for ps in state["sheets"]):
            if state["round"] >= ROUNDS:
                state["over"] = True
            else:
                state["sheets"] = [_clone(ps) for ps in state["sheets"]]
                self._next_round(state)

    def why_not_your_turn(self, state: State, seat: int) -> str:
        if not 0 <= seat < state.get("players", 0):
            return "You are not playing in this game."
        if decisions.waiting_for_start_player(state, seat):
            return "Wait: the start player chooses a dice-and-card set first."
        return "You are done for this round; the others are still playing it."

    def why_illegal(self, state: State, seat: int, action: Any) -> str:
        return refusals.explain(state, seat, action)

    def pending_label(self, state: State, seat: int) -> str:
        """What this seat must decide now, for the Discord panel header."""
        if state["over"]:
            return "The game is over"
        ps = state["sheets"][seat]
        if ps["queue"]:
            return labels.task_label(state, ps["queue"][0])
        if decisions.waiting_for_start_player(state, seat):
            return "Waiting for the start player to choose a set"
        return labels.step_label(state, seat)

    # ----- showing ----------------------------------------------------------------------
    def describe(self, state: State, action: Any) -> str:
        return labels.describe(state, action)

    def turn_marker(self, state: State) -> Any:
        """The round: a deadline finishes a late player's round, never the next one."""
        return state["round"]

    def headline(self, state: State) -> str:
        if state["over"]:
            places = self.places(state)
            winners = [s + 1 for s, place in enumerate(places) if place == 1]
            total = self.scores(state)[winners[0] - 1]["total"]
            if state["players"] == 1:
                return f"Game over: {total} VP"
            if len(winners) > 1:
                return f"Game over: seats {', '.join(map(str, winners))} share the victory with {total} VP"
            return f"Game over: seat {winners[0]} wins with {total} VP"
        waiting = len(self.to_act(state))
        plural = "s" if waiting != 1 else ""
        return f"Round {state['round']} of {ROUNDS} — {waiting} player{plural} still to play"

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """See view.py for the full shape."""
        scores = self.scores(state)
        seats = []
        for s, ps in enumerate(state["sheets"]):
            seats.append(
                {
                    "seat": s,
                    "owes": (not state["over"]) and decisions.owes_decision(state, s),
                    "pending": self.pending_label(state, s),
                    "scores": scores[s],
                    "orders_fulfilled": sum(ps["fulfilled"]),
                    "achievements": self.achievements(state, s),
                    "sheet": view.sheet_view(state, ps),
                }
            )
        you = None
        if seat is not None and 0 <= seat < state["players"]:
            opts = self.legal(state, seat) if seat in self.to_act(state) else []
            you = {
                "seat": seat,
                "pending": self.pending_label(state, seat),
                "options": [{"action": a, "label": self.describe(state, a)} for a in opts],
            }
        view_data = {
            "game": self.name,
            "side": state["options"]["side"],
            "options": dict(state["options"]),
            "players": state["players"],
            "round": state["round"],
            "rounds": ROUNDS,
            "over": state["over"],
            "headline": self.headline(state),
            "viewer": seat,
            "areas": [{"row": r, "id": a, "name": area_name(a)} for r, a in enumerate(state["areas"])],
            "aside": {"id": state["aside"], "name": area_name(state["aside"])} if state["aside"] else None,
            "labs": view.labs_view(state),
            "sets": view.public_sets(state),
            "start_player": state["start_player"],
            "priority_set": state["priority_set"],
            "seats": seats,
            "you": you,
        }
        # a private copy: the caller may change it freely without touching the cached sheet data
        return json.loads(json.dumps(view_data))

    # ----- the end ----------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def scores(self, state: State) -> list[dict[str, int]]:
        data = rules.side_data(state)
        return [scoring.score_sheet(state, ps, data) for ps in state["sheets"]]

    def ranking(self, state: State) -> list[int]:
        """Most VP; ties: more unconsumed money + faith, then more unused employee circles."""
        totals = [s["total"] for s in self.scores(state)]
        keys = [(totals[s], *scoring.tie_break_key(ps)) for s, ps in enumerate(state["sheets"])]
        return sorted(range(state["players"]), key=lambda s: tuple(-k for k in keys[s]))

    def places(self, state: State) -> list[int]:
        """Each seat's place (1 = first); seats still tied after both tie-breakers share a place."""
        scores = self.scores(state)
        keys = [(scores[s]["total"], *scoring.tie_break_key(ps)) for s, ps in enumerate(state["sheets"])]
        return [1 + sum(1 for other in keys if other > keys[s]) for s in range(state["players"])]

    def achievements(self, state: State, seat: int) -> list[str]:
        """The rulebook's achievements earned by this seat (final once the game is over)."""
        return scoring.achievements(state, state["sheets"][seat], rules.side_data(state))

    def orders_fulfilled(self, state: State, seat: int) -> int:
        return sum(state["sheets"][seat]["fulfilled"])

    # ----- the absent player ------------------------------------------------------------
    def auto_action(self, state: State, seat: int) -> Any:
        from engine.rollwrite.greedy import greedy_action

        if not self.legal(state, seat):
            raise IllegalAction("There is nothing to decide for this seat.")
        return greedy_action(self, state, seat)

    def ai_action(self, state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0) -> Any:
        """The AI of engine/rollwrite/ai.py: the greedy player's judgement, looking to the end of the round."""
        from engine.rollwrite import ai

        if not self.legal(state, seat):
            raise IllegalAction("There is nothing to decide for this seat.")
        return ai.ai_action(self, state, seat, seed=seed, budget_s=budget_s)


def _clone(sheet: dict[str, Any]) -> dict[str, Any]:
    """An independent copy of one sheet (plain JSON, so a JSON round trip is exact and fast)."""
    return json.loads(json.dumps(sheet))


GAME = RollWriteGame()
