"""A copy of a Yokohama state for one move (`YokohamaGame._copy_for_move`), cheaper than a JSON copy.

`Game.apply` never modifies the state it is given, so every move works on a copy: in a random
playout that copy was half the time of an `apply` (issue 25). This copy knows the state's shape:

- the parts fixed at `new()` — the layout, its rows and adjacency, the options — are never changed
  by any move, so the copy shares them with the original (`SHARED`; a test plays games and checks
  they still equal the dealt ones);
- the building sites are shared one by one: the one move that changes a site (building) replaces
  that area's site with a new one instead of editing it (`construction.build`);
- every other part is copied by the cheapest exact copy for its shape: a flat list or dict of
  numbers and strings by a slice or `dict.copy`, a player's board part by part;
- a state or player with keys this module does not know (an older or later schema) gets a full
  JSON copy instead, so an unknown part is always copied, never shared.

Tests hold it to `json_copy`: equal results on many random positions, no list or dict shared with
the original outside `SHARED` and the sites, and the state a move was made from unchanged by it
(tests/engine/yokohama/test_playout_speedups.py).
"""

from __future__ import annotations

from engine.core import json_copy
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


def copy_state(state: State) -> State:
    """An independent copy of `state` for a move (equal to `json_copy(state)`), sharing only `SHARED`."""
    if state.keys() != STATE_KEYS or any(pl.keys() != PLAYER_KEYS for pl in state["p"]):
        return json_copy(state)
    copied = state.copy()
    copied["p"] = [_player(pl) for pl in state["p"]]
    copied["sites"] = state["sites"].copy()  # a build replaces its site (construction.build): shared
    copied["tokens"] = state["tokens"].copy()
    copied["mercs"] = state["mercs"].copy()
    copied["ports"] = {area: row[:] for area, row in state["ports"].items()}
    copied["labs"] = {area: row[:] for area, row in state["labs"].items()}
    copied["order_deck"] = state["order_deck"][:]
    copied["tech_deck"] = state["tech_deck"][:]
    copied["church"] = state["church"][:]
    copied["customs"] = state["customs"][:]
    copied["log"] = state["log"][:]
    copied["achievements"] = [{"id": card["id"], "claimed": card["claimed"][:]} for card in state["achievements"]]
    end = state["end"]
    copied["end"] = {"reasons": end["reasons"][:], "final_round": end["final_round"]}
    copied["ctx"] = json_copy(state["ctx"]) if state["ctx"] else {}
    copied["pending"] = json_copy(state["pending"]) if state["pending"] else []
    return copied
