"""What a seat (or the public) may see: everything but other players' order cards in hand."""

from __future__ import annotations

from typing import cast

from engine.core.kept_text import worded
from engine.core.translate import _
from engine.yokohama import endgame, flow, placement
from engine.yokohama.board import power, shops_built, tech_value, th_built
from engine.yokohama.components import (
    COLOURS,
    achievement_name,
    area_name,
    parts,
    port_row_levels,
    reward_text,
    tech_name,
)
from engine.yokohama.endgame import END_REASONS
from engine.yokohama.rewards import PENDING_STEPS
from engine.yokohama.types import Board, State
from engine.yokohama.view_types import (
    AchievementView,
    ActingView,
    AreaView,
    LabSlotView,
    OrderView,
    PlayerView,
    PortSlotView,
    SiteView,
    SpaceView,
    TechView,
    TokenView,
    YokohamaView,
)


def stage_text(state: State) -> str:
    """The awaited stage in a few words ("Port: taking orders"), as its step names it."""
    if state["over"]:
        return _("game over")
    if state["pending"] and state["stage"] != "keep":  # a reward's choice, whatever the stage
        step = PENDING_STEPS.get(state["pending"][0]["kind"])
    else:
        step = flow.STAGE_STEPS.get(state["stage"])
    return _(step.stage_text) if step is not None and step.stage_text else state["stage"]


def order_view(order: int) -> OrderView:
    card = parts().orders[order]
    return {"id": order, "country": card["country"], "cost": card["cost"], "reward": card["reward"],
            "text": f"{reward_text(card['reward'])} for {', '.join(f'{n} {g}' for g, n in card['cost'].items())}"}


def tech_view(tech: int) -> TechView:
    card = parts().techs[tech]
    return {"id": tech, "name": tech_name(tech), "effect": card["effect"], "value": card["value"],
            "country": card["country"]}


def site_view(state: State, area: str) -> SiteView | None:
    """The Building Site of `area`: who built on each space and what each gives."""
    site = state["sites"].get(area)
    if site is None:
        return None
    card = parts().sites[site["card"]]
    return {
        "card": site["card"],
        "shops": [{"seat": s, "reward": r, "text": reward_text(r)}
                  for s, r in zip(site["shops"], card["shops"], strict=True)],
        "trading_house": {"seat": site["th"], "reward": card["trading_house"],
                          "text": reward_text(card["trading_house"])},
    }


def token_view(state: State, area: str) -> TokenView | None:
    token = state["tokens"].get(area) if area in state["sites"] else None
    if token is None:
        return None
    reward = parts().power_tokens[token]["reward"]
    return {"id": token, "reward": reward, "text": reward_text(reward)}


def area_view(state: State, area: str, position: int, row: int, col: int) -> AreaView:
    info = parts().areas[area]
    return {
        "id": area, "name": area_name(area), "kind": info["kind"], "category": info["category"],
        "position": position, "row": row, "col": col, "adjacent": state["adjacent"][area],
        "presidents": [s for s, pl in enumerate(state["p"]) if pl["president"] == area],
        "assistants": {str(s): pl["placed"].get(area, 0) for s, pl in enumerate(state["p"])
                       if pl["placed"].get(area, 0)},
        "station": state["station"] == area,
        "site": site_view(state, area), "power_token": token_view(state, area),
    }


def areas_view(state: State) -> list[AreaView]:
    """Every Area Board in layout order, with its place in the triangle (row, column)."""
    out = []
    position = 0
    for row, length in enumerate(state["rows"]):
        for col in range(length):
            out.append(area_view(state, state["layout"][position], position, row, col))
            position += 1
    return out


def player_view(state: State, seat: int, viewer: int | None) -> PlayerView:
    pl = state["p"][seat]
    own = viewer == seat
    return {
        "seat": seat,
        "colour": COLOURS[seat],
        "yen": pl["yen"], "vp": pl["vp"], "goods": dict(pl["goods"]), "imported": pl["imported"],
        "hand": pl["hand"].copy(), "warehouse": pl["warehouse"].copy(),
        "president": pl["president"], "president_name": area_name(pl["president"]) if pl["president"] else None,
        "assistants": dict(pl["placed"]),
        "orders": [order_view(o) for o in pl["orders"]] if own else None,
        "order_count": len(pl["orders"]),
        "choosing_from": [order_view(o) for o in pl["keep"]] if own else None,
        "completed_orders": [order_view(o) for o in pl["done"]],
        "technologies": [tech_view(t) for t in pl["techs"]],
        "tech_value": tech_value(state, seat),
        "mercenaries": [dict(m) for m in pl["mercs"]],
        "power_tokens": [{"id": t, "text": reward_text(parts().power_tokens[t]["reward"])} for t in pl["tokens"]],
        "achievements": [a["id"] for a in state["achievements"] if seat in a["claimed"]],
        "shops_built": shops_built(state, seat), "trading_houses_built": th_built(state, seat),
        "church_pawns": sum(1 for s in state["church"] if s == seat),
        "customs_pawns": sum(1 for s in state["customs"] if s == seat),
    }


def board_view(state: State, board: Board) -> list[SpaceView]:
    spaces = parts().boards[board]
    return [{"space": i, "need": s["need"], "reward": s["reward"], "text": reward_text(s["reward"]),
             "seat": state[board][i], "neutral": state[board][i] == -1} for i, s in enumerate(spaces)]


def acting_view(state: State) -> ActingView | None:
    """The Area Action under way (area, Power, whether a mercenary acts), or None."""
    ctx = state["ctx"]
    if "area" in ctx and "power" in ctx:
        return {"area": ctx["area"], "name": area_name(ctx["area"]), "power": ctx["power"],
                "mercenary": bool(ctx.get("merc"))}
    if state["stage"] == "moving":
        seat = state["seat"]
        here = cast(str, state["p"][seat]["president"])  # moving: the President is on the board
        return {"area": here, "name": area_name(here), "power": power(state, seat, here), "mercenary": False}
    return None


def ports_view(state: State) -> dict[str, list[PortSlotView]]:
    return {a: [{"slot": i, "level": port_row_levels(a)[i], "order": order_view(o) if o is not None else None}
                for i, o in enumerate(row)] for a, row in state["ports"].items()}


def labs_view(state: State) -> dict[str, list[LabSlotView]]:
    extras = parts().boards["lab_extra"]
    return {a: [{"slot": i, "extra": extras[i], "tech": tech_view(t) if t is not None else None}
                for i, t in enumerate(row)] for a, row in state["labs"].items()}


def achievements_view(state: State) -> list[AchievementView]:
    return [{"id": a["id"], "name": achievement_name(a["id"]),
             "vp": parts().achievements[a["id"]]["vp"], "claimed": list(a["claimed"])}
            for a in state["achievements"]]


def view(state: State, viewer: int | None, headline: str) -> YokohamaView:
    return {
        "game": "yokohama",
        "players": state["players"],
        "viewer": viewer,
        "headline": headline,
        "round": state["round"],
        "turns": state["turns"],
        "current": None if state["over"] or state["stage"] == "keep" else state["seat"],
        "stage": state["stage"],
        "stage_text": stage_text(state),
        "acting": acting_view(state),
        # The spread placement as a multi-select (engine.yokohama.placement.menu), for the seat placing.
        "placement_menu": placement.menu(state, viewer) if viewer is not None else None,
        "pending": [dict(item) for item in state["pending"]],
        "end": {"reasons": [_(END_REASONS[r]) for r in state["end"]["reasons"]],
                "final_round": state["end"]["final_round"]},
        "over": state["over"],
        "rows": list(state["rows"]),
        "areas": areas_view(state),
        "station": state["station"],
        "ports": ports_view(state),
        "order_deck": len(state["order_deck"]),
        "labs": labs_view(state),
        "tech_deck": len(state["tech_deck"]),
        "achievements": achievements_view(state),
        "church": board_view(state, "church"),
        "customs": board_view(state, "customs"),
        "mercenary_supply": dict(state["mercs"]),
        "seats": [player_view(state, s, viewer) for s in range(state["players"])],
        "scores": endgame.final_scores(state),
        "log": [worded(line) for line in state["log"]],
    }
