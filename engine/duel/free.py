"""The free actions: "during your turn, you may carry out the following actions as many times as you
like in any order and at any moment: A) Complete an Order B) Hire a Foreign Agent C) Use a Foreign
Agent D) Use a Technology card" (Spinning Mill is the one Technology used on its own).

Every decision of the acting player's own turn offers them (`DuelStep.free`); a Foreign Agent is
offered only between whole Area actions — before, after, and while the action's 5-Power Bonus or
construction step is owed — never inside another Area action (ruling 4).
"""

from __future__ import annotations

from typing import cast

from engine.core import canonical
from engine.core.translate import _
from engine.duel.act import new_act, suspend_owed_steps
from engine.duel.cards import HIRE_REQUIREMENTS, HIRES, ORDERS, RULES, good_name, hire_label, reward_text
from engine.duel.gains import gain_reward
from engine.duel.state import has_tech, log, name, tech_ready
from engine.duel.text import needs_text, order_detail, order_text
from engine.duel.types import Action, Candidate, HireAction, OrderAction, PlayerState, State


def missing_goods(player: PlayerState, card: int) -> list[str]:
    return [_("{n} more {good}").format(n=n - player["goods"][g], good=good_name(g))
            for g, n in ORDERS[card].cost.items()
            if player["goods"][g] < n]


#: The sheet list each Foreign Agent requirement counts; the one not listed ("flipped") counts face-down
#: Imported Goods.
_COUNTED: dict[str, str] = {"orders": "orders_done", "techs": "techs", "church": "church"}


def requirement_count(player: PlayerState, req: str) -> int:
    counted = _COUNTED.get(req)
    return len(player[counted]) if counted is not None else int(player["imported_down"])  # type: ignore[literal-required]


#: Each Order card's cost as (good, count) pairs, by card id.
_ORDER_COSTS: tuple[tuple[tuple[str, int], ...], ...] = tuple(tuple(order.cost.items()) for order in ORDERS)
#: Each Foreign Agent requirement, the sheet list it counts (`_COUNTED`) and the count it needs, in the
#: rulebook's order.
_HIRE_THRESHOLDS: tuple[tuple[str, str | None, int], ...] = tuple(
    (req, _COUNTED.get(req), HIRES[req].at_least) for req in HIRE_REQUIREMENTS)


class FreeActions:
    kinds: tuple[str, ...] = ("order", "hire", "spin", "agent")

    def candidates(self, state: State, seat: int, agents: bool) -> list[Candidate]:
        player = state["players"][seat]
        result: list[Candidate] = []
        for card in player["hand"]:
            missing = missing_goods(player, card)
            why = _("To complete that Order you need {goods}.").format(goods=_(" and ").join(missing)) if missing \
                else None
            result.append(({"do": "order", "card": card}, why))
        for req in HIRE_REQUIREMENTS:
            result.append(({"do": "hire", "req": req}, self._hire_refusal(state, player, req)))
        if has_tech(player, "spinning_mill"):
            result.append(({"do": "spin"}, self._spin_refusal(player)))
        if player["agents_ready"] > 0:
            why = None if agents else _("A Foreign Agent is sent between whole Area actions: finish this one first.")
            result.append(({"do": "agent"}, why))
        return result

    def _hire_refusal(self, state: State, player: PlayerState, req: str) -> str | None:
        if req in player["hired"]:
            return _("You have already hired a Foreign Agent for that requirement.")
        if state["agents_supply"] <= 0:
            return _("There are no Foreign Agents left.")
        if requirement_count(player, req) < HIRES[req].at_least:
            return _("You do not meet that requirement for hiring a Foreign Agent ({requirement}).").format(
                requirement=hire_label(req))
        return None

    def _spin_refusal(self, player: PlayerState) -> str | None:
        if not tech_ready(player, "spinning_mill"):
            return _("Spinning Mill is used once per round; you have used it this round.")
        if player["goods"]["silk"] < 1:
            return _("Spinning Mill needs 1 Silk; you have none.")
        return None

    def options(self, state: State, seat: int, agents: bool) -> list[Action]:
        """The allowed `candidates`, in their order: the same rules, without writing the reasons
        for the refused ones (every decision of a turn offers these, so this is a hot path: an Order's
        cost is read as pairs, the requirements' thresholds from a table)."""
        player = state["players"][seat]
        goods = player["goods"]
        result: list[Action] = []
        for card in player["hand"]:
            for good, n in _ORDER_COSTS[card]:
                if goods[good] < n:
                    break
            else:
                result.append({"do": "order", "card": card})
        if state["agents_supply"] > 0:
            hired = player["hired"]
            for req, counted, at_least in _HIRE_THRESHOLDS:  # `requirement_count`, inline
                have = len(player[counted]) if counted is not None else player["imported_down"]  # type: ignore[literal-required]
                if have >= at_least and req not in hired:
                    result.append({"do": "hire", "req": req})
        if "spinning_mill" in player["techs"] and "spinning_mill" not in player["tilted"] and goods["silk"] >= 1:
            result.append({"do": "spin"})  # `_spin_refusal`'s conditions
        if player["agents_ready"] > 0 and agents:
            result.append({"do": "agent"})
        return result

    def refusal(self, state: State, seat: int, action: Action, agents: bool) -> str:
        for candidate, why in self.candidates(state, seat, agents):
            if canonical(candidate) == canonical(action) and why is not None:
                return why
        do = action.get("do")
        if do == "order":
            return _("That Order card is not in your hand.")
        if do == "agent":
            return _("You have no Foreign Agent available.")
        if do == "spin":
            return _("You do not own Spinning Mill.")
        return _("That is not one of the Foreign Agent requirements.")

    def take(self, state: State, seat: int, action: Action) -> None:
        do = action["do"]
        if do == "order":
            complete_order(state, seat, cast(OrderAction, action)["card"])
        elif do == "hire":
            hire_agent(state, seat, cast(HireAction, action)["req"])
        elif do == "spin":
            spin(state, seat)
        else:
            send_agent(state, seat)

    def text(self, state: State, action: Action) -> str:
        do = action["do"]
        if do == "order":
            return order_text(cast(OrderAction, action)["card"], _("Complete "))
        if do == "hire":
            return _("Hire a Foreign Agent ({requirement})").format(
                requirement=hire_label(cast(HireAction, action)["req"]))
        if do == "spin":
            return _("Spinning Mill: spend 1 Silk for ¥{yen}").format(yen=RULES.spinning_mill_yen)
        return _("Use a Foreign Agent (Power {power}, any Area)").format(power=RULES.agent_power)

    def details(self, state: State, action: Action) -> str:
        if action["do"] == "order":
            return order_detail(action["card"])
        if action["do"] == "agent":
            return _("A bonus Area action in any Area, Used or not, with its own bonus and construction steps.")
        return ""


FREE = FreeActions()


def complete_order(state: State, seat: int, card: int) -> None:
    player = state["players"][seat]
    order = ORDERS[card]
    for good, n in order.cost.items():
        player["goods"][good] -= n
    player["hand"].remove(card)
    player["orders_done"].append(card)
    gains = reward_text(order.reward)
    if has_tech(player, "language_school"):
        gains = _("{reward} and ¥{yen} (Language School)").format(reward=gains, yen=RULES.language_school_yen)
    log(state, _("{seat} completes Order {n}, paying {needs}: {points} points, gains {reward}").format(
        seat=name(seat), n=card + 1, needs=needs_text(order.cost), points=order.points, reward=gains))
    gain_reward(state, seat, order.reward, "order")
    if has_tech(player, "language_school"):
        player["money"] += RULES.language_school_yen


def hire_agent(state: State, seat: int, req: str) -> None:
    player = state["players"][seat]
    player["hired"].append(req)
    player["agents_ready"] += 1
    state["agents_supply"] -= 1
    log(state, _("{seat} hires a Foreign Agent ({requirement})").format(seat=name(seat), requirement=hire_label(req)))


def spin(state: State, seat: int) -> None:
    player = state["players"][seat]
    player["goods"]["silk"] -= 1
    player["money"] += RULES.spinning_mill_yen
    player["tilted"].append("spinning_mill")
    log(state, _("{seat} uses Spinning Mill: 1 Silk for ¥{yen}").format(seat=name(seat), yen=RULES.spinning_mill_yen))


def send_agent(state: State, seat: int) -> None:
    """Use a Foreign Agent: a bonus Area action; any owed bonus/construction step waits for it."""
    player = state["players"][seat]
    suspend_owed_steps(state)
    player["agents_ready"] -= 1
    player["agents_spent"] += 1
    state["turn"]["act"] = new_act("agent", None, None)
    log(state, _("{seat} sends a Foreign Agent").format(seat=name(seat)))
