"""Games stored by the engine before issue 10/13 (schema 1) load and go on under today's rules.

`tests/fixtures/yokohama/stored/schema1.json` was written by the engine at commit 699bf1c (one click
per assistant, per step of the President, per Faith item): a state stopped at every kind of
decision, with the action log that led there, and one whole game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import IllegalAction, canonical
from engine.yokohama import GAME

FIXTURE = json.loads((Path(__file__).parents[2] / "fixtures" / "yokohama" / "stored" / "schema1.json").read_text())
STORED = FIXTURE["games"]
MID_GAME = sorted(k for k in STORED if k != "whole_game")


@pytest.mark.parametrize("moment", MID_GAME)
def test_a_schema_1_game_loads_and_plays_on(moment: str) -> None:
    stored = STORED[moment]
    state = GAME.load(stored["state"])
    assert state["schema_version"] == GAME.schema_version == 3
    old = json.loads(stored["state"])
    for seat, pl in enumerate(state["p"]):  # nothing already done is undone
        assert pl["placed"] == old["p"][seat]["placed"] or state["turns"] > old["turns"] or old["ctx"]
    for _ in range(60):  # and the game goes on with today's decisions
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        options = GAME.legal(state, seat)
        assert options
        for action in options[:5]:
            assert GAME.describe(state, action)
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    assert canonical(GAME.load(GAME.dump(state))) == canonical(state)


def test_a_half_done_placement_keeps_what_was_placed() -> None:
    stored = STORED["place_spread_after_one"]
    old = json.loads(stored["state"])
    state = GAME.load(stored["state"])
    seat = old["seat"]
    assert state["p"][seat]["placed"] == old["p"][seat]["placed"]
    assert {"do": "place", "areas": []} in GAME.legal(state, seat)  # the first one counts


def test_a_half_paid_church_space_asks_only_the_rest() -> None:
    stored = STORED["act_church_pay"]
    old = json.loads(stored["state"])
    state = GAME.load(stored["state"])
    paid = old["ctx"]["paid"]
    assert state["ctx"]["paid"][: len(paid)] == paid  # what was paid stays paid
    if state["stage"] == "act_church_pay":  # more than one way to pay the rest: asked as a whole
        for action in GAME.legal(state, old["seat"]):
            assert action["do"] == "faith" and not set(action["pay"]) & set(paid)


def test_an_old_action_log_replays_differently_under_todays_rules() -> None:
    """What `check-db` must tell apart from corruption: the stored (schema 1) log uses actions that
    today's engine no longer offers, so replaying it stops with a refusal — while the stored state
    itself loads (schema_version 1 < 2 marks it as written under older rules)."""
    whole = STORED["whole_game"]
    state = GAME.new(whole["players"], whole["seed"], whole["options"])
    with pytest.raises(IllegalAction):
        for seat, action in whole["log"]:
            state = GAME.apply(state, seat, action)
    stored = GAME.load(whole["state"])
    assert GAME.is_over(stored) and json.loads(whole["state"]).get("schema_version", 1) == 1


def test_a_schema_2_church_payment_is_chosen_again_on_todays_board() -> None:
    """Issue 20 recalibrated the Church board (ruling R7): a game stored half-way through paying
    Faith for a space under schema 2 gets its items back and chooses a space again, so it is never
    left without an answer ("a rule fix never strands a stored game", DESIGN.md)."""
    from tests.engine.yokohama.helpers import act_in, fresh

    state = act_in(fresh(2), 0, "church")
    state["stage"], state["ctx"]["space"], state["ctx"]["paid"] = "act_church_pay", 1, ["tea", "yen"]
    state["schema_version"] = 2
    tea, yen = state["p"][0]["goods"]["tea"], state["p"][0]["yen"]
    upgraded = GAME.load(json.dumps(state))
    assert upgraded["stage"] == "act_church" and upgraded["ctx"]["paid"] == []
    assert upgraded["p"][0]["goods"]["tea"] == tea + 1 and upgraded["p"][0]["yen"] == yen + 1
    assert GAME.legal(upgraded, 0)
