"""The contract hooks: the public story of a decision, menu details, the undo window, seat tokens."""

from __future__ import annotations

from engine.core import fill_seats
from engine.yokohama import GAME
from tests.engine.yokohama.helpers import act_in, at_stage, clear_board, fresh, put


def test_narrate_tells_where_the_president_went_and_what_was_gained() -> None:
    state = at_stage(fresh(2), "move")
    clear_board(state)
    put(state, 0, "tea1", 2)
    action = {"do": "go", "area": "tea1"}
    after = GAME.apply(state, 0, action)
    story = GAME.narrate(state, 0, action, after)
    assert story.startswith("{seat:0} moves the President to Tea Plantation I")
    assert "+3 Tea" in story
    assert "Red" not in story and "P1" not in story


def test_narrate_keeps_the_kept_order_secret() -> None:
    """RB setup: each player keeps 1 of 2 order cards in a hand hidden from the others."""
    state = GAME.new(3, 5)
    kept = state["p"][1]["keep"][0]
    action = {"do": "keep", "order": kept}
    after = GAME.apply(state, 1, action)
    story = GAME.narrate(state, 1, action, after)
    assert f"#{kept}" not in story and "order in hand" not in story
    assert story == "{seat:1} keeps one of the two dealt order cards"


def test_narrate_names_orders_taken_at_the_port() -> None:
    state = fresh(4)
    clear_board(state)
    put(state, 0, "port_a", 1)
    state["p"][0]["orders"] = []
    state = act_in(state, 0, "port_a")
    card = state["ports"]["port_a"][0]
    action = {"do": "orders", "slots": [0]}
    story = GAME.narrate(state, 0, action, GAME.apply(state, 0, action))
    assert f"#{card}" in story and "+1 order in hand" in story


def test_detail_describes_a_technology_and_fits_a_menu() -> None:
    state = fresh(4)
    clear_board(state)
    put(state, 0, "lab_a", 4)
    state["labs"]["lab_a"] = [9, 1, 2, 3]  # Mining Technology first
    state = act_in(state, 0, "lab_a")
    text = GAME.detail(state, {"do": "tech", "slot": 0, "imported": 0})
    assert "Mining Technology" in text and "Copper" in text and len(text) <= 100
    assert "+1 Copper" in GAME.describe(state, {"do": "tech", "slot": 0, "imported": 0})


def test_undo_closes_on_a_deck_draw_and_at_the_end_of_the_turn() -> None:
    state = fresh(4)
    clear_board(state)
    put(state, 0, "port_a", 1)
    state["p"][0]["orders"] = []
    state = act_in(state, 0, "port_a")
    take = {"do": "orders", "slots": [0]}
    assert GAME.closes_undo(state, 0, take, GAME.apply(state, 0, take))  # the row refills from the deck
    state = at_stage(fresh(2), "move")
    clear_board(state)
    put(state, 0, "tea1", 1)
    go = {"do": "go", "area": "tea1"}
    after = GAME.apply(state, 0, go)
    assert GAME.closes_undo(state, 0, go, after) == (after["turns"] != state["turns"])
    state = at_stage(fresh(2), "first")
    state["p"][0]["techs"] = [21]  # University
    assert state["p"][0]["yen"] >= 1
    buy = {"do": "university"}
    after = GAME.apply(state, 0, buy)
    assert after["seat"] == 0 and not GAME.closes_undo(state, 0, buy, after)  # nothing drawn, turn goes on


def test_headline_names_seats_by_token() -> None:
    state = fresh(3)
    assert "{seat:0}" in GAME.headline(state)
    assert fill_seats(GAME.headline(state), lambda n: f"Player{n}").count("Player0") == 1


def test_story_clauses_are_third_person_and_formalities_tell_nothing() -> None:
    """"<player> go on to the main action; <player> place 1 assistant in each of several areas;
    <player> place 1 in Port B" read as orders to the player, formalities included."""
    import random

    seen: list[str] = []
    for seed in (1, 2):
        state = GAME.new(3, seed)
        chooser = random.Random(seed)
        for _ in range(250):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            options = GAME.legal(state, seat)
            action = chooser.choice(options) if chooser.random() < 0.5 else GAME.auto_action(state, seat)
            after = GAME.apply(state, seat, action)
            story = GAME.narrate(state, seat, action, after)
            if action["do"] in ("main", "end_turn", "place_way"):
                assert story == "" or not story.startswith(f"{{seat:{seat}}} "), story
            seen.append(story)
            state = after
    told = [s for s in seen if s]
    assert told and all(s.startswith("{seat:") for s in told)
    imperative = ("place ", "go ", "end ", "take ", "move ", "use ", "build ", "complete ", "buy ", "sell ")
    assert not [s for s in told if s.split("} ", 1)[-1].startswith(imperative)]
    assert not [s for s in told if " your " in s]
    assert any(s.split("} ", 1)[-1].startswith("places ") and " assistant" in s for s in told)


def test_no_story_says_chooses_a_label_or_repeats_a_gain() -> None:
    """Church, Customs, achievements, mercenaries and the University read "chooses <label>", and a
    gain the clause names came again in the bracket ("(8 VP) (+8 VP)", "acts in Chinatown …; acts in
    Chinatown with Power 1"). Every decision of random play is told with a verb, each gain once."""
    import re

    from engine.core import Rng

    seen: set[str] = set()
    for seed in range(4):
        state = GAME.new(3, seed)
        rng = Rng(seed)
        for _ in range(500):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            action = rng.choice(GAME.legal(state, seat))
            after = GAME.apply(state, seat, action)
            story = GAME.narrate(state, seat, action, after)
            seen.add(action["do"])
            assert " chooses " not in story, story
            for amount in re.findall(r"\(([^()]*)\)$", story)[:1]:
                for bit in amount.split(", "):
                    said = bit.lstrip("+−")
                    assert not re.search(r"(?<![\w¥])" + re.escape(said) + r"(?!\w)", story[: story.rfind("(")]), story
            assert story.count("acts in ") <= 1, story
            state = after
    assert {"church", "customs"} & seen, seen
