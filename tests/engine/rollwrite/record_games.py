"""Record Roll & Write's whole games for `tests/fixtures/rollwrite/` (replayed by
tests/engine/test_recorded_games.py).

Run `python -m tests.engine.rollwrite.record_games` after a rule change that alters a result:
every game is played again from its seed by its policy, and the fixture diff shows what moved.
The games were picked (by `--search`) so that together they play both sheet sides and every
option, acquire every technology, use the Telephone and additional action D, and end with
one winner and with a shared victory.

Policies: "greedy" — every seat plays `GAME.auto_action`; "mixed:P" — each decision is random
with probability P (from the chooser seed), else greedy, which reaches positions greedy play avoids.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.rollwrite import GAME
from engine.rollwrite.components import technologies
from tests.engine.recorded import FIXTURES, play_recorded, write_record

DIRECTORY: Path = FIXTURES / "rollwrite"

#: (file stem, players, seed, options, policy, note) of every recorded game.
GAMES: list[tuple[str, int, int, dict[str, Any], str, str]] = [
    ("solo-a-0", 1, 0, {}, "greedy", "side A solo; action D, Exposition, University"),
    ("solo-b-0", 1, 0, {"side": "B"}, "greedy", "side B solo; Beef pot restaurant, Ice cream shop"),
    ("chinatown-2p-0", 2, 0, {"chinatown": True}, "greedy", "Chinatown; a shared victory; Tea machinery"),
    ("chinatown-2p-0-mixed", 2, 0, {"chinatown": True}, "mixed:0.3", "one winner; Carriage, Telephone"),
    (
        "b-chamber-priority-3p-0",
        3,
        0,
        {"side": "B", "chamber_of_commerce": True, "start_player_priority": True},
        "greedy",
        "side B with the Chamber of Commerce and start player priority",
    ),
    (
        "both-expansions-2p-0",
        2,
        0,
        {"chinatown": True, "chamber_of_commerce": True},
        "mixed:0.3",
        "both expansions; Telegraph",
    ),
    ("priority-5p-0", 5, 0, {"start_player_priority": True}, "mixed:0.3", "5 players, priority; Brick factory, Winery"),
    ("solo-a-1", 1, 1, {}, "mixed:0.3", "Station, Tram"),
    ("solo-b-1", 1, 1, {"side": "B"}, "mixed:0.3", "Spinning mill"),
    ("chinatown-2p-1", 2, 1, {"chinatown": True}, "greedy", "Canned food, Gas lamp, Mining technology"),
    ("priority-5p-1", 5, 1, {"start_player_priority": True}, "mixed:0.3", "Foreign language school"),
    ("solo-b-2", 1, 2, {"side": "B"}, "greedy", "Stock system"),
    (
        "b-chamber-priority-3p-2",
        3,
        2,
        {"side": "B", "chamber_of_commerce": True, "start_player_priority": True},
        "greedy",
        "Postal service",
    ),
    (
        "both-expansions-2p-2",
        2,
        2,
        {"chinatown": True, "chamber_of_commerce": True},
        "mixed:0.3",
        "Letterpress printing",
    ),
    ("priority-5p-2", 5, 2, {"start_player_priority": True}, "mixed:0.3", "the Telephone used"),
    ("solo-a-4", 1, 4, {}, "greedy", "Dance hall, Patent system"),
    ("chinatown-2p-4", 2, 4, {"chinatown": True}, "mixed:0.3", "Newspaper"),
    ("basic-2p-10", 2, 10, {}, "greedy", "Electric light"),
]


def play(players: int, seed: int, options: dict[str, Any], policy: str) -> tuple[list[tuple[int, Any]], Any]:
    """Play one whole game; returns the action log and the final state."""
    return play_recorded(GAME, players, seed, options, policy)


def coverage(state: Any, log: list[tuple[int, Any]]) -> set[str]:
    """What a game exercised: technologies acquired, the sheet side, options on, special moves, outcome."""
    got = {tech for ps in state["sheets"] for tech in ps["techs"]}
    got.add(f"side {state['options']['side']}")
    got |= {name for name, on in state["options"].items() if on is True}
    got |= {"telephone used" for _, a in log if a.get("do") == "phone"}
    got |= {"action D" for _, a in log if a.get("do") == "extra" and a.get("pick") == "D"}
    places = GAME.places(state)
    if state["players"] > 1:
        got.add("shared victory" if places.count(1) > 1 else "one winner")
    return got


WANTED: set[str] = {
    *technologies(),
    "side A",
    "side B",
    "start_player_priority",
    "chinatown",
    "chamber_of_commerce",
    "telephone used",
    "action D",
    "one winner",
}


def record(stem: str, players: int, seed: int, options: dict[str, Any], policy: str, note: str) -> None:
    log, state = play(players, seed, options, policy)
    write_record(
        DIRECTORY / f"{stem}.json",
        {
            "game": "rollwrite",
            "players": players,
            "seed": seed,
            "options": options,
            "policy": policy,
            "note": note,
            "covers": sorted(coverage(state, log)),
            "scores": GAME.scores(state),
            "actions": [[seat, action] for seat, action in log],
        },
    )


SETUPS: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (1, {"side": "B"}),
    (2, {"chinatown": True}),
    (3, {"side": "B", "chamber_of_commerce": True, "start_player_priority": True}),
    (2, {"chinatown": True, "chamber_of_commerce": True}),
    (5, {"start_player_priority": True}),
]


def search(limit: int) -> None:
    """Print games that add something new to the coverage, to choose `GAMES` from."""
    covered: set[str] = set()
    for seed in range(limit):
        for players, options in SETUPS:
            for policy in ("greedy", "mixed:0.3"):
                log, state = play(players, seed, options, policy)
                new = coverage(state, log) - covered
                if new:
                    covered |= new
                    print((players, seed, options, policy), sorted(new), "missing:", sorted(WANTED - covered))
                if covered >= WANTED:
                    return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--search", type=int, default=0, help="search this many seeds per set-up for coverage")
    args = parser.parse_args()
    if args.search:
        search(args.search)
        return
    for old in DIRECTORY.glob("*.json"):
        old.unlink()
    for stem, players, seed, options, policy, note in GAMES:
        record(stem, players, seed, options, policy, note)
    print(f"recorded {len(GAMES)} games in {DIRECTORY}")


if __name__ == "__main__":
    main()
