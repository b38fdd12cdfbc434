"""Views of real Roll & Write games for the picture tests (built once per test session)."""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest

from engine.core import random_playout
from engine.rollwrite import GAME
from engine.rollwrite.greedy import greedy_policy

State = dict[str, Any]


@functools.cache
def greedy_game(players: int = 2, side: str = "A") -> State:
    """A finished greedy game: a sheet with every kind of mark a real player makes."""
    options = {"side": side, "chinatown": True, "chamber_of_commerce": True}
    return random_playout(GAME, players, 11, options, policy=greedy_policy).state


@pytest.fixture
def final_view() -> dict[str, Any]:
    """Seat 0's view of a finished 2-player greedy game (a private copy per test)."""
    return copy.deepcopy(GAME.view(greedy_game(), 0))
