"""What a seat (or the public) may see: everything but other players' order cards in hand."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama import endgame, placement
from engine.yokohama.board import power, shops_built, tech_value, th_built
from engine.yokohama.components import COLOURS, area_name, parts, reward_text
from engine.yokohama.endgame import END_REASONS

STAGE_TEXT = {
    "keep": "choosing the starting order card",
    "first": "additional actions (before the main action)",
    "second": "additional actions (after the main action)",
    "merc_area": "choosing where the mercenary acts",
    "place": "placement: choosing how to place",
    "place_spread": "placement: 1 assistant per area",
    "place_pair": "placement: 2 assistants in one area",
    "telegram": "placement: Telegram's extra assistant",
    "move": "movement",
    "moving": "movement: on the way",
    "tram": "movement: riding the Tram",
    "return": "taking pieces back to hand",
    "act_port": "Port: taking orders",
    "act_lab": "Laboratory: choosing a technology",
    "act_lab_pay": "Laboratory: paying",
    "act_agency": "Employment Agency: taking tokens",
    "act_chinatown": "Chinatown: exchanging",
    "act_church": "Church: choosing a space",
    "act_church_pay": "Church: paying Faith",
    "act_customs": "Customs: choosing a space",
    "act_pawn": "choosing which assistant goes on the board",
    "bonus": "5-Power bonus",
    "build": "construction",
    "recover_choice": "recovery",
    "over": "game over",
}


def order_view(order: int) -> dict[str, Any]:
    card = parts().orders[order]
    return {"id": order, "country": card["country"], "cost": card["cost"], "reward": card["reward"],
            "text": f"{reward_text(card['reward'])} for {', '.join(f'{n} {g}' for g, n in card['cost'].items())}"}


def tech_view(tech: int) -> dict[str, Any]:
    card = parts().techs[tech]
    return {"id": tech, "name": card["name"], "effect": card["effect"], "value": card["value"],
            "country": card["country"]}


def areas_view(state: State) -> list[dict[str, Any]]:
    out = []
    rows = state["rows"]
    position = 0
    for row, length in enumerate(rows):
        for col in range(length):
            area = state["layout"][position]
            info = parts().areas[area]
            entry: dict[str, Any] = {
                "id": area, "name": info["name"], "kind": info["kind"], "category": info["category"],
                "position": position, "row": row, "col": col, "adjacent": state["adjacent"][area],
                "presidents": [s for s, pl in enumerate(state["p"]) if pl["president"] == area],
                "assistants": {str(s): pl["placed"].get(area, 0) for s, pl in enumerate(state["p"])
                               if pl["placed"].get(area, 0)},
                "station": state["station"] == area,
                "site": None, "power_token": None,
            }
            site = state["sites"].get(area)
            if site is not None:
                card = parts().sites[site["card"]]
                entry["site"] = {
                    "card": site["card"],
                    "shops": [{"seat": s, "reward": r, "text": reward_text(r)}
                              for s, r in zip(site["shops"], card["shops"], strict=True)],
                    "trading_house": {"seat": site["th"], "reward": card["trading_house"],
                                      "text": reward_text(card["trading_house"])},
                }
                token = state["tokens"].get(area)
                if token is not None:
                    reward = parts().power_tokens[token]["reward"]
                    entry["power_token"] = {"id": token, "reward": reward, "text": reward_text(reward)}
            out.append(entry)
            position += 1
    return out


def player_view(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    pl = state["p"][seat]
    own = viewer == seat
    return {
        "seat": seat,
        "colour": COLOURS[seat],
        "yen": pl["yen"], "vp": pl["vp"], "goods": dict(pl["goods"]), "imported": pl["imported"],
        "hand": dict(pl["hand"]), "warehouse": dict(pl["warehouse"]),
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


def board_view(state: State, board: str) -> list[dict[str, Any]]:
    spaces = parts().boards[board]
    return [{"space": i, "need": s["need"], "reward": s["reward"], "text": reward_text(s["reward"]),
             "seat": state[board][i], "neutral": state[board][i] == -1} for i, s in enumerate(spaces)]


def view(state: State, viewer: int | None, headline: str) -> dict[str, Any]:
    levels = parts().boards["port_levels"]
    extras = parts().boards["lab_extra"]
    ctx = state["ctx"]
    acting = None
    if "area" in ctx and "power" in ctx:
        acting = {"area": ctx["area"], "name": area_name(ctx["area"]), "power": ctx["power"],
                  "mercenary": bool(ctx.get("merc"))}
    elif state["stage"] == "moving":
        seat = state["seat"]
        here = state["p"][seat]["president"]
        acting = {"area": here, "name": area_name(here), "power": power(state, seat, here), "mercenary": False}
    return {
        "game": "yokohama",
        "players": state["players"],
        "viewer": viewer,
        "headline": headline,
        "round": state["round"],
        "turns": state["turns"],
        "current": None if state["over"] or state["stage"] == "keep" else state["seat"],
        "stage": state["stage"],
        "stage_text": STAGE_TEXT.get(state["stage"], state["stage"]),
        "acting": acting,
        # The spread placement as a multi-select (engine.yokohama.placement.menu), for the seat placing.
        "placement_menu": placement.menu(state, viewer) if viewer is not None else None,
        "pending": [dict(item) for item in state["pending"]],
        "end": {"reasons": [END_REASONS[r] for r in state["end"]["reasons"]],
                "final_round": state["end"]["final_round"]},
        "over": state["over"],
        "rows": list(state["rows"]),
        "areas": areas_view(state),
        "station": state["station"],
        "ports": {a: [{"slot": i, "level": levels[i], "order": order_view(o) if o is not None else None}
                      for i, o in enumerate(row)] for a, row in state["ports"].items()},
        "order_deck": len(state["order_deck"]),
        "labs": {a: [{"slot": i, "extra": extras[i], "tech": tech_view(t) if t is not None else None}
                     for i, t in enumerate(row)] for a, row in state["labs"].items()},
        "tech_deck": len(state["tech_deck"]),
        "church": board_view(state, "church"),
        "customs": board_view(state, "customs"),
        "achievements": [{"id": a["id"], "name": parts().achievements[a["id"]]["name"],
                          "vp": parts().achievements[a["id"]]["vp"], "claimed": list(a["claimed"])}
                         for a in state["achievements"]],
        "mercenary_supply": dict(state["mercs"]),
        "seats": [player_view(state, s, viewer) for s in range(state["players"])],
        "scores": endgame.final_scores(state),
        "log": list(state["log"]),
    }
