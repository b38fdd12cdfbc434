"""The Duel's move copies (engine/duel/copying.py): `copy_state` is the JSON copy it replaced (equal on
every position of several random games, sharing no list or dict with the original); `copy_for_move`, the
copy of a move whose caller never edits states in place (`apply(..., offered=...)`), gives the plain
move's result for every legal action and leaves the original exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng, json_copy
from engine.duel import GAME
from engine.duel.cards import TURNS_PER_ROUND
from engine.duel.copying import (
    _ACT_LISTS,
    ACT_KEYS,
    PLAYER_KEYS,
    STATE_KEYS,
    TURN_KEYS,
    copy_for_move,
    copy_state,
)
from engine.duel.state import fresh_turn, new_player
from engine.duel.types import ActState, DuelState, PlayerState, TurnState
from tests.engine.duel.helpers import every_tech_dealt, give_tech, play, put_in_row, set_player, started


def _containers(value: Any) -> list[Any]:
    found: list[Any] = []
    if isinstance(value, dict):
        found.append(value)
        for item in value.values():
            found += _containers(item)
    elif isinstance(value, list):
        found.append(value)
        for item in value:
            found += _containers(item)
    return found


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_move_copy_equals_the_json_copy_and_shares_nothing(seed: int) -> None:
    rng = Rng(seed)
    state = GAME.new(2, seed)
    while not GAME.is_over(state):
        copied = copy_state(state)
        assert copied == json_copy(state)
        assert GAME.dump(copied) == GAME.dump(state)
        ids = {id(c) for c in _containers(state)}
        assert not any(id(c) in ids for c in _containers(copied))
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)


def test_a_state_of_unknown_shape_takes_the_json_copy() -> None:
    state: Any = GAME.new(2, 5)
    state["later"] = {"nested": [1]}
    copied: Any = copy_state(state)
    assert copied == json_copy(state) and copied["later"] is not state["later"]


def test_the_copies_know_every_key_of_the_state() -> None:
    """The run-time guard only counts keys: these sets must be the state's, or a new key would be shared."""
    state = GAME.new(2, 1)
    assert set(state) == STATE_KEYS == set(DuelState.__annotations__)
    assert set(new_player(0, 0)) == PLAYER_KEYS == set(PlayerState.__annotations__)
    assert set(fresh_turn()) == TURN_KEYS == set(TurnState.__annotations__)
    assert set(ActState.__annotations__) == ACT_KEYS
    lists = {key for key, kind in ActState.__annotations__.items() if "list" in str(kind)}
    assert lists == set(_ACT_LISTS), "the act copy copies these lists"
    assert not any("dict" in str(kind) for kind in ActState.__annotations__.values())


def test_an_area_action_of_unknown_shape_takes_the_json_copy() -> None:
    state: Any = GAME.new(2, 5)
    state["turn"]["act"] = {"kind": "main", "later": {"nested": [1]}}
    for copied in (copy_state(state), copy_for_move(state, 0, {"do": "agent"})):
        assert copied == json_copy(state) and copied["turn"]["act"]["later"] is not state["turn"]["act"]["later"]


def _check_every_action(state: Any, seat: int) -> list[Any]:
    """Every legal action of `seat` on the shared copy is the plain move, and leaves `state` and the action
    (applied uncopied when it is one of the offered list) as they were."""
    before = GAME.dump(state)
    offered = GAME.legal(state, seat)
    offered_before = json_copy(offered)
    for action in offered:
        shared = GAME.apply(state, seat, action, offered=offered)  # the very option: applied uncopied
        plain = GAME.apply(state, seat, action)
        assert shared == plain
        assert GAME.dump(shared) == GAME.dump(plain)
        assert GAME.dump(state) == before, f"{action} changed the state it was applied to"
        assert offered == offered_before, f"{action} was changed by being applied"
    return offered


def _check_every_move(state: Any, seed: int) -> None:
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        offered = _check_every_action(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_every_move_on_the_shared_copy_is_the_plain_move_and_leaves_the_original_alone(seed: int) -> None:
    """Every legal action of every position (not only the one played on), so that each rule's changes are
    made on a copy sharing what the move should leave alone: a list changed in place that the copy shares
    would show in the original. The game walks on through shared copies, as a playout does."""
    _check_every_move(GAME.new(2, seed), seed)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_move_on_the_shared_copy_with_every_technology_dealt(seed: int) -> None:
    _check_every_move(every_tech_dealt(seed), seed)


@pytest.mark.parametrize("newspaper", [0, 1])
def test_a_round_ending_at_once_on_the_shared_copy(newspaper: int) -> None:
    """The last turn of a round ending when nobody can upgrade (no money, no University) starts the next
    round inside that move (the Technology row refreshed, Newspaper's card): the plain move's result, the
    original untouched."""
    rng = Rng(3)
    state: Any = GAME.new(2, 3)
    while not (state["phase"] == "turn" and state["turns_done"] == 2 * TURNS_PER_ROUND - 1
               and state["turn"]["area_done"] and {"do": "end"} in GAME.legal(state, state["current"])):
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)
    state = json_copy(state)
    for seat in (0, 1):
        state["players"][seat]["money"] = 0
        state["players"][seat]["techs"] = [t for t in state["players"][seat]["techs"] if t != "university"]
    if newspaper:
        give_tech(state, 1 - state["current"], "newspaper")
    before = GAME.dump(state)
    offered = GAME.legal(state, state["current"])
    shared = GAME.apply(state, state["current"], {"do": "end"}, offered=offered)
    assert shared["round"] == state["round"] + 1 and shared["phase"] == "turn"
    assert shared == GAME.apply(state, state["current"], {"do": "end"})
    assert GAME.dump(state) == before


@pytest.mark.parametrize("held", [0, 2])
def test_newspaper_gained_at_the_laboratory_on_the_shared_copy(held: int) -> None:
    """Newspaper's +1 card is a gain inside the Laboratory's action; over the hand limit with both kinds the
    seat owes a discard (the walks above deal every Technology out, so they never take one at the Laboratory)."""
    state: Any = set_player(started(), 0, money=20, extra={1: held, 2: held})
    put_in_row(state, "newspaper")
    state = play(state, 0, {"do": "area", "area": "lab"})
    if held:  # the Power step asks which Extra Power card goes along: none
        state = play(state, 0, next(a for a in GAME.legal(state, 0) if a.get("extra") == 0))
    _check_every_action(state, 0)
    after = GAME.apply(state, 0, {"do": "tech", "tech": "newspaper"}, offered=GAME.legal(state, 0))
    assert after["discard_due"] == ([0] if held else [])


def test_a_turn_handed_to_a_stock_market_owner_on_the_shared_copy() -> None:
    """Ending a turn inside the round shares every list but the log: the next seat's Stock Market ¥1 and its
    log line land on the copy only."""
    state: Any = give_tech(started(), 1, "stock_market")
    state["players"][1]["money"] = 0
    state = play(state, 0, {"do": "area", "area": "bank"})
    while {"do": "end"} not in GAME.legal(state, 0):
        state = GAME.apply(state, 0, GAME.legal(state, 0)[-1])
    before = GAME.dump(state)
    offered = GAME.legal(state, 0)
    shared = GAME.apply(state, 0, {"do": "end"}, offered=offered)
    assert shared["players"][1]["money"] == 1 and "Stock Market" in shared["log"][-1]
    assert shared == GAME.apply(state, 0, {"do": "end"})
    assert GAME.dump(state) == before


def test_the_shared_copy_shares_what_a_move_inside_a_turn_leaves_alone() -> None:
    """The point of `copy_for_move`: the other seat's lists and the decks only the round's turn changes are
    the original's, the mover's are fresh."""
    rng = Rng(9)
    state = GAME.new(2, 9)
    while not (state["phase"] == "turn" and state["turn"]["act"] is None and not state["turn"]["area_done"]):
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)
    seat = state["current"]
    area = next(a for a in GAME.legal(state, seat) if a["do"] == "area")
    copied: Any = copy_for_move(state, seat, area)
    assert copied == state
    assert copied["players"][1 - seat]["hand"] is state["players"][1 - seat]["hand"]
    assert copied["tech_deck"] is state["tech_deck"]
    assert copied["players"][seat]["hand"] is not state["players"][seat]["hand"]
    assert copied["log"] is not state["log"]


def test_apply_with_an_offered_list_refuses_as_the_plain_apply_does() -> None:
    """The shared-copy path leaves every refusal to the base class: the same messages."""
    from engine.core import IllegalAction

    state: Any = started()
    seat = state["current"]
    offered = GAME.legal(state, seat)
    cases: list[tuple[Any, int, Any]] = [
        (state, 1 - seat, offered[0]),  # not this seat's turn
        (state, seat, {"do": "area", "area": "nowhere"}),  # not offered
        (state, seat, {"do": "build", "what": "shop"}),  # another step's kind
    ]
    over = json_copy(state)
    over["phase"] = "over"
    cases.append((over, seat, offered[0]))
    for position, who, action in cases:
        with pytest.raises(IllegalAction) as shared:
            GAME.apply(position, who, action, offered=offered)
        with pytest.raises(IllegalAction) as plain:
            GAME.apply(position, who, action)
        assert str(shared.value) == str(plain.value)
    equal = json_copy(offered[0])  # an equal action that is not the offered object itself
    assert GAME.apply(state, seat, equal, offered=offered) == GAME.apply(state, seat, offered[0])
