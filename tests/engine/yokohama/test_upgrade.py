"""Games stored by the engine under schema 1 load and go on under today's rules.

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
from engine.yokohama.components import parts, port_row_levels
from engine.yokohama.refit import SCHEMA_4_PORT_SPACES

FIXTURE = json.loads((Path(__file__).parents[2] / "fixtures" / "yokohama" / "stored" / "schema1.json").read_text())
STORED = FIXTURE["games"]
MID_GAME = sorted(k for k in STORED if k != "whole_game")


@pytest.mark.parametrize("moment", MID_GAME)
def test_a_schema_1_game_loads_and_plays_on(moment: str) -> None:
    stored = STORED[moment]
    state = GAME.load(stored["state"])
    assert state["schema_version"] == GAME.schema_version == 6
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
    """Ruling R7 changed the Church board: a game stored half-way through paying
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


def _plays_to_its_end(state: dict, seed: int) -> bool:
    """Whether random legal play from an upgraded `state` reaches the end of the game by the rules."""
    from engine.core import Rng

    rng = Rng(seed)
    for _ in range(3000):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    return GAME.is_over(state)


#: Where schema 6 put the Church board's second Faith-9 space (ruling R7).
SECOND_FAITH_9 = 5


def _schema_5(state: dict) -> dict:
    """`state` given schema 5's boards: five cards a Port row (Port B's two more from the deck) and the
    seven-space Church board (Faith 5–11), without today's second Faith-9 space."""
    old = json.loads(json.dumps(state))
    for row in old["ports"].values():
        while len(row) < SCHEMA_4_PORT_SPACES:
            row.append(old["order_deck"].pop())
    assert old["church"][SECOND_FAITH_9] is None
    del old["church"][SECOND_FAITH_9]
    old["schema_version"] = 5
    return old


def _schema_3(state: dict) -> dict:
    """`state` given schema 3's boards: six cards a Port row (two more from the deck) and the
    eight-space Church board (Faith 4–11) with schema 5's pawns one space further right."""
    old = _schema_5(state)
    for row in old["ports"].values():
        row.append(old["order_deck"].pop())
    old["church"] = [None, *old["church"]]
    old["schema_version"] = 3
    return old


def test_a_schema_3_port_row_keeps_todays_cards_and_returns_the_rest_under_the_deck() -> None:
    """Schema 4's Port boards had five spaces, schema 6's Port B three (ruling R7). RB "Replenishing Cards":
    "move all cards to the left, filling in all empty spaces"; a card with no space left goes to the
    bottom of the deck, so no card is lost and the deck is drawn from the top as before."""
    from tests.engine.yokohama.helpers import fresh

    old = _schema_3(fresh(3))
    spaces = {area: len(port_row_levels(area)) for area in old["ports"]}
    cards = sorted(c for row in old["ports"].values() for c in row) + sorted(old["order_deck"])
    beyond = {c for area, row in old["ports"].items() for c in row[spaces[area]:]}
    upgraded = GAME.load(json.dumps(old))
    assert all(len(row) == spaces[area] and None not in row for area, row in upgraded["ports"].items())
    assert set(upgraded["order_deck"][: len(beyond)]) == beyond
    assert sorted([*(c for row in upgraded["ports"].values() for c in row), *upgraded["order_deck"]]) == sorted(cards)


def test_a_schema_3_church_keeps_every_pawn_on_the_space_of_the_same_faith() -> None:
    """RB Church: a pawn goes "to the Church Management Board corresponding to the Faith value that
    was paid" and "may not be moved for the rest of the game". Schema 4's board starts at Faith 5
    (ruling R7): every pawn stays on the space of its Faith; one on the old Faith-4 space takes the
    lowest free space, so every player keeps their count for the majority and the end condition."""
    from tests.engine.yokohama.helpers import fresh

    old = _schema_3(fresh(3))
    old["church"] = [2, None, 0, 1, None, None, None, 0]  # Faith 4, 6, 7 and 11
    upgraded = GAME.load(json.dumps(old))
    church = upgraded["church"]
    faith = [s["need"] for s in parts().boards["church"]]
    assert church[faith.index(6)] == 0 and church[faith.index(7)] == 1 and church[faith.index(11)] == 0
    assert church[0] == 2  # the Faith-4 pawn: lowest free space
    assert sorted(o for o in church if o is not None) == [0, 0, 1, 2]


def test_a_schema_3_two_player_church_keeps_its_neutral_pawn() -> None:
    """Quick summary, 2 players: "Block the indicated spaces ... with a neutral worker": the refitted
    board has the neutral pawn where a new game has it, and the players' pawns beside it."""
    from tests.engine.yokohama.helpers import fresh

    state = fresh(2)
    old = _schema_3(state)
    neutral = old["church"].index(-1)
    old["church"][neutral + 1] = 0  # the space right of the old neutral pawn
    upgraded = GAME.load(json.dumps(old))
    assert upgraded["church"].index(-1) == state["church"].index(-1)
    assert upgraded["church"].count(0) == 1 and len(upgraded["church"]) == len(state["church"])


def test_a_schema_3_game_stopped_before_placing_a_church_pawn_chooses_its_space_again() -> None:
    """A space chosen on the eight-space board has no meaning on the seven-space one: the items paid
    go back and the space is chosen again, and the game plays on to its end by the rules."""
    from tests.engine.yokohama.helpers import act_in, fresh

    state = act_in(fresh(2), 0, "church")
    state["stage"], state["ctx"]["space"], state["ctx"]["paid"] = "act_pawn", 3, ["tea"]
    state["ctx"]["board"] = "church"
    tea = state["p"][0]["goods"]["tea"]
    upgraded = GAME.load(json.dumps(_schema_3(state)))
    assert upgraded["stage"] == "act_church" and upgraded["p"][0]["goods"]["tea"] == tea + 1
    assert _plays_to_its_end(upgraded, 7)


def test_a_schema_4_customs_payment_under_way_is_chosen_again_on_todays_board() -> None:
    """RB Customs: "place 1 Assistant pawn ... to the Customs Management Board corresponding to the
    number of Imported Goods that was paid". Schema 5's board (ruling R7) has a 1-good space
    where schema 4's third space asked 2: a game stored between paying and choosing the assistant gets
    its 2 Imported Goods back and chooses a space again on today's board, and plays on to its end."""
    from engine.yokohama.refit import OLD_CUSTOMS_NEEDS
    from tests.engine.yokohama.helpers import act_in, fresh, put

    state = fresh(3)
    put(state, 0, "customs", 2)  # Power 3: up to 2 Imported Goods
    state["p"][0]["imported"] = 2
    state = act_in(state, 0, "customs")
    assert state["stage"] == "act_customs"
    state["p"][0]["imported"] -= OLD_CUSTOMS_NEEDS[2]  # paid on schema 4's board, space 3 (2 goods)
    state["stage"], state["ctx"]["space"], state["ctx"]["board"] = "act_pawn", 2, "customs"
    state = _schema_5(state)
    state["schema_version"] = 4
    upgraded = GAME.load(json.dumps(state))
    assert upgraded["schema_version"] == GAME.schema_version
    assert upgraded["stage"] == "act_customs" and upgraded["p"][0]["imported"] == 2
    spaces = [a["space"] for a in GAME.legal(upgraded, 0) if a["do"] == "customs"]
    assert spaces == [i for i, s in enumerate(parts().boards["customs"]) if s["need"] <= 2]
    assert _plays_to_its_end(upgraded, 11)


def test_a_schema_5_port_b_keeps_three_cards_and_returns_the_rest_under_the_deck() -> None:
    """Schema 6's Port B: Low, Mid, High (ruling R7); Port A keeps its five spaces.
    RB "Replenishing Cards": "move all cards to the left, filling in all empty spaces"; Port B's fourth
    and fifth cards go under the deck, and every card is still in a row or the deck."""
    from tests.engine.yokohama.helpers import fresh

    old = _schema_5(fresh(4))
    assert [len(row) for row in old["ports"].values()] == [5, 5]
    beyond = set(old["ports"]["port_b"][3:])
    cards = sorted([*(c for row in old["ports"].values() for c in row), *old["order_deck"]])
    upgraded = GAME.load(json.dumps(old))
    assert upgraded["schema_version"] == GAME.schema_version == 6
    assert upgraded["ports"]["port_a"] == old["ports"]["port_a"]
    assert upgraded["ports"]["port_b"] == old["ports"]["port_b"][:3]
    assert set(upgraded["order_deck"][:2]) == beyond
    assert sorted([*(c for row in upgraded["ports"].values() for c in row), *upgraded["order_deck"]]) == cards


def test_a_schema_5_church_keeps_every_pawn_on_a_space_of_its_faith() -> None:
    """RB Church: a pawn goes "to the Church Management Board corresponding to the Faith value that
    was paid" and "may not be moved for the rest of the game". Schema 6 adds a second Faith-9 space
    after the first: the pawns on Faith 5 to 9 stay where they are, those on Faith 10 and 11 move one
    space right with their Faith, and the new space is free."""
    from tests.engine.yokohama.helpers import fresh

    old = _schema_5(fresh(3))
    old["church"] = [0, None, 1, None, 2, 1, 0]  # Faith 5, 7, 9, 10, 11
    upgraded = GAME.load(json.dumps(old))
    faith = [s["need"] for s in parts().boards["church"]]
    assert faith == [5, 6, 7, 8, 9, 9, 10, 11]
    assert upgraded["church"] == [0, None, 1, None, 2, None, 1, 0]


def test_a_schema_5_two_player_church_keeps_its_neutral_pawn() -> None:
    """Quick summary, 2 players: "Block the indicated spaces ... with a neutral worker": the neutral
    pawn stays on its Faith-7 space, where a new game has it."""
    from tests.engine.yokohama.helpers import fresh

    state = fresh(2)
    old = _schema_5(state)
    old["church"][6] = 1  # Faith 11
    upgraded = GAME.load(json.dumps(old))
    assert upgraded["church"].index(-1) == state["church"].index(-1) == parts().boards["church_neutral"]
    assert upgraded["church"][7] == 1 and len(upgraded["church"]) == len(state["church"])


def test_a_schema_5_church_payment_under_way_goes_on_on_the_space_of_its_faith() -> None:
    """A game stored after choosing schema 5's Faith-10 space (its sixth) and paying one item goes on
    paying for today's Faith-10 space (the seventh), with what was paid kept, and plays to its end."""
    from tests.engine.yokohama.helpers import act_in, fresh, put

    state = fresh(2)
    put(state, 0, "church", 4)  # Power 5: Faith 5, and one item of each kind for the rest
    pl = state["p"][0]
    pl["goods"] = {"copper": 1, "silk": 1, "tea": 1, "fish": 1}
    pl["yen"], pl["imported"] = max(pl["yen"], 1), 1
    state = act_in(state, 0, "church")
    state["stage"], state["ctx"]["space"], state["ctx"]["paid"] = "act_church_pay", 6, ["tea"]
    state["p"][0]["goods"]["tea"] -= 1
    old = _schema_5(state)
    old["ctx"]["space"] = 5  # schema 5's Faith-10 space
    upgraded = GAME.load(json.dumps(old))
    assert upgraded["stage"] == "act_church_pay" and upgraded["ctx"]["paid"] == ["tea"]
    assert parts().boards["church"][upgraded["ctx"]["space"]]["need"] == 10
    assert upgraded["p"][0]["goods"]["tea"] == state["p"][0]["goods"]["tea"]
    assert _plays_to_its_end(upgraded, 13)


def test_a_schema_5_customs_keeps_every_pawn_on_a_space_asking_what_its_own_asked() -> None:
    """RB Customs: a pawn goes "to the Customs Management Board corresponding to the number of Imported
    Goods that was paid". Schema 6's board (ruling R7) asks 1, 1, 1, 2, 2, 2, 3, 4 where
    schema 5's asked 1, 1, 1, 2, 2, 3, 3, 4: every pawn keeps its price, the one on the second 3-good
    space (gone) takes the lowest free space, and every player keeps its count for the majority."""
    from engine.yokohama.refit import SCHEMA_5_CUSTOMS
    from tests.engine.yokohama.helpers import fresh

    old = _schema_5(fresh(3))
    old["customs"] = [0, 1, 2, None, 1, 0, 2, None]
    upgraded = GAME.load(json.dumps(old))
    assert [s["need"] for s in parts().boards["customs"]] == [1, 1, 1, 2, 2, 2, 3, 4]
    assert upgraded["customs"] == [0, 1, 2, 1, 2, None, 0, None]
    today = [s["need"] for s in parts().boards["customs"]]
    for i, owner in enumerate(old["customs"][:6]):  # every pawn but the homeless 3-good one keeps its price
        if owner is not None:
            assert any(today[j] == SCHEMA_5_CUSTOMS[i] and upgraded["customs"][j] == owner for j in range(8))
    for seat in range(3):
        assert upgraded["customs"].count(seat) == old["customs"].count(seat)


def test_a_schema_5_two_player_customs_keeps_its_neutral_pawn_on_todays_space() -> None:
    """Quick summary, 2 players: "Block the indicated spaces ... with a neutral worker": after the refit the
    neutral pawn is where a new game puts it, and the players' four cheapest free spaces still ask 5
    Imported Goods ("2 Players: 4" pawns end the game)."""
    from tests.engine.yokohama.helpers import fresh

    state = fresh(2)
    old = _schema_5(state)
    old["customs"][4] = 1  # schema 5's second 2-good space
    upgraded = GAME.load(json.dumps(old))
    assert upgraded["customs"].index(-1) == state["customs"].index(-1) == parts().boards["customs_neutral"]
    assert upgraded["customs"][4] == 1 and upgraded["customs"].count(1) == 1
    free = sorted(s["need"] for i, s in enumerate(parts().boards["customs"]) if state["customs"][i] is None)
    assert sum(free[: parts().boards["end_pawns"]["2"]]) == 5


def test_a_schema_5_customs_payment_under_way_is_chosen_again_on_todays_board() -> None:
    """A game stored after paying 3 Imported Goods for schema 5's second 3-good space (gone from schema 6's
    board) and before placing the assistant gets its goods back, chooses again, and plays to its end."""
    from tests.engine.yokohama.helpers import act_in, fresh, put

    state = fresh(3)
    put(state, 0, "customs", 3)  # Power 4: up to 3 Imported Goods
    state["p"][0]["imported"] = 3
    state = act_in(state, 0, "customs")
    assert state["stage"] == "act_customs"
    state["p"][0]["imported"] = 0  # paid on schema 5's board, space 7 (3 goods)
    state["stage"], state["ctx"]["space"], state["ctx"]["board"] = "act_pawn", 6, "customs"
    upgraded = GAME.load(json.dumps(_schema_5(state)))
    assert upgraded["stage"] == "act_customs" and upgraded["p"][0]["imported"] == 3
    spaces = [a["space"] for a in GAME.legal(upgraded, 0) if a["do"] == "customs"]
    assert spaces == [i for i, s in enumerate(parts().boards["customs"]) if s["need"] <= 3]
    assert _plays_to_its_end(upgraded, 11)
