"""Words for the sheet's icons, the players' options and what each seat must decide.

Every label fits a Discord button or menu entry (80 characters at most) and reads as a
sentence fragment a player understands without the rulebook open.
"""

from __future__ import annotations

from typing import Any

from engine.rollwrite import rules
from engine.rollwrite.components import (
    GOOD_NAMES,
    area_name,
    employment_cards,
    tech_name,
    technologies,
)

State = dict[str, Any]
DIE_COLOURS: tuple[str, ...] = ("white", "gray", "black")
EXTRA_NAMES: dict[str, str] = {
    "A": "A: hire an Elite",
    "B": "B: build a shop",
    "C": "C: build a trading house",
    "D": "D: main action once more",
    "E": "E: do nothing",
}


def amount_text(amounts: dict[str, int]) -> str:
    return " + ".join(f"{n} {res}" for res, n in amounts.items()) or "nothing"


def bonus_text(bonus: dict[str, Any]) -> str:
    """A bonus icon group in words: "2 money", "1 trade good of your choice", "2 money / 2 faith"."""
    parts: list[str] = []
    for key, value in bonus.items():
        if key in ("money", "faith", "cargo"):
            parts.append(f"{value} {key}")
        elif key == "good":
            parts.append(f"{value} trade good{'s' if value > 1 else ''} of your choice")
        elif key in GOOD_NAMES:
            parts.append(f"{value} {GOOD_NAMES[key]}")
        elif key == "employees":
            parts.append(f"{value} employee{'s' if value > 1 else ''}")
        elif key == "elite":
            parts.append("a free Elite" if value == 1 else f"{value} free Elites")
        elif key == "shop":
            parts.append("a free shop" if value == 1 else f"{value} free shops")
        elif key == "trading":
            parts.append("a free trading house")
        elif key == "choice":
            parts.append(" / ".join(bonus_text(alt) for alt in value))
        elif key == "exchange":
            parts.append(f"{amount_text(value['pay'])} -> {bonus_text(value['get'])}")
    return ", ".join(parts) or "nothing"


def form_text(state: State, form_id: int) -> str:
    form = rules.side_data(state)["forms"][form_id]
    return f"order {form_id + 1} ({form['points']} VP)"


def placement_text(state: State, counts: list[int]) -> str:
    """'Fishing ground x2, Tea field x1'."""
    parts = [f"{area_name(state['areas'][r])} x{n}" for r, n in enumerate(counts) if n]
    return ", ".join(parts) or "no circles"


def shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(state: State, action: Any) -> str:
    return shorten(_describe(state, action))


def _describe(state: State, action: Any) -> str:
    if not isinstance(action, dict):
        return str(action)
    do = action.get("do")
    if do == "set":
        i = action["set"]
        r = state["round"] - 1
        card = employment_cards()[state["cards"][r][i]]
        return (
            f"{DIE_COLOURS[i].capitalize()} die {state['dice'][r][i]} + card {card['number']} "
            f"({bonus_text(card['action'])})"
        )
    if do == "record":
        return placement_text(state, action["circles"])
    if do == "circle":
        return f"One circle in {area_name(state['areas'][action['row']])}, then the rest"
    if do == "area":
        return f"Main action in {area_name(state['areas'][action['row']])}"
    if do == "cross":
        n = action["n"]
        return f"Cross off {n} circle{'s' if n > 1 else ''}"
    if do == "extra":
        cost = action.get("cost") or {}
        return EXTRA_NAMES[action["pick"]] + (f" ({amount_text(cost)})" if cost else "")
    if do == "phone":
        return "Telephone: pay 1 money, write 1 circle anywhere"
    if do == "kind":
        return f"Take {GOOD_NAMES[action['kind']]}"
    if do == "form":
        return f"Cross {GOOD_NAMES[action['good']]} on {form_text(state, action['form'])}"
    if do == "employ":
        return f"Circle in {area_name(state['areas'][action['row']])}"
    if do == "elite":
        return f"Elite in {area_name(state['areas'][action['row']])}"
    if do == "shop":
        return f"Shop on {form_text(state, action['form'])}"
    if do == "trading":
        return rules.side_data(state)["trading_houses"][action["house"]]["name"]
    if do == "choose":
        return f"Take {bonus_text(action['gain'])}"
    if do == "exchange":
        if action["accept"]:
            return f"Pay {amount_text(action['pay'])} for {bonus_text(action['get'])}"
        return "Skip the exchange"
    if do == "via":
        return f"Use the {area_name(action['area'])} action"
    if do == "tech":
        tech = technologies()[action["tech"]]
        return f"Acquire {tech['name']} ({tech['level'].upper()})"
    if do == "buy":
        what = {
            "elite": "Hire an Elite",
            "shop": "Build a shop",
            "trading": "Build a trading house",
            "good": "Buy a trade good",
            "cargo": "Buy a cargo",
        }[action["what"]]
        cost = amount_text(action["cost"]) if action["cost"] else "no money"
        return f"{what} ({action['power']} power, {cost})"
    if do == "stop":
        return "Finish this action (unused power is lost)"
    return str(action)


def task_label(state: State, task: dict[str, Any]) -> str:
    """What a queued task asks of the player."""
    kind = task["t"]
    src = task.get("src", "")
    if kind == "good":
        good = GOOD_NAMES[task["kind"]] if task["kind"] else "a trade good"
        return f"Cross {good} on an order form ({src})"
    if kind == "employees":
        return f"Write {task['n']} employee circle{'s' if task['n'] > 1 else ''} ({src})"
    if kind in ("elite", "shop", "trading"):
        noun = {"elite": "an Elite", "shop": "a shop", "trading": "a trading house"}[kind]
        return f"Place {noun} ({src})"
    if kind == "choice":
        return f"Choose your bonus ({src})"
    if kind == "exchange":
        return f"Exchange {amount_text(task['pay'])} for {bonus_text(task['get'])}? ({src})"
    if kind == "mining":
        return "Mining technology: a free shop or a free Elite"
    if kind == "chamber":
        return f"Chamber of Commerce: choose an area to use with {task['power'] - 1} power"
    if kind == "power":
        return f"Spend {task['left']} action power in {area_name(task['area'])}"
    return kind


def step_label(state: State, seat: int) -> str:
    ps = state["sheets"][seat]
    step = ps["step"]
    if step == "set":
        return "Choose a dice-and-card set"
    if step == "record":
        rec = ps["record"]
        return f"Record {rec['number']} employees (die {rec['die']})"
    if step == "main":
        return "Choose an area for your main action" + (" (additional action D)" if ps["again"] else "")
    if step == "count":
        return f"How many circles to cross off in {area_name(state['areas'][ps['main_area']])}"
    if step == "additional":
        return "Choose an additional action (A-E)"
    return "Done for this round"


def tech_names(ids: list[str]) -> list[str]:
    return [tech_name(t) for t in ids]
