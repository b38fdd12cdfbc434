"""The playout speed-ups change nothing a player could see.

- The copy a move works on (copying.py) equals a full JSON copy and shares no list or dict with the
  original except the parts dealt at `new()`, which no move changes (checked over whole games), the
  building sites and the boards of the seats not to act.
- The option list kept for `legal` after `apply(..., offered=...)` is the list a fresh build gives.
- The end conditions, checked only when what they read may have changed, end games exactly as
  checking before every step did (the pinned playouts, tests/engine/test_playout_pins.py, and here
  the end reasons against a full recheck).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng, json_copy
from engine.yokohama import GAME
from engine.yokohama.copying import SHARED, copy_state
from engine.yokohama.endgame import check_end


def _containers(value: Any, path: str = "") -> dict[int, str]:
    """id -> path of every list and dict inside `value`."""
    out: dict[int, str] = {}
    if isinstance(value, dict):
        out[id(value)] = path
        for key, item in value.items():
            out.update(_containers(item, f"{path}/{key}"))
    elif isinstance(value, list):
        out[id(value)] = path
        for i, item in enumerate(value):
            out.update(_containers(item, f"{path}/{i}"))
    return out


def _random_states(players: int, seed: int, count: int) -> list[Any]:
    rng = Rng(seed)
    state = GAME.new(players, seed)
    out = []
    while not GAME.is_over(state) and len(out) < count:
        out.append(state)
        seat = rng.choice(GAME.to_act(state))
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)
    return out + [state]


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_the_move_copy_is_a_full_copy_sharing_only_what_no_move_changes(players: int, seed: int) -> None:
    states = _random_states(players, seed, 700)
    dealt = GAME.new(players, seed)
    for state in states[::7]:
        copied = copy_state(state)
        assert copied == json_copy(state)
        shared = {key for key in state if key in copied and copied[key] is state[key]
                  and isinstance(state[key], dict | list)}
        replaced = {"achievements", "tokens", "mercs", "log"}  # replaced when changed, never edited (copying.py)
        assert shared <= SHARED | replaced
        others = [f"/p/{seat}" for seat in range(players) if seat != state["seat"] and state["stage"] != "keep"]
        mine = {i: p for i, p in _containers(copied).items()
                if not any(p == f"/{key}" or p.startswith(f"/{key}/") for key in SHARED)
                and not p.startswith("/sites/")  # sites are replaced when built on, never edited
                and not any(p == f"/{key}" or p.startswith(f"/{key}/") for key in replaced)
                # the other seats' boards: replaced when paid (`pay_seat`), copied at their turn (`own_board`)
                and not any(p == board or p.startswith(f"{board}/") for board in others)}
        theirs = _containers(state)
        assert not set(mine) & set(theirs), [mine[i] for i in set(mine) & set(theirs)][:5]
    for key in SHARED:
        assert states[-1][key] == dealt[key], f"{key} is dealt at new() and never changes"


@pytest.mark.parametrize(("players", "seed"), [(2, 61), (3, 62), (4, 63), (4, 64)])
def test_a_move_never_changes_the_state_it_was_made_from(players: int, seed: int) -> None:
    """The contract (`apply` never modifies the given state), over whole random games: with parts
    shared between a state and its copy, every move must leave the earlier state as it was."""
    rng = Rng(seed)
    state = GAME.new(players, seed)
    built = 0
    for _ in range(3000):
        if GAME.is_over(state):
            break
        before = GAME.dump(state)
        seat = rng.choice(GAME.to_act(state))
        options = GAME.legal(state, seat)
        after = GAME.apply(state, seat, rng.choice(options), offered=options)
        assert GAME.dump(state) == before
        built += after["sites"] != state["sites"]
        state = after
    assert built, "some moves built on a site"


def test_an_unknown_key_is_copied_not_shared() -> None:
    state = GAME.new(3, 5)
    state["extra"] = {"nested": [1, 2]}
    copied = copy_state(state)
    assert copied == json_copy(state)
    assert copied["extra"] is not state["extra"] and copied["extra"]["nested"] is not state["extra"]["nested"]


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (4, 22)])
def test_the_kept_option_list_is_the_list_a_fresh_build_gives(players: int, seed: int) -> None:
    rng = Rng(seed)
    state = GAME.new(players, seed)
    for _ in range(600):
        if GAME.is_over(state):
            break
        seat = rng.choice(GAME.to_act(state))
        options = GAME.legal(state, seat)
        step = GAME.step_of(state, seat)
        assert step is not None
        assert options == step.options(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)


def test_editing_a_state_after_a_plain_apply_is_seen_by_legal() -> None:
    """Front ends and tests call `apply` without `offered`: nothing is kept, so an edited state's
    options are built afresh."""
    state = GAME.new(2, 3)
    for _ in range(40):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    seat = GAME.to_act(state)[0]
    before = GAME.legal(state, seat)
    state["p"][seat]["yen"] += 30
    state["p"][seat]["goods"] = {"copper": 5, "silk": 5, "tea": 5, "fish": 5}
    step = GAME.step_of(state, seat)
    assert step is not None
    assert GAME.legal(state, seat) == step.options(state, seat)
    assert isinstance(before, list)


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_end_conditions_checked_when_they_may_change_match_a_full_recheck(players: int, seed: int) -> None:
    for state in _random_states(players, seed, 2000)[::5]:
        again = json_copy(state)
        check_end(again)
        assert again["end"] == state["end"]


@pytest.mark.parametrize(("players", "seed"), [(2, 41), (3, 42), (4, 43)])
def test_the_additional_action_options_are_the_allowed_candidates_everywhere(players: int, seed: int) -> None:
    """The flow asks at every Additional Action phase whether there is more than going on: the
    options are computed without writing the refusals, and must be exactly the allowed candidates."""
    from engine.yokohama.additional import FIRST, SECOND

    for state in _random_states(players, seed, 1200)[::3]:
        for seat in range(players):
            for step in (FIRST, SECOND):
                assert step.options(state, seat) == [a for a, why in step.candidates(state, seat) if why is None]


@pytest.mark.parametrize(("players", "seed"), [(2, 51), (4, 52)])
def test_spread_placements_and_their_count_are_every_affordable_set(players: int, seed: int) -> None:
    """The spread actions come from caches keyed by the areas, prices and money (capped at what the
    dearest sets cost): they must be every affordable set of `spread_sets`, in order."""
    from engine.yokohama.placement import _affordable_sets, _spread_key, spread_count, spread_options

    for state in _random_states(players, seed, 1500):
        if state["stage"] not in ("place", "place_spread") or state["pending"]:
            continue
        seat = state["seat"]
        none, areas, prices, _, most = _spread_key(state, seat)
        sets = _affordable_sets(areas, prices, state["p"][seat]["yen"], most)  # the money as it is
        expected = ([{"do": "place", "areas": []}] if none else []) + [{"do": "place", "areas": list(c)} for c in sets]
        assert spread_options(state, seat) == expected
        assert spread_count(state, seat) == len(expected)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_the_greedy_players_remembered_worths_equal_a_fresh_reckoning(players: int, seed: int,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand and majority worths the greedy player remembers (greedy._HAND_CACHE, _MAJORITY_CACHE) are
    exactly what reckoning them again gives, and the memory stays within its size."""
    from engine.yokohama import greedy
    from engine.yokohama.endgame import board_majority, technology_bonus

    monkeypatch.setattr(greedy, "HAND_CACHE_SIZE", 40)
    greedy._HAND_CACHE.clear()  # earlier tests in this process filled them
    greedy._MAJORITY_CACHE.clear()
    for state in _random_states(players, seed, 400)[::3]:
        church = board_majority(state, "church", 6, 3)
        customs = board_majority(state, "customs", 8, 4)
        industry = technology_bonus(state)
        for _ in range(2):  # the second time from memory
            assert greedy.majorities(state) == [a + b + c for a, b, c in zip(church, customs, industry, strict=True)]
        for pl in state["p"]:
            fresh = greedy.goods_worth(pl) + sum(greedy.order_worth(pl, o) for o in pl["orders"])
            assert greedy.hand_worth(pl["orders"], pl["goods"]) == fresh
            assert greedy.hand_worth(pl["orders"], pl["goods"]) == fresh
        assert len(greedy._HAND_CACHE) <= 40 and len(greedy._MAJORITY_CACHE) <= 40
