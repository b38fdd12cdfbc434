"""The end of the game: the five end conditions and the final score calculation."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.translate import N_
from engine.yokohama.board import icons, tech_value
from engine.yokohama.components import COUNTRIES, GOODS, parts
from engine.yokohama.types import Board, PlayerState, State

SCORING = parts().rules["scoring"]
#: A player who built every Shophouse / Trading House they own (hand + warehouse) ends the game.
ALL_SHOPS: int = parts().boards["hand"]["shops"] + parts().boards["warehouse"]["shops"]
ALL_TRADING_HOUSES: int = parts().boards["hand"]["trading_houses"] + parts().boards["warehouse"]["trading_houses"]
#: Technology value of the 2-player dummy, doubled (rules.toml `scoring.dummy_tech_twice`).
DUMMY_TECH_TWICE: int = SCORING["dummy_tech_twice"]
#: Points for a set of this many different Country icons.
SET_POINTS: dict[int, int] = {size: points for size, points in enumerate(SCORING["country_sets"], start=1)}
#: Pawns on the Church or Customs board that end the game, by player count (boards.toml).
END_PAWNS: dict[str, int] = parts().boards["end_pawns"]
END_REASONS = {
    "trading_houses": N_("a player built all 4 Trading Houses"),
    "shops": N_("a player built all 8 Shophouses"),
    "orders": N_("the Order deck ran out"),
    "church": N_("the Church board is full enough"),
    "customs": N_("the Customs board is full enough"),
}


def rounds_played(state: State) -> int:
    """Rounds begun so far. At the end that is the final round: the round counter has then moved one
    past it (`flow.end_turn` counts the next round before it sees that the game is over)."""
    final = state["end"]["final_round"]
    return final if state["over"] and final is not None else state["round"]


def pawns_placed(spaces: list[int | None]) -> int:
    """The players' pawns on a Church or Customs board's spaces (the neutral pawns, -1, left out): what the
    board's end count is read against."""
    return sum(1 for owner in spaces if owner is not None and owner >= 0)


def check_end(state: State) -> None:
    """Record newly met end conditions; the first one fixes the final round (this one + 1)."""
    reasons: list[str] = state["end"]["reasons"]
    need = END_PAWNS[str(state["players"])]
    shops, houses = buildings(state)
    met = (
        ("trading_houses", max(houses) >= ALL_TRADING_HOUSES),
        ("shops", max(shops) >= ALL_SHOPS),
        ("church", pawns_placed(state["church"]) >= need),
        ("customs", pawns_placed(state["customs"]) >= need),
    )
    for reason, hit in met:
        if hit and reason not in reasons:
            reasons.append(reason)
    if reasons and state["end"]["final_round"] is None:
        state["end"]["final_round"] = state["round"] + 1


def buildings(state: State) -> tuple[list[int], list[int]]:
    """Shophouses and Trading Houses each seat has built (`shops_built`, `th_built` of every seat
    in one pass: the end conditions are checked after every automatic step)."""
    players = state["players"]
    shops, houses = [0] * players, [0] * players
    for site in state["sites"].values():
        for owner in site["shops"]:
            if owner is not None and 0 <= owner < players:
                shops[owner] += 1
        owner = site["th"]
        if owner is not None and 0 <= owner < players:
            houses[owner] += 1
    return shops, houses


def board_majority(state: State, board: Board, first: int, second: int) -> list[int]:
    """Church/Customs bonus: most pawns first; ties go to whoever has the rightmost pawn."""
    players = state["players"]
    count, rightmost = [0] * players, [0] * players
    for i, owner in enumerate(state[board]):
        if owner is not None and 0 <= owner < players:
            count[owner] += 1
            rightmost[owner] = i
    ranked = sorted((-count[seat], -rightmost[seat], seat) for seat in range(players) if count[seat])
    points = [0] * state["players"]
    for place, (_c, _r, seat) in enumerate(ranked[:2]):
        points[seat] = first if place == 0 else second
    return points


def technology_bonus(state: State) -> list[int]:
    """10 / 5 (rules.toml) for the highest Industry totals; ties to the seat closest to the start player.

    With 2 players a dummy with 7.5 takes part in the ranking (and can take a place).
    """
    entries: list[tuple[int, int, int]] = []  # (-value*2, seat order, seat or -1)
    for seat in range(state["players"]):
        if state["p"][seat]["techs"]:
            entries.append((-2 * tech_value(state, seat), seat, seat))
    if state["players"] == 2:
        entries.append((-DUMMY_TECH_TWICE, -1, -1))
    entries.sort()
    points = [0] * state["players"]
    for place, (_v, _o, seat) in enumerate(entries[:2]):
        if seat >= 0:
            points[seat] = SCORING["technology_majority"][place]
    return points


@cache
def best_sets(counts: tuple[int, ...]) -> int:
    """Most points from splitting country icons into sets of different countries."""
    present = [i for i, n in enumerate(counts) if n]
    if len(present) < 2:
        return 0
    best = 0
    # Try every set of 2+ different countries taken from those present.
    for mask in range(1, 1 << len(present)):
        chosen = [present[i] for i in range(len(present)) if mask >> i & 1]
        if len(chosen) < 2:
            continue
        rest = list(counts)
        for i in chosen:
            rest[i] -= 1
        best = max(best, SET_POINTS[len(chosen)] + best_sets(tuple(rest)))
    return best


def country_bonus(state: State, seat: int) -> int:
    return best_sets(tuple(icons(state, seat, c) for c in COUNTRIES))


def remainder_points(pl: PlayerState) -> dict[str, int]:
    """RB Remainder Scoring: "Unused Foreign Mercenary tokens: 1 Victory point each / Imported Goods
    tokens: 1 Victory point each / Every 2 Yen: 1 Victory point / Every 3 Trade Good tokens: 1 Victory
    point" (also read by the greedy player's `standings`)."""
    return {
        "mercenaries": sum(1 for m in pl["mercs"] if not m["used"]),
        "imported": pl["imported"],
        "money": pl["yen"] // SCORING["yen_per_point"],
        "goods": sum(pl["goods"][g] for g in GOODS) // SCORING["goods_per_point"],
    }


def final_scores(state: State) -> list[dict[str, Any]]:
    """Per seat: points during play, then each final category in the rulebook's order."""
    church = board_majority(state, "church", *SCORING["church_majority"])
    customs = board_majority(state, "customs", *SCORING["customs_majority"])
    tech = technology_bonus(state)
    out = []
    for seat, pl in enumerate(state["p"]):
        row = {
            "play": pl["vp"],
            "church": church[seat],
            "customs": customs[seat],
            "technology": tech[seat],
            "countries": country_bonus(state, seat),
            **remainder_points(pl),
        }
        row["total"] = sum(row.values())
        out.append(row)
    return out


def ranking(state: State) -> list[int]:
    """Best first; ties go to the seat closest to the start player (seat 0 first)."""
    totals = [row["total"] for row in final_scores(state)]
    return sorted(range(state["players"]), key=lambda s: (-totals[s], s))
