"""The public story of one decision (`narrate`): what was done, gained and paid.

The clause names the seat by token and says what the decision did in public terms; a
summary of what the seat's public holdings changed by follows, so the automatic steps after
a decision (production, Bank money, a refill, points) are told too. Which order card was
kept at setup stays hidden: hands show only as a count.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from engine.core import seat_token
from engine.core.translate import _
from engine.yokohama.components import GOOD_NAMES, GOODS, area_name
from engine.yokohama.step import YokohamaStep
from engine.yokohama.types import Action, State


def narrate(before: State, seat: int, action: Action, after: State, step: YokohamaStep | None) -> str:
    """The story of `action`, told by `step`, the step that owns it (`YokohamaGame.owner_of`)."""
    who = seat_token(seat)
    clause = what_was_done(before, action, step)
    changes = holdings_change(before, after, seat)
    acted = acting_text(before, after, seat)
    if clause:
        # Told once: what the clause already says ("→ 6 VP", "pays ¥1", "acts in Chinatown") is not repeated.
        comma = _(", ")
        changes = comma.join(bit for bit in changes.split(comma) if bit and not _says(clause, bit.lstrip("+−")))
        if acted and acting_area(before, after, seat) in clause:
            acted = ""
    if not clause:  # a formality: told only by what it changed, if anything
        if not changes and not acted:
            return ""
        if not changes:
            return _("{seat} {clause}").format(seat=who, clause=acted)
        text = _("{seat}: {changes}").format(seat=who, changes=changes)
        return _("{story}; {more}").format(story=text, more=acted) if acted else text
    text = _("{seat} {clause}").format(seat=who, clause=clause)
    if changes:
        text = _("{story} ({changes})").format(story=text, changes=changes)
    return _("{story}; {more}").format(story=text, more=acted) if acted else text


def _says(clause: str, amount: str) -> bool:
    """Whether `clause` already names `amount` ("6 VP", "¥1", "1 imported") as a whole."""
    return re.search(r"(?<![\w¥])" + re.escape(amount) + r"(?!\w)", clause) is not None


def what_was_done(before: State, action: Action, step: YokohamaStep | None) -> str:
    """The decision's own clause, as its step tells it."""
    if step is None:
        return str(action)
    return step.told(before, action)


def acting_text(before: State, after: State, seat: int) -> str:
    """"acted in Tea Plantation I with Power 3" when this decision started an Area Action."""
    ctx = after["ctx"]
    if after["seat"] != seat or "power" not in ctx or before["ctx"].get("power") is not None:
        return ""
    return _("acts in {area} with Power {n}").format(area=area_name(ctx["area"]), n=ctx["power"])


def acting_area(before: State, after: State, seat: int) -> str:
    """"acts in Chinatown": the start of `acting_text`, which a clause that already says it makes redundant."""
    return _("acts in {area}").format(area=area_name(after["ctx"]["area"]))


def holdings_change(before: State, after: State, seat: int) -> str:
    """What changed in the seat's public holdings: '+3 Tea, −¥2, +5 VP, +1 order'."""
    old, new = before["p"][seat], after["p"][seat]
    bits: list[str] = []

    def note(amount: int, name: Callable[[], str]) -> None:
        # Worded only when told: most holdings do not change, and a story is worded in every shipped language.
        if amount:
            bits.append(f"{'+' if amount > 0 else '−'}{abs(amount)} {name()}")

    # TRANSLATORS: victory points, as the other Yokohama texts abbreviate them (German SP, French PV).
    note(new["vp"] - old["vp"], lambda: _("VP"))
    money = new["yen"] - old["yen"]
    if money:
        bits.append(f"{'+' if money > 0 else '−'}¥{abs(money)}")
    for good in GOODS:
        note(new["goods"][good] - old["goods"][good], functools.partial(GOOD_NAMES.__getitem__, good))
    note(new["imported"] - old["imported"], lambda: _("imported"))
    if before["stage"] != "keep":
        note(len(new["orders"]) - len(old["orders"]), lambda: _("order in hand"))
    note(len(new["done"]) - len(old["done"]), lambda: _("completed order"))
    note(len(new["techs"]) - len(old["techs"]), lambda: _("technology"))
    note(len(new["mercs"]) - len(old["mercs"]), lambda: _("mercenary"))
    note(len(new["tokens"]) - len(old["tokens"]), lambda: _("5-Power token"))
    note(sum(1 for s in after["church"] if s == seat) - sum(1 for s in before["church"] if s == seat),
         lambda: _("Church pawn"))
    note(sum(1 for s in after["customs"] if s == seat) - sum(1 for s in before["customs"] if s == seat),
         lambda: _("Customs pawn"))
    built = sum(site["shops"].count(seat) for site in after["sites"].values()) - sum(
        site["shops"].count(seat) for site in before["sites"].values())
    note(built, lambda: _("Shophouse built"))
    th = sum(1 for s in after["sites"].values() if s["th"] == seat) - sum(
        1 for s in before["sites"].values() if s["th"] == seat)
    note(th, lambda: _("Trading House built"))
    return _(", ").join(bits)
