"""Copies of a Duel state for one move (`DuelGame._copy_for_move`, `DuelGame.apply`), cheaper than a
JSON copy.

`Game.apply` never modifies the state it is given, so every move works on a copy; the JSON copy of
the whole state was a sixth of a random playout's time (issue 25), most of it spent re-reading the
log's text. Two copies know the state's shape (engine/duel/types.py):

- `copy_state`, the independent copy every move of a front end gets: each part by the cheapest exact
  copy for it — a flat list or dict of numbers, booleans and strings by a slice or `dict.copy`, the
  Power cards played on each area pair by pair, a player's sheet part by part, the turn's bookkeeping
  one level down. Nothing is shared with the original.
- `copy_for_move`, for a caller that never edits a state in place (`apply(..., offered=...)`: playouts,
  searches, the service), copies only the lists and dicts the move can change and shares the rest with
  the original: a move inside a turn leaves the other seat's sheet and what only the turn of a round
  changes alone, and ending a turn that does not end the round changes no list but the log. Anything
  else (setup, upgrades, the round's last turn ending) takes `copy_state`. The copy was a third of a
  random playout's time before (callgrind, issue 25).

A state whose keys this module does not know (an older or later schema) gets a full JSON copy. The
key sets below are held to `new_state`'s by a test, so a new key cannot be forgotten here; at run
time only the number of keys is checked (comparing the key sets cost a quarter of the copy).

Tests hold `copy_state` to `json_copy` (equal, sharing nothing), and `copy_for_move` to the plain
move: for every legal action of many random positions the result equals the independent copy's and
the original is left exactly as it was (tests/engine/duel/test_copying.py).
"""

from __future__ import annotations

from typing import Any, cast

from engine.core import json_copy
from engine.duel.cards import TURNS_PER_ROUND
from engine.duel.types import Action, ActState, PlayerState, State, TurnState

#: Keys holding a number, string, boolean or None.
_SCALAR_KEYS = ("game", "schema_version", "phase", "round", "turns_done", "start_seat", "current", "station",
                "agents_supply", "log_count", "rng")
#: Keys holding a flat list or dict (of numbers, booleans, strings).
_FLAT_KEYS = ("options", "bonus_row", "bonus_deck", "bonus_discard", "extra_supply", "tech_row", "tech_deck",
              "tech_discard", "church_row", "church_box", "order_deck", "upgrade_due", "discard_due", "log")
#: The flat lists and dicts a move inside a turn may change (the rest change only at setup, between rounds or
#: never: "options", "tech_deck", "tech_discard", "church_box", "upgrade_due").
_TURN_FLAT_KEYS = ("bonus_row", "bonus_deck", "bonus_discard", "extra_supply", "tech_row", "church_row",
                   "order_deck", "discard_due", "log")
STATE_KEYS: frozenset[str] = frozenset((*_SCALAR_KEYS, *_FLAT_KEYS, "played", "players", "turn"))
PLAYER_KEYS: frozenset[str] = frozenset({
    "money", "goods", "imported_up", "imported_down", "extra", "upgraded", "played", "shops", "houses", "hand",
    "orders_done", "techs", "tilted", "church", "agents_ready", "agents_spent", "hired", "setup_draw",
})
#: A player's flat lists and dicts (the rest are numbers).
_PLAYER_FLAT = ("goods", "extra", "upgraded", "played", "shops", "houses", "hand", "orders_done", "techs", "tilted",
                "church", "hired", "setup_draw")
TURN_KEYS: frozenset[str] = frozenset({"area_done", "act", "bonus", "build", "suspended"})
_STATE_SIZE, _PLAYER_SIZE, _TURN_SIZE = len(STATE_KEYS), len(PLAYER_KEYS), len(TURN_KEYS)
#: The last turn of a round is the one whose end starts the upgrades (or ends the game).
_LAST_TURN = 2 * TURNS_PER_ROUND - 1


def _player(pl: PlayerState) -> PlayerState:
    copied = pl.copy()
    for key in _PLAYER_FLAT:
        copied[key] = pl[key].copy()  # type: ignore[literal-required]
    return copied


def _act(act: ActState) -> ActState | None:
    """A copy of the Area action under way (its lists copied), or None when it holds a dict (unknown shape)."""
    copied: dict[str, Any] = {}
    for key, value in cast(dict[str, Any], act).items():
        kind = type(value)
        if kind is list:
            value = value[:]
        elif kind is dict:
            return None
        copied[key] = value
    return cast(ActState, copied)


def _turn(turn: TurnState) -> TurnState | None:
    """A copy of the turn's bookkeeping (None: a shape this module does not know)."""
    copied = turn.copy()
    act = turn["act"]
    if act is not None:
        copied_act = _act(act)
        if copied_act is None:
            return None
        copied["act"] = copied_act
    if turn["bonus"] is not None:
        copied["bonus"] = turn["bonus"].copy()
    if turn["build"] is not None:
        copied["build"] = turn["build"].copy()
    copied["suspended"] = json_copy(turn["suspended"]) if turn["suspended"] else []
    return copied


def _known(state: State) -> bool:
    """Whether `state` has the keys this module copies (counted: the key sets are the types' by a test)."""
    return (len(state) == _STATE_SIZE and len(state["turn"]) == _TURN_SIZE
            and all(len(pl) == _PLAYER_SIZE for pl in state["players"]))


def copy_state(state: State) -> State:
    """An independent copy of `state` for a move, equal to `json_copy(state)`."""
    if not _known(state):
        return json_copy(state)
    turn = _turn(state["turn"])
    if turn is None:
        return json_copy(state)
    copied = state.copy()
    for key in _FLAT_KEYS:
        copied[key] = state[key].copy()  # type: ignore[literal-required]
    copied["played"] = {area: [pair[:] for pair in pairs] for area, pairs in state["played"].items()}
    copied["players"] = [_player(pl) for pl in state["players"]]
    copied["turn"] = turn
    return copied


def copy_for_move(state: State, seat: int, action: Action) -> State:
    """A copy of `state` on which `seat` may carry out `action` (one of its legal actions) without
    changing `state`, sharing with it every list and dict the move leaves alone; equal to
    `copy_state(state)`. Only for a caller that never edits either state in place."""
    if state["phase"] != "turn" or not _known(state):
        return copy_state(state)
    if action["do"] == "end":
        if state["turns_done"] >= _LAST_TURN:
            return copy_state(state)  # the round ends: upgrades, the new round, Newspaper for both seats
        # `end_turn` hands the turn on: a fresh `turn`, the next seat's Stock Market money, the log.
        copied = state.copy()
        copied["players"] = [pl.copy() for pl in state["players"]]
        copied["log"] = state["log"][:]
        return copied
    turn = _turn(state["turn"])
    if turn is None:
        return json_copy(state)
    # A move inside the turn: the mover's sheet, the Power cards played, the decks and rows it draws from,
    # the log. The other seat's sheet changes only by numbers (a Trading House's ¥1), so its lists are
    # shared; a played [seat, value] pair is never changed once played.
    copied = state.copy()
    for key in _TURN_FLAT_KEYS:
        copied[key] = state[key].copy()  # type: ignore[literal-required]
    copied["played"] = {area: pairs[:] for area, pairs in state["played"].items()}
    copied["players"] = [_player(pl) if i == seat else pl.copy() for i, pl in enumerate(state["players"])]
    copied["turn"] = turn
    return copied
