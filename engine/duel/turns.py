"""The turn around the Area action: free actions, the 5-Power Bonus and construction steps, ending
the turn, the rounds (upgrades, technology refresh, the new starting player), the setup choice of
Orders, and Extra Power discards over the hand limit.

`options(state, seat)` lists what a seat may do now and `perform(state, seat, action)` does it; the
Area action's own chain of steps lives in `areas.py`.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng, State
from engine.duel import areas
from engine.duel.cards import (
    AREAS,
    BONUS,
    FACE_UP_BONUS,
    FACE_UP_TECHS,
    HIRE_LABELS,
    HIRE_REQUIREMENTS,
    ORDERS,
    POWER_CARDS,
    ROUNDS,
    TRADING_HOUSE_COSTS,
    TURNS_PER_ROUND,
)
from engine.duel.gains import discard_extra, gain_extra, gain_reward
from engine.duel.state import fresh_turn, has_tech, house_owner, log, name, shops_left, tech_ready

Action = dict[str, Any]

#: Area-action questions during which free actions are offered too: their results can feed the
#: rest of the action (an Order's ¥ reward pays for a second Port card; Spinning Mill's ¥2 buys more
#: in Chinatown), and both steps always keep a way out ("keep only one", "stop"), so spending goods
#: on an Order can never leave the player without an option (see the rulings).
FREE_ACTION_STEPS: tuple[str, ...] = ("exchange", "keep2")


# ----- who decides -------------------------------------------------------------------------
def to_act(state: State) -> list[int]:
    if state["phase"] == "over":
        return []
    if state["discard_due"]:
        return [state["discard_due"][0]]
    if state["phase"] == "setup":
        return [s for s in (0, 1) if state["players"][s]["setup_draw"]]
    if state["phase"] == "upgrade":
        return [s for s in (0, 1) if state["upgrade_due"][s]]
    return [state["current"]]


def options(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state["discard_due"]:
        player = state["players"][seat]
        return [{"do": "discard", "extra": int(k)} for k in ("1", "2") if player["extra"][k] > 0]
    if state["phase"] == "setup":
        return [{"do": "return", "card": c} for c in state["players"][seat]["setup_draw"]]
    if state["phase"] == "upgrade":
        return upgrade_options(state, seat)
    turn = state["turn"]
    if turn["act"] is not None:
        step_options = areas.step_options(state, seat)
        if turn["act"]["step"] in FREE_ACTION_STEPS:
            step_options += free_actions(state, seat, agents=False)
        return step_options
    if turn["bonus"] is not None:
        return bonus_options(state) + free_actions(state, seat, agents=False)
    if turn["build"] is not None:
        return build_options(state, seat) + free_actions(state, seat, agents=False)
    menu: list[Action] = [] if turn["area_done"] else areas.area_options(state, seat)
    menu += free_actions(state, seat, agents=True)
    if turn["area_done"]:
        menu.append({"do": "end"})
    return menu


def perform(state: State, seat: int, action: Action) -> None:
    do = action["do"]
    if do == "discard":
        state["discard_due"].remove(seat)
        discard_extra(state, seat, str(action["extra"]))
    elif do == "return":
        return_setup_order(state, seat, action["card"])
    elif do == "upgrade":
        upgrade(state, seat, action["card"])
    elif state["turn"]["act"] is not None and do not in ("order", "hire", "spin"):
        areas.apply_step(state, seat, action)
    elif do == "area":
        areas.start_act(state, seat, "main", action["area"], action.get("via"))
    elif do == "agent":
        areas.start_act(state, seat, "agent", None)
    elif do == "order":
        complete_order(state, seat, action["card"])
    elif do == "hire":
        hire_agent(state, seat, action["req"])
    elif do == "spin":
        spin(state, seat)
    elif do == "bonus":
        take_bonus(state, seat, action["card"])
    elif do == "build":
        build(state, seat, action["what"])
    elif do == "end":
        end_turn(state)
    else:
        raise ValueError(f"unknown action {do}")


# ----- free actions ------------------------------------------------------------------------
def free_actions(state: State, seat: int, agents: bool) -> list[Action]:
    """Complete an Order, hire a Foreign Agent, use one (only between whole actions: see the rulings),
    and Spinning Mill, the one Technology used on its own."""
    player = state["players"][seat]
    result: list[Action] = [{"do": "order", "card": c} for c in player["hand"] if can_complete(player, c)]
    if state["agents_supply"] > 0:
        result += [{"do": "hire", "req": r} for r in HIRE_REQUIREMENTS if can_hire(player, r)]
    if agents and player["agents_ready"] > 0:
        result.append({"do": "agent"})
    if tech_ready(player, "spinning_mill") and player["goods"]["silk"] >= 1:
        result.append({"do": "spin"})
    return result


def can_complete(player: dict[str, Any], card: int) -> bool:
    return all(player["goods"][g] >= n for g, n in ORDERS[card].cost.items())


def complete_order(state: State, seat: int, card: int) -> None:
    player = state["players"][seat]
    order = ORDERS[card]
    for good, n in order.cost.items():
        player["goods"][good] -= n
    player["hand"].remove(card)
    player["orders_done"].append(card)
    log(state, f"{name(seat)} completes an Order ({order.points} points).")
    gain_reward(state, seat, order.reward, "order")
    if has_tech(player, "language_school"):
        player["money"] += 1


def requirement_met(player: dict[str, Any], req: str) -> bool:
    if req == "orders":
        return len(player["orders_done"]) >= 3
    if req == "techs":
        return len(player["techs"]) >= 3
    if req == "church":
        return len(player["church"]) >= 2
    return player["imported_down"] >= 2


def can_hire(player: dict[str, Any], req: str) -> bool:
    return req not in player["hired"] and requirement_met(player, req)


def hire_agent(state: State, seat: int, req: str) -> None:
    player = state["players"][seat]
    player["hired"].append(req)
    player["agents_ready"] += 1
    state["agents_supply"] -= 1
    log(state, f"{name(seat)} hires a Foreign Agent ({HIRE_LABELS[req]}).")


def spin(state: State, seat: int) -> None:
    player = state["players"][seat]
    player["goods"]["silk"] -= 1
    player["money"] += 2
    player["tilted"].append("spinning_mill")
    log(state, f"{name(seat)} uses Spinning Mill: 1 Silk for ¥2.")


# ----- 5-Power Bonus step ------------------------------------------------------------------
def bonus_options(state: State) -> list[Action]:
    return [{"do": "bonus", "card": c} for c in state["bonus_row"]]


def bonus_tiers(power: int) -> int:
    """Power 5 gains the first reward, 6 the first two, 7 or more all three."""
    return max(0, min(power, 7) - 4)


def take_bonus(state: State, seat: int, card: int) -> None:
    turn = state["turn"]
    tiers = bonus_tiers(turn["bonus"]["power"])
    turn["bonus"] = None
    state["bonus_row"].remove(card)
    state["bonus_discard"].append(card)
    log(state, f"{name(seat)} takes a Power Bonus card ({tiers} reward(s)).")
    for reward in BONUS[card].rewards[:tiers]:
        gain_reward(state, seat, reward, "bonus")
    refill_bonus(state)


def refill_bonus(state: State) -> None:
    """Draw a replacement; if the deck is empty, shuffle the discards into a new deck first."""
    while len(state["bonus_row"]) < FACE_UP_BONUS:
        if not state["bonus_deck"]:
            if not state["bonus_discard"]:
                return
            rng = Rng.of(state)
            state["bonus_deck"] = rng.shuffled(state["bonus_discard"])
            state["bonus_discard"] = []
            rng.store(state)
        state["bonus_row"].append(state["bonus_deck"].pop(0))


# ----- construction step -------------------------------------------------------------------
def next_house_cost(player: dict[str, Any]) -> int | None:
    built = len(player["houses"])
    return TRADING_HOUSE_COSTS[built] if built < len(TRADING_HOUSE_COSTS) else None


def build_options(state: State, seat: int) -> list[Action]:
    player = state["players"][seat]
    area = state["turn"]["build"]["area"]
    result: list[Action] = []
    if area not in player["shops"] and shops_left(player) > 0 and player["money"] >= 1:
        result.append({"do": "build", "what": "shop"})
    cost = next_house_cost(player)
    if house_owner(state, area) is None and cost is not None and player["money"] >= cost:
        result.append({"do": "build", "what": "house"})
    return result + [{"do": "build", "what": None}]


def build(state: State, seat: int, what: str | None) -> None:
    player = state["players"][seat]
    area = state["turn"]["build"]["area"]
    state["turn"]["build"] = None
    if what == "shop":
        player["money"] -= 1
        player["shops"].append(area)
        log(state, f"{name(seat)} builds a Shop at {AREAS[area].name} for ¥1.")
    elif what == "house":
        cost = next_house_cost(player)
        player["money"] -= cost
        player["houses"].append(area)
        log(state, f"{name(seat)} builds a Trading House at {AREAS[area].name} for ¥{cost}.")


# ----- turns and rounds --------------------------------------------------------------------
def start_turn(state: State) -> None:
    """Stock Market: ¥1 or less at the start of your turn gains ¥1."""
    seat = state["current"]
    player = state["players"][seat]
    state["turn"] = fresh_turn()
    if has_tech(player, "stock_market") and player["money"] <= 1:
        player["money"] += 1
        log(state, f"{name(seat)} gains ¥1 from the Stock Market.")


def end_turn(state: State) -> None:
    state["turns_done"] += 1
    if state["turns_done"] < 2 * TURNS_PER_ROUND:
        state["current"] = 1 - state["current"]
        start_turn(state)
        return
    state["turn"] = fresh_turn()
    if state["round"] >= ROUNDS:
        state["phase"] = "over"
        log(state, "The game is over.")
        return
    state["phase"] = "upgrade"
    for seat in (0, 1):
        state["players"][seat]["played"] = [False] * len(POWER_CARDS)
    state["played"] = {}
    state["upgrade_due"] = [bool(upgrade_options(state, s)[:-1]) for s in (0, 1)]
    if not any(state["upgrade_due"]):
        new_round(state)


def upgrade_options(state: State, seat: int) -> list[Action]:
    """Upgrade one Power card by paying its cost (University: free), or none."""
    player = state["players"][seat]
    free = has_tech(player, "university")
    cards = [
        {"do": "upgrade", "card": i}
        for i, card in enumerate(POWER_CARDS)
        if not player["upgraded"][i] and (free or player["money"] >= card.cost)
    ]
    return cards + [{"do": "upgrade", "card": None}]


def upgrade(state: State, seat: int, card: int | None) -> None:
    player = state["players"][seat]
    state["upgrade_due"][seat] = False
    if card is not None:
        power_card = POWER_CARDS[card]
        if not has_tech(player, "university"):
            player["money"] -= power_card.cost
        player["upgraded"][card] = True
        log(state, f"{name(seat)} upgrades Power {power_card.base} to {power_card.upgraded}.")
    if not any(state["upgrade_due"]):
        new_round(state)


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
    log(state, f"Round {state['round']} begins; {name(state['start_seat'])} starts.")
    for seat in (state["start_seat"], 1 - state["start_seat"]):
        if has_tech(state["players"][seat], "newspaper"):
            gain_extra(state, seat, 1)
    start_turn(state)


def return_setup_order(state: State, seat: int, card: int) -> None:
    """Setup step 12: keep 2 of the 3 drawn Orders, the third goes to the bottom of the deck."""
    player = state["players"][seat]
    player["setup_draw"].remove(card)
    player["hand"].extend(player["setup_draw"])
    player["setup_draw"] = []
    state["order_deck"].append(card)
    if not any(p["setup_draw"] for p in state["players"]):
        state["phase"] = "turn"
        log(state, f"Round 1 begins; {name(state['start_seat'])} starts.")
        start_turn(state)
