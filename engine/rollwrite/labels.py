"""Words for the sheet's icons, the players' options and what each seat must decide.

Every label fits a Discord button or menu entry (80 characters at most) and reads as a
sentence fragment a player understands without the rulebook open. The labels of each
decision live with its step (round_steps.py, task_steps.py); this module holds the words
they share. Numbers match the sheet: order forms 1-20, area rows 0-7.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar

from engine.core.translate import N_, _, language, ngettext
from engine.rollwrite import rules
from engine.rollwrite.components import (
    GOOD_NAMES,
    LEVEL_COST,
    area_name,
    employment_cards,
    good_name,
    tech_name,
    technologies,
)
from engine.rollwrite.shapes import Cost, DieColour
from engine.rollwrite.sheet import available
from engine.rollwrite.state_types import Sheet, State

#: The keys of an amount (a cost in money or faith, or any other count by kind).
K = TypeVar("K", bound=str)

DIE_COLOURS: tuple[DieColour, ...] = ("white", "gray", "black")
#: In English; a reader sees `extra_name(pick)`.
EXTRA_NAMES: dict[str, str] = {
    "A": N_("A: hire an Elite"),
    "B": N_("B: build a shop"),
    "C": N_("C: build a trading house"),
    "D": N_("D: main action once more"),
    "E": N_("E: do nothing"),
}


def extra_name(pick: str) -> str:
    """An additional action (A-E) in the reader's language."""
    return _(EXTRA_NAMES[pick])


def resource_amount(res: str, n: int) -> str:
    """"2 money", "1 faith", "3 cargo" (any other kind: "n kind")."""
    if res == "money":
        return ngettext("{n} money", "{n} money", n).format(n=n)
    if res == "faith":
        return ngettext("{n} faith", "{n} faith", n).format(n=n)
    if res == "cargo":
        return ngettext("{n} cargo", "{n} cargo", n).format(n=n)
    if res == "power":
        return ngettext("{n} power", "{n} power", n).format(n=n)
    if res in GOOD_NAMES:
        return f"{n} {good_name(res)}"
    return f"{n} {res}"


def amount_text(amounts: Mapping[K, int]) -> str:
    return " + ".join(resource_amount(res, n) for res, n in amounts.items()) or _("nothing")


def bonus_text(bonus: dict[str, Any]) -> str:
    """A bonus icon group in words: "2 money", "1 trade good of your choice", "2 money / 2 faith"."""
    parts: list[str] = []
    for key, value in bonus.items():
        if key in ("money", "faith", "cargo") or key in GOOD_NAMES:
            parts.append(resource_amount(key, value))
        elif key == "good":
            parts.append(ngettext("{n} trade good of your choice", "{n} trade goods of your choice",
                                  value).format(n=value))
        elif key == "employees":
            parts.append(ngettext("{n} employee", "{n} employees", value).format(n=value))
        elif key == "elite":
            parts.append(_("a free Elite") if value == 1 else _("{n} free Elites").format(n=value))
        elif key == "shop":
            parts.append(_("a free shop") if value == 1 else _("{n} free shops").format(n=value))
        elif key == "trading":
            parts.append(_("a free trading house"))
        elif key == "choice":
            parts.append(" / ".join(bonus_text(alt) for alt in value))
        elif key == "exchange":
            parts.append(f"{amount_text(value['pay'])} -> {bonus_text(value['get'])}")
    return _(", ").join(parts) or _("nothing")


def card_action_text(card_id: int) -> str:
    """`bonus_text` of an employment card's action, worded once per card and language: every set choice's
    label and every view's dice-and-card sets repeat it (the cards are fixed component data)."""
    return _card_action_text(card_id, language())


@cache
def _card_action_text(card_id: int, language: str) -> str:
    return bonus_text(employment_cards()[card_id]["action"])


def form_text(state: State, form_id: int) -> str:
    form = rules.side_data(state)["forms"][form_id]
    return _("order {number} ({points} VP)").format(number=form_id + 1, points=form["points"])


def placement_text(state: State, counts: list[int]) -> str:
    """'Fishing ground x2, Tea field x1'."""
    parts = [f"{area_name(state['areas'][r])} x{n}" for r, n in enumerate(counts) if n]
    return _(", ").join(parts) or _("no circles")


def shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def card_source(card: dict[str, Any]) -> str:
    """An employment card named as the players see it ("card 3", its employment number)."""
    return f"employment card {card['number']}"  # kept in the state: in English, worded by `source_text`


#: A task's source as the state keeps it (English), and how it reads.
_SOURCES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^round (?P<n>\d+)$"), N_("round {n}")),
    (re.compile(r"^column (?P<n>\d+)$"), N_("column {n}")),
    (re.compile(r"^track (?P<n>\d+)$"), N_("track {n}")),
    (re.compile(r"^money stock (?P<n>\d+)$"), N_("money stock {n}")),
    (re.compile(r"^faith stock (?P<n>\d+)$"), N_("faith stock {n}")),
    (re.compile(r"^link (?P<a>\d+)-(?P<b>\d+)$"), N_("link {a}-{b}")),
    (re.compile(r"^employment card (?P<n>\d+)$"), N_("employment card {n}")),
    (re.compile(r"^Additional action (?P<pick>[A-E])$"), N_("Additional action {pick}")),
)


def source_text(src: str) -> str:
    """Where a queued task comes from, in the reader's language ("round 3", "employment card 7", a
    technology's name); the state keeps it in English."""
    for pattern, template in _SOURCES:
        if found := pattern.match(src):
            return _(template).format(**found.groupdict())
    return _(src)  # a technology's or the Telephone's name


def form_detail(state: State, form_id: int) -> str:
    """An order form's goods and value: "order 7: seafood, tea -> 3 VP"."""
    form = rules.side_data(state)["forms"][form_id]
    goods = ", ".join(good_name(g) for g in form["goods"])
    return _("order {number}: {goods} -> {points} VP").format(number=form_id + 1, goods=goods, points=form["points"])


def tech_words(tech_id: str) -> str:
    """A technology as the laboratory shows it: "Newspaper (HIGH, 4 power)"."""
    tech = technologies()[tech_id]
    level = {"low": _("LOW"), "mid": _("MID"), "high": _("HIGH")}.get(tech["level"], tech["level"].upper())
    return _("{name} ({level}, {power} power)").format(name=tech_name(tech_id), level=level,
                                                         power=LEVEL_COST[tech["level"]])


def short_of(ps: Sheet, cost: Cost, what: str) -> str | None:
    """"You need 2 money to build a shop; you have 1." (None when the seat can pay)."""
    missing = [(res, n) for res, n in cost.items() if available(ps, res) < n]
    if not missing:
        return None
    need = _(" and ").join(resource_amount(res, n) for res, n in missing)
    have = _(" and ").join(resource_amount(res, available(ps, res)) for res, _n in missing)
    return _("You need {need} to {what}; you have {have}.").format(need=need, what=what, have=have)


def tech_names(ids: list[str]) -> list[str]:
    return [tech_name(t) for t in ids]
