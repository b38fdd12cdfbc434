"""What players see is pinned: the public view, every seat's view, the headline, places,
ranking and achievements at every third position and the end of seeded random games hash to the values recorded on
main (3af593c) before the view was tuned (bonus words worded once per side, scores reckoned once per
view). A change of rules, data or view shape changes them on purpose; then re-pin with
`python -m tests.engine.rollwrite.test_view_pins` and say why in the commit."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from engine.core import Rng
from engine.rollwrite import GAME

#: (players, seed, options) -> hash of everything shown at every position (`_fingerprint`).
PINS: dict[tuple[int, int, str], str] = {
    (1, 1, "{}"): "6ce3436cf46ee123",
    (2, 2, '{"side": "B"}'): "c8d4329ee86b74f1",
    (3, 3, '{"chamber_of_commerce": true, "chinatown": true}'): "d9bc6fd055c169cc",
    (4, 4, '{"start_player_priority": true}'): "b3ca678ebc01c492",
}


def _fingerprint(players: int, seed: int, options_text: str) -> str:
    options: dict[str, Any] = json.loads(options_text)
    rng = Rng(seed)
    state = GAME.new(players, seed, options or None)
    digest = hashlib.sha1()
    moves = 0
    while True:
        if moves % 3 == 0 or GAME.is_over(state):  # every third position and the end: enough, and quick
            shown = [GAME.view(state, seat) for seat in (None, *range(players))]
            shown.append([GAME.headline(state), GAME.places(state), GAME.ranking(state),
                          [GAME.achievements(state, s) for s in range(players)]])
            digest.update(json.dumps(shown, sort_keys=True).encode())
        if GAME.is_over(state):
            return digest.hexdigest()[:16]
        moves += 1
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)


@pytest.mark.parametrize(("players", "seed", "options_text"), list(PINS))
def test_what_players_see_is_as_pinned(players: int, seed: int, options_text: str) -> None:
    assert _fingerprint(players, seed, options_text) == PINS[(players, seed, options_text)]


if __name__ == "__main__":
    for key in PINS:
        print(f"    {key!r}: {_fingerprint(*key)!r},")
