"""The recorded Roll & Write games (tests/fixtures/rollwrite) together play both sheet sides and
every option, acquire every technology, use the Telephone and action D, and end with one winner."""

from __future__ import annotations

from tests.engine.recorded import read_record, replay_record
from tests.engine.rollwrite.record_games import DIRECTORY, WANTED, coverage


def test_recorded_rollwrite_games_cover_every_technology_side_and_option() -> None:
    covered: set[str] = set()
    for path in sorted(DIRECTORY.glob("*.json")):
        record = read_record(path)
        _, state = replay_record(record)
        log = [(seat, action) for seat, action in record["actions"]]
        assert sorted(coverage(state, log)) == record["covers"], f"{path.name}: re-record it (record_games)"
        covered |= coverage(state, log)
    assert covered >= WANTED, sorted(WANTED - covered)
