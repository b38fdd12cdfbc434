"""Does Yokohama play like Yokohama? Whole games measured against what the rulebook implies.

The rulebook ships 100-point counters ("If a player obtains more than 100 points, they receive a
100-Point token") and five end conditions, two of them a player's own buildings (all 8
Shophouses, all 4 Trading Houses). The reconstructed components (docs/rulings/yokohama.md, R7)
set the pace; this benchmark is the evidence they are calibrated. Per player count and line-up it
prints:

- the share of games each end condition ended (the condition that fixed the final round; "met"
  counts every condition true by the end);
- rounds played (mean, p95, max);
- winning and losing scores (median, p10, p90, share over 100);
- per player: Shophouses and Trading Houses built, orders completed, technologies taken, pawns on
  the Church and Customs boards;
- stalls: games still running past round `STALL_ROUND` (the rules never end a game by a cap; the
  bench stops watching a stalled game at `WATCH_ROUNDS` and counts it apart);
- the share of games with a score of `OUT_OF_BOX` (200) or more, which the box's counters cannot show;
- wasted main actions: a President moved to an Area Action that gains nothing while another move of
  the same decision gained something (counted for every seat, AI or greedy).

Line-ups: `ai` (the AI in every seat), `mixed` (one AI, the rest greedy; the AI's seat rotates
with the seed), `greedy` (every seat greedy — fast, for trying data). The AI costs about a second
of CPU per decision, so games run in `--workers` processes and each finished game is appended to
`--log` (one JSON line) as it ends; `--summarize` prints the figures of a log, also of a run cut
short. The AI's time budget is only a cap, and here it is set far above what a decision needs
(`--budget 10`): at a 2-s cap, three benchmarks on two cores cut many decisions short (median 1.8 s
on the wall clock), so the games measured a weaker AI that changed with the machine's load. The cap
is read on the game's own CPU clock (`time.process_time`), so other work on the machine cannot cut a
decision short either: a seeded game is the same game on a quiet machine and a busy one.

    python -m bench.yokohama_calibration [--games 200] [--players 2 3 4] [--lineup ai mixed greedy]
        [--budget 10] [--workers 2] [--seed 0] [--log FILE [--resume]] [--summarize FILE]

`--resume` plays only the games of the run not yet in `--log` (by line-up, player count and seed), so an
AI sample can be played over several runs; the figures printed are the whole log's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

# Run as a script from anywhere: make the project root importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Rng, mix_seed
from engine.core.deadline import pausing_the_collector
from engine.yokohama import GAME, greedy
from engine.yokohama.endgame import buildings, rounds_played

CONDITIONS = ("church", "customs", "orders", "shops", "trading_houses")
#: A game still running after this round is a stall (the issue: none may pass round 30).
STALL_ROUND = 30
#: The rulebook's one 100-point counter a colour ("If a player obtains more than 100 points, they receive a
#: 100-Point token"): a score of this or more has no component to show it.
OUT_OF_BOX = 200
#: A stalled game is watched this long, then left (counted as stalled, never as ended).
WATCH_ROUNDS = 60


def run_game(players: int, seed: int, lineup: str, budget: float, max_decisions: int | None = None
             ) -> tuple[Any, int, set[int], int]:
    """The seeded game every figure here is read from (and `bench.compiled_engine` checks the compiled
    copy against): the state where it stopped (over, watched `WATCH_ROUNDS`, or after `max_decisions`),
    the decisions taken, the AI's seats and the wasted main actions (`greedy.wasted_main_action`: a
    President moved to an Area Action that gains nothing while another move gained something)."""
    state = GAME.new(players, seed)
    ai_seats = set(range(players)) if lineup == "ai" else {seed % players} if lineup == "mixed" else set()
    rng = Rng(mix_seed(seed, players, 31))
    decisions = wasted = 0
    while not GAME.is_over(state) and state["round"] <= WATCH_ROUNDS and decisions != max_decisions:
        seat = rng.choice(GAME.to_act(state))
        if seat in ai_seats:
            action = GAME.ai_action(state, seat, seed=mix_seed(seed, decisions), budget_s=budget,
                                    clock=time.process_time)
        else:
            action = GAME.auto_action(state, seat)
        wasted += greedy.wasted_main_action(state, seat, action)
        state = GAME.apply(state, seat, action)
        decisions += 1
    return state, decisions, ai_seats, wasted


def play(job: tuple[int, int, str, float]) -> dict[str, Any]:
    """One whole game; what it produced."""
    players, seed, lineup, budget = job
    started = time.process_time()
    state, decisions, ai_seats, wasted = run_game(players, seed, lineup, budget)
    over = GAME.is_over(state)
    shops, houses = buildings(state)
    totals = [s["total"] for s in GAME.scores(state)]
    reasons = list(state["end"]["reasons"])
    return {
        "players": players, "seed": seed, "lineup": lineup, "over": over,
        "stalled": rounds_played(state) > STALL_ROUND or not over,
        "first": reasons[0] if reasons else None, "met": reasons,
        "rounds": rounds_played(state), "played": True, "totals": totals, "ai_seats": sorted(ai_seats),
        "shops": shops, "houses": houses,
        "orders": [len(p["done"]) for p in state["p"]],
        "techs": [len(p["techs"]) for p in state["p"]],
        "church": [sum(1 for o in state["church"] if o == s) for s in range(players)],
        "customs": [sum(1 for o in state["customs"] if o == s) for s in range(players)],
        "decisions": decisions, "wasted": wasted, "cpu_s": round(time.process_time() - started, 2),
    }


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _spread(values: list[float]) -> str:
    if not values:
        return "—"
    over = sum(1 for v in values if v > 100) / len(values)
    return (f"median {statistics.median(values):5.1f}  p10 {_pct(values, 0.1):5.1f}  p90 {_pct(values, 0.9):5.1f}"
            f"  over 100: {over:4.0%}")


def _upgrade(record: dict[str, Any]) -> dict[str, Any]:
    """A record logged before `played` counted the round counter, one past the final round of an ended
    game (and called a game whose round 30 was its last a stall): read it as rounds played."""
    if record.get("played") or not record["over"]:
        return record
    rounds = record["rounds"] - 1
    return {**record, "rounds": rounds, "played": True, "stalled": rounds > STALL_ROUND}


def summarize(records: list[dict[str, Any]]) -> None:
    records = [_upgrade(r) for r in records]
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault((r["lineup"], r["players"]), []).append(r)
    for (lineup, players), games in sorted(groups.items()):
        ended = [g for g in games if g["over"]]
        stalled = sum(1 for g in games if g["stalled"])
        print(f"\n{players} players, line-up {lineup}: {len(games)} games ({len(ended)} ended by the rules, "
              f"{stalled} stalled past round {STALL_ROUND})")
        if not ended:
            continue
        first = Counter(g["first"] for g in ended)
        met = Counter(c for g in ended for c in g["met"])
        print("  end condition    ended   met")
        for c in CONDITIONS:
            print(f"  {c:15s} {first[c] / len(ended):5.0%} {met[c] / len(ended):5.0%}")
        rounds = [g["rounds"] for g in ended]
        print(f"  rounds: mean {statistics.mean(rounds):.1f}, p95 {_pct(rounds, 0.95)}, max {max(rounds)}")
        winners = [max(g["totals"]) for g in ended]
        losers = [t for g in ended for t in sorted(g["totals"], reverse=True)[1:]]
        print(f"  winning score: {_spread(winners)}")
        print(f"  losing scores: {_spread(losers)}")
        boxed = sum(1 for g in ended if max(g["totals"]) >= OUT_OF_BOX)
        print(f"  games with a score of {OUT_OF_BOX}+: {boxed} of {len(ended)} ({boxed / len(ended):.1%}), "
              f"highest {max(winners)}")
        past = sum(1 for g in games if g["stalled"])
        print(f"  games past round {STALL_ROUND}: {past} of {len(games)} ({past / len(games):.2%})")
        if all("wasted" in g for g in games):
            wasted = [g["wasted"] for g in games]
            print(f"  wasted main actions: {sum(wasted)} in {sum(1 for w in wasted if w)} of {len(games)} games")

        def per_player(key: str, games: list[dict[str, Any]] = ended) -> float:
            values = [v for g in games for v in g[key]]
            return statistics.mean(values)

        print(f"  per player: Shophouses {per_player('shops'):.2f}, Trading Houses {per_player('houses'):.2f}, "
              f"orders {per_player('orders'):.2f}, technologies {per_player('techs'):.2f}, "
              f"Church pawns {per_player('church'):.2f}, Customs pawns {per_player('customs'):.2f}")
        if lineup == "mixed":
            ai_wins = sum(1 for g in ended if g["totals"].index(max(g["totals"])) in g["ai_seats"])
            print(f"  the AI won {ai_wins} of {len(ended)} ({ai_wins / len(ended):.0%})")
        cpu = [g["cpu_s"] for g in games]
        print(f"  CPU per game: mean {statistics.mean(cpu):.1f} s, decisions mean "
              f"{statistics.mean(g['decisions'] for g in games):.0f}")


def read_log(path: Path) -> list[dict[str, Any]]:
    """The games of a `--log` file (one JSON object a line)."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def missing_jobs(jobs: list[tuple[int, int, str, float]],
                 records: list[dict[str, Any]]) -> list[tuple[int, int, str, float]]:
    """The jobs whose game is not in `records` yet. An AI game costs minutes of CPU, so a
    sample kept in a log grows over several runs, each game played once; the play is seeded and the AI's
    cap is read on the CPU clock, so a game played again is the same game wherever that cap never binds."""
    done = {(r["lineup"], r["players"], r["seed"]) for r in records}
    return [job for job in jobs if (job[2], job[0], job[1]) not in done]


def main() -> None:
    pausing_the_collector()  # this process only searches: a collection must not eat a small budget
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per player count and line-up")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--lineup", nargs="+", default=["ai", "mixed"], choices=["ai", "mixed", "greedy"])
    parser.add_argument("--budget", type=float, default=10.0,
                        help="the AI's time cap per decision (s): far above the ~0.7 s of CPU a decision takes, "
                             "so that a loaded machine never cuts a decision short")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--log", type=Path, help="append each finished game to this JSON-lines file")
    parser.add_argument("--summarize", type=Path, help="print the figures of a --log file and stop")
    parser.add_argument("--resume", action="store_true",
                        help="play only the games not yet in --log, then print the figures of the whole log")
    args = parser.parse_args()
    if args.summarize:
        summarize(read_log(args.summarize))
        return
    if args.resume and not args.log:
        parser.error("--resume continues a --log file: name it")
    jobs = [(players, args.seed + i, lineup, args.budget)
            for lineup in args.lineup for players in args.players for i in range(args.games)]
    records: list[dict[str, Any]] = []
    if args.resume and args.log.exists():
        records = read_log(args.log)
        jobs = missing_jobs(jobs, records)
        print(f"{len(records)} games already in {args.log}; {len(jobs)} to play", flush=True)
    with ProcessPoolExecutor(max_workers=args.workers, initializer=pausing_the_collector) as pool:
        futures = [pool.submit(play, job) for job in jobs]
        for future in as_completed(futures):
            record = future.result()
            records.append(record)
            if args.log:
                with args.log.open("a") as out:
                    out.write(json.dumps(record) + "\n")
    print("Yokohama calibration: whole games against the rulebook's 100-point counters and end conditions")
    summarize(records)


if __name__ == "__main__":
    main()
