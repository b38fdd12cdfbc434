"""Copies of a Duel state for one move (`DuelGame._copy_for_move`, `DuelGame.apply`), cheaper than a
JSON copy.

`Game.apply` never modifies the state it is given, so every move works on a copy; the JSON copy of
the whole state was a sixth of a random playout's time, most of it spent re-reading the
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
  random playout's time before (callgrind).

A state whose keys this module does not know (an older or later schema) gets a full JSON copy. The
key sets below are held to `new_state`'s by a test, so a new key cannot be forgotten here; at run
time only the number of keys is checked (comparing the key sets cost a quarter of the copy).

Tests hold `copy_state` to `json_copy` (equal, sharing nothing), and `copy_for_move` to the plain
move: for every legal action of many random positions the result equals the independent copy's and
the original is left exactly as it was (tests/engine/duel/test_copying.py).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import json_copy
from engine.duel.cards import TURNS_PER_ROUND
from engine.duel.types import Action, ActState, PlayerState, State, TurnState

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
#: The keys an Area action under way may have (`ActState`), and those that may hold a list.
ACT_KEYS: frozenset[str] = frozenset({
    "kind", "area", "via", "step", "card", "extra", "phone", "power", "strength", "left", "church", "need", "spent",
    "paid", "drawn", "kept", "tech", "units",
})
_ACT_LISTS = ("spent", "paid", "drawn", "kept")
_STATE_SIZE, _PLAYER_SIZE, _TURN_SIZE = len(STATE_KEYS), len(PLAYER_KEYS), len(TURN_KEYS)
#: The last turn of a round is the one whose end starts the upgrades (or ends the game).
_LAST_TURN = 2 * TURNS_PER_ROUND - 1

#: A reward (of an Order, a Church or a Power Bonus card) may add goods, Order cards (drawn by a new list:
#: the deck is not changed in place) and Extra Power cards, and those may go over the hand limit.
_REWARD_STATE = ("extra_supply", "discard_due")
_REWARD_SHEET = ("goods", "extra", "hand")
#: An Area action resolved: its Power card and Extra Power card played, goods gained, a Port's cards drawn
#: (by a new list; a single card drawn is kept at once). Church and Laboratory only ask their question.
_RESOLVE_STATE = ("extra_supply",)
_RESOLVE_SHEET = ("played", "tilted", "extra", "goods", "hand")


class _Changes(NamedTuple):
    """What a move inside a turn may change in place besides the log and the turn's bookkeeping (always
    copied): the state's flat lists and dicts, the mover's, and whether the Power cards played on the
    areas. Everything else is shared with the original. A move whose kind is not listed is copied whole."""

    state: tuple[str, ...]
    sheet: tuple[str, ...]
    played: bool = False


#: By action kind, inside a turn (`copy_for_move`). Each entry reads the rules that carry out that kind
#: (engine/duel/turns.py, areas.py and the Area modules, free.py, gains.py) down to what they call; a test
#: plays every legal action of many positions on this copy and holds it to the plain move.
_IN_TURN: dict[str, _Changes] = {
    **dict.fromkeys(("area", "power", "telephone"), _Changes(_RESOLVE_STATE, _RESOLVE_SHEET, played=True)),
    **dict.fromkeys(("church", "faith"), _Changes(("church_row", *_REWARD_STATE), ("church", *_REWARD_SHEET))),
    **dict.fromkeys(("keep", "keep2", "bottom"), _Changes(("order_deck",), ("hand",))),
    **dict.fromkeys(("buy", "sell", "stop"), _Changes((), ("goods",))),
    **dict.fromkeys(("tech", "pay"), _Changes(("tech_row", *_REWARD_STATE), ("techs", "extra"))),
    "station": _Changes((), ()),
    "bonus": _Changes(("bonus_row", "bonus_deck", "bonus_discard", *_REWARD_STATE), _REWARD_SHEET),
    "build": _Changes((), ("shops", "houses")),
    "discard": _Changes(_REWARD_STATE, ("extra",)),
    "order": _Changes(_REWARD_STATE, ("orders_done", *_REWARD_SHEET)),
    "hire": _Changes((), ("hired",)),
    "spin": _Changes((), ("goods", "tilted")),
    "agent": _Changes((), ()),
}


def _player(pl: PlayerState) -> PlayerState:
    copied = pl.copy()
    for key in _PLAYER_FLAT:
        copied[key] = pl[key].copy()  # type: ignore[literal-required]
    return copied


def _act(act: ActState) -> ActState | None:
    """A copy of the Area action under way (its lists copied), or None when it has a key this module does not
    know (an unknown shape)."""
    if not act.keys() <= ACT_KEYS:
        return None
    copied = act.copy()
    for key in _ACT_LISTS:
        value = act.get(key)
        if type(value) is list:
            copied[key] = value[:]  # type: ignore[literal-required]
    return copied


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
    players = state["players"]
    return (len(state) == _STATE_SIZE and len(state["turn"]) == _TURN_SIZE and len(players) == 2
            and len(players[0]) == _PLAYER_SIZE and len(players[1]) == _PLAYER_SIZE)


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
    changes = _IN_TURN.get(action["do"])
    turn = _turn(state["turn"])
    if changes is None or turn is None:
        return copy_state(state)
    copied = state.copy()
    copied["log"] = state["log"][:]
    for key in changes.state:
        copied[key] = state[key].copy()  # type: ignore[literal-required]
    if changes.played:  # a played [seat, value] pair is never changed once played
        copied["played"] = {area: pairs[:] for area, pairs in state["played"].items()}
    # The other seat's sheet changes only by numbers (a Trading House's ¥1): its lists are shared.
    players = state["players"]
    mover = players[seat].copy()
    for key in changes.sheet:
        mover[key] = mover[key].copy()  # type: ignore[literal-required]
    copied["players"] = [mover, players[1].copy()] if seat == 0 else [players[0].copy(), mover]
    copied["turn"] = turn
    return copied
