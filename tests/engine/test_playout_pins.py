"""Same seed, same game: random playouts on fixed seeds are pinned, so an optimisation keeps the same play.

The engines' hot paths are tuned for playout speed (a cached option list, copies that share what no
move changes, end conditions checked only when they may have changed). None of that may change what
is played: each pinned playout's every action and final state hash to the value recorded before the
tuning. A change of rules or component data changes play on purpose; then re-pin with
`python -m tests.engine.test_playout_pins` (it prints today's values) and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from engine.core import get_game, random_playout

#: (game, players, seed, action cap) -> hash of the action log and final state (`_fingerprint`).
PINS: dict[tuple[str, int, int, int | None], str] = {
    ("yokohama", 2, 1, 400): "20130f7fa88f9b73",
    ("yokohama", 3, 2, 400): "86a3540f538a1947",
    ("yokohama", 4, 3, 400): "0a42d2ac2e0488b5",
    ("yokohama", 4, 4, 400): "361ddb40975cc251",
    ("duel", 2, 1, None): "11426a6227eb029b",
    ("duel", 2, 2, None): "8499d834d429a46a",
    ("duel", 2, 3, None): "884db1b7362dca05",
    ("rollwrite", 1, 1, None): "4ed69edb19da5833",
    ("rollwrite", 2, 2, None): "bb917b0d4b1f9eac",
    ("rollwrite", 4, 3, None): "85076931cd28f67b",
}


def _fingerprint(game_name: str, players: int, seed: int, cap: int | None) -> str:
    game = get_game(game_name)
    result = random_playout(game, players, seed, max_actions=cap)
    text = json.dumps([result.log, game.dump(result.state)], sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize(("game_name", "players", "seed", "cap"), list(PINS))
def test_a_seeded_random_playout_plays_exactly_as_pinned(game_name: str, players: int, seed: int,
                                                          cap: int | None) -> None:
    assert _fingerprint(game_name, players, seed, cap) == PINS[(game_name, players, seed, cap)]


if __name__ == "__main__":
    for key in PINS:
        print(f"    {key!r}: {_fingerprint(*key)!r},".replace("'", "\""))
