"""The calibration benchmark's log grows across sessions (`--resume`): each game is played once."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from bench import yokohama_calibration as calibration
from tests.bench.clocks import record_ai_clocks


def _run(monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    monkeypatch.setattr(sys, "argv", ["yokohama_calibration", "--players", "2", "--lineup", "greedy",
                                      "--workers", "1", *args])
    calibration.main()


def test_resume_plays_only_the_games_missing_from_the_log(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.jsonl"
    _run(monkeypatch, "--games", "2", "--seed", "40", "--log", str(log))
    first = calibration.read_log(log)
    assert sorted(r["seed"] for r in first) == [40, 41]

    _run(monkeypatch, "--games", "3", "--seed", "40", "--log", str(log), "--resume")
    records = calibration.read_log(log)
    assert sorted(r["seed"] for r in records) == [40, 41, 42]  # 40 and 41 not played again
    assert records[:2] == first
    out = capsys.readouterr().out
    assert "2 games already in" in out and "1 to play" in out
    assert "2 players, line-up greedy: 3 games" in out  # the figures are the whole log's

    # The seeded game played on resume is the game a fresh run plays.
    fresh = calibration.play((2, 42, "greedy", 10.0))
    resumed = next(r for r in records if r["seed"] == 42)
    assert {k: v for k, v in fresh.items() if k != "cpu_s"} == {k: v for k, v in resumed.items() if k != "cpu_s"}


def test_missing_jobs_tell_games_apart_by_line_up_players_and_seed() -> None:
    jobs = [(2, 7, "ai", 10.0), (3, 7, "ai", 10.0), (2, 7, "greedy", 10.0), (2, 8, "ai", 10.0)]
    records: list[dict[str, object]] = [{"lineup": "ai", "players": 2, "seed": 7}]
    assert calibration.missing_jobs(jobs, records) == jobs[1:]


def test_resume_needs_a_log(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit):
        _run(monkeypatch, "--games", "1", "--resume")


def test_the_ai_cap_is_read_on_the_games_own_cpu_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Other work on the machine must not cut a decision short: a seeded game replays the same."""
    clocks = record_ai_clocks(monkeypatch, calibration.GAME)
    record = calibration.play((2, 43, "mixed", 10.0))
    assert record["over"] and record["ai_seats"] == [1]
    assert clocks == {time.process_time}


@pytest.mark.parametrize("seed", [933016, 933028, 933266, 933516, 934738])
def test_greedy_games_that_held_full_hands_for_rounds_end_by_round_30(seed: int) -> None:
    """RB, Port: "Each player may have a maximum of 3 Order cards in their hand. Players may not discard any
    Order cards." These 3-player greedy games ran 31–38 rounds while players held three orders whose goods
    they lacked for 10–20 rounds, so no order could be taken to run the deck down; the greedy player now
    counts a full hand's cost at every player count and each game ends by round 30 (the rules set no cap:
    the bench plays the rules on)."""
    state, _, _, _ = calibration.run_game(3, seed, "greedy", 10.0)
    assert state["over"] and calibration.rounds_played(state) <= calibration.STALL_ROUND


def test_a_greedy_player_with_no_assistant_in_hand_takes_assistants_back_rather_than_pass_for_ever() -> None:
    """RB, Step 2 b): "Return your President pawn to your hand, and you may also return any Assistant pawns from
    any Area to your hand." In 2-player seed 934516 one greedy seat held no assistant in hand from round 9:
    it could only walk to the three areas its assistants stood in, and it sent the President home taking
    none back, turn after turn, for 22 rounds (the game ran 31). Whether the hand ran low was read after
    the pass, so the pass that refilled the hand looked like one from a full hand. The game now ends by
    round 30."""
    state, _, _, _ = calibration.run_game(2, 934516, "greedy", 10.0)
    assert state["over"] and calibration.rounds_played(state) <= calibration.STALL_ROUND
