"""Building precise Yokohama situations for the rule tests.

Tests start from a real game (`fresh`), then set up the pieces they need directly in the
state dict and drive the turn through the public contract (`GAME.apply`), so every rule is
checked the way a player would meet it.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama import GAME, flow
from engine.yokohama.board import add_assistants


def fresh(players: int = 2, seed: int = 1) -> State:
    """A new game after every player kept the first offered order (seat 0 to act)."""
    state = GAME.new(players, seed)
    for seat in range(players):
        state = GAME.apply(state, seat, GAME.legal(state, seat)[0])
    return state


def arrange(state: State, layout: list[str]) -> State:
    """Re-deal the area boards into `layout` order (positions keep their adjacency)."""
    old = state["layout"]
    assert sorted(old) == sorted(layout)
    by_pos = {i: [old.index(a) for a in state["adjacent"][old[i]]] for i in range(len(old))}
    state["layout"] = list(layout)
    state["adjacent"] = {layout[i]: [layout[j] for j in by_pos[i]] for i in range(len(layout))}
    return state


def put(state: State, seat: int, area: str, n: int = 1) -> None:
    add_assistants(state, seat, area, n)


def clear_board(state: State) -> None:
    for pl in state["p"]:
        pl["placed"] = {}
        pl["president"] = None


def play(state: State, *actions: dict[str, Any], seat: int | None = None) -> State:
    """Apply actions for the seat to act, checking each is offered."""
    for action in actions:
        who = state["seat"] if seat is None else seat
        assert action in GAME.legal(state, who), (action, GAME.legal(state, who))
        state = GAME.apply(state, who, action)
    return state


def act_in(state: State, seat: int, area: str, *, president: bool = True) -> State:
    """Jump straight to the Area Action step in `area` (president placed there if asked)."""
    state["seat"] = seat
    if president:
        state["p"][seat]["president"] = area
    state["stage"] = "action_start"
    state["ctx"] = {"area": area, "merc": False}
    flow.settle(state)
    return state


def at_stage(state: State, stage: str, seat: int = 0) -> State:
    state["seat"] = seat
    state["stage"] = stage
    state["ctx"] = {}
    return state


def kinds(actions: list[dict[str, Any]]) -> list[str]:
    return [a["do"] for a in actions]


def after_main(state: State, seat: int = 0) -> bool:
    """The main action is over: the second Additional Action phase waits, or (when it offered
    nothing but "End your turn", which is not asked) the turn has passed on."""
    return (state["stage"] == "second" and state["seat"] == seat) or state["seat"] != seat or state["over"]


def main(state: State) -> State:
    """Go on to the main action (the engine skips the question when nothing else is possible)."""
    if {"do": "main"} in GAME.legal(state, state["seat"]) and state["stage"] == "first":
        state = GAME.apply(state, state["seat"], {"do": "main"})
    return state
