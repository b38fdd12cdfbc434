"""Every recorded whole game in `tests/fixtures/<game>/*.json` replays to its recorded final scores.

The 18xx.games way: real games, checked in, replayed on every run. A rule change that alters how a
recorded game ends fails here; re-record it with the game's recording tool, and the fixture diff
shows exactly which result moved. Engines add games by dropping files in their directory (format:
`tests/engine/recorded.py`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import canonical
from tests.engine.recorded import read_record, record_paths, replay_record

RECORDS = record_paths()


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDS])
def test_recorded_game_replays_to_its_final_scores(path: Path) -> None:
    record = read_record(path)
    assert record["game"] == path.parent.name, "a record lives in its game's directory"
    game, state = replay_record(record)
    assert game.is_over(state), "a recorded game is a whole game"
    assert game.to_act(state) == []
    assert canonical(game.scores(state)) == canonical(record["scores"])


def test_there_are_recorded_games() -> None:
    assert RECORDS, "tests/fixtures/<game>/*.json holds no recorded game"
