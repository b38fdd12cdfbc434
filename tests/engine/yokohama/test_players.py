"""The greedy player and the AI play purposefully: they never pass while a move gains something.

One stalled game passed 30 times ("place one assistant, take everything back"); the
President going back to hand (RB Movement b) is a pass — no Area Action — and a player who takes
it with a gainful Area Action in reach only slows the game down.
"""

from __future__ import annotations

import pytest

from engine.core import Rng, mix_seed, random_playout
from engine.yokohama import GAME, greedy
from engine.yokohama.endgame import final_scores, rounds_played
from engine.yokohama.types import State
from tests.engine.yokohama.helpers import put
from tests.engine.yokohama.test_movement import board2


def greedy_game_to_round_30(players: int, seed: int) -> State:
    """Greedy players in every seat, in the calibration benchmark's seat order, until the game ends
    or round 30 is over (no cap ends a game: the test reads where it stopped, `ended_by_round_30`)."""
    state = GAME.new(players, seed)
    rng = Rng(mix_seed(seed, players, 31))
    while not GAME.is_over(state) and state["round"] <= 30:
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    return state


def ended_by_round_30(state: State) -> bool:
    """The game is over and its final round was round 30 or earlier (ruling R7: none may go past it)."""
    return GAME.is_over(state) and rounds_played(state) <= 30


def gainful_move_or_pass():
    """President in the Bank, 2 assistants in the Tea Plantation next door: going there gives 3 Tea;
    going back to hand would give back 2 assistants and nothing else."""
    state = board2()
    state["p"][0]["president"] = "bank"
    put(state, 0, "tea1", 2)
    state["p"][0]["hand"]["assistants"] = 1
    legal = GAME.legal(state, 0)
    assert {"do": "go", "area": "tea1"} in legal and {"do": "return", "area": "tea1"} in legal
    return state


def test_the_greedy_player_moves_rather_than_passing() -> None:
    state = gainful_move_or_pass()
    assert GAME.auto_action(state, 0)["do"] != "return"


def test_the_ai_moves_rather_than_passing() -> None:
    state = gainful_move_or_pass()
    for seed in range(2):
        assert GAME.ai_action(state, 0, seed=seed, budget_s=2.0)["do"] != "return"


def test_a_president_cut_off_from_the_customs_places_a_way_there() -> None:
    """RB Movement: "At least one of that player's Assistant pawns must be in the destination area."
    A President in the Silk Mill with three assistants and three Imported Goods waiting at the
    Customs can walk there only through areas holding its assistants: the areas of that walk are
    among the placements the greedy player weighs (ruling R7)."""
    state = board2()
    state["stage"] = "place"
    state["p"][0]["president"] = "silk1"
    put(state, 0, "customs", 3)
    state["p"][0]["imported"] = 3
    assert "customs" not in greedy.reachable(state, 0)
    assert greedy.path_areas(state, 0) == {"church", "tea1"}  # Silk Mill → Church → Tea → Customs
    state["p"][0]["president"] = "bank"  # next door: nothing to open
    assert "customs" in greedy.reachable(state, 0) and "customs" not in greedy.path_areas(state, 0)


def test_a_walk_to_the_port_counts_the_assistant_it_places_there() -> None:
    """RB Port: "1 Power: You may not take an Order card / 2 Power: You may take an Order card from
    the Low area"; RB Movement: "At least one of that player's Assistant pawns must be in the
    destination area." A walk opened by placement puts an assistant in the goal too, so the President
    arrives at Power 2 and may take an order. Judged at Power 1 (the President alone), a Port never
    looked worth a walk: in 2-player seed 541 the leader, an empty hand and the Order deck two cards
    from the end, banked ¥4 a turn from round 29 to round 35 (ruling R7)."""
    state = board2()
    state["stage"] = "place"
    state["p"][0]["president"] = "silk1"
    state["p"][0]["hand"]["assistants"] = 3
    state["p"][0]["yen"] = 0
    state["p"][0]["orders"] = []  # no good fills an order in hand (that would make its area the goal)
    assert "port_a" not in greedy.reachable(state, 0)
    assert greedy.area_promise(state, 0, "port_a", 1) == 0  # the President alone takes no order
    assert greedy.path_areas(state, 0) == {"copper1", "agency", "port_a"}  # Silk Mill → Copper → Agency → Port


def test_the_greedy_game_that_banked_for_twenty_rounds_ends_in_time() -> None:
    """Two greedy players, seed 95: cut off from the Customs, where three of its assistants and three
    Imported Goods waited, one player took ¥5 at the Bank every turn from round 28 on (¥51 by round 32)
    and the game ran to round 51 (before this fix). Opening a way there (above)
    ends it by the rules before round 30."""
    state = greedy_game_to_round_30(2, 95)
    assert ended_by_round_30(state)


def test_a_president_walks_to_the_church_where_its_assistants_wait_with_a_pawn_in_hand() -> None:
    """RB Church: "place 1 Assistant pawn from the Church Area or your hand to the Church Management
    Board corresponding to the Faith value that was paid and gain the corresponding reward." With
    assistants both in the Church and in hand, which one goes onto the board is asked after the
    space is paid for and before it pays out. Judged one step at a time that paid state
    looked like a loss, so the greedy player walked anywhere else (one 2-player game: 21 rounds at
    56 points, three assistants waiting in the Church). It now walks there and takes a space."""
    state = board2()
    pl = state["p"][0]
    pl["president"] = "tea1"  # next to the Church on this board
    put(state, 0, "church", 3)
    put(state, 0, "silk1", 2)  # beyond the Church: 2 Silk, a small gain
    pl["hand"].update(assistants=5, shops=0, th=0)  # nothing to build: the Church space is the gain
    pl["goods"].update(silk=1, tea=1, fish=1)
    pl["yen"], pl["imported"] = 1, 0
    state["church"] = [1, None, 1, None, 1, None, None, None]  # space and payment are one decision
    assert GAME.auto_action(state, 0) == {"do": "go", "area": "church"}
    state = GAME.apply(state, 0, {"do": "go", "area": "church"})
    while state["seat"] == 0 and state["stage"] not in ("second", "end_turn") and not state["over"]:
        state = GAME.apply(state, 0, GAME.auto_action(state, 0))
    assert 0 in state["church"]


def test_a_leader_late_in_the_game_is_drawn_to_the_church_and_customs_boards() -> None:
    """RB End of Game Conditions: "A number of Assistant pawns on the Church Management Board has been
    placed (2 Players: 4; 3 Players: 5; 4 Players: 6)", and the same for the Customs. A player ahead
    brings the end nearer with each pawn there; from round 14 the greedy player counts that, more
    each round, and only while it leads in points (ruling R7)."""
    state = GAME.new(2, 0)
    state["p"][0]["vp"], state["p"][1]["vp"] = 60, 50
    state["round"] = 10
    assert greedy.closing_pull(state, 0) == 0.0  # too early
    state["round"] = 20
    assert greedy.closing_pull(state, 0) > 0.0
    assert greedy.closing_pull(state, 1) == 0.0  # behind: no hurry to end
    state["round"] = 40
    assert greedy.closing_pull(state, 0) == greedy.PULL_MAX
    state["p"][1]["vp"] = 60
    assert greedy.closing_pull(state, 0) == 0.0  # level: nobody leads


def test_the_standings_are_the_final_scores_if_the_game_ended_now() -> None:
    """RB Final Score Calculation: "Church bonus, Customs bonus, Technology bonus, Country bonus,
    Remainder Scoring" ("Unused Foreign Mercenary tokens: 1 Victory point each / Imported Goods tokens:
    1 Victory point each / Every 2 Yen: 1 Victory point / Every 3 Trade Good tokens: 1 Victory point").
    `greedy.standings` is the total the final scoring would give each seat now, over positions of
    random games at every player count."""
    for players in (2, 3, 4):
        for seed in range(6):
            state = random_playout(GAME, players, seed, max_actions=150 + 60 * seed).state
            assert greedy.standings(state) == [row["total"] for row in final_scores(state)]


def test_the_lead_that_closes_the_game_is_read_from_the_standings() -> None:
    """RB End of Game Conditions and Final Score Calculation: the game ends on a condition met, and the
    final categories (majorities, Country sets, remainder) come on top of the points scored in play. A
    player ahead in play can be behind in the standings: in AI seed 5184 (2 players) the player ahead 130
    to 127 in play held three orders it could not fill, while the player ahead 166 to 161 in the
    standings had an empty hand and one card left in the deck, and nobody closed the game until round
    33. The pull toward the end goes to the player ahead in the standings, at every player count (ruling
    ruling R7: the mixed-lineup game 70092)."""
    def position(players: int) -> State:
        state = GAME.new(players, 0)
        state["round"] = 26
        for pl in state["p"]:
            pl["vp"], pl["yen"], pl["imported"] = 100, 0, 0
            pl["goods"] = {good: 0 for good in pl["goods"]}
        state["p"][0]["vp"] = 127
        state["p"][0]["goods"]["fish"] = 30  # 10 remainder points
        state["p"][1]["vp"] = 130
        return state

    for players in (2, 3, 4):
        state = position(players)
        assert greedy.standings(state)[0] > greedy.standings(state)[1]
        assert greedy.closing_pull(state, 0) == greedy.PULL_MAX  # ahead in the standings
        assert greedy.closing_pull(state, 1) == 0.0  # ahead in play only


def test_a_leader_late_counts_the_orders_drawn_from_the_decks_end() -> None:
    """RB End of Game Conditions: "After replenishing Order cards, the Order deck has run out and there
    is an empty space on the card area of the Port Order Form Board." The long games wait on the deck's
    last cards (with 4 players "4 players: 0" cards are returned to the box), so a leader late in the game
    counts each card drawn from the deck's last six as it counts a pawn on the Church or Customs board,
    and a Port action it can take grows by the same, at every player count (ruling R7)."""
    state = GAME.new(4, 0)
    for seat, vp in enumerate((90, 60, 50, 40)):
        state["p"][seat]["vp"] = vp
    state["round"] = 20
    state["order_deck"] = state["order_deck"][:6]
    assert greedy.deck_pull(state) == 0
    full = greedy.worth(state, 0)
    state["order_deck"] = state["order_deck"][:4]
    assert greedy.deck_pull(state) == 2
    assert greedy.worth(state, 0) - full == pytest.approx(2 * greedy.closing_pull(state, 0))
    assert greedy.area_promise(state, 0, "port_a", 3) > greedy.area_promise(state, 1, "port_a", 3)  # 1 trails
    three = GAME.new(3, 0)
    three["order_deck"] = three["order_deck"][:5]
    assert greedy.deck_pull(three) == 1  # 3 players too


def test_a_leader_late_counts_the_end_met_as_three_more_pawns() -> None:
    """RB End of Game Conditions: "After replenishing Order cards, the Order deck has run out and there
    is an empty space ..." / "One or more of the players have built all 8 Shophouses." and "Finish
    playing out the round ... then there is one final round for all players." The step that meets an end
    condition brings the end nearest of all, so to a leader late in the game a position where one is met
    is worth `END_MET_PULL` pawns more (with the deck empty, the order that leaves a space empty added
    nothing before, and a 2-player leader stacked its assistants at the Port for five rounds instead: AI
    seed 5063, round 31). To the player behind it is worth nothing (ruling R7)."""
    state = GAME.new(2, 0)
    state["p"][0]["vp"], state["p"][1]["vp"] = 150, 110
    state["round"] = 26
    state["order_deck"] = []
    before = [greedy.worth(state, seat) for seat in (0, 1)]
    state["end"]["reasons"], state["end"]["final_round"] = ["orders"], 27
    assert greedy.worth(state, 0) - before[0] == pytest.approx(3 * greedy.closing_pull(state, 0))
    assert greedy.closing_pull(state, 0) == greedy.PULL_MAX
    assert greedy.worth(state, 1) == before[1]  # behind: no hurry to end
    state["round"] = greedy.PULL_FROM_ROUND  # too early: the pawns and the end are not counted yet
    assert greedy.worth(state, 0) == pytest.approx(before[0] - greedy.PULL_MAX * greedy.deck_pull(state))


def test_a_leader_late_is_drawn_to_the_port_when_an_order_taken_ends_the_game() -> None:
    """RB End of Game Conditions: "After replenishing Order cards, the Order deck has run out and there
    is an empty space on the card area of the Port Order Form Board." Once the orders a player takes
    outnumber the deck's cards, the last one leaves its space empty and meets the end ("take 1 Order card
    for free or 2 Order cards if you pay 2 Yen or 1 Imported Good token"), so to a leader late in the game
    such a Port action is worth the met end (`END_MET_PULL` pawns) on top of the order. Without it a
    3-player leader with an empty hand and the deck empty walked past the Port for ten rounds (AI seed
    5060, round 35; ruling R7), and a 2-player leader who could take two orders while the
    deck held one let the game run to round 31 (AI seed 5051; ruling R7). With more cards left
    than it can take, with the end already met, or to a player behind, nothing is added."""
    state = GAME.new(3, 0)
    for seat, vp in enumerate((111, 81, 94)):
        state["p"][seat]["vp"] = vp
        state["p"][seat]["orders"] = []
        state["p"][seat]["yen"] = 5
        state["p"][seat]["goods"] = dict.fromkeys(state["p"][seat]["goods"], 0)  # no order on display filled
    state["round"] = 26
    deck = state["order_deck"]
    state["ports"]["port_a"] = [deck[0], deck[1], deck[2], deck[3], deck[4]]
    pull = greedy.closing_pull(state, 0)
    assert pull == greedy.PULL_MAX
    ending = greedy.PORT_FLAT + (1 + greedy.END_MET_PULL) * pull  # the order drawn, and the end it meets
    state["order_deck"] = deck[5:7]  # two cards left: two orders taken still leave the row full
    assert greedy.port_takes(state, 0, "port_a", 2) == 2
    assert greedy.area_promise(state, 0, "port_a", 2) == greedy.PORT_FLAT + pull  # an order drawn nears the end
    state["order_deck"] = deck[5:6]  # one card left: a second order leaves a space empty
    assert greedy.area_promise(state, 0, "port_a", 2) == pytest.approx(ending)
    assert greedy.area_promise(state, 1, "port_a", 2) == greedy.PORT_FLAT  # behind: no hurry to end
    state["p"][0]["yen"] = 1  # cannot pay for the second card (¥2 or 1 imported): one order, the deck refills it
    assert greedy.port_takes(state, 0, "port_a", 2) == 1
    assert greedy.area_promise(state, 0, "port_a", 2) == greedy.PORT_FLAT + pull
    state["p"][0]["imported"] = 1
    assert greedy.port_takes(state, 0, "port_a", 2) == 2
    state["p"][0]["orders"] = deck[10:12]  # room for one more order only
    assert greedy.port_takes(state, 0, "port_a", 2) == 1
    assert greedy.area_promise(state, 0, "port_a", 2) == greedy.PORT_FLAT + pull
    state["p"][0]["orders"] = []
    state["order_deck"] = []
    assert greedy.area_promise(state, 0, "port_a", 2) == pytest.approx(ending)
    assert greedy.area_promise(state, 0, "port_a", 1) == 0.0  # Power 1 takes no order: nothing to end it with
    state["end"]["reasons"], state["end"]["final_round"] = ["shops"], 26
    assert greedy.area_promise(state, 0, "port_a", 2) == greedy.PORT_FLAT + pull  # already met: no more


def test_a_two_player_leader_late_counts_the_means_to_end_the_game_as_one_more_pawn() -> None:
    """RB End of Game Conditions: "After replenishing Order cards, the Order deck has run out and there
    is an empty space on the card area of the Port Order Form Board." / "One or more of the players have
    built all 8 Shophouses." / "A number of Assistant pawns on the Church [Customs] Management Board has
    been placed (2 Players: 4 ...)". With 2 players the player behind never closes the game, so a leader
    late in it counts holding what one action needs to meet an end condition as `MEANS_PULL` more pawns:
    the ¥2 or Imported Good for the second order with the deck on its last card ("2 Order cards if you pay
    2 Yen or 1 Imported Good token"), the eighth Shophouse in hand, the Imported Goods for the last
    Customs pawn, the Faith for the last Church pawn ("You may not pay more than 1 of the same kind").
    A leader with ¥0-1 spent each yen as it came and took one order a turn while the deck held one card,
    and the game ran to round 32 (AI seed 5184). Only from round `MEANS_FROM_ROUND` (27) on: counted from the
    pull's start it changed mid-game play and made other games long (ruling R7)."""
    state = GAME.new(2, 0)
    state["p"][0]["vp"], state["p"][1]["vp"] = 150, 110
    assert greedy.MEANS_FROM_ROUND == 27
    state["round"] = greedy.MEANS_FROM_ROUND
    pull = greedy.closing_pull(state, 0)
    assert pull == greedy.PULL_MAX
    pl = state["p"][0]
    pl["yen"], pl["imported"], pl["orders"] = 0, 0, []
    pl["goods"] = {g: 0 for g in pl["goods"]}
    deck = state["order_deck"]

    def means() -> float:
        """What the means add to the leader's `closing_worth` (its other terms read off)."""
        return greedy.closing_worth(state, 0) - pull * (greedy.end_pawns(state) + greedy.deck_pull(state))

    state["order_deck"] = deck[:1]  # the last card: two orders taken leave a space empty
    assert not greedy.end_in_reach(state, 0) and means() == 0.0  # ¥0, no Imported Good: one order only
    pl["yen"] = 2
    assert greedy.end_in_reach(state, 0)
    assert means() == pytest.approx(greedy.MEANS_PULL * pull)
    assert greedy.closing_worth(state, 1) == 0.0  # behind: no hurry to end, nothing to count
    state["round"] = greedy.MEANS_FROM_ROUND - 1  # a round earlier the means count for nothing yet
    assert greedy.closing_pull(state, 0) == pull and means() == 0.0
    state["round"] = greedy.MEANS_FROM_ROUND
    pl["orders"] = deck[5:7]  # room for one more order only
    assert not greedy.end_in_reach(state, 0)
    state["order_deck"] = []  # the deck empty: one order leaves a space empty
    assert greedy.end_in_reach(state, 0)
    state["order_deck"] = deck[:2]  # two cards left: two orders still leave the row full
    pl["orders"], pl["yen"] = [], 2
    assert not greedy.end_in_reach(state, 0)

    # The eighth Shophouse in hand, seven built.
    built = 0
    for site in state["sites"].values():
        for i in range(len(site["shops"])):
            if built < 7:
                site["shops"][i], built = 0, built + 1
    assert greedy.shops_built(state, 0) == 7
    pl["hand"]["shops"] = 0
    assert not greedy.end_in_reach(state, 0)
    pl["hand"]["shops"] = 1
    assert greedy.end_in_reach(state, 0) and means() == pytest.approx(greedy.MEANS_PULL * pull)
    pl["hand"]["shops"] = 0

    # The last Customs pawn: three player pawns and the neutral one; the cheapest open space takes 1.
    state["customs"][4:7] = [0, 1, 0]
    assert not greedy.end_in_reach(state, 0)  # no Imported Good
    pl["imported"] = 1
    assert greedy.end_in_reach(state, 0)
    pl["imported"] = 0

    # The last Church pawn: Faith 5, 6 and 8 taken (7 is the neutral's), so 9 is the cheapest open:
    # Power 5 gives 5, and four kinds held give the rest.
    state["church"][:4] = [1, 0, -1, 1]
    assert greedy.BOARDS["church"][4]["need"] == 9
    pl["goods"].update(copper=2, silk=1, tea=1)  # three kinds (¥2 held makes four)
    pl["yen"] = 0
    assert not greedy.end_in_reach(state, 0)
    pl["yen"] = 2
    assert greedy.end_in_reach(state, 0) and means() == pytest.approx(greedy.MEANS_PULL * pull)

    # Met already: the met end counts instead (`END_MET_PULL`), not both.
    state["end"]["reasons"], state["end"]["final_round"] = ["customs"], 27
    assert means() == pytest.approx(greedy.END_MET_PULL * pull)
    state["end"]["reasons"], state["end"]["final_round"] = [], None

    # With 3 players two others may close the game: the means count for nothing there.
    three = GAME.new(3, 0)
    for seat, vp in enumerate((150, 110, 100)):
        three["p"][seat]["vp"] = vp
    three["round"], three["order_deck"] = greedy.MEANS_FROM_ROUND, []
    assert greedy.end_in_reach(three, 0)
    assert greedy.closing_worth(three, 0) == pytest.approx(
        greedy.closing_pull(three, 0) * (greedy.end_pawns(three) + greedy.deck_pull(three)))


def test_money_beyond_what_a_turn_can_spend_is_worth_little() -> None:
    """The dearest things money buys in one turn — a Trading House from the Employment Agency, a
    technology, Shophouses at ¥2 each — cost less than ¥15 together, so the greedy player counts ¥0.5
    a yen up to ¥15 and little beyond, and the Bank's promise shrinks with it. A 2-player player cut off
    from all of them banked ¥5 a turn up to ¥44 while the game ran to round 44 (seed 257; ruling R7)."""
    assert greedy.money_worth(10) == 5.0 and greedy.money_worth(15) == 7.5
    assert greedy.money_worth(25) == pytest.approx(7.5 + 10 * greedy.SPARE_MONEY)
    state = GAME.new(2, 0)
    state["p"][0]["yen"] = 4
    poor = greedy.area_promise(state, 0, "bank", 5)
    state["p"][0]["yen"] = 30
    rich = greedy.area_promise(state, 0, "bank", 5)
    assert poor - rich == pytest.approx(5 * (0.5 - greedy.SPARE_MONEY))  # ¥5 at ¥0.5 each, then at 0.1


def test_the_four_player_game_that_ran_to_round_35_ends_in_time() -> None:
    """Four greedy players, seed 319: from round 26 the Church held five pawns and its last two spaces
    asked Faith 10 and 11, the Customs four, and with one card left in the Order deck nobody took an
    order for six rounds, the leader fetching one Copper a turn; it ended by the Order deck in round 35.
    With the deck's pull above it ends by the rules before round 30."""
    state = greedy_game_to_round_30(4, 319)
    assert ended_by_round_30(state)


def test_the_two_player_game_whose_leader_never_closed_ends_in_time() -> None:
    """Two greedy players, seed 34: one led 193 to 115 and the game still ran to round 32, nobody
    taking the Church or Customs spaces that end it. With the pull above the leader closes it before
    round 30 (with the Copper Mine stacked and the Port read, one player builds all 8 Shophouses in
    round 17)."""
    state = greedy_game_to_round_30(2, 34)
    assert ended_by_round_30(state)


def test_a_full_hand_costs_the_base_worth_of_its_least_covered_order() -> None:
    """RB: "Each player may have a maximum of 3 Order cards in their hand. Players may not discard any
    Order cards." A full hand closes the Port to its holder until an order is filled. The greedy player
    counts any order in hand at a quarter of its reward even with none of its goods; with a full hand the
    order least covered by the goods held loses that quarter, so a third order it cannot fill no longer
    looks like a gain. Without Chinatown (2 players) a leader holding three such orders with the deck empty
    ran the game to round 33 (AI seed 5100); with Chinatown (3 players) players held three orders short of
    Copper, Raw Silk and Tea for 10–20 rounds (greedy seeds 933016 and four more, 31–38 rounds)."""
    def base(order: int) -> float:
        return 0.25 * greedy.reward_worth(greedy.ORDERS[order]["reward"])

    state = GAME.new(2, 0)
    assert "chinatown" not in state["layout"]
    pl = state["p"][0]
    cards = sorted(greedy.ORDERS)[:3]
    pl["goods"] = {g: 0 for g in pl["goods"]}
    pl["orders"] = cards[:2]
    two = greedy.worth(state, 0)
    pl["orders"] = cards
    # none of the goods held: every order is covered alike, and the first of them counts as the least
    assert greedy.order_worth(pl, cards[2]) == pytest.approx(base(cards[2]))
    assert greedy.clogged_hand(pl) == pytest.approx(base(cards[0]))
    assert greedy.worth(state, 0) - two == pytest.approx(base(cards[2]) - base(cards[0]))
    # every good of the first order held: the least covered is now one of the other two
    for good, n in greedy.ORDERS[cards[0]]["cost"].items():
        pl["goods"][good] = n
    assert greedy.clogged_hand(pl) in (pytest.approx(base(cards[1])), pytest.approx(base(cards[2])))
    three = GAME.new(3, 0)
    three["p"][0]["goods"] = {g: 0 for g in pl["goods"]}
    three["p"][0]["orders"] = cards
    full_hand = greedy.worth(three, 0)
    three["p"][0]["orders"] = cards[:2]
    assert "chinatown" in three["layout"]
    assert full_hand - greedy.worth(three, 0) == pytest.approx(base(cards[2]) - base(cards[0]))  # the same


def copper_order() -> int:
    """An order card that asks for Copper."""
    return next(o for o, card in greedy.ORDERS.items() if card["cost"].get("copper", 0) >= 1)


def test_without_chinatown_assistants_stacked_at_the_copper_mine_are_worth_the_copper_to_come() -> None:
    """RB Copper Mine: "1 Power: No effect / 2 Power: No effect / 3 Power: Gain 1 Copper token", and with
    2 players the setup returns "Chinatown ... Copper Mine x1" to the box: one mine is the only source
    of the Copper an order asks for. Two assistants there (Power 3 once the President arrives) are
    worth half the Copper they will bring while an order in hand asks for it; one assistant (Power 2,
    nothing) is worth nothing more; with Chinatown (3 players), where Copper is bought, nothing changes."""
    state = GAME.new(2, 0)
    pl = state["p"][0]
    pl["orders"], pl["goods"]["copper"] = [copper_order()], 0
    pl["placed"] = {"copper1": 1}
    assert greedy.mine_stack_worth(state, 0) == 0.0  # Power 2 at the mine: "No effect"
    pl["placed"] = {"copper1": 2}
    gain = greedy.gained_goods_worth(pl, "copper", 1)
    assert gain > 0
    assert greedy.mine_stack_worth(state, 0) == pytest.approx(greedy.MINE_READY * gain)
    pl["orders"] = []  # no order asks for Copper: a spare Copper is worth its remainder points only
    assert greedy.mine_stack_worth(state, 0) < greedy.MINE_READY * gain
    three = GAME.new(3, 0)
    assert "chinatown" in three["layout"] and "copper1" in three["layout"]
    three["p"][0]["orders"], three["p"][0]["goods"]["copper"] = [copper_order()], 0
    three["p"][0]["placed"] = {"copper1": 2}
    assert greedy.mine_stack_worth(three, 0) == 0.0


def test_without_chinatown_a_port_offering_an_order_whose_goods_are_held_is_worth_that_order() -> None:
    """RB Port: "Take 1 Order card ... Power 2: Low / 3: Low, Mid / 4-5: all". With 2 players goods serve
    only orders, the Church and remainder points; a player holding the goods for an order on display
    walked past the Port for fifteen rounds (seed 782). Such an order is worth its worth in hand; an
    order whose goods are not held, and any order with Chinatown in the game, keep the flat worth."""
    state = GAME.new(2, 0)
    pl = state["p"][0]
    pl["orders"] = []
    row = state["ports"]["port_a"]
    card = row[0]
    pl["goods"] = {g: 0 for g in pl["goods"]}
    assert greedy.port_promise(state, 0, "port_a", 2) == greedy.PORT_FLAT
    pl["goods"].update(greedy.ORDERS[card]["cost"])
    assert greedy.order_worth(pl, card) > greedy.PORT_FLAT
    assert greedy.port_promise(state, 0, "port_a", 2) == pytest.approx(greedy.order_worth(pl, card))
    assert greedy.port_promise(state, 0, "port_a", 1) == 0.0  # Power 1 takes no order
    pl["orders"] = [1, 2, 3]
    assert greedy.port_promise(state, 0, "port_a", 2) == 0.0  # "a maximum of 3 Order cards in their hand"
    three = GAME.new(3, 0)
    three["p"][0]["orders"] = []
    three["p"][0]["goods"].update(greedy.ORDERS[three["ports"]["port_a"][0]]["cost"])
    assert greedy.port_promise(three, 0, "port_a", 2) == greedy.PORT_FLAT


@pytest.mark.parametrize("seed", [112, 333, 782, 825])
def test_the_two_player_games_that_waited_on_copper_and_the_port_end_in_time(seed: int) -> None:
    """Two greedy players. Seeds 112, 333 and 825 ran to rounds 33, 31 and 32 with hands of orders asking
    Copper and no Copper held; with the Copper Mine stack alone, seed 782 ran to round 35, the player behind
    holding no order and the goods for one on display. With the Copper Mine stacked and the Port read they
    end by the rules before round 30."""
    state = greedy_game_to_round_30(2, seed)
    assert ended_by_round_30(state)


def test_the_employment_agencys_assistants_to_a_short_hand_are_worth_more() -> None:
    """RB Placement: "place Assistant pawns from their hand ... You may not place any Assistant pawns from
    the Warehouse tile", and RB Movement: "At least one of that player's Assistant pawns must be in the
    destination area". With none in hand a player can neither place nor go where it has none placed, and
    with one or two it places one or two a turn; the Employment Agency ("Assistant pawns: Free") is the way
    out. Each assistant it brings to a hand of fewer than three is worth `SHORT_HAND` more than the 0.3 of
    any other (2 for the first, 1 for the second and third). Not at Power 1 ("1 Power: 0"), nor with an
    empty warehouse."""
    state = GAME.new(4, 0)
    pl = state["p"][0]
    pl["yen"] = 0  # nothing to pay for a Shophouse: the 2 tokens of Power 3 are assistants
    plain = 0.3 * 2
    for in_hand, more in ((0, 2.0 + 1.0), (1, 1.0 + 1.0), (2, 1.0), (3, 0.0), (8, 0.0)):
        pl["hand"]["assistants"] = in_hand
        assert greedy.area_promise(state, 0, "agency", 3) == pytest.approx(plain + more), in_hand
    pl["hand"]["assistants"] = 0
    assert greedy.area_promise(state, 0, "agency", 1) == 0.0  # "1 Power: 0"
    pl["warehouse"]["assistants"] = 0
    assert greedy.area_promise(state, 0, "agency", 3) == pytest.approx(0.0)


def test_the_four_player_game_whose_trailing_player_had_no_assistants_ends_in_time() -> None:
    """Four greedy players, seed 791: the player far behind, 53 points with no assistant in hand and none
    placed, rode the Tram between the Bank and Chinatown for eight rounds, and the game ran to round 31.
    With the Employment Agency's assistants to a short hand worth more, it ends by the rules before round 30."""
    state = greedy_game_to_round_30(4, 791)
    assert ended_by_round_30(state)


def test_late_in_a_long_game_the_port_display_is_read_at_every_player_count() -> None:
    """RB Port: "Take the Order cards from the corresponding Port Order Form Board into your hand"; the
    cards lie face up, so a player holding an order's goods sees it there. With 3 and 4 players the
    greedy player counts a Port action at a flat worth until round `DISPLAY_FROM_ROUND` (reading the
    display all game sent most 4-player games to the Order deck, ruling R7), and from then on reads the
    display as with 2 players: with Port B's three spaces a few greedy games went to round 31-33 with
    players walking past orders they held the goods for (ruling R7)."""
    state = GAME.new(3, 0)
    pl = state["p"][0]
    pl["orders"] = []
    card = state["ports"]["port_a"][0]  # a Low space: Power 2 reaches it
    pl["goods"] = dict.fromkeys(pl["goods"], 0) | greedy.ORDERS[card]["cost"]
    state["round"] = greedy.DISPLAY_FROM_ROUND - 1
    assert greedy.port_promise(state, 0, "port_a", 2) == greedy.PORT_FLAT
    state["round"] = greedy.DISPLAY_FROM_ROUND
    filled = greedy.order_worth(pl, card)
    assert filled > greedy.PORT_FLAT
    assert greedy.port_promise(state, 0, "port_a", 2) == pytest.approx(filled)
    pl["goods"] = dict.fromkeys(pl["goods"], 0)  # nothing on display filled: the flat worth again
    assert greedy.port_promise(state, 0, "port_a", 2) == greedy.PORT_FLAT


def test_with_the_telephone_a_short_hand_takes_every_assistant_back() -> None:
    """RB Telephone: "you may leave 1 Assistant pawn in the area" when recovering. Assistants are placed
    from hand, so a player who left one behind each time with its hand empty passed or hired two a turn
    for eight rounds (3-player greedy seed 924) or never placed again (4-player seed
    811; ruling R7): a hand that would hold fewer than three takes them all back."""
    from tests.engine.yokohama.helpers import at_stage, fresh

    state = at_stage(fresh(3), "recover_choice")
    state["ctx"] = {"area": "bank", "merc": False}
    pl = state["p"][0]
    pl["placed"] = {"bank": 1}
    pl["hand"]["assistants"] = 0
    assert GAME.auto_action(state, 0) == {"do": "recover", "leave": 0}
    pl["placed"] = {"bank": 2}
    assert GAME.auto_action(state, 0) == {"do": "recover", "leave": 0}


@pytest.mark.parametrize("area", ["tea1", "copper1", "customs"])
def test_a_player_with_no_assistant_in_hand_takes_some_back_with_the_president(area: str) -> None:
    """RB Movement b): "Return your President pawn to your hand, and you may also return any Assistant pawns
    from any Area to your hand"; RB Placement: "place Assistant pawns from their hand". With none in hand a
    player places nothing and its President walks only where its assistants already stand. Weighed by the
    position alone, the stacks on the board outweighed a hand: one greedy player with ¥24-46 placed its one
    assistant at the Bank and went home taking none back, turn after turn, for 16 rounds (ruling R7)."""
    state = board2()
    pl = state["p"][0]
    pl["president"] = "bank"
    put(state, 0, "bank", 1)
    put(state, 0, area, 2)
    pl["hand"]["assistants"], pl["yen"] = 0, 30
    home = {a: greedy.best_return(greedy.after(state, 0, {"do": "return", "area": a}), 0, 0) for a in (area, None)}
    assert home[area] > home[None]
    pl["hand"]["assistants"] = 1  # the two that come back fill the short hand's second and third places
    back = greedy.after(state, 0, {"do": "return", "area": area})
    assert greedy.refilled(back, 0, 1) == pytest.approx(greedy.SHORT_HAND[1] + greedy.SHORT_HAND[2])


def test_an_area_that_makes_the_last_good_of_an_order_is_worth_the_order() -> None:
    """RB Fulfilling an Order card: "Pay the corresponding Trade Goods. Afterwards, gain the corresponding
    reward as noted on the Order card." The last good of an order is worth the part of its reward that the
    order in hand does not count yet (`FILLED_SHARE`); a good that leaves the order short is not. Counted
    as one more good, a player one good short of an order walked past the area that makes it for 15-20
    rounds while the other player filled seven to nine orders (ruling R7)."""
    state = board2()
    pl = state["p"][0]
    pl["orders"] = [5]  # 1 Copper, 1 Raw Silk, 1 Tea, 2 Seafood
    pl["goods"].update(copper=1, silk=1, tea=1, fish=1)
    reward = greedy.reward_worth(greedy.ORDERS[5]["reward"])
    gained = greedy.gained_goods_worth(pl, "fish", 1)
    assert greedy.area_promise(state, 0, "fish1", 1) == pytest.approx(gained + greedy.FILLED_SHARE * reward)
    pl["goods"]["fish"] = 0  # one Seafood leaves the order a Seafood short
    assert greedy.area_promise(state, 0, "fish1", 1) == pytest.approx(greedy.gained_goods_worth(pl, "fish", 1))
    assert greedy.area_promise(state, 0, "fish1", 2) > greedy.FILLED_SHARE * reward  # two fill it
