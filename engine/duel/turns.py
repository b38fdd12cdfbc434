"""The turn around the Area action — choosing it, the 5-Power Bonus and construction steps, ending
the turn — and what lies between turns: the setup choice of Orders, Extra Power discards over the
hand limit, the rounds (upgrades, technology refresh, the new starting player).

Each decision is a `DuelStep`; the Area action's own chain of steps lives in `areas.py`.
"""

from __future__ import annotations

from typing import cast

from engine.core import Rng
from engine.core.steps import LABEL_LIMIT
from engine.core.translate import N_, _, ngettext
from engine.core.wording import list_joiner
from engine.duel import areas
from engine.duel.cards import (
    AREAS,
    BONUS,
    FACE_UP_BONUS,
    FACE_UP_TECHS,
    POWER_CARDS,
    ROUNDS,
    RULES,
    TURNS_PER_ROUND,
    reward_text,
)
from engine.duel.gains import discard_extra, gain_extra, gain_reward
from engine.duel.state import fresh_turn, has_tech, house_owner, log, name, shops_left
from engine.duel.step import DuelStep
from engine.duel.text import order_detail, order_text
from engine.duel.types import (
    Action,
    AreaAction,
    BonusAction,
    BuildAction,
    Candidate,
    DiscardAction,
    PlayerState,
    ReturnAction,
    SimpleAction,
    State,
    UpgradeAction,
)

#: The last line of a Duel's log.
GAME_OVER = N_("The game is over")

OWED = N_("Finish the 5-Power Bonus and construction steps first.")


# ----- the turn's menu: the Area Action step, free actions, ending the turn ---------------------
class TurnStep(DuelStep):
    """Before the Area action: choose its Area. After it: free actions or end the turn."""

    name = "turn"
    kinds = ("area", "end")
    agents = True

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        turn = state["turn"]
        result: list[Candidate] = []
        if turn["area_done"]:
            result += [(action, _("You have already taken your Area Action this turn."))
                       for action, _why in areas.area_candidates(state, seat)]
        else:
            result += areas.area_candidates(state, seat)
        why_not_end = None if turn["area_done"] else _("You must take your Area Action before ending your turn.")
        return result + [({"do": "end"}, why_not_end)]

    def own_options(self, state: State, seat: int) -> list[Action]:
        """The allowed candidates, without writing the refusals: the Areas, or once the Area action
        is done, ending the turn."""
        return [{"do": "end"}] if state["turn"]["area_done"] else areas.area_options(state, seat)

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(AreaAction | SimpleAction, action)
        if action["do"] == "end":
            end_turn(state)
        else:
            area = cast(AreaAction, action)
            areas.start_main_act(state, seat, area["area"], area.get("via"))

    def text(self, state: State, action: Action) -> str:
        action = cast(AreaAction | SimpleAction, action)
        if action["do"] == "end":
            return _("End turn")
        area = cast(AreaAction, action)
        return _("Go to {area}").format(
            area=areas.area_text(state, state["current"], area["area"], area.get("via"), agent=False))

    def details(self, state: State, action: Action) -> str:
        action = cast(AreaAction | SimpleAction, action)
        if action["do"] == "end":
            return ""
        area = AREAS[cast(AreaAction, action)["area"]]
        return _("{area}: {effects}").format(area=area.name, effects=", ".join(
            (_("{power}+ Power {effect}") if p == 5 else _("{power} Power {effect}")).format(
                power=p, effect=area.effect_text(p)) for p in range(1, 6)))

    def prompt(self, state: State, seat: int) -> str:
        if state["turn"]["area_done"]:
            return _("Take free actions or end your turn.")
        return _("Choose an Area for your Area Action, or take a free action first.")

    def waiting(self, state: State, seat: int) -> str:
        if state["turn"]["area_done"]:
            return _("Your Area Action is done: take a free action or end your turn.")
        return _("Choose an Area for your Area Action (or take a free action first).")

    def unknown(self, state: State, seat: int, action: Action) -> str | None:
        if action["do"] == "area":
            if action.get("area") not in AREAS:
                return _("There is no such Area.")
            if state["turn"]["area_done"]:
                return _("You have already taken your Area Action this turn.")
            via = action.get("via")
            return _("You cannot use {tech} for that now (not yours, or it does not reach that Area).").format(tech=via)
        return None


# ----- 5-Power Bonus step ------------------------------------------------------------------
def bonus_tiers(power: int) -> int:
    """Power 5 gains the first reward, 6 the first two, 7 or more all three."""
    return max(0, min(power, RULES.bonus_power + 2) - RULES.bonus_power + 1)


class BonusStep(DuelStep):
    """Take one face-up Power Bonus card (always taken: every reward is a gain, ruling 7)."""

    name = "bonus"
    kinds = ("bonus",)
    agents = True

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "bonus", "card": c}, None) for c in state["bonus_row"]]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(BonusAction, action)
        card = action["card"]
        turn = state["turn"]
        tiers = bonus_tiers(cast(dict[str, int], turn["bonus"])["power"])
        turn["bonus"] = None
        state["bonus_row"].remove(card)
        state["bonus_discard"].append(card)
        gained = "; ".join(reward_text(r) for r in BONUS[card].rewards[:tiers])
        log(state, _("{seat} takes Power Bonus card {n}: gains {rewards}").format(seat=name(seat), n=card + 1,
                                                                                  rewards=gained))
        for reward in BONUS[card].rewards[:tiers]:
            gain_reward(state, seat, reward, "bonus")
        refill_bonus(state)

    def text(self, state: State, action: Action) -> str:
        """The rewards gained at this Power first, then the card's other tiers: two cards never read alike."""
        action = cast(BonusAction, action)
        rewards = BONUS[action["card"]].rewards
        tiers = bonus_tiers(state["turn"]["bonus"]["power"]) if state["turn"]["bonus"] else 3
        gained = list_joiner().join(reward_text(r) for r in rewards[:tiers])
        head = _("Bonus card {n}: gain {rewards}").format(n=action["card"] + 1, rewards=gained)
        more = [(_("{power} adds {reward}") if i == tiers else _("{power} also {reward}")).format(
                    power=f"{RULES.bonus_power + i}{'+' if i == 2 else ''}", reward=reward_text(rewards[i]))
                for i in range(tiers, 3)]
        if not more:
            return head
        # "(Power 6 adds 1 Silk, 7+ also ¥3)": what more Power gives
        text = _("{head} (Power {more})").format(head=head, more=", ".join(more))
        return text if len(text) <= LABEL_LIMIT else head

    def details(self, state: State, action: Action) -> str:
        action = cast(BonusAction, action)
        rewards = BONUS[action["card"]].rewards
        return _("Power 5: {first}; 6: {second}; 7+: {third}").format(
            **dict(zip(("first", "second", "third"), (reward_text(r) for r in rewards), strict=True)))

    def prompt(self, state: State, seat: int) -> str:
        power = cast(dict[str, int], state["turn"]["bonus"])["power"]
        tiers = bonus_tiers(power)
        return ngettext("Power {power}: choose a Power Bonus card ({n} reward each).",
                        "Power {power}: choose a Power Bonus card ({n} rewards each).", tiers).format(
            power=power, n=tiers)

    def waiting(self, state: State, seat: int) -> str:
        return _(OWED)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("That Power Bonus card is not face up.")


def refill_bonus(state: State) -> None:
    """Draw a replacement; if the deck is empty, shuffle the discards into a new deck first."""
    while len(state["bonus_row"]) < FACE_UP_BONUS:
        if not state["bonus_deck"]:
            if not state["bonus_discard"]:
                return
            rng = Rng.of(state)
            state["bonus_deck"] = rng.shuffled(state["bonus_discard"])
            state["bonus_discard"] = []
            state["rng"] = rng.state
        state["bonus_row"].append(state["bonus_deck"].pop(0))


# ----- construction step -------------------------------------------------------------------
def next_house_cost(player: PlayerState) -> int | None:
    built = len(player["houses"])
    costs = RULES.trading_house_costs
    return costs[built] if built < len(costs) else None


class BuildStep(DuelStep):
    """Build a Shop (¥1, one of yours per Area) or a Trading House (one per Area of either player), or nothing."""

    name = "build"
    kinds = ("build",)
    agents = True

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        area = cast(dict[str, str], state["turn"]["build"])["area"]
        where = AREAS[area].name
        money = player["money"]
        shop: str | None = None
        if area in player["shops"]:
            shop = _("You already have a Shop at {area}.").format(area=where)
        elif shops_left(player) <= 0:
            shop = _("You have built all {n} of your Shops.").format(n=RULES.shops_per_player)
        elif money < RULES.shop_cost:
            shop = _("You need ¥{cost} to build a Shop; you have ¥{money}.").format(cost=RULES.shop_cost, money=money)
        cost = next_house_cost(player)
        house: str | None = None
        if house_owner(state, area) is not None:
            house = _("{area} already has a Trading House.").format(area=where)
        elif cost is None:
            house = _("You have built all {n} of your Trading Houses.").format(n=len(RULES.trading_house_costs))
        elif money < cost:
            house = _("You need ¥{cost} to build a Trading House; you have ¥{money}.").format(cost=cost, money=money)
        return [({"do": "build", "what": "shop"}, shop), ({"do": "build", "what": "house"}, house),
                ({"do": "build", "what": None}, None)]

    def own_options(self, state: State, seat: int) -> list[Action]:
        """The allowed candidates, in order, without writing the refusals (asked after most Area actions)."""
        player = state["players"][seat]
        area = cast(dict[str, str], state["turn"]["build"])["area"]
        money = player["money"]
        result: list[Action] = []
        if area not in player["shops"] and shops_left(player) > 0 and money >= RULES.shop_cost:
            result.append({"do": "build", "what": "shop"})
        cost = next_house_cost(player)
        if house_owner(state, area) is None and cost is not None and money >= cost:
            result.append({"do": "build", "what": "house"})
        result.append({"do": "build", "what": None})
        return result

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(BuildAction, action)
        player = state["players"][seat]
        area = cast(dict[str, str], state["turn"]["build"])["area"]
        state["turn"]["build"] = None
        if action["what"] == "shop":
            player["money"] -= RULES.shop_cost
            player["shops"].append(area)
            log(state, _("{seat} builds a Shop at {area} for ¥{cost}").format(seat=name(seat), area=AREAS[area].name,
                                                                              cost=RULES.shop_cost))
        elif action["what"] == "house":
            cost = next_house_cost(player)
            assert cost is not None
            player["money"] -= cost
            player["houses"].append(area)
            log(state, _("{seat} builds a Trading House at {area} for ¥{cost}").format(seat=name(seat),
                                                                                      area=AREAS[area].name, cost=cost))

    def text(self, state: State, action: Action) -> str:
        action = cast(BuildAction, action)
        where = AREAS[state["turn"]["build"]["area"]].name if state["turn"]["build"] else _("here")
        if action["what"] == "shop":
            return _("Build a Shop at {area} for ¥{cost} (+1 Power there for you)").format(area=where,
                                                                                           cost=RULES.shop_cost)
        if action["what"] == "house":
            cost = next_house_cost(state["players"][state["current"]])
            return _("Build a Trading House at {area} for ¥{cost} (5 pts, +1 Power, ¥1 a visit)").format(
                area=where, cost=cost)
        return _("Build nothing")

    def prompt(self, state: State, seat: int) -> str:
        area = cast(dict[str, str], state["turn"]["build"])["area"]
        return _("Build a Shop or a Trading House at {area}, or nothing.").format(area=AREAS[area].name)

    def waiting(self, state: State, seat: int) -> str:
        return _(OWED)


# ----- turns and rounds --------------------------------------------------------------------
def start_turn(state: State) -> None:
    """Stock Market: ¥1 or less at the start of your turn gains ¥1."""
    seat = state["current"]
    player = state["players"][seat]
    state["turn"] = fresh_turn()
    if has_tech(player, "stock_market") and player["money"] <= 1:
        player["money"] += 1
        log(state, _("{seat} gains ¥1 from the Stock Market").format(seat=name(seat)))


def end_turn(state: State) -> None:
    state["turns_done"] += 1
    if state["turns_done"] < 2 * TURNS_PER_ROUND:
        state["current"] = 1 - state["current"]
        start_turn(state)
        return
    state["turn"] = fresh_turn()
    if state["round"] >= ROUNDS:
        state["phase"] = "over"
        log(state, _(GAME_OVER))
        return
    state["phase"] = "upgrade"
    for seat in (0, 1):
        state["players"][seat]["played"] = [False] * len(POWER_CARDS)
    state["played"] = {}
    state["upgrade_due"] = [len(UPGRADE.options(state, s)) > 1 for s in (0, 1)]
    if not any(state["upgrade_due"]):
        new_round(state)


class UpgradeStep(DuelStep):
    """Upgrade one Power card by paying its cost (University: free), or none."""

    name = "upgrade"
    kinds = ("upgrade",)
    free = False

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        free = has_tech(player, "university")
        result: list[Candidate] = []
        for i, card in enumerate(POWER_CARDS):
            why = None
            if player["upgraded"][i]:
                why = _("Your Power {power} card is already upgraded.").format(power=card.base)
            elif not free and player["money"] < card.cost:
                why = _("You need ¥{cost} to upgrade Power {power}; you have ¥{money}.").format(
                    cost=card.cost, power=card.base, money=player["money"])
            result.append(({"do": "upgrade", "card": i}, why))
        return result + [({"do": "upgrade", "card": None}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(UpgradeAction, action)
        player = state["players"][seat]
        state["upgrade_due"][seat] = False
        card = action["card"]
        if card is not None:
            power_card = POWER_CARDS[card]
            free = has_tech(player, "university")
            if not free:
                player["money"] -= power_card.cost
            words = dict(seat=name(seat), power=power_card.base, upgraded=power_card.upgraded, cost=power_card.cost)
            if free:
                log(state, _("{seat} upgrades Power {power} to {upgraded} free with University").format(**words))
            else:
                log(state, _("{seat} upgrades Power {power} to {upgraded} for ¥{cost}").format(**words))
        else:
            log(state, _("{seat} upgrades no Power card").format(seat=name(seat)))
        if card is not None:
            player["upgraded"][card] = True
        if not any(state["upgrade_due"]):
            new_round(state)

    def text(self, state: State, action: Action) -> str:
        action = cast(UpgradeAction, action)
        if action["card"] is None:
            return _("Upgrade no Power card")
        c = POWER_CARDS[action["card"]]
        # Both players may be upgrading at once and a label is shared: it says "free" only for the
        # University's owners (rulebook: "you don't pay any cost when upgrading your Power card").
        owners = {has_tech(state["players"][s], "university") for s in (0, 1) if state["upgrade_due"][s]}
        words = dict(power=c.base, upgraded=c.upgraded, cost=c.cost)
        if owners == {True}:
            return _("Upgrade Power {power} to {upgraded} (free with University)").format(**words)
        if owners == {False}:
            return _("Upgrade Power {power} to {upgraded} for ¥{cost}").format(**words)
        return _("Upgrade Power {power} to {upgraded} for ¥{cost} (free with University)").format(**words)

    def prompt(self, state: State, seat: int) -> str:
        if has_tech(state["players"][seat], "university"):
            return _("Before the next round you may upgrade one Power card, free with your University.")
        return _("Before the next round you may upgrade one Power card.")

    def waiting(self, state: State, seat: int) -> str:
        return _("Between rounds you may only upgrade one Power card (or none).")


def new_round(state: State) -> None:
    """Technology refresh, the new starting player (who finished the round), Newspaper."""
    for player in state["players"]:
        player["tilted"] = []
    state["tech_discard"].extend(state["tech_row"])
    state["tech_row"] = state["tech_deck"][:FACE_UP_TECHS]
    state["tech_deck"] = state["tech_deck"][FACE_UP_TECHS:]
    state["round"] += 1
    state["turns_done"] = 0
    state["start_seat"] = state["current"]
    state["phase"] = "turn"
    log(state, _("Round {round} begins; {seat} starts").format(round=state["round"], seat=name(state["start_seat"])))
    for seat in (state["start_seat"], 1 - state["start_seat"]):
        if has_tech(state["players"][seat], "newspaper"):
            gain_extra(state, seat, 1)
    start_turn(state)


# ----- setup and the hand limit -----------------------------------------------------------------
class SetupStep(DuelStep):
    """Setup step 12: keep 2 of the 3 drawn Orders, the third goes to the bottom of the deck."""

    name = "setup"
    kinds = ("return",)
    free = False

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "return", "card": c}, None) for c in state["players"][seat]["setup_draw"]]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(ReturnAction, action)
        player = state["players"][seat]
        player["setup_draw"].remove(action["card"])
        player["hand"].extend(player["setup_draw"])
        player["setup_draw"] = []
        state["order_deck"].append(action["card"])
        log(state, _("{seat} keeps 2 of 3 Order cards").format(seat=name(seat)))
        if not any(p["setup_draw"] for p in state["players"]):
            state["phase"] = "turn"
            log(state, _("Round {round} begins; {seat} starts").format(round=1, seat=name(state["start_seat"])))
            start_turn(state)

    def text(self, state: State, action: Action) -> str:
        action = cast(ReturnAction, action)
        return order_text(action["card"], _("Put back "))

    def details(self, state: State, action: Action) -> str:
        action = cast(ReturnAction, action)
        return order_detail(action["card"])

    def hidden_text(self, state: State, action: Action) -> str:
        return _("Put one of the 3 drawn Order cards back")

    def prompt(self, state: State, seat: int) -> str:
        return _("Choose the Order card to put back; you keep the other two.")

    def waiting(self, state: State, seat: int) -> str:
        return _("First choose which of your 3 drawn Order cards goes back to the deck.")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("That is not one of your 3 drawn Order cards.")


class DiscardStep(DuelStep):
    """Over the Extra Power hand limit holding both kinds: choose which kind to discard (ruling 9)."""

    name = "discard"
    kinds = ("discard",)
    free = False

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        return [({"do": "discard", "extra": int(k)}, None if player["extra"][k] > 0 else
                 _("You have no +{extra} card.").format(extra=k))
                for k in ("1", "2")]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(DiscardAction, action)
        state["discard_due"].remove(seat)
        discard_extra(state, seat, str(action["extra"]))

    def text(self, state: State, action: Action) -> str:
        action = cast(DiscardAction, action)
        return _("Discard a +{extra} Extra Power card (limit {limit})").format(extra=action["extra"],
                                                                                limit=RULES.extra_hand_limit)

    def prompt(self, state: State, seat: int) -> str:
        return _("You hold more than {limit} Extra Power cards: discard one.").format(limit=RULES.extra_hand_limit)

    def waiting(self, state: State, seat: int) -> str:
        return _("You hold more than {limit} Extra Power cards: first discard one.").format(
            limit=RULES.extra_hand_limit)


TURN = TurnStep()
BONUS_STEP = BonusStep()
BUILD = BuildStep()
UPGRADE = UpgradeStep()
SETUP = SetupStep()
DISCARD = DiscardStep()
