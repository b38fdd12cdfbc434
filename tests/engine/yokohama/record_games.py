"""Record Yokohama's whole games for `tests/fixtures/yokohama/` (replayed by tests/engine/test_recorded_games.py).

Run `python -m tests.engine.yokohama.record_games` after a rule change that alters a result: every
game is played again from its seed by its policy, and the fixture diff shows what moved.
`--search N` plays N seeds per player count and policy and prints a small set of games that
together gain every technology and meet every end condition; the list below came from it.

Policies: "greedy" — every seat plays `GAME.auto_action`; "mixed:P" — each decision is random
with probability P (from the chooser seed), else greedy, which reaches positions greedy play avoids.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.yokohama import GAME
from engine.yokohama.components import parts
from tests.engine.recorded import FIXTURES, play_recorded, write_record

DIRECTORY: Path = FIXTURES / "yokohama"
EFFECTS = sorted({t["effect"] for t in parts().techs.values()})
END_REASONS = ["church", "customs", "orders", "shops", "trading_houses"]

#: (file stem, players, seed, policy, note) of every recorded game.
GAMES: list[tuple[str, int, int, str, str]] = [
    ("greedy-4p-2", 4, 2, "greedy", "Ball, Gaslight, Mining Technology, Spinning Mill, Telegram; Church end"),
    ("greedy-4p-1", 4, 1, "greedy", "Letterpress Printing, Stagecoach, System of Stock, University"),
    ("greedy-2p-0", 2, 0, "greedy", "Brickyard, Telephone; a 2-player game with the neutral pawns"),
    ("mixed-2p-5", 2, 5, "mixed:0.2", "Language School; 20% random decisions"),
    ("mixed-3p-5", 3, 5, "mixed:0.2", "the Order deck and the Church both end it"),
]


def play(players: int, seed: int, policy: str) -> tuple[list[tuple[int, Any]], Any]:
    """Play one whole game; returns the action log and the final state."""
    return play_recorded(GAME, players, seed, None, policy)


def coverage(state: Any) -> set[str]:
    """Technologies gained (by effect) and end conditions met in a finished game."""
    techs = {parts().techs[t]["effect"] for pl in state["p"] for t in pl["techs"]}
    return techs | {f"end:{r}" for r in state["end"]["reasons"]}


def record(stem: str, players: int, seed: int, policy: str, note: str) -> None:
    log, state = play(players, seed, policy)
    write_record(DIRECTORY / f"{stem}.json", {
        "game": "yokohama",
        "players": players,
        "seed": seed,
        "options": {},
        "policy": policy,
        "note": note,
        "covers": sorted(coverage(state)),
        "scores": GAME.scores(state),
        "actions": [[seat, action] for seat, action in log],
    })


def search(seeds: int) -> None:
    """Greedy set cover over the games played: print the GAMES entries that cover everything."""
    found: list[tuple[str, int, int, str, set[str]]] = []
    for players in (2, 3, 4):
        for policy in ("greedy", "mixed:0.2"):
            for seed in range(seeds):
                _, state = play(players, seed, policy)
                stem = f"{'greedy' if policy == 'greedy' else 'mixed'}-{players}p-{seed}"
                found.append((stem, players, seed, policy, coverage(state)))
    goal = set(EFFECTS) | {f"end:{r}" for r in END_REASONS}
    chosen, covered = [], set()
    while goal - covered:
        best = max(found, key=lambda f: len(f[4] & (goal - covered)))
        if not best[4] & (goal - covered):
            break
        chosen.append(best)
        covered |= best[4]
    for stem, players, seed, policy, cover in chosen:
        print(f'    ("{stem}", {players}, {seed}, "{policy}", "{", ".join(sorted(cover))}"),')
    print("not covered:", sorted(goal - covered))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", type=int, default=0, help="seeds per player count and policy to search")
    args = parser.parse_args()
    if args.search:
        search(args.search)
        return
    for stem, players, seed, policy, note in GAMES:
        record(stem, players, seed, policy, note)


if __name__ == "__main__":
    main()
