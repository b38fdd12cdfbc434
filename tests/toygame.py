"""A tiny game used only by the foundation tests (never shipped, never registered by the bot).

"Counting": for `rounds` rounds every seat picks 1, 2 or 3 points. In the default
turn-based mode seats pick one after another; with `simultaneous=True` everybody picks
at once and the picks stay hidden until the round is complete — the shape of Roll &
Write's phases. Highest total wins.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, IllegalAction, Rng, State


class CountingGame(Game):
    name = "counting"
    title = "Counting"
    min_players = 1
    max_players = 4
    default_options = {"rounds": 3, "simultaneous": False}

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        opts = self.normalize_options(options)
        rng = Rng(seed)
        bonus = rng.randint(0, 2)  # a random part, so seeds matter
        return {
            "players": players,
            "options": opts,
            "round": 1,
            "turn": 0,
            "bonus": bonus,
            "totals": [0] * players,
            "picks": [None] * players,
            "rng": rng.state,
        }

    def to_act(self, state: State) -> list[int]:
        if self.is_over(state):
            return []
        if state["options"]["simultaneous"]:
            return [s for s, p in enumerate(state["picks"]) if p is None]
        return [state["turn"]]

    def legal(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        return [{"pick": n} for n in (1, 2, 3)]

    def why_illegal(self, state: State, seat: int, action: Any) -> str:
        return "Pick 1, 2 or 3."

    def _apply(self, state: State, seat: int, action: Any) -> None:
        if not isinstance(action, dict):
            raise IllegalAction("Pick 1, 2 or 3.")
        if state["options"]["simultaneous"]:
            state["picks"][seat] = action["pick"]
            if all(p is not None for p in state["picks"]):
                for s, p in enumerate(state["picks"]):
                    state["totals"][s] += p
                state["picks"] = [None] * state["players"]
                state["round"] += 1
            return
        state["totals"][seat] += action["pick"]
        state["turn"] += 1
        if state["turn"] == state["players"]:
            state["turn"] = 0
            state["round"] += 1

    def describe(self, state: State, action: Any) -> str:
        return f"Take {action['pick']}"

    def view(self, state: State, seat: int | None) -> dict:
        picks = [p if (seat == s) else (p is not None) for s, p in enumerate(state["picks"])]
        return {"round": state["round"], "totals": state["totals"], "picks": picks}

    def headline(self, state: State) -> str:
        return f"Round {min(state['round'], state['options']['rounds'])} of {state['options']['rounds']}"

    def is_over(self, state: State) -> bool:
        return state["round"] > state["options"]["rounds"]

    def scores(self, state: State) -> list[dict[str, int]]:
        return [{"points": t, "total": t + (state["bonus"] if s == 0 else 0)} for s, t in enumerate(state["totals"])]


COUNTING = CountingGame()
