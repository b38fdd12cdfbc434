"""Shared set-ups for the Roll & Write tests: a fresh game, a known layout, a seat at a given step."""

from __future__ import annotations

from typing import Any

from engine.rollwrite import GAME, flow

State = dict[str, Any]


def new(players: int = 1, seed: int = 7, **options: Any) -> State:
    return GAME.new(players, seed, options or None)


def sheet(state: State, seat: int = 0) -> dict[str, Any]:
    return state["sheets"][seat]


def act(state: State, action: Any, seat: int = 0) -> State:
    return GAME.apply(state, seat, action)


def place_area(state: State, row: int, area: str) -> None:
    """Put `area` on `row` (swapping with the row that held it), as if the cards fell that way."""
    rows = state["areas"]
    if area in rows:
        other = rows.index(area)
        rows[other], rows[row] = rows[row], rows[other]
    else:
        rows[row] = area


def at_step(state: State, step: str, seat: int = 0) -> State:
    """Move a seat straight to a step of the round, with nothing queued."""
    ps = sheet(state, seat)
    ps["queue"] = []
    ps["step"] = step
    return state


def queue(state: State, tasks: list[dict[str, Any]], seat: int = 0) -> State:
    """Queue tasks for a seat and settle them the way the engine does."""
    ps = sheet(state, seat)
    ps["queue"] = list(tasks) + ps["queue"]
    flow.settle(state, seat)
    return state


def labels(state: State, seat: int = 0) -> list[str]:
    return [GAME.describe(state, a) for a in GAME.legal(state, seat)]


def main_action(state: State, row: int, circles: int, seat: int = 0) -> State:
    """Choose an area and cross off circles there (the seat must be at the main-action step)."""
    state = act(state, {"do": "area", "row": row}, seat)
    return act(state, {"do": "cross", "n": circles}, seat)


def front(state: State, seat: int = 0) -> dict[str, Any] | None:
    q = sheet(state, seat)["queue"]
    return q[0] if q else None
