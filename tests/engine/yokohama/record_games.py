"""Record Yokohama's whole games for `tests/fixtures/yokohama/` (replayed by tests/engine/test_recorded_games.py).

Together the games acquire all 20 technologies, show every technology's effect at work, end by
each of the five end conditions, and seat 2, 3 and 4 players (checked by replaying them:
test_recorded_coverage.py; what "covers" means: fixture_coverage.py).

Re-recording after a rule change
--------------------------------
A rule change that alters how a recorded game goes fails test_recorded_games.py (the final scores
differ, or a logged action is no longer legal). Then:

1. `python -m tests.engine.yokohama.record_games` plays every game in GAMES again from its seed by
   its policy and rewrites its file (actions, final scores, `covers`);
2. `git diff tests/fixtures/yokohama` is the evidence: review that only what the rule change
   should move has moved (scores, the decisions after the changed rule);
3. run test_recorded_coverage.py: if a game no longer covers what it was chosen for (its `covers`
   lost a tag the set needs), search again (below) and replace that entry of GAMES.

A change meant to keep behaviour (a refactoring, a faster greedy player) must leave every file
byte-identical when re-recorded: run step 1 and `git status tests/fixtures/yokohama` shows nothing.

`--search N` plays N seeds for every player count (`--players 2` for one) and every policy in
SEARCH_POLICIES (`--policy P`, repeatable, for others), then prints a small set of GAMES entries
that together cover everything (a greedy set cover: most new facts, then the shortest game) and
what, if anything, stays uncovered; `--found FILE` keeps every game searched in FILE so that
searches with different policies add up. `--show` prints the coverage table of the recorded files.
With three 1-good Customs spaces (ruling R7) the Customs board
ends 2-player games too (greedy-2p-0), though without Chinatown (not used with 2 players) imported
goods come only from orders, buildings, rewards and 5-Power tokens.

Policies (tests/engine/yokohama/steering.py): "greedy" — every seat plays `GAME.auto_action`;
"mixed:P" — each decision is random with probability P, else greedy; a steered policy names one
player per seat ("techs+use/greedy/th:0.1"), each leaning toward a goal (buying technologies,
using them, building Shophouses or Trading Houses, the Customs board, avoiding the Church) and
playing only the legal actions the engine offers.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from engine.yokohama import GAME
from engine.yokohama.endgame import END_REASONS
from tests.engine.recorded import FIXTURES, play_recorded, read_record, write_record
from tests.engine.yokohama.fixture_coverage import EFFECTS, Coverage, coverage
from tests.engine.yokohama.steering import policy_chooser

DIRECTORY: Path = FIXTURES / "yokohama"
#: Every tag a complete set of Yokohama records covers.
GOAL: frozenset[str] = frozenset({f"end:{r}" for r in END_REASONS} | {f"tech:{e}" for e in EFFECTS}
                                 | {f"used:{e}" for e in EFFECTS} | {f"players:{n}" for n in (2, 3, 4)})

#: (file stem, players, seed, policy, why it is here) of every recorded game; what each one covers
#: is worked out from the replay and written into its file (`covers`).
GAMES: list[tuple[str, int, int, str, str]] = [
    ("greedy-4p-2", 4, 2, "greedy", "plain greedy play, 4 players"),
    ("greedy-2p-0", 2, 0, "greedy", "plain greedy play, 2 players with the neutral pawns"),
    ("mixed-2p-5", 2, 5, "mixed:0.2", "20% random decisions"),
    ("mixed-3p-5", 3, 5, "mixed:0.2", "the Order deck ends it (3 players)"),
    ("techs-use-th-2p-0", 2, 0, "techs+use+th", "technologies bought and used; Trading Houses end it (2 players)"),
    ("techs-use-th-2p-1", 2, 1, "techs+use+th", "Station and University at work; Trading Houses end it (2 players)"),
    ("techs-use-th-4p-2", 4, 2, "techs+use+th", "Electrical Light at work; Trading Houses end it (4 players)"),
    ("techs-use-customs-nochurch-3p-1", 3, 1, "techs+use+customs+nochurch",
     "Exposition, Newspaper, Postal and Station at work; the Customs board ends it (3 players)"),
    ("th-nochurch-3p-1", 3, 1, "th+nochurch", "Trading Houses end it (3 players)"),
    ("customs-4p-0", 4, 0, "customs", "the Customs board ends it (4 players)"),
    ("shops-nochurch-2p-2", 2, 2, "shops+nochurch", "Shophouses end it (2 players)"),
    ("shops-nochurch-3p-1", 3, 1, "shops+nochurch", "Shophouses end it (3 players)"),
    ("shops-nochurch-4p-2", 4, 2, "shops+nochurch", "Shophouses end it (4 players)"),
    ("techs-use-th-3p-2", 3, 2, "techs+use+th",
     "Trading Houses end it (3 players); Brickyard, Language School, Mining and University at work"),
    ("techs-use-nochurch-4p-1", 4, 1, "techs+use+nochurch", "the Order deck ends it (4 players)"),
    ("techs-use-customs-nochurch-2p-3", 2, 3, "techs+use+customs+nochurch",
     "Patent System acquired and at work; Trading Houses end it (2 players)"),
    ("techs-use-th-3p-4", 3, 4, "techs+use+th", "Winery at work; Trading Houses end it (3 players)"),
    ("techs-use-nochurch-4p-2", 4, 2, "techs+use+nochurch", "Stagecoach at work; the Order deck ends it (4 players)"),
    ("greedy-2p-1", 2, 1, "greedy", "the Church ends it (2 players); Winery at work"),
    ("greedy-4p-8", 4, 8, "greedy", "Newspaper acquired, never spread to four areas (4 players)"),
]

#: The policies `--search` tries.
SEARCH_POLICIES: list[str] = [
    "greedy",
    "mixed:0.2",
    "techs+use+th",
    "techs+use+customs+nochurch",
    "th+nochurch",
    "shops+nochurch",
    "techs+use+nochurch",
    "customs",
    "customs+nochurch",
]


def play(players: int, seed: int, policy: str, limit: int = 6000) -> tuple[list[tuple[int, Any]], Any]:
    """Play one whole game; returns the action log and the final state."""
    if policy == "greedy" or policy.startswith("mixed:"):
        return play_recorded(GAME, players, seed, None, policy, limit=limit)
    return play_recorded(GAME, players, seed, None, policy, limit=limit, choose=policy_chooser(policy, players))


def as_record(players: int, seed: int, policy: str, log: list[tuple[int, Any]], state: Any,
              note: str = "") -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "yokohama",
        "players": players,
        "seed": seed,
        "options": {},
        "policy": policy,
        "note": note,
        "covers": [],
        "scores": GAME.scores(state),
        "actions": [[seat, action] for seat, action in log],
    }
    return record


def tags(cover: Coverage) -> set[str]:
    return {*cover.tags(), f"players:{cover.players}"}


def record(stem: str, players: int, seed: int, policy: str, note: str) -> Coverage:
    log, state = play(players, seed, policy)
    content = as_record(players, seed, policy, log, state, note)
    cover = coverage(content)
    content["covers"] = cover.tags()
    write_record(DIRECTORY / f"{stem}.json", content)
    return cover


def search(seeds: int, policies: list[str], found_file: Path | None, counts: list[int]) -> None:
    """Greedy set cover over the games played: print the GAMES entries that cover everything.

    With `found_file`, every game played is appended to it (one JSON line) and the cover is
    chosen from all games in it, so searches with different policies add up."""
    found: list[tuple[str, int, int, str, set[str]]] = []
    if found_file and found_file.exists():
        for line in found_file.read_text(encoding="utf-8").splitlines():
            stem, players, seed, policy, cover = json.loads(line)
            found.append((stem, players, seed, policy, set(cover)))
    for players in counts:
        for policy in policies:
            for seed in range(seeds):
                name = policy.replace("/", "-").replace(":", "").replace("+", "-")
                stem = f"{name}-{players}p-{seed}"
                if any(f[0] == stem for f in found):
                    continue
                try:
                    log, state = play(players, seed, policy, limit=2500)
                except RuntimeError as stalled:  # a policy that idles: not a record
                    print(stalled, flush=True)
                    continue
                cover = coverage(as_record(players, seed, policy, log, state))
                found.append((stem, players, seed, policy, tags(cover) | {f"decisions:{len(log)}"}))
                if found_file:
                    with found_file.open("a", encoding="utf-8") as out:
                        out.write(json.dumps(list(found[-1][:4]) + [sorted(found[-1][4])]) + "\n")
                print(f"{stem}: {cover.end}, {cover.rounds} rounds, {len(log)} decisions, "
                      f"{len(cover.acquired)} techs, used {sorted(cover.used)}", flush=True)
    chosen, covered = [], set()
    while GOAL - covered:
        # Most new tags first; among equals the shortest game (the smaller file).
        best = max(found, key=lambda f: (len(f[4] & (GOAL - covered)), -decisions(f[4])))
        if not best[4] & (GOAL - covered):
            break
        chosen.append(best)
        covered |= best[4]
    for stem, players, seed, policy, cover in chosen:
        print(f'    ("{stem}", {players}, {seed}, "{policy}", "{", ".join(sorted(cover & GOAL))}"),')
    print("not covered:", sorted(GOAL - covered))


def decisions(cover: set[str]) -> int:
    return next((int(t.split(":")[1]) for t in cover if t.startswith("decisions:")), 0)


def show() -> None:
    """The coverage table of the recorded files (players, end, rounds, technologies)."""
    for path in sorted(DIRECTORY.glob("*.json")):
        cover = coverage(read_record(path))
        print(f"{path.stem}: {cover.players}p, {cover.end}, {cover.rounds} rounds, "
              f"acquired {', '.join(sorted(cover.acquired))}; used {', '.join(sorted(cover.used))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--search", type=int, default=0, help="seeds per player count and policy to search")
    parser.add_argument("--policy", action="append", help="search only this policy (repeatable)")
    parser.add_argument("--found", type=Path, help="JSON-lines file of games already searched (read and extended)")
    parser.add_argument("--players", type=int, action="append", help="search only this player count (repeatable)")
    parser.add_argument("--show", action="store_true", help="print what the recorded files cover")
    args = parser.parse_args()
    if args.search:
        search(args.search, args.policy or SEARCH_POLICIES, args.found, args.players or [2, 3, 4])
    elif args.show:
        show()
    else:
        for stem, players, seed, policy, note in GAMES:
            record(stem, players, seed, policy, note)


if __name__ == "__main__":
    main()
