"""The Yokohama strength sample grows across sessions (`--resume`): each seed is played once."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from bench import ai_strength
from tests.bench.clocks import record_ai_clocks


def _game(seed: int, win: bool) -> dict[str, object]:
    return {"seed": seed, "win": win, "ai": 150, "best_greedy": 140, "winning": 150 if win else 140,
            "rounds": 20, "reasons": ["church"], "times": [0.3, 0.4], "ai_seat": seed % 3,
            "boards": {"church": [1, 2, 2], "customs": [1, 1, 1]}}


def test_only_the_seeds_missing_from_the_log_are_played() -> None:
    logged = [_game(70_000, True), _game(70_002, False)]
    assert ai_strength.yokohama_seeds(4, logged) == [70_001, 70_003]
    assert ai_strength.yokohama_seeds(2, []) == [70_000, 70_001]


def test_resume_with_every_seed_logged_plays_nothing_and_sums_up_the_whole_log(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "strength.jsonl"
    log.write_text("".join(json.dumps(_game(70_000 + n, n == 0)) + "\n" for n in range(2)))
    monkeypatch.setattr(sys, "argv", ["ai_strength", "yokohama", "--games", "2", "--workers", "1",
                                      "--log", str(log), "--resume"])
    ai_strength.main()
    out = capsys.readouterr().out
    assert "2 games already in" in out and "0 to play" in out
    assert "AI wins 1/2 (50%)" in out
    assert len(log.read_text().splitlines()) == 2  # nothing appended


def test_resume_needs_a_log(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["ai_strength", "yokohama", "--resume"])
    with pytest.raises(SystemExit):
        ai_strength.main()


def test_the_ai_cap_is_read_on_the_games_own_cpu_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the calibration bench: other work on the machine must not cut a decision short."""
    clocks = record_ai_clocks(monkeypatch, ai_strength.YOKOHAMA)
    result = ai_strength._yokohama_game((70_001, 10.0))
    assert not result.get("unfinished") and result["ai_seat"] == 70_001 % 3
    assert clocks == {time.process_time}


def _hard_game(seed: int, totals: list[int]) -> dict[str, object]:
    hard = seed % 3
    easy = [t for s, t in enumerate(totals) if s != hard]
    return {"seed": seed, "budget": 1.0, "hard_seat": hard, "totals": totals,
            "win": totals[hard] == max(totals),
            "pairs": sum(1.0 if totals[hard] > t else 0.5 if totals[hard] == t else 0.0 for t in easy),
            "rounds": 20, "reasons": ["church"], "times": {"new": [1.0], "old": [0.5]}}


def test_the_hard_against_today_s_ai_log_is_summed_up_by_wins_and_pairings(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Yokohama proof: the hard AI in seat `seed % 3` against two of today's AI. Even strength
    wins a third of the games and half the pairings; `--summarize` tells this log from the greedy one."""
    log = tmp_path / "hard.jsonl"
    games = [_hard_game(70_000, [140, 150, 130]),  # seat 1 hard: first, ahead of both
             _hard_game(70_001, [150, 140, 140]),  # seat 2 hard: tied with seat 1, behind seat 0
             _hard_game(70_002, [90, 120, 100])]  # seat 0 hard: last
    log.write_text("".join(json.dumps(g) + "\n" for g in games))
    monkeypatch.setattr(sys, "argv", ["ai_strength", "yokohama", "--summarize", str(log)])
    ai_strength.main()
    out = capsys.readouterr().out
    assert "hard AI first in 1/3 (33%" in out
    assert "ahead of today's AI in 2.5/6 pairings (41.7%" in out
    assert "mean -10.0 VP" in out  # +10, -10, -30
