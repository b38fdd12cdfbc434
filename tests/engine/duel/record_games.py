"""Record the Duel's whole games for `tests/fixtures/duel/` (replayed by tests/engine/test_recorded_games.py).

Run `python -m tests.engine.duel.record_games` after a rule change that alters a result: every game
is played again from its seed by its policy, and the fixture diff shows what moved. The games were
picked (by `--search`) so that together they gain every Technology and end every way a Duel ends:
either seat winning outright and a win decided by the tie-break.

Policies: "greedy" — both seats play `GAME.auto_action`; "mixed:P" — each decision is random with
probability P (from the chooser seed), else greedy, which reaches positions greedy play avoids.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.duel import GAME
from engine.duel.cards import TECHS
from engine.duel.scoring import CATEGORIES
from tests.engine.recorded import FIXTURES, play_recorded, write_record

DIRECTORY: Path = FIXTURES / "duel"

#: (file stem, seed, policy, note) of every recorded game.
GAMES: list[tuple[str, int, str, str]] = [
    ("greedy-0", 0, "greedy", "seat 0 wins; Brickyard, Exposition, Patent System, Postal System, Spinning Mill"),
    ("greedy-1", 1, "greedy", "Ball, Mining Technology, Station, Winery"),
    ("greedy-2", 2, "greedy", "seat 1 wins; Telephone"),
    ("greedy-3", 3, "greedy", "Gaslight, Language School, Stagecoach, University"),
    ("greedy-4", 4, "greedy", "Letterpress Printing"),
    ("greedy-6", 6, "greedy", "Electrical Light"),
    ("greedy-8", 8, "greedy", "kept from the first recording"),
    ("greedy-9", 9, "greedy", "Tram"),
    ("greedy-14", 14, "greedy", "Newspaper"),
    ("greedy-29", 29, "greedy", "Telegram"),
    ("greedy-44", 44, "greedy", "kept from the first recording (then a tie-break)"),
    ("greedy-45", 45, "greedy", "kept from the first recording"),
    ("greedy-59", 59, "greedy", "equal totals, decided by the tie-break"),
    ("random-1", 1, "mixed:1.0", "random play: Foreign Agents, odd corners"),
    ("mixed-2", 2, "mixed:0.3", "greedy with 30% random decisions"),
]


def play(seed: int, policy: str) -> tuple[list[tuple[int, Any]], Any]:
    """Play one whole Duel; returns the action log and the final state."""
    return play_recorded(GAME, 2, seed, None, policy)


def outcome(state: Any) -> str:
    """"seat 0 wins", "seat 1 wins", "tie-break" (equal totals, decided by a category) or "shared"."""
    winners = GAME.winners(state)
    if len(winners) == 2:
        return "shared"
    totals = [s["total"] for s in GAME.scores(state)]
    return "tie-break" if totals[0] == totals[1] else f"seat {winners[0]} wins"


def coverage(state: Any) -> set[str]:
    return {tech for p in state["players"] for tech in p["techs"]} | {outcome(state)}


def record(stem: str, seed: int, policy: str, note: str) -> None:
    log, state = play(seed, policy)
    write_record(DIRECTORY / f"{stem}.json", {
        "game": "duel",
        "players": 2,
        "seed": seed,
        "options": {},
        "policy": policy,
        "note": note,
        "covers": sorted(coverage(state)),
        "scores": GAME.scores(state),
        "actions": [[seat, action] for seat, action in log],
    })


def search(limit: int) -> None:
    """Print games that add something new to the coverage, to choose `GAMES` from."""
    wanted = {tech for tech in GAME_TECHS} | {"seat 0 wins", "seat 1 wins", "tie-break"}
    covered: set[str] = set()
    for policy in ("greedy", "mixed:0.15", "mixed:0.3"):
        for seed in range(limit):
            _, state = play(seed, policy)
            new = coverage(state) - covered
            if new:
                covered |= new
                print(seed, policy, sorted(new), "missing:", sorted(wanted - covered))
            if wanted <= covered:
                return


GAME_TECHS: tuple[str, ...] = tuple(TECHS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--search", type=int, default=0, help="search this many seeds per policy for coverage")
    args = parser.parse_args()
    if args.search:
        search(args.search)
        return
    for old in DIRECTORY.glob("*.json"):
        old.unlink()
    for stem, seed, policy, note in GAMES:
        record(stem, seed, policy, note)
    print(f"recorded {len(GAMES)} games in {DIRECTORY}; categories: {', '.join(CATEGORIES)}")


if __name__ == "__main__":
    main()
