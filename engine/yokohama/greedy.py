"""The greedy player: tries every legal action and keeps the best-looking result.

Used for players who time out, and by the tests to show that purposeful play reaches an
end condition. The worth of a position is the points it would score now plus small,
plainly guessed worths of what is not yet points (orders in hand, pieces, and what the
best area within reach would give). Movement is judged by where it can end: each route
is followed to its stop and the Area Action there is played out greedily, so the
President walks to the best area instead of pacing between equal ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar, cast

from engine.yokohama import flow, movement
from engine.yokohama.areas import (
    AGENCY_TOKENS,
    BANK_YEN,
    BUILD_POWER,
    CHINATOWN_EXCHANGES,
    CHURCH_FAITH,
    CUSTOMS_IMPORTS,
    FAITH_KINDS,
    HAND_LIMIT,
    PORT_POWER5_VP,
    PORT_REACH,
    PRODUCTION,
    SECOND_CARD,
    UNIT_YEN,
    builds_at,
    has,
)
from engine.yokohama.board import (
    KIND,
    SHOP_COST,
    assistants_at,
    has_tech,
    pieces_built,
    power,
    shops_built,
    th_built,
    th_cost,
)
from engine.yokohama.components import GOODS, parts
from engine.yokohama.copying import copy_state
from engine.yokohama.endgame import (
    ALL_SHOPS,
    ALL_TRADING_HOUSES,
    END_PAWNS,
    board_majority,
    country_bonus,
    pawns_placed,
    remainder_points,
    technology_bonus,
)
from engine.yokohama.port import slots_in_reach
from engine.yokohama.types import Action, PlaceAction, PlayerState, State

GOOD_WORTH = {"copper": 1.0, "silk": 0.9, "tea": 0.45, "fish": 0.45}
#: An imported good: what the Customs board turns it into, less the action that takes it there.
IMPORTED_WORTH = 2.0
REWARD_WORTH = {"vp": 1.0, "yen": 0.5, "imported": IMPORTED_WORTH, **GOOD_WORTH}
#: An item paid for Faith (a good, ¥1 or an imported good), on average.
ITEM_WORTH = 0.7
BOARDS = parts().boards
ORDERS = parts().orders
MOVEMENT = {"move", "moving", "return"}
PLACEMENT = {"place", "place_spread", "place_pair"}
#: Spread placements are judged among combinations of this many best single areas.
SHORTLIST = 4
#: How long one look-ahead may run (decisions), so the greedy player stays quick.
ROLLOUT_LIMIT = 12
#: Stages where a position is worth part of the best area its President can reach this turn.
PROMISE_STAGES = frozenset({"first", "move", *PLACEMENT})


def goods_scarce(state: State) -> bool:
    """Whether this game has no Chinatown: with 2 players the setup returns "Chinatown, Canal, Copper
    Mine ×1, Silk Mill ×1, Tea Plantation ×1, Fishing port ×1" to the box, so goods come from one area
    of each kind and cannot be bought. The greedy player weighs the Port's display, Copper Mine stacks
    and a full hand by it."""
    return "chinatown" not in state["layout"]


def area_promise(state: State, seat: int, area: str, pw: int) -> float:
    """A rough worth of acting in `area` with Power `pw` (what placement aims for)."""
    pl = state["p"][seat]
    kind = KIND[area]
    if pw <= 0:
        return 0.0
    if kind in PRODUCTION:
        value = gained_goods_worth(pl, kind, PRODUCTION[kind][pw - 1])
        value += completion_worth(pl, kind, PRODUCTION[kind][pw - 1])
    elif kind == "bank":
        value = money_worth(pl["yen"] + BANK_YEN[pw - 1]) - money_worth(pl["yen"])
    elif kind == "port":
        value = port_promise(state, seat, area, pw)
        value += PORT_POWER5_VP if pw == 5 else 0
    elif kind == "lab":
        # Power pays that many units of a card's Industry value, ¥2 or 1 imported each the rest.
        value = 3.0 if pl["yen"] + UNIT_YEN * (pl["imported"] + pw) >= 10 else 0.0
    elif kind == "agency":
        tokens = AGENCY_TOKENS[pw - 1]
        hire = min(tokens, pl["warehouse"]["shops"], pl["yen"] // SHOP_COST)
        house = hire < tokens and pl["warehouse"]["th"] > 0 and pl["yen"] - SHOP_COST * hire >= th_cost(state, seat)
        helpers = min(tokens - hire - house, pl["warehouse"]["assistants"])
        value = SHOP_HIRED * hire + TRADING_HOUSE_HIRED * house + 0.3 * helpers
        in_hand = pl["hand"]["assistants"]  # a short hand places little (ruling R7)
        value += sum(SHORT_HAND[n] for n in range(in_hand, min(in_hand + helpers, len(SHORT_HAND))))
    elif kind == "chinatown":
        value = chinatown_promise(pl, pw)
    elif kind == "church":
        value = church_promise(state, seat, pw) if pl["hand"]["assistants"] or pl["placed"].get(area) else 0.0
    else:
        value = customs_promise(state, seat, pw)
    if value > 0 and kind in ("church", "customs", "port"):
        value += closing_pull(state, seat)  # a pawn there, or an order drawn, brings the end nearer
    if value > 0 and kind == "port" and port_takes(state, seat, area, pw) > len(state["order_deck"]) \
            and not end_met(state):
        # Taking more orders than the deck holds leaves a space empty once the deck has run out, which meets
        # an end condition: worth what the met end is worth to a leader (`closing_worth`). Without it a
        # 3-player leader with an empty hand walked past the Port for ten rounds with the deck empty (AI seed
        # 5060, round 35; ruling R7), and a 2-player leader who could take two orders while the
        # deck held one let the game run to round 31 (AI seed 5051; ruling R7).
        value += END_MET_PULL * closing_pull(state, seat)
    if pw >= BUILD_POWER and can_build(state, seat, area):
        value += 3.0
    return value


def can_build(state: State, seat: int, area: str) -> bool:
    """Whether a Power-4 action in `area` could build there (`areas.builds_at`, the construction step's own
    rule). Promised for a Trading House in hand wherever the space was taken, one 2-player greedy player
    stacked the Bank, walked there and built nothing, turn after turn, from round 10 to round 34 (ruling R7)."""
    return bool(builds_at(state, seat, area))


#: The part of an order's reward that `order_worth` leaves out while it is in hand: what filling it adds.
FILLED_SHARE = 0.4


def completion_worth(pl: PlayerState, good: str, n: int) -> float:
    """What `n` more of `good` are worth for the orders in hand they complete: the rest of each such
    order's reward (`FILLED_SHARE`), which the order pays when filled, besides what `gained_goods_worth`
    counts. An area's promise is what placement aims for, and without this the last good of an order
    counted as a fifth of its share: a player one good short of an order walked past the one area that
    makes it for 15-20 rounds while the other player filled seven to nine orders (2-player greedy games of
    29-37 rounds; ruling R7)."""
    if n <= 0:
        return 0.0
    value = 0.0
    goods = pl["goods"]
    for order in pl["orders"]:
        cost: dict[str, int] = ORDERS[order]["cost"]
        if good in cost and goods[good] < cost[good] <= goods[good] + n and all(
                goods[g] >= k for g, k in cost.items() if g != good):
            value += FILLED_SHARE * reward_worth(ORDERS[order]["reward"])
    return value


def port_takes(state: State, seat: int, area: str, pw: int) -> int:
    """How many orders the player could take at `area` with Power `pw`: the cards on display within
    reach, two at most and only if it can pay for the second (¥2 or 1 imported good), no more than its
    hand has room for (RB Port: "take 1 Order card for free or 2 Order cards if you pay 2 Yen or 1
    Imported Good token"; "You may not take cards if it would cause you to have 4 or more cards")."""
    can_pay = any(has(state, seat, pay, price) for pay, price in SECOND_CARD.items())
    on_display = len(slots_in_reach(state, area, pw))
    return min(on_display, 2 if can_pay else 1, HAND_LIMIT - len(state["p"][seat]["orders"]))


#: What each assistant the Employment Agency brings to a hand holding fewer than three is worth more than the
#: 0.3 of any other (the first to an empty hand, then the second and third). Assistants are placed from hand,
#: and a President walks only to an area holding one of its assistants (RB Movement), so a player with
#: none in hand has almost no moves left, and one with one or two places one or two a turn: one player rode
#: the Tram between the Bank and Chinatown for eight rounds, one leader stood still for seven, and two
#: players with 1-3 assistants in hand and 11-12 in the warehouse stayed at 144-148 points for six and seven
#: rounds (ruling R7).
SHORT_HAND = (2.0, 1.0, 1.0)

#: What taking an order at a Port is worth to the greedy player where it cannot tell the cards apart.
PORT_FLAT = 2.5

#: From this round on the Port's display is read with 3 and 4 players too. With the slower Order deck of
#: Port B's three spaces the deck outlasts the other clocks in a few games, and
#: players holding the goods for an order on display walked past the Port until round 31-33; reading the
#: display all game sent 68-89% of 4-player games to the Order deck (ruling R7), so it
#: starts where only games already long are left (4-player greedy games: 24 is their p95).
DISPLAY_FROM_ROUND = 24


def port_promise(state: State, seat: int, area: str, pw: int) -> float:
    """Taking an order at `area` with Power `pw`: a flat `PORT_FLAT`; without Chinatown (2 players), and
    with it from round `DISPLAY_FROM_ROUND`, an order on display within reach whose goods are all held
    is worth what it is worth in hand.

    With 2 players goods have no other use than orders, the Church and remainder points, and a player
    holding the goods for an order on display walked past the Port for fifteen rounds while the flat
    worth lost to a Tea Plantation (seed 782 with the Copper Mine stack alone, round 35; ruling R7).
    Reading every card on display instead sent 63% of 2-player games to the Order deck;
    with 3 and 4 players the flat worth stays (4 players: reading the display sent 89% of games to the Order
    deck; ruling R7)."""
    pl = state["p"][seat]
    if not PORT_REACH[pw - 1] or len(pl["orders"]) >= HAND_LIMIT:
        return 0.0
    best = PORT_FLAT
    if not goods_scarce(state) and state["round"] < DISPLAY_FROM_ROUND:
        return best
    goods, row = pl["goods"], state["ports"][area]
    for i in slots_in_reach(state, area, pw):
        card = cast(int, row[i])  # a space in reach holds a card
        if all(goods[g] >= n for g, n in ORDERS[card]["cost"].items()):
            best = max(best, order_worth(pl, card))
    return best


#: Money up to this much buys what a turn can use (a Trading House, a technology and Shophouses from
#: the warehouse together cost less); each ¥ beyond it is worth `SPARE_MONEY`, so a player cut off
#: from what money buys stops banking ¥5 a turn (2-player seeds 257 and 786 sat on ¥28–44 for
#: fifteen rounds, the game running to round 40 and more).
MONEY_USEFUL = 15
SPARE_MONEY = 0.1


def money_worth(yen: int) -> float:
    """Money in the greedy player's worths: ¥0.5 each up to `MONEY_USEFUL`, little beyond."""
    return 0.5 * min(yen, MONEY_USEFUL) + SPARE_MONEY * max(0, yen - MONEY_USEFUL)


def reward_worth(reward: dict[str, int]) -> float:
    """A board space's or card's reward in the greedy player's worths (victory points 1:1)."""
    return sum(REWARD_WORTH.get(key, 0.8) * n for key, n in reward.items())


def church_promise(state: State, seat: int, pw: int) -> float:
    """The best open Church space within the Faith that Power and one item of each kind held give,
    less what the items are worth (RB: "You may not pay more than 1 of the same kind")."""
    pl = state["p"][seat]
    faith = CHURCH_FAITH[pw - 1]
    held = held_kinds(pl)
    best = 0.0
    for i, space in enumerate(BOARDS["church"]):
        items = space["need"] - faith
        if state["church"][i] is None and items <= held:
            best = max(best, reward_worth(space["reward"]) - ITEM_WORTH * max(0, items))
    return best


def customs_promise(state: State, seat: int, pw: int) -> float:
    """The best open Customs space the imported goods held and Power allow, less their worth."""
    can_pay = min(CUSTOMS_IMPORTS[pw - 1], state["p"][seat]["imported"])
    best = 0.0
    for i, space in enumerate(BOARDS["customs"]):
        if state["customs"][i] is None and space["need"] <= can_pay:
            best = max(best, reward_worth(space["reward"]) - IMPORTED_WORTH * space["need"])
    return best


#: What Chinatown pays for each good (rules.toml: "Pay 1 Copper token and receive 2 Yen", ...).
GOOD_PRICE: dict[str, int] = {g: parts().rules["chinatown"]["trades"][f"sell_{g}"]["get"]["yen"] for g in GOODS}
#: Goods beyond what the orders in hand (and a Church item) use are worth their remainder points.
SURPLUS_GOOD = 0.34
#: Beyond this many spare goods of one kind a pile is dead weight: without it a player with no
#: money and no Chinatown (2 players) gathered Tea for 30 rounds instead of walking to the Church.
SURPLUS_PILE = 3
DEAD_GOOD = 0.05


def wanted_goods(pl: PlayerState) -> dict[str, int]:
    """How many of each good the orders in hand ask for, plus one (a Church item)."""
    wanted = {g: 1 for g in GOODS}
    for order in pl["orders"]:
        for good, n in ORDERS[order]["cost"].items():
            wanted[good] += n
    return wanted


def goods_worth(pl: PlayerState) -> float:
    """Goods the orders in hand ask for at their full worth, the rest at the remainder rate
    (RB: "Every 3 Trade Good tokens: 1 Victory point"), so a pile of one good stops growing."""
    wanted = wanted_goods(pl)
    value = 0.0
    for good in GOODS:
        n = pl["goods"][good]
        surplus = max(0, n - wanted[good])
        value += (GOOD_WORTH[good] * min(n, wanted[good]) + SURPLUS_GOOD * min(surplus, SURPLUS_PILE)
                  + DEAD_GOOD * max(0, surplus - SURPLUS_PILE))
    return value


def gained_goods_worth(pl: PlayerState, good: str, n: int) -> float:
    """What `n` more of `good` add to the goods and the orders in hand: much while an order asks
    for them (they bring it closer), little once the orders in hand are covered."""
    more = {**pl["goods"], good: pl["goods"][good] + n}
    return hand_worth(pl["orders"], more) - hand_worth(pl["orders"], pl["goods"])


#: Worths remembered by what they are read from (`hand_worth`, `majorities`): a decision of the AI
#: judges the same few hands and boards tens of thousands of times (a decision's working set: a few
#: thousand). Each memory is emptied when it reaches `HAND_CACHE_SIZE`: ~230 and ~420 bytes an entry,
#: so at most ~13 MiB for both in a process that plays any number of games.
_HAND_CACHE: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
_MAJORITY_CACHE: dict[tuple[object, ...], list[int]] = {}
HAND_CACHE_SIZE = 20_000

K = TypeVar("K")
T = TypeVar("T")


def _remember(memory: dict[K, T], key: K, value: T) -> T:
    """Keep `value` under `key` (the memory emptied first when full); callers look it up inline, as
    the look-up is the hot path."""
    if len(memory) >= HAND_CACHE_SIZE:
        memory.clear()
    memory[key] = value
    return value


def hand_worth(orders: list[int], goods: dict[str, int]) -> float:
    """The goods held and the orders in hand together (`goods_worth` plus each `order_worth`)."""
    key = (tuple(orders), tuple(goods[g] for g in GOODS))
    value = _HAND_CACHE.get(key)
    return _remember(_HAND_CACHE, key, _reckon_hand(orders, goods)) if value is None else value


def _reckon_hand(orders: list[int], goods: dict[str, int]) -> float:
    holder = cast("PlayerState", {"orders": orders, "goods": goods})
    return goods_worth(holder) + sum(order_worth(holder, o) for o in orders)


def chinatown_promise(pl: PlayerState, pw: int) -> float:
    """Exchanges that turn goods nobody's order asks for into money (¥2 Copper and Raw Silk, ¥1
    Tea and Seafood), at 0.25 each otherwise."""
    wanted = wanted_goods(pl)
    gains = sorted((0.5 * price - SURPLUS_GOOD for good, price in GOOD_PRICE.items()
                    for _ in range(max(0, pl["goods"][good] - wanted[good]))), reverse=True)
    exchanges = CHINATOWN_EXCHANGES[pw - 1]
    return sum(gains[:exchanges]) + 0.25 * max(0, exchanges - len(gains))


def held_share(pl: PlayerState, order: int) -> float:
    """The share of an order's goods the player holds (0 to 1)."""
    cost: dict[str, int] = ORDERS[order]["cost"]
    return sum(min(n, pl["goods"][g]) for g, n in cost.items()) / sum(cost.values())


def order_worth(pl: PlayerState, order: int) -> float:
    """An order in hand: part of its reward, more as the goods it asks for are held."""
    return reward_worth(ORDERS[order]["reward"]) * (0.25 + 0.35 * held_share(pl, order))


def _mean_space_points(kind: str) -> float:
    """The mean points of the Building Site cards' Shophouse (`shops`) or Trading House spaces."""
    sites = parts().sites.values()
    points: list[int] = ([space.get("vp", 0) for site in sites for space in site["shops"]] if kind == "shops"
                         else [site["trading_house"].get("vp", 0) for site in sites])
    return sum(points) / len(points)


#: A piece in hand is worth most of the points of the space it builds on, less the action that builds it,
#: read from the data so that it follows the sites' points: were it worth more than the space pays, the
#: player would keep it in hand (a Trading House worth 8 in hand against spaces paying 6-9 was never built,
#: and its holder stacked the Bank for 24 rounds to build it). Worth less (3.0 / 6.0 against spaces paying
#: 3-6 / 8-11), two Power-4 actions in five found nothing in hand to build: the Employment Agency did not
#: repay its ¥2 / ¥4–7 (ruling R7).
SHOP_IN_HAND = 0.98 * _mean_space_points("shops")
TRADING_HOUSE_IN_HAND = 0.84 * _mean_space_points("trading_houses")
#: A piece hired at the Employment Agency: its worth in hand less the ¥2 / ¥4-7 it costs.
SHOP_HIRED = 0.7 * SHOP_IN_HAND
TRADING_HOUSE_HIRED = 0.625 * TRADING_HOUSE_IN_HAND


#: From this round on, a player ahead in the standings is drawn to the Church and Customs boards, more each
#: round up to `PULL_MAX` a pawn: every pawn there brings the end nearer while the lead holds.
PULL_FROM_ROUND = 14
PULL_PER_ROUND = 0.5
PULL_MAX = 4.0


def standings(state: State) -> list[int]:
    """Each seat's final score if the game ended now (`endgame.final_scores`' total, with the
    majorities remembered as `worth` remembers them): the lead that draws a player toward the end
    (`closing_pull`). Not the points scored in play: the final categories (remainder points, Country
    sets, majorities) decide many close games, and a player ahead in play but behind in the standings
    was the one drawn to the end while the player really ahead was not (AI seed 5184, 2 players, round
    33; ruling R7). The standings are read at every player count."""
    return [pl["vp"] + bonus + country_bonus(state, seat) + sum(remainder_points(pl).values())
            for seat, (pl, bonus) in enumerate(zip(state["p"], majorities(state), strict=True))]


def closing_pull(state: State, seat: int) -> float:
    """What one more pawn on the Church or Customs board is worth to `seat` for ending the game
    sooner: nothing before `PULL_FROM_ROUND` or while another player stands as high in the
    `standings`."""
    k = min(PULL_MAX, PULL_PER_ROUND * (state["round"] - PULL_FROM_ROUND))
    if k <= 0:
        return 0.0
    points = standings(state)
    lead = points[seat] - max(v for s, v in enumerate(points) if s != seat)
    return k if lead > 0 else 0.0


#: The Order deck ends games too (RB: "After replenishing Order cards, the Order deck has run out and
#: there is an empty space ..."). The long games wait on its last cards (with 4 players setup returns no
#: cards to the box and the Church needs 6 of its 7 spaces; with 3, players who fill the orders they are one
#: good short of run the deck down as far as the Church): a leader also counts each card drawn from the
#: deck's last `DECK_PULL_CARDS` as bringing the end nearer, at every player count. Without it at 3 players,
#: 3 of 2,928 greedy games ran 31 rounds, waiting on the deck (ruling R7).
DECK_PULL_CARDS = 6


def deck_pull(state: State) -> int:
    """Cards drawn from the Order deck's last `DECK_PULL_CARDS`."""
    return max(0, DECK_PULL_CARDS - len(state["order_deck"]))


#: A position where an end condition is met counts to a leader as this many more pawns on the Church or
#: Customs board. Without it the step that meets one brought the leader nothing: with the Order deck empty,
#: the order taken from the display that leaves a space empty ("After replenishing Order cards, the Order deck has run
#: out and there is an empty space") left `deck_pull` where it was, and the eighth Shophouse or fourth
#: Trading House counted as any other. A 2-player leader with the deck empty and an order in reach stacked
#: its assistants at the Port for five rounds instead, to round 31 (AI seed 5063; ruling R7).
END_MET_PULL = 3.0


def end_met(state: State) -> bool:
    """Whether an end condition is met (the final round is fixed)."""
    return bool(state["end"]["reasons"])


def end_pawns(state: State) -> int:
    """Pawns the players have put on the Church and Customs boards (the neutral ones left out)."""
    return pawns_placed(state["church"]) + pawns_placed(state["customs"])


#: With this many players, from round `MEANS_FROM_ROUND` on, a leader also counts holding what one action
#: needs to meet an end condition (`end_in_reach`) as `MEANS_PULL` more pawns. With 2 the player behind
#: never closes the game, so it ends when the leader can end it: a leader late with ¥0–1 and no Imported
#: Good, the Order deck on its last card, could take one order a turn and never the two that leave a space
#: empty; it spent each ¥ as it came (AI seed 5184, round 32). 2-player AI samples had one to five
#: such games, each stuck on a different missing means (the eighth Shophouse not in
#: hand, no Imported Good for the last Customs space, a full hand). Counted from the pull's start (round
#: 14) the means changed mid-game play and made other games long (5026 to
#: round 34); from round 27, the last round of only 1 in 12 two-player AI games, they reach only games
#: already long (ruling R7).
MEANS_COUNTS = (2,)
MEANS_PULL = 1.0
MEANS_FROM_ROUND = 27


def end_in_reach(state: State, seat: int) -> bool:
    """Whether `seat` holds what one Area Action needs to meet an end condition nobody has met yet:
    the orders that empty the Order deck and then a Port space (a second card's ¥2 or Imported Good
    and the room in hand), the eighth Shophouse or fourth Trading House in hand, the Imported Goods for
    the last Customs pawn, or the Faith for the last Church pawn (Power 5 and one item of each kind
    held). Where it acts and with what Power is left to the worths of the areas."""
    pl = state["p"][seat]
    deck = len(state["order_deck"])
    room = HAND_LIMIT - len(pl["orders"])
    if deck == 0 and room >= 1:
        return True
    if deck == 1 and room >= 2 and any(has(state, seat, pay, price) for pay, price in SECOND_CARD.items()):
        return True
    if pl["hand"]["shops"] and shops_built(state, seat) == ALL_SHOPS - 1:
        return True
    if pl["hand"]["th"] and th_built(state, seat) == ALL_TRADING_HOUSES - 1:
        return True
    last = END_PAWNS[str(state["players"])] - 1
    for board, spaces, budget in (("customs", state["customs"], min(CUSTOMS_IMPORTS[-1], pl["imported"])),
                                  ("church", state["church"], CHURCH_FAITH[-1] + held_kinds(pl))):
        if pawns_placed(spaces) == last and any(
                owner is None and space["need"] <= budget for owner, space in zip(spaces, BOARDS[board], strict=True)):
            return True
    return False


def held_kinds(pl: PlayerState) -> int:
    """Kinds of Faith items held (RB Church: "You may not pay more than 1 of the same kind")."""
    return sum(1 for k in FAITH_KINDS if (pl[k] if k in ("yen", "imported") else pl["goods"][k]) > 0)


def closing_worth(state: State, seat: int) -> float:
    """What bringing the end nearer is worth to `seat` (`closing_pull` a pawn): the pawns on the
    Church and Customs boards, the cards drawn from the Order deck's end, and a met end condition, or
    (`MEANS_COUNTS`) the means to meet one in hand."""
    pull = closing_pull(state, seat)
    if not pull:  # nothing before round `PULL_FROM_ROUND`: the pawns are not counted then
        return 0.0
    if end_met(state):
        near = END_MET_PULL
    elif state["players"] in MEANS_COUNTS and state["round"] >= MEANS_FROM_ROUND and end_in_reach(state, seat):
        near = MEANS_PULL
    else:
        near = 0.0
    return pull * (end_pawns(state) + deck_pull(state) + near)


def worth(state: State, seat: int) -> float:
    pl = state["p"][seat]
    value = float(pl["vp"]) + money_worth(pl["yen"]) + IMPORTED_WORTH * pl["imported"]
    value += hand_worth(pl["orders"], pl["goods"]) + 2.5 * len(pl["techs"])
    if len(pl["orders"]) >= HAND_LIMIT:
        value -= clogged_hand(pl)
    value += 0.5 * pl["hand"]["assistants"] + stack_worth(state, seat)
    value += SHOP_IN_HAND * pl["hand"]["shops"] + TRADING_HOUSE_IN_HAND * pl["hand"]["th"]
    value += 3.0 * pieces_built(state, seat)
    value += sum(1.0 for m in pl["mercs"] if not m["used"]) + 0.5 * len(pl["tokens"])
    # Majorities are still open to challenge until the end: count half of what they would pay now
    # (the Industry majority too: "10 / 5 points" is what a player takes technologies for).
    value += 0.5 * majorities(state)[seat]
    value += closing_worth(state, seat)
    if state["seat"] == seat and state["stage"] in PROMISE_STAGES:
        promise = [area_promise(state, seat, a, min(5, power(state, seat, a) + (pl["president"] != a)))
                   for a in reachable(state, seat)]
        value += 0.7 * max(promise, default=0.0)
    return value


def clogged_hand(pl: PlayerState) -> float:
    """What a full hand costs its holder: the quarter of its reward that `order_worth` gives any order in
    hand, for the order least covered by the goods held — so a third order the player lacks the goods for
    is taken only when it is worth more than the Port it closes.

    A full hand closes the Port to its holder until an order is filled ("Each player may have a maximum
    of 3 Order cards in their hand. Players may not discard any Order cards"). Without Chinatown
    (2 players) the goods come from one mine, mill, plantation and fishing ground: a leader holding three
    orders it could not fill, with the deck empty, could neither take the order that ends the game nor
    make room for it (AI seeds 5100 and 5092 ran to rounds 33 and 32). With Chinatown the cost was not
    counted, and 5 of 3,000 3-player greedy games (seeds 933016, 933028, 933266, 933516, 934738) ran 31–38
    rounds while players held three orders short of Copper, Raw Silk and Tea for 10–20 rounds, so nobody
    took the orders that run the deck down."""
    worst = min(pl["orders"], key=lambda order: held_share(pl, order))
    return 0.25 * reward_worth(ORDERS[worst]["reward"])


def majorities(state: State) -> list[int]:
    """Per seat, what the Church, Customs and Industry majorities would pay now (remembered: the
    boards' lengths are fixed by the player count, so their spaces and the technologies are the key)."""
    key = (state["players"], *state["church"], *state["customs"], *(tuple(pl["techs"]) for pl in state["p"]))
    points = _MAJORITY_CACHE.get(key)
    return _remember(_MAJORITY_CACHE, key, _reckon_majorities(state)) if points is None else points


def _reckon_majorities(state: State) -> list[int]:
    church, customs = board_majority(state, "church", 6, 3), board_majority(state, "customs", 8, 4)
    return [a + b + c for a, b, c in zip(church, customs, technology_bonus(state), strict=True)]


#: Worth of an assistant left in an area, and of an area where the President's arrival would give
#: the Power 4 that building needs (a Shophouse or Trading House still in hand to build there).
PLACED_WORTH = 0.5
#: By the Power the President's arrival would give: a stack growing toward a build is worth more.
BUILD_READY = {2: 0.4, 3: 1.0, 4: 2.2, 5: 2.6}


def stack_worth(state: State, seat: int) -> float:
    """Assistants on the board, counting more where they prepare a build: Power 4 is reached only
    by stacking assistants over turns, which a one-turn look-ahead would never start."""
    pl = state["p"][seat]
    shops, houses = pl["hand"]["shops"] > 0, pl["hand"]["th"] > 0
    value = 0.0
    for area, n in pl["placed"].items():
        value += PLACED_WORTH * n
        site = state["sites"].get(area)
        if site is None or not (shops and seat not in site["shops"] and None in site["shops"]
                                or houses and site["th"] is None):
            continue
        potential = n + 1 + (seat in site["shops"]) + (site["th"] == seat) + (state["station"] == area)
        value += BUILD_READY.get(min(potential, 5), 0.0)
    return value + mine_stack_worth(state, seat)


#: Share of what a Copper Mine stack would yield (once the President arrives) counted as held now.
MINE_READY = 0.5
#: Mines that yield nothing below Power 3 (RB Copper Mine: "1 Power: No effect / 2 Power: No effect").
SLOW_MINES = frozenset(kind for kind, table in PRODUCTION.items() if table[1] == 0)
SLOW_MINE_AREAS = tuple(area for area, kind in KIND.items() if kind in SLOW_MINES)


def mine_stack_worth(state: State, seat: int) -> float:
    """Assistants stacked at a Copper Mine toward the Power 3 it needs, while the orders in hand ask
    for Copper the player lacks. Without Chinatown (2 players: "Chinatown ... Copper Mine x1" go back
    to the box) that one mine is the only way to the Copper an order asks, and a one-turn look never
    starts a stack: 2-player AI games sat on hands of Copper orders for ten rounds (ruling R7, tenth
    pass). With Chinatown, Copper is bought there for ¥2 and nothing changes."""
    if not goods_scarce(state):
        return 0.0
    pl = state["p"][seat]
    value = 0.0
    for area in SLOW_MINE_AREAS:
        if not pl["placed"].get(area):
            continue
        arrive = min(5, power(state, seat, area) + (pl["president"] != area))
        kind = KIND[area]
        value += MINE_READY * gained_goods_worth(pl, kind, PRODUCTION[kind][arrive - 1])
    return value


def reachable(state: State, seat: int) -> set[str]:
    """Areas where the President could end this turn's move (money and paths considered)."""
    pl = state["p"][seat]
    out: set[str] = set()
    if has_tech(state, seat, "tram"):
        out.update(movement.tram_areas(state, seat))
    if station := movement.station_target(state, seat):
        out.add(station)
    start = pl["president"]
    if start is None:
        out.update(movement.enter_areas(state, seat))
        return out
    out.update(movement.routes(state, seat, start, start))  # the cheapest walks are the affordable ones
    return out


def after(state: State, seat: int, action: Action, checked: flow.EndMark | None = None) -> State:
    """The state after `action`, on a move copy (copying.py): a trial is made like any move.
    `checked`: `flow.settled_mark(state)`, read before the first trial of `state` (each trial settles
    another position), so a trial that leaves the end mark as it was skips the end check; the greedy
    player never edits a state it is given, which that mark needs."""
    trial = copy_state(state)
    flow.apply(trial, seat, action, checked)
    return trial


def _best(state: State, seat: int, value: Callable[[Action, State], float]) -> tuple[Action, State, float]:
    """The option whose resulting state `value` rates highest (first on ties), that state, and
    its rating. The state comes back so the caller need not apply the option a second time."""
    best: tuple[Action, State] | None = None
    best_value = float("-inf")
    checked = flow.settled_mark(state)
    for action in flow.options(state, seat):
        trial = after(state, seat, action, checked)
        score = value(action, trial)
        if best is None or score > best_value + 1e-9:
            best, best_value = (action, trial), score
    assert best is not None, "a seat that owes a decision always has an option"
    return best[0], best[1], best_value


def _one_step(state: State, seat: int) -> tuple[Action, State]:
    action, trial, _ = _best(
        state, seat, lambda _a, t: paid_worth(t, seat) + (0.01 if t["over"] or t["seat"] != seat else 0.0))
    return action, trial


def paid_worth(state: State, seat: int) -> float:
    """`worth`, looking through the choice of which assistant goes onto the Church or Customs board.

    That choice comes after the space is paid for and before it pays out, so on its own the paid
    state looks like a loss: a President judged by one step at a time never walked to the Church it
    had three assistants waiting in (a 2-player game went 21 rounds without a point that way)."""
    if state["stage"] == "act_pawn" and state["seat"] == seat and not state["over"]:
        checked = flow.settled_mark(state)
        return max(worth(after(state, seat, a, checked), seat) for a in flow.options(state, seat))
    return worth(state, seat)


def one_step(state: State, seat: int) -> Action:
    """The action with the best immediate worth (first on ties)."""
    return _one_step(state, seat)[0]


def finish_action(state: State, seat: int) -> float:
    """Play the rest of the Area Action one step greedily; the worth where it settles."""
    return finish_action_state(state, seat)[0]


def finish_action_state(state: State, seat: int) -> tuple[float, State]:
    """`finish_action`, with the state where it settles."""
    for _ in range(ROLLOUT_LIMIT):
        if state["over"] or state["seat"] != seat or state["stage"] in ("first", "second", "end_turn"):
            break
        state = _one_step(state, seat)[1]
    return worth(state, seat), state


def best_of(state: State, seat: int, value: Callable[[State], float]) -> Action:
    """The option whose resulting state `value` rates highest (first on ties)."""
    return _best(state, seat, lambda _a, trial: value(trial))[0]


def choose(state: State, seat: int) -> Action:
    return choose_with_state(state, seat)[0]


def choose_with_state(state: State, seat: int) -> tuple[Action, State]:
    """`choose`, with the state after the chosen action (the look-ahead already built it).

    With the Telephone, every assistant comes back to a hand that would otherwise hold fewer than three
    (`SHORT_HAND`): a player who left one behind each time, its hand empty, never placed again (4-player
    greedy seed 811, 31 rounds; ruling R7)."""
    stage = state["stage"]
    if stage == "recover_choice":
        back = state["p"][seat]["hand"]["assistants"] + assistants_at(state, seat, state["ctx"]["area"])
        if back < len(SHORT_HAND):  # the hand after taking every assistant back: no trial needed to know it
            every: Action = {"do": "recover", "leave": 0}
            return every, after(state, seat, every)
    if state["pending"] or stage in flow.AREA:
        # Judge area choices by where the whole action ends, not by the half-way state.
        action, trial, _ = _best(state, seat, lambda _a, t: finish_action(t, seat))
        return action, trial
    if stage in PLACEMENT:
        action, trial, _ = _placement(state, seat)
        return action, trial
    if stage not in MOVEMENT:
        return _one_step(state, seat)
    return _movement(state, seat)


def _movement(state: State, seat: int) -> tuple[Action, State]:
    """The best move by where its Area Action settles; the President goes back to hand (a pass)
    only when no move gains anything."""
    before = holdings(state, seat)
    freed = stranded(state, seat) if state["p"][seat]["president"] is not None else 0.0
    moves: list[tuple[float, int, Action, State]] = []
    gaining: list[tuple[float, int, Action, State]] = []
    productive: list[tuple[float, int, Action, State]] = []
    passes: list[tuple[float, int, Action, State]] = []
    checked = flow.settled_mark(state)
    anything = gains(state, seat)
    hand = state["p"][seat]["hand"]["assistants"]  # the hand before the pass, not after it
    for i, action in enumerate(flow.options(state, seat)):
        trial = after(state, seat, action, checked)
        if action["do"] == "return":
            passes.append((best_return(trial, seat, hand) + freed, -i, action, trial))
            continue
        value, settled = finish_action_state(trial, seat)
        moves.append((value, -i, action, trial))
        if any(now > then for now, then in zip(holdings(settled, seat), before, strict=True)):
            gaining.append(moves[-1])
        if anything(settled):
            productive.append(moves[-1])
    # No move gains what the orders in hand ask for: a pass, or a move that gains anything at all — never a
    # main action that gains nothing while one that gains something is legal.
    fallback = [*productive, *passes] if productive else [*moves, *passes]
    _, _, action, trial = max(gaining or fallback, key=lambda m: (m[0], m[1]))
    return action, trial


def gains(state: State, seat: int) -> Callable[[State], bool]:
    """Whether a later state of the game shows `seat` holding more of anything than in `state`: points,
    money, goods (asked for or not), cards, pieces, pawns — what an Area Action that gains something leaves."""
    before = everything(state, seat)
    return lambda later: any(now > then for now, then in zip(everything(later, seat), before, strict=True))


def everything(state: State, seat: int) -> tuple[int, ...]:
    """What a player holds that an Area Action may add to (`holdings` with every good counted)."""
    pl = state["p"][seat]
    return (pl["vp"], pl["yen"], pl["imported"], *(pl["goods"][g] for g in GOODS), len(pl["orders"]) + len(pl["done"]),
            len(pl["techs"]), len(pl["tokens"]), len(pl["mercs"]), pl["hand"]["shops"] + shops_built(state, seat),
            pl["hand"]["th"] + th_built(state, seat), state["church"].count(seat) + state["customs"].count(seat),
            -pl["warehouse"]["assistants"])  # assistants in play: an Area Action's own come back to hand anyway


def wasted_main_action(state: State, seat: int, action: Action) -> bool:
    """Whether `action` moves the President to an Area Action that gains nothing (its rest played the greedy
    way) while another move of this decision gains something. A pass (the President back to hand) is no main
    action; a position that is no move decision wastes nothing."""
    if state["stage"] not in MOVEMENT or action.get("do") == "return" or state["seat"] != seat:
        return False
    anything = gains(state, seat)
    if anything(finish_action_state(after(state, seat, action), seat)[1]):
        return False
    return any(anything(finish_action_state(after(state, seat, other), seat)[1])
               for other in flow.options(state, seat) if other.get("do") != "return" and other != action)


def holdings(state: State, seat: int) -> tuple[int, ...]:
    """What a player has gained by an Area Action: points, money, goods, cards, pieces, pawns."""
    pl = state["p"][seat]
    wanted = wanted_goods(pl)  # goods no order in hand asks for are only remainder points
    return (pl["vp"], pl["yen"], pl["imported"], *(min(pl["goods"][g], wanted[g]) for g in GOODS),
            len(pl["orders"]) + len(pl["done"]),
            len(pl["techs"]), len(pl["tokens"]), len(pl["mercs"]), pl["hand"]["shops"] + shops_built(state, seat),
            pl["hand"]["th"] + th_built(state, seat), state["church"].count(seat) + state["customs"].count(seat))


def placement_choice(state: State, seat: int) -> tuple[Action, float]:
    """The placement whose resulting position (before moving) looks best, and its worth.

    A spread can be chosen in hundreds of ways; only combinations of the `SHORTLIST` best
    single areas are tried, which is what a player would weigh too.
    """
    action, _, value = _placement(state, seat)
    return action, value


def _placement(state: State, seat: int) -> tuple[Action, State, float]:
    """`placement_choice`, with the state after the chosen action."""
    options = flow.options(state, seat)
    checked = flow.settled_mark(state)
    if options[0]["do"] == "place_way":
        ways = [after(state, seat, way, checked) for way in options]
        rated = [(_placement(trial, seat)[2], i) for i, trial in enumerate(ways)]
        value, i = max(rated)
        return options[i], ways[i], value
    tried: dict[int, State] = {}
    action: Action
    singles = [a for a in cast("list[PlaceAction]", options) if len(a.get("areas", [])) == 1]
    if len(options) > 40 and singles:
        values = {}
        for action in singles:
            tried[id(action)] = after(state, seat, action, checked)
            values[id(action)] = worth(tried[id(action)], seat)
        ranked = sorted(singles, key=lambda a: -values[id(a)])
        top = {a["areas"][0] for a in ranked[:SHORTLIST]} | path_areas(state, seat)
        options = [a for a in cast("list[PlaceAction]", options) if "pair" in a or set(a["areas"]) <= top]
    best: tuple[Action, State] | None = None
    best_value = float("-inf")
    for action in options:
        trial = tried[id(action)] if id(action) in tried else after(state, seat, action, checked)
        value = worth(trial, seat)
        if best is None or value > best_value + 1e-9:
            best, best_value = (action, trial), value
    assert best is not None, "placement is offered only when something can be placed"
    return best[0], best[1], best_value


def path_areas(state: State, seat: int) -> set[str]:
    """Areas that, each given an assistant, would open a walk from the President to the best area
    it cannot walk to now (movement needs an own assistant in every area entered but the Canal): a President cut
    off from the Customs or the Church would otherwise take small gains nearby for ever."""
    pl = state["p"][seat]
    start = pl["president"]
    if start is None:
        return set()
    reach = reachable(state, seat)
    goal, best = None, 0.0
    for area in state["layout"]:
        if area in reach or area == start or KIND[area] == "canal":
            continue
        # The walk placed there gives the goal an assistant too, unless it has one: the President
        # arrives to that Power (a Port needs 2 to take an order; with +1 it never looked worth a walk).
        arrive = power(state, seat, area) + 1 + (not pl["placed"].get(area))
        value = area_promise(state, seat, area, min(5, arrive))
        if value > best:
            goal, best = area, value
    if goal is None:
        return set()
    came: dict[str, str | None] = {start: None}
    queue = [start]
    for area in queue:
        if area == goal:
            break
        for nxt in state["adjacent"][area]:
            if nxt not in came:
                came[nxt] = area
                queue.append(nxt)
    if goal not in came:
        return set()
    need: set[str] = set()
    step: str | None = goal
    while step is not None and step != start:
        if not pl["placed"].get(step) and KIND[step] != "canal":
            need.add(step)
        step = came[step]
    return need if len(need) <= 3 else set()


def best_return(state: State, seat: int, hand: int) -> float:
    """Worth of taking pieces back: sensible when the hand has run low (fewer than 2 assistants before the
    pass), or when the President is cut off from the areas worth acting in (from hand it may enter any area
    next turn). `hand` is the assistants in hand before the pass: read after it, a pass that takes assistants
    back looked like one from a full hand, and a player with none in hand passed for ever without taking any.

    From a low hand the assistants that come back are worth what the Employment Agency's are to a short
    hand (`SHORT_HAND`), in the choice of which area's come back too: by the position's worth alone a stack
    on the board outweighed a hand, and a player with ¥24-46 and none in hand placed one assistant at the
    Bank and went home with none, turn after turn, for 16 rounds (a 2-player greedy game of 37
    rounds; ruling R7)."""
    low = hand < 2
    while state["stage"] == "return":
        state = _best(state, seat, lambda _a, t: worth(t, seat) + (refilled(t, seat, hand) if low else 0.0))[1]
    return worth(state, seat) + (3.0 + refilled(state, seat, hand) if low else -1.0)


def refilled(state: State, seat: int, hand: int) -> float:
    """What the assistants in hand beyond `hand` are worth to a short hand (`SHORT_HAND`)."""
    now = state["p"][seat]["hand"]["assistants"]
    return sum(SHORT_HAND[n] for n in range(hand, min(now, len(SHORT_HAND))))


def stranded(state: State, seat: int) -> float:
    """How much better the best area anywhere is than the best the President can walk to now: what
    going back to hand frees (from hand it may enter any area with a pair placed next turn)."""
    def best(areas: Iterable[str]) -> float:
        return max((area_promise(state, seat, a, min(5, power(state, seat, a) + 3)) for a in areas
                    if KIND[a] != "canal"), default=0.0)

    return 0.7 * max(0.0, best(state["layout"]) - best(reachable(state, seat)))
