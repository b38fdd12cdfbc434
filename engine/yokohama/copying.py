"""A copy of a Yokohama state for one move (`YokohamaGame._copy_for_move`), cheaper than a JSON copy.

`Game.apply` never modifies the state it is given, so every move works on a copy: in a random
playout that copy was half the time of an `apply`. This copy knows the state's shape:

- the parts fixed at `new()` — the layout, its rows and adjacency, the options — are never changed
  by any move, so the copy shares them with the original (`SHARED`; a test plays games and checks
  they still equal the dealt ones);
- the building sites are shared one by one: the one move that changes a site (building) replaces
  that area's site with a new one instead of editing it (`construction.build`); the achievement
  cards, the 5-Power tokens, the mercenaries left and the log are shared whole, as the move that
  changes one replaces it (`achievements.claim`, `construction`, `areas.check_mercenary`, `rewards.log`);
- the players' boards are shared too, all but the one of the seat to act (the only board a move
  edits): a move pays other seats only by `pay_seat`, which gives that seat a new board, and a new
  turn gives the next seat its own copy first (`own_board`, `flow.begin_turn`);
- every other part is copied by the cheapest exact copy for its shape: a flat list or dict of
  numbers and strings by a slice or `dict.copy`, the acting player's board part by part;
- a state or player with keys this module does not know (an older or later schema) gets a full
  JSON copy instead, so an unknown part is always copied, never shared.

Tests hold it to `json_copy`: equal results on many random positions, no list or dict shared with
the original outside `SHARED`, the sites, the parts replaced when changed and the other seats' boards, and
the state a move was made
from unchanged by it, over random games and every trial of greedy ones
(tests/engine/yokohama/test_playout_speedups.py, test_playout_fast_paths.py).
"""

from __future__ import annotations

from engine.core import json_copy
from engine.core.jsoncopy import json_copy_small
from engine.yokohama.types import PlayerState, State

#: Parts dealt at `new()` that no move changes: shared between a state and its copies.
SHARED: frozenset[str] = frozenset({"layout", "rows", "adjacent", "options", "game"})
#: Every key of today's state, and of a player's board.
STATE_KEYS: frozenset[str] = frozenset({
    "game", "players", "options", "layout", "rows", "adjacent", "sites", "tokens", "station", "ports",
    "order_deck", "labs", "tech_deck", "achievements", "church", "customs", "mercs", "p", "seat", "round",
    "turns", "stage", "ctx", "pending", "end", "over", "log", "rng", "schema_version",
})
PLAYER_KEYS: frozenset[str] = frozenset({
    "yen", "vp", "goods", "imported", "hand", "warehouse", "president", "placed", "orders", "keep", "done",
    "techs", "mercs", "tokens", "flags",
})


def _player(pl: PlayerState) -> PlayerState:
    copied = pl.copy()
    copied["goods"] = pl["goods"].copy()
    copied["hand"] = pl["hand"].copy()
    copied["warehouse"] = pl["warehouse"].copy()
    copied["placed"] = pl["placed"].copy()
    copied["flags"] = pl["flags"].copy()
    copied["orders"] = pl["orders"][:]
    copied["keep"] = pl["keep"][:]
    copied["done"] = pl["done"][:]
    copied["techs"] = pl["techs"][:]
    copied["tokens"] = pl["tokens"][:]
    copied["mercs"] = [merc.copy() for merc in pl["mercs"]]
    return copied


def copy_state(state: State, seat: int | None = None) -> State:
    """An independent copy of `state` for a move of the seat to act (or of `seat`), equal to
    `json_copy(state)`: it shares `SHARED`, the building sites and the boards of the other players."""
    own = state["seat"]
    keep = state["stage"] == "keep"  # setup: every seat keeps a card, each on its own board
    if (state.keys() != STATE_KEYS or state["p"][own].keys() != PLAYER_KEYS
            or seat is not None and seat != own and state["p"][seat].keys() != PLAYER_KEYS
            or keep and any(pl.keys() != PLAYER_KEYS for pl in state["p"])):
        return json_copy(state)  # a board copied part by part must have only the parts known here
    copied = state.copy()
    if keep:
        copied["p"] = [_player(pl) for pl in state["p"]]
    else:
        players = copied["p"] = state["p"][:]
        players[own] = _player(players[own])
        if seat is not None and seat != own:
            players[seat] = _player(players[seat])
    copied["sites"] = state["sites"].copy()  # a build replaces its site (construction.build): shared
    # shared, as the one move that changes each replaces it: `achievements` (achievements.claim), the
    # 5-Power `tokens` (construction), the `mercs` left (areas.check_mercenary), the `log` (rewards.log)
    copied["ports"] = {area: row[:] for area, row in state["ports"].items()}
    copied["labs"] = {area: row[:] for area, row in state["labs"].items()}
    copied["order_deck"] = state["order_deck"][:]
    copied["tech_deck"] = state["tech_deck"][:]
    copied["church"] = state["church"][:]
    copied["customs"] = state["customs"][:]
    end = state["end"]
    copied["end"] = {"reasons": end["reasons"][:], "final_round": end["final_round"]}
    # the turn's working data and pending choices: small dicts of numbers, names and flat lists, which
    # `json_copy_small` copies in Python (anything deeper it hands to `json_copy`)
    copied["ctx"] = json_copy_small(state["ctx"]) if state["ctx"] else {}
    copied["pending"] = [json_copy_small(item) for item in state["pending"]] if state["pending"] else []
    return copied


def own_board(state: State, seat: int) -> PlayerState:
    """Give `state` its own copy of `seat`'s board, which it may share with the state it was copied
    from (`copy_state`), and return it: for a new turn, whose automatic steps may edit it."""
    pl = state["p"][seat]
    copied = _player(pl) if pl.keys() == PLAYER_KEYS else json_copy(pl)
    state["p"][seat] = copied
    return copied


def pay_seat(state: State, seat: int, yen: int) -> None:
    """`seat` (not the one to act) receives `yen`. Its board may be shared with the state this one
    was copied from, so the board is replaced by a new one with the new money, never edited: its
    other parts stay shared until the seat's own turn copies them (`own_board`)."""
    pl = state["p"][seat].copy()
    pl["yen"] += yen
    state["p"][seat] = pl
