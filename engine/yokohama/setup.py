"""Building a fresh game: the setup section of the rulebook, for 2, 3 or 4 players."""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.yokohama.components import COUNTRIES, GOODS, area_kind, parts, port_row_levels
from engine.yokohama.types import (
    AchievementState,
    DealtBoard,
    DealtCards,
    ManagementBoards,
    PlayerState,
    Site,
    State,
)


def new_player(money: int) -> PlayerState:
    """A player's starting hand and warehouse (rulebook: 8 assistants and 2 shops in hand)."""
    b = parts().boards
    return {
        "yen": money,
        "vp": 0,
        "goods": {g: 1 for g in GOODS},
        "imported": 0,
        "hand": {"assistants": b["hand"]["assistants"], "shops": b["hand"]["shops"],
                 "th": b["hand"]["trading_houses"]},
        "warehouse": {"assistants": b["warehouse"]["assistants"], "shops": b["warehouse"]["shops"],
                      "th": b["warehouse"]["trading_houses"]},
        "president": None,
        "placed": {},
        "orders": [],
        "keep": [],
        "done": [],
        "techs": [],
        "mercs": [],
        "tokens": [],
        "flags": {"merc": False, "spin": False, "university": False},
    }


def deal_areas(rng: Rng, players: int) -> DealtBoard:
    """The Area Boards in a random triangle, each (but the Canal) with a Building Site and a 5-Power token."""
    p = parts()
    layout = rng.shuffled(p.areas_for(players))
    adjacency = p.adjacency_for(players)
    site_ids = rng.shuffled(sorted(p.sites))
    token_ids = rng.shuffled(sorted(p.power_tokens))
    sites: dict[str, Site] = {}
    tokens: dict[str, int | None] = {}
    for area in layout:
        if area_kind(area) == "canal":
            continue
        card = site_ids.pop()
        sites[area] = {"card": card, "shops": [None] * len(p.sites[card]["shops"]), "th": None}
        tokens[area] = token_ids.pop()
    return {
        "layout": layout,
        "rows": p.rows_for(players),
        "adjacent": {layout[i]: [layout[j] for j in adjacency[i]] for i in range(len(layout))},
        "sites": sites,
        "tokens": tokens,
        "station": None,
    }


def deal_cards(rng: Rng, players: int, layout: list[str]) -> DealtCards:
    """One achievement of each letter, the Laboratories' technologies and the Ports' orders (the rest
    are the decks; orders removed for fewer players go back to the box)."""
    p = parts()
    b = p.boards
    achievements: list[AchievementState] = []
    for group in ("A", "B", "C"):
        ids = sorted(a for a, card in p.achievements.items() if card["group"] == group)
        achievements.append({"id": rng.choice(ids), "claimed": []})
    tech_deck = rng.shuffled(sorted(p.techs))
    labs: dict[str, list[int | None]] = {
        a: [tech_deck.pop() for _ in b["lab_extra"]] for a in layout if area_kind(a) == "lab"
    }
    order_deck = rng.shuffled(sorted(p.orders))
    del order_deck[: b["orders_removed"][str(players)]]
    ports: dict[str, list[int | None]] = {
        a: [order_deck.pop() for _ in port_row_levels(a)] for a in sorted(x for x in layout if area_kind(x) == "port")
    }
    return {
        "ports": ports,
        "order_deck": order_deck,
        "labs": {a: labs[a] for a in sorted(labs)},
        "tech_deck": tech_deck,
        "achievements": achievements,
    }


def management_boards(players: int) -> ManagementBoards:
    """The Church and Customs boards (with 2 players a neutral pawn on one space of each)."""
    b = parts().boards
    church: list[int | None] = [None] * len(b["church"])
    customs: list[int | None] = [None] * len(b["customs"])
    if players == 2:
        church[b["church_neutral"]] = -1
        customs[b["customs_neutral"]] = -1
    return {"church": church, "customs": customs}


def new_state(players: int, seed: int, options: dict[str, Any]) -> State:
    """Deal the boards, cards and tokens at random from `seed` (all kept in the state)."""
    rng = Rng(seed)
    board = deal_areas(rng, players)
    cards = deal_cards(rng, players, board["layout"])
    money = parts().boards["start_money"]
    seats = [new_player(money["first"] if s == 0 else money["others"]) for s in range(players)]
    for player in seats:  # each player is dealt 2 orders and keeps 1
        player["keep"] = [cards["order_deck"].pop(), cards["order_deck"].pop()]
    boards = management_boards(players)
    return {  # the keys in the order they have always had (board, cards, management boards)
        "game": "yokohama",
        "players": players,
        "options": options,
        "layout": board["layout"],
        "rows": board["rows"],
        "adjacent": board["adjacent"],
        "sites": board["sites"],
        "tokens": board["tokens"],
        "station": board["station"],
        "ports": cards["ports"],
        "order_deck": cards["order_deck"],
        "labs": cards["labs"],
        "tech_deck": cards["tech_deck"],
        "achievements": cards["achievements"],
        "church": boards["church"],
        "customs": boards["customs"],
        "mercs": {c: parts().boards["mercenaries"][c] for c in COUNTRIES},
        "p": seats,
        "seat": 0,
        "round": 1,
        "turns": 0,
        "stage": "keep",
        "ctx": {},
        "pending": [],
        "end": {"reasons": [], "final_round": None},
        "over": False,
        "log": [],
        "rng": rng.state,
    }
