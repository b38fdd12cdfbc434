"""The Laboratory: Production from Power, topped up with ¥2 or an Imported Good per point (and one
more for the 4th Technology on); the Technology's on-gain effects (Letterpress, Newspaper, Station)."""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _, ngettext
from engine.duel.act import finish_act
from engine.duel.cards import AREA_IDS, AREAS, RULES, TECHS
from engine.duel.free import FREE
from engine.duel.gains import gain_extra
from engine.duel.state import has_tech, log, name
from engine.duel.step import DuelStep
from engine.duel.text import tech_detail, tech_text
from engine.duel.types import Action, ActState, Candidate, PayAction, PlayerState, State, StationAction, TechAction


def tech_units(player: PlayerState, production: int, tech: str) -> int:
    """Units still to pay (each ¥2 or one Imported Good): the missing Production, plus one for the
    4th Technology and every one after it."""
    later = 1 if len(player["techs"]) >= RULES.extra_tech_from - 1 else 0
    return max(0, TECHS[tech].production - production) + later


def can_pay_units(player: PlayerState, units: int) -> bool:
    payable: int = player["money"] // RULES.lab_unit_yen + player["imported_up"] + player["imported_down"]
    return payable >= units


def ask_or_skip(state: State, seat: int) -> None:
    """Ask for a Technology when one is within reach or a free action could change that; otherwise
    the action ends, and the story says why."""
    if TECH_STEP.options(state, seat)[:-1] or FREE.options(state, seat, agents=False):
        return
    log(state, _("{seat} can pay for no Technology in the row").format(seat=name(seat)))
    finish_act(state, seat)


class TechStep(DuelStep):
    name = "tech"
    kinds = ("tech",)
    hint = N_("choose a Technology")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        production = cast(ActState, state["turn"]["act"])["strength"]
        result: list[Candidate] = []
        for tech in state["tech_row"]:
            units = tech_units(player, production, tech)
            why = None if can_pay_units(player, units) else (
                ngettext("{tech} needs {n} payment of ¥{yen} or an Imported Good; you cannot pay that many.",
                         "{tech} needs {n} payments of ¥{yen} or an Imported Good; you cannot pay that many.",
                         units).format(tech=TECHS[tech].name, n=units, yen=RULES.lab_unit_yen))
            result.append(({"do": "tech", "tech": tech}, why))
        return result + [({"do": "tech", "tech": None}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(TechAction, action)
        player = state["players"][seat]
        act = cast(ActState, state["turn"]["act"])
        tech = action["tech"]
        if tech is None:
            log(state, _("{seat} takes no Technology").format(seat=name(seat)))
            finish_act(state, seat)
            return
        units = tech_units(player, act["strength"], tech)
        act["tech"] = tech
        act["units"] = units
        if units == 0 or (player["imported_up"] == 0 and player["imported_down"] == 0):
            pay_tech(state, seat, 0, 0)
        else:
            act["step"] = "pay"

    def _units(self, state: State, action: Action) -> int:
        action = cast(TechAction, action)
        player = state["players"][state["current"]]
        tech = cast(str, action["tech"])  # a technology offered, never None
        return tech_units(player, cast(ActState, state["turn"]["act"])["strength"], tech)

    def text(self, state: State, action: Action) -> str:
        action = cast(TechAction, action)
        if action["tech"] is None:
            return _("Take no Technology")
        return tech_text(action["tech"], self._units(state, action))

    def details(self, state: State, action: Action) -> str:
        action = cast(TechAction, action)
        if action["tech"] is None:
            return ""
        return tech_detail(action["tech"], self._units(state, action))

    def prompt(self, state: State, seat: int) -> str:
        production = cast(ActState, state["turn"]["act"])["strength"]
        return _("Production {production}: choose a Technology; each missing point costs ¥{yen} or an Imported "
                 "Good.").format(production=production, yen=RULES.lab_unit_yen)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("That Technology is not in the row.")


class PayStep(DuelStep):
    """Every split of the units between face-up / face-down Imported Goods and ¥2 each."""

    name = "pay"
    kinds = ("pay",)
    hint = N_("choose how to pay for the Technology")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        units = cast(ActState, state["turn"]["act"])["units"]
        result: list[Candidate] = []
        for up in range(min(units, player["imported_up"]) + 1):
            for down in range(min(units - up, player["imported_down"]) + 1):
                yen = (units - up - down) * RULES.lab_unit_yen
                why = None if yen <= player["money"] else _("That leaves ¥{yen} to pay; you have ¥{money}.").format(
                    yen=yen, money=player["money"])
                result.append(({"do": "pay", "up": up, "down": down}, why))
        return result

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(PayAction, action)
        pay_tech(state, seat, action["up"], action["down"])

    def text(self, state: State, action: Action) -> str:
        action = cast(PayAction, action)
        units = cast(ActState, state["turn"]["act"])["units"]
        return _("Pay {payment}").format(payment=payment_text(units, action["up"], action["down"]))

    def prompt(self, state: State, seat: int) -> str:
        act = cast(ActState, state["turn"]["act"])
        return ngettext("Pay {n} time ¥{yen} or an Imported Good for {tech}.",
                        "Pay {n} times ¥{yen} or an Imported Good for {tech}.", act["units"]).format(
            n=act["units"], yen=RULES.lab_unit_yen, tech=TECHS[act["tech"]].name)


def payment_text(units: int, up: int, down: int) -> str:
    yen = (units - up - down) * RULES.lab_unit_yen
    parts = [f"¥{yen}"] if yen else []
    if up:
        parts.append(_("{n} face-up Imported").format(n=up))
    if down:
        parts.append(_("{n} face-down Imported").format(n=down))
    return " + ".join(parts) if parts else _("nothing")


def pay_tech(state: State, seat: int, up: int, down: int) -> None:
    player = state["players"][seat]
    act = cast(ActState, state["turn"]["act"])
    tech = act["tech"]
    player["imported_up"] -= up
    player["imported_down"] -= down
    player["money"] -= (act["units"] - up - down) * RULES.lab_unit_yen
    gain_tech(state, seat, tech, payment_text(act["units"], up, down))
    if tech == "station":
        act["step"] = "station"
    else:
        finish_act(state, seat)


def gain_tech(state: State, seat: int, tech: str, paid: str) -> None:
    """Take a Technology: Letterpress Printing pays ¥2 for later ones, Newspaper gives a +1 card."""
    player = state["players"][seat]
    letterpress = has_tech(player, "letterpress_printing")
    if letterpress:
        player["money"] += RULES.letterpress_yen
    state["tech_row"].remove(tech)
    player["techs"].append(tech)
    event = _("{seat} gains the Technology {tech}").format(seat=name(seat), tech=TECHS[tech].name)
    if paid != _("nothing"):
        event = _("{event}, paying {paid}").format(event=event, paid=paid)
    if letterpress:
        event = _("{event}, and ¥{yen} from Letterpress Printing").format(event=event, yen=RULES.letterpress_yen)
    log(state, event)
    if tech == "newspaper":
        gain_extra(state, seat, 1)


class StationStep(DuelStep):
    name = "station"
    kinds = ("station",)
    hint = N_("choose the Area for the Station token")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "station", "area": area}, None) for area in AREA_IDS]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(StationAction, action)
        state["station"] = action["area"]
        log(state, _("{seat} places the Station token at {area}").format(seat=name(seat),
                                                                           area=AREAS[action["area"]].name))
        finish_act(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(StationAction, action)
        return _("Place the Station token at {area}").format(area=AREAS[action["area"]].name)

    def prompt(self, state: State, seat: int) -> str:
        return _("Place the Station token in an Area (+1 Power there for both players).")


TECH_STEP = TechStep()
STEPS: dict[str, DuelStep] = {"tech": TECH_STEP, "pay": PayStep(), "station": StationStep()}
