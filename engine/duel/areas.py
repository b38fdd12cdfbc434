"""One Area action (a turn's Area Action step or a Foreign Agent), from choosing the Area to its
effect, as a chain of small decisions kept in `cast(ActState, state["turn"]["act"])`.

Steps of an act: "area" (Foreign Agent only: pick any Area) -> "power" (Power card and Extra Power
card) -> "telephone" (if Telephone can be used) -> the effect, which for Church, Port, Chinatown and
Laboratory asks further questions, each Area's questions living in its own module (church, port,
chinatown, laboratory). When the effect is done, `act.finish_act` records the 5-Power Bonus and
construction steps the Power allows.
"""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _, ngettext
from engine.duel import chinatown, church, laboratory, port
from engine.duel.act import finish_act, new_act
from engine.duel.cards import AGENT_POWER, AREA_IDS, AREAS, RULES, good_name
from engine.duel.free import FREE
from engine.duel.gains import flip_imported, gain_copper
from engine.duel.state import area_used, has_tech, house_owner, log, name, power_card_values, tech_ready
from engine.duel.step import DuelStep
from engine.duel.types import (
    Action,
    ActState,
    AreaAction,
    Candidate,
    PlayerState,
    PowerAction,
    PowerInputs,
    State,
    TelephoneAction,
    Via,
)

#: Techs that let the Area Action step select a Used Area, once per round each.
USED_AREA_TECHS: tuple[Via, ...] = ("tram", "stagecoach", "station")
VIA_NAMES = {"tram": N_("Tram"), "stagecoach": N_("Stagecoach"), "station": N_("Station")}
AREA_GOODS = {"tea": "tea", "fishing": "fish", "silk": "silk"}
#: The Areas that never count as Used (the Laboratory and Port).
_NEVER_USED: frozenset[str] = frozenset(area for area in AREA_IDS if AREAS[area].never_used)


# ----- choosing the Area -------------------------------------------------------------------
def area_candidates(state: State, seat: int) -> list[Candidate]:
    """Areas the Area Action step may select: unused ones, the Laboratory and Port always, and a Used
    Area through Tram (any), Stagecoach (own Trading House there) or Station (the token's Area)."""
    player = state["players"][seat]
    result: list[Candidate] = []
    for area in AREA_IDS:
        if not area_used(state, area):
            result.append(({"do": "area", "area": area}, None))
            continue
        result.append(({"do": "area", "area": area},
                       _("{area} is a Used Area this round: a Power card is already there.").format(
                                   area=AREAS[area].name)))
        for tech in USED_AREA_TECHS:
            if via_allows(state, seat, tech, area) and has_tech(player, tech):
                why = None if tech_ready(player, tech) else _("You have used {tech} this round.").format(
                    tech=_(VIA_NAMES[tech]))
                result.append(({"do": "area", "area": area, "via": tech}, why))
    return result


def area_options(state: State, seat: int) -> list[Action]:
    """The allowed `area_candidates`, in their order, without writing the refusals (a hot path: the
    Technologies that reach a Used Area are looked up once, and most players have none ready)."""
    player = state["players"][seat]
    played = state["played"]
    techs, tilted = player["techs"], player["tilted"]
    ready = [tech for tech in USED_AREA_TECHS if tech in techs and tech not in tilted]
    result: list[Action] = []
    for area in AREA_IDS:
        if not played.get(area) or area in _NEVER_USED:  # not `area_used`
            result.append({"do": "area", "area": area})
            continue
        for tech in ready:
            if via_allows(state, seat, tech, area):
                result.append({"do": "area", "area": area, "via": tech})
    return result


def via_allows(state: State, seat: int, tech: str, area: str) -> bool:
    player = state["players"][seat]
    if tech == "tram":
        return True
    if tech == "stagecoach":
        return area in player["houses"]
    return tech == "station" and state["station"] == area


def lowest_card(player: PlayerState) -> int | None:
    """The lowest available Power card (None once all four are played)."""
    values = [value for _, value in power_card_values(player)]
    return min(values) if values else None


def area_text(state: State, seat: int, area: str, via: str | None, agent: bool) -> str:
    """"Silk: Power 2 → gain 1 Silk" — the Area with the Power the forced card gives there."""
    player = state["players"][seat]
    card = AGENT_POWER if agent else lowest_card(player)
    named = _("{area} (Used; with {tech})").format(area=AREAS[area].name, tech=_(VIA_NAMES[via])) if via else \
        AREAS[area].name
    if card is None:
        return named
    act: PowerInputs = {"kind": "agent" if agent else "main", "area": area, "card": card, "extra": 0, "phone": False}
    power = total_power(state, seat, act)
    return _("{area}: Power {power} → {effect}").format(area=named, power=power, effect=AREAS[area].effect_text(power))


def start_main_act(state: State, seat: int, area: str, via: Via | None) -> None:
    """The turn's Area Action step at `area` (a Used one through `via`, which is tilted)."""
    if via is not None:
        state["players"][seat]["tilted"].append(via)
    state["turn"]["act"] = new_act("main", area, via)
    after_area_chosen(state, seat)


def after_area_chosen(state: State, seat: int) -> None:
    """Ask for the Power card / Extra Power card only when there is a real choice."""
    allowed = POWER.own_options(state, seat)
    if len(allowed) == 1:
        play_power(state, seat, allowed[0])


class AgentAreaStep(DuelStep):
    """A Foreign Agent may go to any Area, Used or not."""

    name = "agent_area"
    kinds = ("area",)
    hint = N_("choose the Area for your Foreign Agent")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "area", "area": area}, None) for area in AREA_IDS]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(AreaAction, action)
        act = cast(ActState, state["turn"]["act"])
        act["area"] = action["area"]
        act["step"] = "power"
        after_area_chosen(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(AreaAction, action)
        return _("Foreign Agent to {area}").format(
            area=area_text(state, state["current"], action["area"], None, agent=True))

    def prompt(self, state: State, seat: int) -> str:
        return _("Choose any Area for your Foreign Agent (Used Areas too).")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("There is no such Area.")


# ----- Power -------------------------------------------------------------------------------
class PowerStep(DuelStep):
    """The Power card (lowest available, or any with Postal System) and at most one Extra Power card."""

    name = "power"
    kinds = ("power",)
    hint = N_("choose your Power card and Extra Power card")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        act = cast(ActState, state["turn"]["act"])
        if act["kind"] == "agent":
            return [({"do": "power", "extra": e}, self._extra_refusal(player, e)) for e in (0, 1, 2)]
        lowest = lowest_card(player)
        result: list[Candidate] = []
        for value in sorted({value for _card, value in power_card_values(player)}):
            for extra in (0, 1, 2):
                why = self._extra_refusal(player, extra)
                if why is None and value != lowest and not tech_ready(player, "postal_system"):
                    why = _("The Power card order rule: you must play your lowest available card ({lowest}).").format(
                        lowest=lowest)
                result.append(({"do": "power", "card": value, "extra": extra}, why))
        return result

    def own_options(self, state: State, seat: int) -> list[Action]:
        """The allowed candidates, in order, without writing the refusals (asked after every Area choice)."""
        player = state["players"][seat]
        held = player["extra"]
        extras = [0] + [e for e, key in ((1, "1"), (2, "2")) if held[key] > 0]  # `_extra_refusal`'s test
        if cast(ActState, state["turn"]["act"])["kind"] == "agent":
            return [{"do": "power", "extra": e} for e in extras]
        in_hand = [value for _, value in power_card_values(player)]
        if not in_hand:
            return []
        # The lowest card (`lowest_card`), or with Postal System ready any value in hand, lowest first.
        values = sorted(set(in_hand)) if tech_ready(player, "postal_system") else [min(in_hand)]
        return [{"do": "power", "card": value, "extra": e} for value in values for e in extras]

    @staticmethod
    def _extra_refusal(player: PlayerState, extra: int) -> str | None:
        if extra and player["extra"][str(extra)] <= 0:
            return _("You have no +{extra} Extra Power card.").format(extra=extra)
        return None

    def take(self, state: State, seat: int, action: Action) -> None:
        play_power(state, seat, action)

    def text(self, state: State, action: Action) -> str:
        action = cast(PowerAction, action)
        seat = state["current"]
        act = cast(ActState, state["turn"]["act"])
        extra = action["extra"]
        card = action.get("card", AGENT_POWER)
        trial: ActState = {**act, "card": card, "extra": extra, "phone": False}
        power = total_power(state, seat, trial)
        played = _("Play Power {card}").format(card=card) if "card" in action else \
            _("Agent (Power {power})").format(power=AGENT_POWER)
        if extra:
            played = _("{played} + a +{extra} card").format(played=played, extra=extra)
        area = AREAS[cast(str, act["area"])]  # chosen before the Power step
        return _("{played}: Power {power} at {area} → {effect}").format(played=played, power=power, area=area.name,
                                                                         effect=area.effect_text(power))

    def prompt(self, state: State, seat: int) -> str:
        act = cast(ActState, state["turn"]["act"])
        where = AREAS[cast(str, act["area"])].name
        if act["kind"] == "agent":
            return _("{area}: your Foreign Agent has Power {power}; add an Extra Power card?").format(area=where,
                                                                                               power=AGENT_POWER)
        lowest = lowest_card(state["players"][seat])
        return _("{area}: play your lowest Power card ({lowest}) and at most one Extra Power card.").format(
            area=where, lowest=lowest)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("You have no available Power card of that value.")


def play_power(state: State, seat: int, action: Action) -> None:
    action = cast(PowerAction, action)
    player = state["players"][seat]
    act = cast(ActState, state["turn"]["act"])
    area = cast(str, act["area"])  # chosen before the Power step
    if act["kind"] == "main":
        value = action["card"]
        in_hand = power_card_values(player)
        if value != min(v for _, v in in_hand):  # not `lowest_card`: Postal System
            player["tilted"].append("postal_system")
        index = next(i for i, v in in_hand if v == value)
        player["played"][index] = True
        state["played"].setdefault(area, []).append([seat, value])
        act["card"] = value
    extra = action["extra"]
    if extra:
        player["extra"][str(extra)] -= 1
        state["extra_supply"][str(extra)] += 1
        act["extra"] = extra
    if tech_ready(player, "telephone") and (
            player["money"] >= RULES.telephone_cost or FREE.options(state, seat, agents=False)):
        act["step"] = "telephone"
    else:
        resolve(state, seat)


class TelephoneStep(DuelStep):
    name = "telephone"
    kinds = ("telephone",)
    hint = N_("decide whether to use Telephone")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        money = state["players"][seat]["money"]
        cost = RULES.telephone_cost
        why = None if money >= cost else _("Telephone costs ¥{cost}; you have ¥{money}.").format(cost=cost, money=money)
        return [({"do": "telephone", "use": True}, why), ({"do": "telephone", "use": False}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(TelephoneAction, action)
        if action["use"]:
            player = state["players"][seat]
            player["money"] -= RULES.telephone_cost
            player["tilted"].append("telephone")
            cast(ActState, state["turn"]["act"])["phone"] = True
        resolve(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(TelephoneAction, action)
        act = cast(ActState, state["turn"]["act"])
        power = total_power(state, state["current"], act) + (1 if action["use"] else 0)
        effect = AREAS[cast(str, act["area"])].effect_text(power)
        if action["use"]:
            return _("Telephone: pay ¥{cost} for Power {power} → {effect}").format(
                cost=RULES.telephone_cost, power=power, effect=effect)
        return _("Do not use Telephone (Power {power} → {effect})").format(power=power, effect=effect)

    def prompt(self, state: State, seat: int) -> str:
        power = total_power(state, seat, cast(ActState, state["turn"]["act"]))
        return _("Your Power is {power}: pay ¥{cost} with Telephone for +1?").format(
            power=power, cost=RULES.telephone_cost)


def total_power(state: State, seat: int, act: PowerInputs) -> int:
    """The rulebook's power table: card (or Foreign Agent 3), Extra Power card (+1 with Telegram),
    own Shop, own Trading House, the Station token, and Telephone."""
    player = state["players"][seat]
    area = act["area"]
    power: int = AGENT_POWER if act["kind"] == "agent" else int(cast(int, act["card"]))  # main: a card played
    if act["extra"]:
        power += act["extra"] + (1 if has_tech(player, "telegram") else 0)
    power += (area in player["shops"]) + (area in player["houses"])
    power += state["station"] == area
    power += act["phone"]
    return power


# ----- the effect --------------------------------------------------------------------------
def power_story(state: State, seat: int, act: ActState, power: int) -> str:
    """A turn post's clause: "{seat} sends Power 3 to Port with +1 Extra Power card: total Power 4"."""
    where = AREAS[cast(str, act["area"])].name
    who = _("a Foreign Agent to {area}").format(area=where) if act["kind"] == "agent" else \
        _("Power {card} to {area}").format(card=act["card"], area=where)
    used_via = act.get("via")
    if used_via:
        who = _("{sent} (a Used Area, with {tech})").format(sent=who, tech=_(VIA_NAMES[used_via]))
    parts = [_("+{extra} Extra Power card").format(extra=act["extra"])] if act["extra"] else []
    if act["phone"]:
        parts.append(_("Telephone for ¥{cost}").format(cost=RULES.telephone_cost))
    if parts:
        who = _("{sent} with {extras}").format(sent=who, extras=_(" and ").join(parts))
    # TRANSLATORS: a clause of the turn's story; {seat} is a player's name, {sent} "Power 3 to Port" or "a Foreign
    # Agent to Port", with what was added.
    return _("{seat} sends {sent}: total Power {power}").format(seat=name(seat), sent=who, power=power)


def resolve(state: State, seat: int) -> None:
    """Carry out the Area action at the act's total Power."""
    act = cast(ActState, state["turn"]["act"])
    player = state["players"][seat]
    area = cast(str, act["area"])  # chosen before the Power step
    power = total_power(state, seat, act)
    act["power"] = power
    strength = AREAS[area].strength(power)
    act["strength"] = strength
    story = power_story(state, seat, act, power)
    owner = house_owner(state, area)
    if owner is not None:
        state["players"][owner]["money"] += 1
    if area in AREA_GOODS:
        player["goods"][AREA_GOODS[area]] += strength
        gained = _("gains {n} {good}").format(n=strength, good=good_name(AREA_GOODS[area])) if strength else \
            _("no effect")
    elif area == "copper":
        copper = gain_copper(state, seat, strength, mining_applies=True)
        gained = _("gains {n} {good}").format(n=copper, good=good_name("copper")) if copper else _("no effect")
    elif area == "bank":
        player["money"] += strength
        gained = _("gains ¥{n}").format(n=strength)
    elif area == "customs":
        flipped = flip_imported(state, seat, strength)
        gained = ngettext("flips {n} Imported Good face down", "flips {n} Imported Goods face down",
                          flipped).format(n=flipped)
    else:
        gained = AREAS[area].effect_text(power)
    event = _("{story}, {gained}").format(story=story, gained=gained)
    if owner is not None:
        event = _("{event}; {seat}'s Trading House there earns ¥1").format(event=event, seat=name(owner))
    log(state, event)
    follow_up(state, seat, area, strength)


def follow_up(state: State, seat: int, area: str, strength: int) -> None:
    """The Areas that ask further questions; the others' action is complete."""
    act = cast(ActState, state["turn"]["act"])
    if area == "church":
        act["step"] = "church"
        church.ask_or_skip(state, seat)
    elif area == "port":
        port.start_port(state, seat, strength)
    elif area == "chinatown":
        act["step"] = "exchange"
        act["left"] = strength
        if strength <= 0:
            finish_act(state, seat)
    elif area == "lab":
        act["step"] = "tech"
        laboratory.ask_or_skip(state, seat)
    else:
        finish_act(state, seat)


POWER = PowerStep()
AGENT_AREA = AgentAreaStep()
TELEPHONE = TelephoneStep()
#: The steps of an Area action by `act["step"]` (the Area modules add their own questions).
ACT_STEPS: dict[str, DuelStep] = {
    "area": AGENT_AREA,
    "power": POWER,
    "telephone": TELEPHONE,
    **church.STEPS,
    **port.STEPS,
    **chinatown.STEPS,
    **laboratory.STEPS,
}
