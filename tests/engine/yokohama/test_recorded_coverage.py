"""The recorded Yokohama games (tests/fixtures/yokohama) cover every technology and every end.

Each fact is found by replaying the logs (fixture_coverage.py), never read from a record's notes:
together the games must acquire all 20 technologies of data/yokohama/technologies.toml, show each
one's effect at work, end by each of the five end conditions of engine/yokohama/endgame.py, and
seat 2, 3 and 4 players. Each record's `covers` list must also say truly what that game covers,
so a re-recorded game that lost what it was chosen for shows up in its fixture diff.
"""

from __future__ import annotations

from functools import cache

import pytest

from engine.yokohama.endgame import END_REASONS
from tests.engine.recorded import read_record
from tests.engine.yokohama.fixture_coverage import EFFECTS, Coverage, coverage
from tests.engine.yokohama.record_games import DIRECTORY
from tests.engine.yokohama.steering import parse

PATHS = sorted(DIRECTORY.glob("*.json"))


@cache
def covered() -> dict[str, Coverage]:
    return {path.stem: coverage(read_record(path)) for path in PATHS}


@pytest.mark.parametrize("stem", [p.stem for p in PATHS])
def test_each_record_says_truly_what_it_covers(stem: str) -> None:
    record = read_record(DIRECTORY / f"{stem}.json")
    assert record["covers"] == covered()[stem].tags(), f"{stem}: re-record it (record_games)"


def test_the_records_acquire_every_technology() -> None:
    acquired = set().union(*(c.acquired for c in covered().values()))
    assert len(EFFECTS) == 20
    assert sorted(EFFECTS - acquired) == []


def test_the_records_show_every_technology_at_work() -> None:
    used = set().union(*(c.used for c in covered().values()))
    assert sorted(EFFECTS - used) == []


def test_each_end_condition_ends_a_recorded_game() -> None:
    ends = {c.end for c in covered().values()}
    assert sorted(set(END_REASONS) - ends) == []


def test_the_records_seat_two_three_and_four_players() -> None:
    assert {c.players for c in covered().values()} == {2, 3, 4}


def test_the_record_set_stays_small() -> None:
    """Every record is replayed on every run: a handful of whole games, not a corpus."""
    assert len(PATHS) <= 20


def test_owning_a_technology_is_not_using_it() -> None:
    """Newspaper lets a player "place 1 Assistant pawn in each of up to 4 different areas": a game
    counts it used only if its log has a 4-area spread, and at least one record buys it without
    ever spreading to 4 — acquired, not used: the use detectors are not satisfied by ownership."""
    unused = 0
    for stem, game in covered().items():
        if "newspaper" not in game.acquired:
            continue
        record = read_record(DIRECTORY / f"{stem}.json")
        spreads = [len(a.get("areas", [])) for _, a in record["actions"]
                   if isinstance(a, dict) and a.get("do") == "place"]
        assert ("newspaper" in game.used) == (max(spreads, default=0) >= 4), stem
        unused += "newspaper" not in game.used
    assert unused >= 1


def test_steered_policies_name_known_goals() -> None:
    seats = parse("techs+use/greedy:0.2", 3)
    assert [sorted(p.goals) for p in seats] == [["techs", "use"], [], ["techs", "use"]]
    assert seats[1].randomness == 0.2
    with pytest.raises(ValueError, match="unknown goal"):
        parse("church-lover", 2)
