"""A copy of a Duel state for one move (`DuelGame._copy_for_move`), cheaper than a JSON copy.

`Game.apply` never modifies the state it is given, so every move works on a copy; the JSON copy of
the whole state was a sixth of a random playout's time (issue 25), most of it spent re-reading the
log's text. This copy knows the state's shape (engine/duel/types.py) and copies each part by the
cheapest exact copy for it: a flat list or dict of numbers, booleans and strings by a slice or
`dict.copy`, the Power cards played on each area pair by pair, a player's sheet part by part, the
turn's bookkeeping one level down. Nothing is shared with the original. A state, player or turn
with keys this module does not know (an older or later schema) gets a full JSON copy instead.

Tests hold it to `json_copy`: equal results on many random positions, no list or dict shared with
the original (tests/engine/duel/test_copying.py).
"""

from __future__ import annotations

from typing import Any, cast

from engine.core import json_copy
from engine.duel.types import ActState, PlayerState, State, TurnState

#: Keys holding a number, string, boolean or None.
_SCALAR_KEYS = ("game", "schema_version", "phase", "round", "turns_done", "start_seat", "current", "station",
                "agents_supply", "log_count", "rng")
#: Keys holding a flat list or dict (of numbers, booleans, strings).
_FLAT_KEYS = ("options", "bonus_row", "bonus_deck", "bonus_discard", "extra_supply", "tech_row", "tech_deck",
              "tech_discard", "church_row", "church_box", "order_deck", "upgrade_due", "discard_due", "log")
STATE_KEYS: frozenset[str] = frozenset((*_SCALAR_KEYS, *_FLAT_KEYS, "played", "players", "turn"))
PLAYER_KEYS: frozenset[str] = frozenset({
    "money", "goods", "imported_up", "imported_down", "extra", "upgraded", "played", "shops", "houses", "hand",
    "orders_done", "techs", "tilted", "church", "agents_ready", "agents_spent", "hired", "setup_draw",
})
#: A player's flat lists and dicts (the rest are numbers).
_PLAYER_FLAT = ("goods", "extra", "upgraded", "played", "shops", "houses", "hand", "orders_done", "techs", "tilted",
                "church", "hired", "setup_draw")
TURN_KEYS: frozenset[str] = frozenset({"area_done", "act", "bonus", "build", "suspended"})


def _player(pl: PlayerState) -> PlayerState:
    copied = pl.copy()
    for key in _PLAYER_FLAT:
        copied[key] = pl[key].copy()  # type: ignore[literal-required]
    return copied


def _turn(turn: TurnState) -> TurnState:
    copied = turn.copy()
    act = turn["act"]
    if act is not None:
        copied["act"] = cast(ActState, {k: (v[:] if type(v) is list else v) for k, v in act.items()})
    if turn["bonus"] is not None:
        copied["bonus"] = turn["bonus"].copy()
    if turn["build"] is not None:
        copied["build"] = turn["build"].copy()
    copied["suspended"] = json_copy(turn["suspended"]) if turn["suspended"] else []
    return copied


def _known(state: State) -> bool:
    if state.keys() != STATE_KEYS or any(pl.keys() != PLAYER_KEYS for pl in state["players"]):
        return False
    turn: Any = state["turn"]
    act = turn["act"]
    return bool(turn.keys() == TURN_KEYS and (act is None or all(type(v) is not dict for v in act.values())))


def copy_state(state: State) -> State:
    """An independent copy of `state` for a move, equal to `json_copy(state)`."""
    if not _known(state):
        return json_copy(state)
    copied = state.copy()
    for key in _FLAT_KEYS:
        copied[key] = state[key].copy()  # type: ignore[literal-required]
    copied["played"] = {area: [pair[:] for pair in pairs] for area, pairs in state["played"].items()}
    copied["players"] = [_player(pl) for pl in state["players"]]
    copied["turn"] = _turn(state["turn"])
    return copied
