"""The twelve achievement cards: who meets which requirement (rulebook "Achievement Cards")."""

from __future__ import annotations

from typing import Any

from engine.yokohama.board import built_categories
from engine.yokohama.components import GOODS, parts
from engine.yokohama.types import State

#: Each card's kind and need (component data): `meets` is asked of every card at every Additional
#: Action phase, so the card is read from a plain table.
NEEDS: dict[str, tuple[str, Any]] = {card_id: (card["kind"], card["need"])
                                        for card_id, card in parts().achievements.items()}


def meets(state: State, seat: int, card_id: str) -> bool:
    """Does `seat` own what the card asks for? (Nothing is paid to complete an achievement.)"""
    kind, need = NEEDS[card_id]
    pl = state["p"][seat]
    have: int
    if kind in GOODS:
        have = pl["goods"][kind]
    elif kind == "yen":
        have = pl["yen"]
    elif kind == "tokens":
        have = len(pl["tokens"]) + len(pl["mercs"])
    elif kind == "orders":
        have = len(pl["done"])
    elif kind == "techs":
        have = len(pl["techs"])
    elif kind == "areas":
        prod, com = built_categories(state, seat)
        both: bool = prod >= need[0] and com >= need[1]
        return both
    else:
        raise ValueError(f"unknown achievement kind {kind}")
    met: bool = have >= need
    return met


def claimable(state: State, seat: int) -> list[str]:
    """Cards this seat may complete now: requirement met, not done before, an assistant in hand."""
    if state["p"][seat]["hand"]["assistants"] < 1:
        return []
    return [a["id"] for a in state["achievements"] if seat not in a["claimed"] and meets(state, seat, a["id"])]


def claim(state: State, seat: int, card_id: str) -> int:
    """Place an assistant from hand on the card; first claimant scores the left number. Returns VP."""
    cards = state["achievements"]
    i, entry = next((i, a) for i, a in enumerate(cards) if a["id"] == card_id)
    high, low = parts().achievements[card_id]["vp"]
    points: int = high if not entry["claimed"] else low
    # The cards are shared with the state this one was copied from (copying.py): replaced, never edited.
    state["achievements"] = [*cards[:i], {**entry, "claimed": [*entry["claimed"], seat]}, *cards[i + 1:]]
    pl = state["p"][seat]
    pl["hand"]["assistants"] -= 1
    pl["vp"] += points
    return points
