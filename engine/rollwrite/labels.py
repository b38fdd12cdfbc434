"""Words for the sheet's icons, the players' options and what each seat must decide.

Every label fits a Discord button or menu entry (80 characters at most) and reads as a
sentence fragment a player understands without the rulebook open. The labels of each
decision live with its step (round_steps.py, task_steps.py); this module holds the words
they share. Numbers match the sheet: order forms 1-20, area rows 0-7.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar

from engine.rollwrite import rules
from engine.rollwrite.components import GOOD_NAMES, LEVEL_COST, area_name, employment_cards, tech_name, technologies
from engine.rollwrite.shapes import Cost, DieColour
from engine.rollwrite.sheet import available
from engine.rollwrite.state_types import Sheet, State

#: The keys of an amount (a cost in money or faith, or any other count by kind).
K = TypeVar("K", bound=str)

DIE_COLOURS: tuple[DieColour, ...] = ("white", "gray", "black")
EXTRA_NAMES: dict[str, str] = {
    "A": "A: hire an Elite",
    "B": "B: build a shop",
    "C": "C: build a trading house",
    "D": "D: main action once more",
    "E": "E: do nothing",
}


def amount_text(amounts: Mapping[K, int]) -> str:
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


@cache
def card_action_text(card_id: int) -> str:
    """`bonus_text` of an employment card's action, worded once per card: every set choice's label and every
    view's dice-and-card sets repeat it (the cards are fixed component data)."""
    return bonus_text(employment_cards()[card_id]["action"])


def form_text(state: State, form_id: int) -> str:
    form = rules.side_data(state)["forms"][form_id]
    return f"order {form_id + 1} ({form['points']} VP)"


def placement_text(state: State, counts: list[int]) -> str:
    """'Fishing ground x2, Tea field x1'."""
    parts = [f"{area_name(state['areas'][r])} x{n}" for r, n in enumerate(counts) if n]
    return ", ".join(parts) or "no circles"


def shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def card_source(card: dict[str, Any]) -> str:
    """An employment card named as the players see it ("card 3", its employment number)."""
    return f"employment card {card['number']}"


def form_detail(state: State, form_id: int) -> str:
    """An order form's goods and value: "order 7: seafood, tea -> 3 VP"."""
    form = rules.side_data(state)["forms"][form_id]
    goods = ", ".join(GOOD_NAMES[g] for g in form["goods"])
    return f"order {form_id + 1}: {goods} -> {form['points']} VP"


def tech_words(tech_id: str) -> str:
    """A technology as the laboratory shows it: "Newspaper (HIGH, 4 power)"."""
    tech = technologies()[tech_id]
    return f"{tech['name']} ({tech['level'].upper()}, {LEVEL_COST[tech['level']]} power)"


def short_of(ps: Sheet, cost: Cost, what: str) -> str | None:
    """"You need 2 money to build a shop; you have 1." (None when the seat can pay)."""
    missing = [(res, n) for res, n in cost.items() if available(ps, res) < n]
    if not missing:
        return None
    need = " and ".join(f"{n} {res}" for res, n in missing)
    have = " and ".join(f"{available(ps, res)} {res}" for res, _ in missing)
    return f"You need {need} to {what}; you have {have}."


def tech_names(ids: list[str]) -> list[str]:
    return [tech_name(t) for t in ids]
