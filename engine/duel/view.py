"""What one seat (or the public) may see: everything a renderer or a text summary needs.

Hidden: the Orders in a hand, the Orders being looked at in the Port or at setup, and the face-down
Church cards. Those appear only in their owner's view; everyone else sees counts.
"""

from __future__ import annotations

from typing import Any

from engine.core.kept_text import worded
from engine.core.translate import _
from engine.duel.cards import (
    AREA_IDS,
    AREAS,
    BONUS,
    CHURCH,
    GOOD_NAMES,
    ORDERS,
    POWER_CARDS,
    ROUNDS,
    SHOPS_PER_PLAYER,
    TECHS,
    hire_label,
    reward_text,
)
from engine.duel.flow import to_act
from engine.duel.scoring import CATEGORY_LABELS, production
from engine.duel.state import area_used, house_owner, name
from engine.duel.text import order_label
from engine.duel.turns import next_house_cost
from engine.duel.types import State
from engine.duel.view_types import AreaView, ChurchView, DuelView, OrderView, PlayerView, TechView


def order_view(card: int) -> OrderView:
    o = ORDERS[card]
    return {
        "id": card,
        "cost": dict(o.cost),
        "points": o.points,
        "reward": dict(o.reward),
        "text": order_label(card),
    }


def church_view(card: int) -> ChurchView:
    c = CHURCH[card]
    return {"id": card, "faith": c.faith, "points": c.points, "reward": dict(c.reward),
            "text": reward_text(c.reward)}


def tech_view(tech: str, tilted: bool = False) -> TechView:
    t = TECHS[tech]
    return {"id": t.id, "name": t.name, "production": t.production, "text": t.text,
            "once_per_round": t.once_per_round, "tilted": tilted}


def area_view(state: State, area: str) -> AreaView:
    a = AREAS[area]
    owner = house_owner(state, area)
    return {
        "id": area,
        "name": a.name,
        "board": a.board,
        "never_used": a.never_used,
        "used": area_used(state, area),
        "power_cards": [{"seat": s, "value": v} for s, v in state["played"].get(area, [])],
        "shops": [s for s, p in enumerate(state["players"]) if area in p["shops"]],
        "trading_house": owner,
        "station": state["station"] == area,
    }


def player_view(state: State, seat: int, viewer: int | None) -> PlayerView:
    p = state["players"][seat]
    own = viewer == seat
    return {
        "seat": seat,
        "name": name(seat),
        "is_start_player": state["start_seat"] == seat,
        "money": p["money"],
        "goods": dict(p["goods"]),
        "goods_names": dict(GOOD_NAMES),
        "imported_up": p["imported_up"],
        "imported_down": p["imported_down"],
        "extra_power": {"+1": p["extra"]["1"], "+2": p["extra"]["2"]},
        "power_cards": [
            {
                "value": c.value(p["upgraded"][i]),
                "base": c.base,
                "upgraded_value": c.upgraded,
                "upgrade_cost": c.cost,
                "upgraded": p["upgraded"][i],
                "played": p["played"][i],
            }
            for i, c in enumerate(POWER_CARDS)
        ],
        "shops": list(p["shops"]),
        "shops_left": SHOPS_PER_PLAYER - len(p["shops"]),
        "trading_houses": list(p["houses"]),
        "next_trading_house_cost": next_house_cost(p),
        "technologies": [tech_view(t, t in p["tilted"]) for t in p["techs"]],
        "production": production(p),
        "completed_orders": [order_view(c) for c in p["orders_done"]],
        "hand_count": len(p["hand"]),
        "hand": [order_view(c) for c in p["hand"]] if own else None,
        "church_count": len(p["church"]),
        "church": [church_view(c) for c in p["church"]] if own or state["phase"] == "over" else None,
        "agents_ready": p["agents_ready"],
        "agents_spent": p["agents_spent"],
        "hired_for": [hire_label(r) for r in p["hired"]],
    }


def pending_view(state: State, viewer: int | None) -> dict[str, Any] | None:
    """The decision being made now; cards only its owner may see are left out for others.
    `discard_for` names a seat that must first discard an Extra Power card (over the limit of 4)."""
    result = _pending(state, viewer)
    if state["discard_due"]:
        result["discard_for"] = state["discard_due"][0]
    return result


def _pending(state: State, viewer: int | None) -> dict[str, Any]:
    phase = state["phase"]
    if phase in ("setup", "upgrade", "over"):
        result: dict[str, Any] = {"step": phase}
        if phase == "setup" and viewer is not None:
            result["drawn"] = [order_view(c) for c in state["players"][viewer]["setup_draw"]]
        return result
    turn = state["turn"]
    seat = state["current"]
    act = turn["act"]
    if act is not None:
        result = {
            "step": act["step"],
            "kind": act["kind"],
            "area": act["area"],
            "area_name": AREAS[act["area"]].name if act["area"] else None,
            "power": act["power"] if "strength" in act else None,
        }
        if act["step"] == "faith":
            result["church_card"] = church_view(act["church"]) if viewer == seat else None
            result["faith_needed"] = act["need"]
        if act["step"] == "exchange":
            result["exchanges_left"] = act["left"]
        if act["step"] == "pay":
            result["technology"] = tech_view(act["tech"])
            result["units"] = act["units"]
        if act["step"] in ("keep", "keep2", "bottom"):
            result["drawn_count"] = len(act["drawn"])
            result["drawn"] = [order_view(c) for c in act["drawn"]] if viewer == seat else None
        return result
    if turn["bonus"] is not None:
        return {"step": "bonus", "power": turn["bonus"]["power"]}
    if turn["build"] is not None:
        return {"step": "build", "area": turn["build"]["area"], "area_name": AREAS[turn["build"]["area"]].name}
    return {"step": "end_or_free" if turn["area_done"] else "area"}


def view(state: State, viewer: int | None, scores: list[dict[str, int]], winners: list[int]) -> DuelView:
    over = state["phase"] == "over"
    return {
        "game": "duel",
        "viewer": viewer,
        "phase": state["phase"],
        "round": state["round"],
        "rounds": ROUNDS,
        "turns_done_in_round": state["turns_done"],
        "start_seat": state["start_seat"],
        "current": state["current"],
        "to_act": to_act(state),
        "pending": pending_view(state, viewer),
        "areas": [area_view(state, a) for a in AREA_IDS],
        "station": state["station"],
        "power_bonus": [
            {"id": c, "rewards": [dict(r) for r in BONUS[c].rewards],
             "text": [reward_text(r) for r in BONUS[c].rewards]}
            for c in state["bonus_row"]
        ],
        "power_bonus_deck": len(state["bonus_deck"]),
        "power_bonus_discard": len(state["bonus_discard"]),
        "technologies": [tech_view(t) for t in state["tech_row"]],
        "technology_deck": len(state["tech_deck"]),
        "church": [church_view(c) for c in state["church_row"]],
        "order_deck": len(state["order_deck"]),
        "extra_power_supply": {"+1": state["extra_supply"]["1"], "+2": state["extra_supply"]["2"]},
        "foreign_agents_supply": state["agents_supply"],
        "players": [player_view(state, s, viewer) for s in (0, 1)],
        "scores": scores,
        "score_labels": {key: _(label) for key, label in CATEGORY_LABELS.items()},
        "winners": winners if over else [],
        "log": [worded(line) for line in state["log"][-12:]],
    }
