"""Every legal recording is offered and nothing else: `placements` against a brute-force reading of the rules.

The brute force tries every count vector and checks the rulebook's sentences one by one, so
it shares no code with the engine's enumeration.
"""

from __future__ import annotations

import itertools

import pytest

from engine.core import Rng
from engine.rollwrite.recording import ROOM_THAT_MATTERS, _placements, die_rows, placements


def follows_rules(p: tuple[int, ...], free: tuple[int, ...], die: int, carriage: bool, tram: bool) -> bool:
    if any(n > f for n, f in zip(p, free, strict=True)):
        return False  # "If an employee track is full, no more circles can be written"
    if not 1 <= p[die] <= 2:
        return False  # "In the area matching the chosen die's number, you write 1 to 2 circles"
    if any(n > (2 if carriage else 1) for r, n in enumerate(p) if r != die):
        return False  # "in any other area you write 0 to 1 circles" (Carriage: 0 to 2)
    if tram:
        return True
    open_rows = [r for r in range(8) if free[r] > 0]  # full areas may be skipped
    used = [i for i, r in enumerate(open_rows) if p[r] > 0]
    return used == list(range(used[0], used[-1] + 1))  # "must be consecutive"


def legal(p: tuple[int, ...], free, dice, number, carriage, tram, postal) -> bool:
    if sum(p) > number:
        return False
    for die in dice:
        if follows_rules(p, free, die, carriage, tram):
            return True
        if postal:
            if sum(p) == 1 and all(n <= f for n, f in zip(p, free, strict=True)):
                return True
            for r in range(8):
                if p[r] and p[r] <= free[r] and all(n <= f for n, f in zip(p, free, strict=True)):
                    q = p[:r] + (p[r] - 1,) + p[r + 1 :]
                    if follows_rules(q, free, die, carriage, tram):
                        return True
    return False


def brute_force(free, dice, number, carriage, tram, postal) -> set[tuple[int, ...]]:
    top = 3 if postal else 2
    found = {
        p
        for p in itertools.product(range(top + 1), repeat=8)
        if sum(p) <= number and legal(p, free, dice, number, carriage, tram, postal)
    }
    if not found:
        return set()
    best = max(map(sum, found))
    return {p for p in found if sum(p) == best}


@pytest.mark.parametrize("case", range(40))
def test_placements_match_the_rules_exactly(case: int) -> None:
    rng = Rng(case)
    free = tuple(rng.choice([0, 0, 1, 1, 2, 5, 9]) if case % 4 else 9 for _ in range(8))
    die = rng.randint(1, 6)
    number = rng.randint(1, 5)
    carriage, tram, postal = (rng.below(3) == 0 for _ in range(3))
    dice = die_rows(free, die)
    expected = brute_force(free, dice, number, carriage, tram, postal)
    assert set(placements(free, dice, number, carriage, tram, postal)) == expected


def test_one_circle_at_a_time_reaches_every_placement() -> None:
    from engine.rollwrite import GAME
    from engine.rollwrite.round_steps import record_choices

    from .helpers import act, new, sheet

    state = new()
    sheet(state)["techs"] = ["carriage", "tram", "postal"]
    state["dice"][0] = [4, 4, 4]
    state["cards"][0] = [31, 31, 31]  # number 5
    state = act(state, {"do": "set", "set": 0})
    every = set(record_choices(sheet(state)))
    assert len(every) > 25
    reached: set[tuple[int, ...]] = set()
    seen: set[tuple[int, ...]] = set()
    frontier = [state]
    while frontier:
        current = frontier.pop()
        for action in GAME.legal(current, 0):
            if action["do"] == "record":
                reached.add(tuple(action["circles"]))
                continue
            assert action["do"] == "circle"
            after = act(current, action)
            placed = tuple(sheet(after)["record"]["placed"])
            if sheet(after)["record"].get("done"):
                reached.add(placed)
            elif placed not in seen:
                seen.add(placed)
                frontier.append(after)
    assert reached == every


@pytest.mark.parametrize("case", range(300))
def test_room_beyond_three_changes_no_placement(case: int) -> None:
    """`placements` reads a track's room beyond `ROOM_THAT_MATTERS` as that much (for its
    cache): the answer for the exact room is the same, with or without the Carriage, Tram and Postal."""
    rng = Rng(1000 + case)
    free = tuple(rng.choice([0, 1, 2, 3, 4, 5, 7, 9]) for _ in range(8))
    die = rng.randint(1, 6)
    number = rng.randint(1, 5)
    carriage, tram, postal = (rng.below(2) == 0 for _ in range(3))
    dice = die_rows(free, die)
    exact = _placements.__wrapped__(free, dice, number, carriage, tram, postal)
    assert placements(free, dice, number, carriage, tram, postal) == exact


def test_the_placements_cache_is_bounded() -> None:
    assert ROOM_THAT_MATTERS == 3
    assert _placements.cache_info().maxsize == 8192
