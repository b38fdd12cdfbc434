"""The recorded Yokohama games (tests/fixtures/yokohama) say truly what they cover.

Together they gain 12 of the 20 technologies and end by the Church board and by the Order deck;
greedy play never yet reached the other end conditions or the dearest technologies (see
`record_games.py --search`), which the rule tests cover one by one instead.
"""

from __future__ import annotations

from tests.engine.recorded import read_record, replay_record
from tests.engine.yokohama.record_games import DIRECTORY, coverage


def test_recorded_yokohama_games_cover_what_they_claim() -> None:
    covered: set[str] = set()
    for path in sorted(DIRECTORY.glob("*.json")):
        record = read_record(path)
        _, state = replay_record(record)
        assert sorted(coverage(state)) == record["covers"], f"{path.name}: re-record it (record_games)"
        covered |= coverage(state)
    assert {"end:church", "end:orders"} <= covered
    assert len({c for c in covered if not c.startswith("end:")}) >= 12
