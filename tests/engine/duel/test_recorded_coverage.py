"""The recorded Duel games (tests/fixtures/duel) together gain every Technology and end every way."""

from __future__ import annotations

from engine.duel.cards import TECHS
from tests.engine.duel.record_games import DIRECTORY, coverage
from tests.engine.recorded import read_record, replay_record


def test_recorded_duel_games_cover_every_technology_and_outcome() -> None:
    covered: set[str] = set()
    for path in sorted(DIRECTORY.glob("*.json")):
        record = read_record(path)
        _, state = replay_record(record)
        assert sorted(coverage(state)) == record["covers"], f"{path.name}: re-record it (record_games)"
        covered |= coverage(state)
    assert set(TECHS) <= covered
    assert {"seat 0 wins", "seat 1 wins", "tie-break"} <= covered
