"""Steps 4 to 6 of the main action when they ask something: the 5-Power bonus, construction, and
Telephone's choice at recovery (rulebook "5-Power Bonus", "Construction", "Recovery")."""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _
from engine.yokohama.areas import build_options, recover_all
from engine.yokohama.components import area_name, parts, reward_text
from engine.yokohama.rewards import effect_gain, grant, log
from engine.yokohama.step import YokohamaStep
from engine.yokohama.types import Action, BuildAction, Candidate, RecoverAction, SimpleAction, State


class BonusStep(YokohamaStep):
    """Power 5: take the area's 5-Power token, or leave it."""

    stage = "bonus"
    stage_text = N_("5-Power bonus")
    kinds: tuple[str, ...] = ("bonus_take", "bonus_skip")
    hint = N_("take or leave the 5-Power token")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "bonus_take"}, None), ({"do": "bonus_skip"}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        area = state["ctx"]["area"]
        if action["do"] == "bonus_take":
            token = cast(int, state["tokens"][area])  # offered only while the token is there
            state["tokens"] = {**state["tokens"], area: None}  # shared with the state copied from: replaced
            state["p"][seat]["tokens"].append(token)
            grant(state, seat, parts().power_tokens[token]["reward"])
            log(state, N_("{seat} took the 5-Power token of {area}"), area=area_name(area))
        state["stage"] = "build" if build_options(state, seat) else "recover"

    def text(self, state: State, action: Action) -> str:
        if action["do"] == "bonus_skip":
            return _("Leave the 5-Power token")
        token = cast(int, state["tokens"][state["ctx"]["area"]])
        return _("Take the 5-Power token: {reward}").format(reward=reward_text(parts().power_tokens[token]["reward"]))

    def prompt(self, state: State, seat: int) -> str:
        return _("Power 5 in {area}: take its 5-Power token?").format(area=area_name(state["ctx"]["area"]))


class BuildStep(YokohamaStep):
    """Power 4 or more: build a Shophouse (on a free space) or a Trading House from hand, or nothing."""

    stage = "build"
    stage_text = N_("construction")
    kinds: tuple[str, ...] = ("build", "build_skip")
    hint = N_("first build a Shophouse or a Trading House here, or choose to build nothing "
              "(your buildings stay in hand)")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [*((a, None) for a in build_options(state, seat)), ({"do": "build_skip"}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        if action["do"] == "build":
            build(state, seat, action)
        state["stage"] = "recover"

    def text(self, state: State, action: Action) -> str:
        action = cast(BuildAction | SimpleAction, action)
        if action["do"] == "build_skip":
            return _("Build nothing")
        action = cast(BuildAction, action)
        site = parts().sites[state["sites"][state["ctx"]["area"]]["card"]]
        if action["what"] == "shop":
            return _("Build a Shophouse on space {n}: {reward}").format(
                n=action["space"] + 1, reward=reward_text(site["shops"][action["space"]]))
        return _("Build a Trading House: {reward}").format(reward=reward_text(site["trading_house"]))

    def prompt(self, state: State, seat: int) -> str:
        return _("Construction in {area}: build a Shophouse or a Trading House?").format(
            area=area_name(state["ctx"]["area"]))

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("You may build one Shophouse (one per area, on a free space) or a Trading House "
                 "(one per area) from your hand.")


def build(state: State, seat: int, action: Action) -> None:
    action = cast(BuildAction, action)  # the construction step's own answer
    area = state["ctx"]["area"]
    site = state["sites"][area]
    card = parts().sites[site["card"]]
    pl = state["p"][seat]
    # A site is replaced, never edited in place: states copied for a move share their sites
    # (copying.py), so the state this move was made from keeps its own.
    if action["what"] == "shop":
        shops = site["shops"][:]
        shops[action["space"]] = seat
        state["sites"][area] = {**site, "shops": shops}
        pl["hand"]["shops"] -= 1
        grant(state, seat, card["shops"][action["space"]])
        effect_gain(state, seat, "gaslight")
        log(state, N_("{seat} built a Shophouse in {area}"), area=area_name(area))
    else:
        state["sites"][area] = {**site, "th": seat}
        pl["hand"]["th"] -= 1
        grant(state, seat, card["trading_house"])
        effect_gain(state, seat, "electric_light")
        log(state, N_("{seat} built a Trading House in {area}"), area=area_name(area))


class RecoverStep(YokohamaStep):
    """Telephone: leave 1 assistant in the area when the others come back, or take all back."""

    stage = "recover_choice"
    stage_text = N_("recovery")
    kinds: tuple[str, ...] = ("recover",)
    hint = N_("choose what Telephone leaves behind")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "recover", "leave": 0}, None), ({"do": "recover", "leave": 1}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(RecoverAction, action)
        recover_all(state, seat, leave=action["leave"])

    def text(self, state: State, action: Action) -> str:
        action = cast(RecoverAction, action)
        return _("Telephone: leave 1 assistant here") if action["leave"] else _("Take all assistants back")

    def told(self, state: State, action: Action) -> str:
        action = cast(RecoverAction, action)
        area = area_name(state["ctx"]["area"])
        return (_("leaves 1 assistant in {area} with the Telephone") if action["leave"]
                else _("takes all assistants back from {area}")).format(area=area)

    def prompt(self, state: State, seat: int) -> str:
        return _("Recovery in {area}: Telephone may leave 1 assistant there.").format(
            area=area_name(state["ctx"]["area"]))


STEPS: tuple[YokohamaStep, ...] = (BonusStep(), BuildStep(), RecoverStep())
