"""A tiny game used only by the foundation tests (never shipped, never registered by the bot).

"Counting": for `rounds` rounds every seat picks 1, 2 or 3 points. In the default
turn-based mode seats pick one after another; with `simultaneous=True` everybody picks
at once and the picks stay hidden until the round is complete — the shape of Roll &
Write's phases. Highest total wins.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, IllegalAction, Rng, State, seat_token


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


class TurnsGame(Game):
    """"Turns": a turn of small steps, for the table flow (formalities, undo, the turn story).

    Each turn the seat picks 1, 2 or 3 points (undoable); a bonus point follows, the only legal
    action (a formality, undoable too); then the seat draws a random 0-2 (that draw closes the undo
    window) or ends the turn. After a draw, ending the turn is the only option (a formality). With the
    option `draw: False` there is no draw: ending the turn is the only option after the bonus (a formality
    that hands the turn on and reveals nothing). Engine text names seats with `{seat:N}` tokens.
    """

    name = "turns"
    title = "Turns"
    min_players = 2
    max_players = 4
    default_options = {"rounds": 2, "draw": True}

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        opts = self.normalize_options(options)
        rng = Rng(seed)
        return {"players": players, "options": opts, "round": 1, "turn": 0, "step": "pick",
                "totals": [0] * players, "rng": rng.state}

    def to_act(self, state: State) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def legal(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        step = state["step"]
        if step == "pick":
            return [{"pick": n} for n in (1, 2, 3)]
        if step == "bonus":
            return [{"bonus": 1}]
        if step == "choose" and state["options"].get("draw", True):
            return [{"draw": True}, {"end": True}]
        return [{"end": True}]

    def _apply(self, state: State, seat: int, action: Any) -> None:
        if "pick" in action:
            state["totals"][seat] += action["pick"]
            state["step"] = "bonus"
        elif "bonus" in action:
            state["totals"][seat] += 1
            state["step"] = "choose"
        elif "draw" in action:
            rng = Rng(0)
            rng.state = state["rng"]
            state["totals"][seat] += rng.randint(0, 2)
            state["rng"] = rng.state
            state["step"] = "after_draw"
        else:
            state["step"] = "pick"
            state["turn"] += 1
            if state["turn"] == state["players"]:
                state["turn"] = 0
                state["round"] += 1

    def describe(self, state: State, action: Any) -> str:
        if "pick" in action:
            return f"Take {action['pick']}"
        if "bonus" in action:
            return "Take the bonus point"
        return "Draw a bonus" if "draw" in action else "End the turn"

    def narrate(self, before: State, seat: int, action: Any, after: State) -> str:
        return f"{seat_token(seat)} " + self.describe(before, action).lower()

    def closes_undo(self, before: State, seat: int, action: Any, after: State) -> bool:
        return "draw" in action or "end" in action

    def reveals(self, before: State, seat: int, action: Any, after: State) -> bool:
        return "draw" in action  # ending the turn only hands it on

    def pending_label(self, state: State, seat: int) -> str:
        return {"pick": "Pick your points", "choose": "Draw or stop"}.get(state["step"], "")

    def view(self, state: State, seat: int | None) -> dict:
        return {"round": state["round"], "totals": state["totals"]}

    def headline(self, state: State) -> str:
        if self.is_over(state):
            return f"Game over: {seat_token(self.ranking(state)[0])} wins"
        return f"Round {state['round']} of {state['options']['rounds']}: {seat_token(state['turn'])} to play"

    def is_over(self, state: State) -> bool:
        return state["round"] > state["options"]["rounds"]

    def scores(self, state: State) -> list[dict[str, int]]:
        return [{"points": t, "total": t} for t in state["totals"]]


TURNS = TurnsGame()
