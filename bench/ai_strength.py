"""How strong the AI is against today's greedy player, and how long it thinks.

    python -m bench.ai_strength rollwrite [--games 100] [--budget 2.0] [--workers 2]
    python -m bench.ai_strength rollwrite --against previous [--games 200] [--budget 0.5] [--workers 1] [--offset N]
    python -m bench.ai_strength duel [--ai today|search] [--games 200] [--budget 0.2] [--workers 2]
    python -m bench.ai_strength duel --against previous [--games 200] [--budget 0.2] [--workers 1]
    python -m bench.ai_strength yokohama [--games 200] [--budget 2.0] [--workers 2] [--log FILE [--resume]]
    python -m bench.ai_strength yokohama --summarize FILE
    python -m bench.ai_strength yokohama --against previous [--games 200] [--budget 0.5] [--log FILE [--resume]]

Roll & Write: the same seeds played solo by the greedy player and by the AI on each sheet side;
prints the mean VP of each, the difference, how many games reach the 13-18 orders achievements,
and the AI's decision time p50/p95/max. Games run in `--workers` processes; compare figures within
one run (the machine is shared and noisy).

Roll & Write `--against previous`: the hard AI (engine/rollwrite/search.py) and today's AI
(the easy level, engine/rollwrite/ai.py) each play the same seed solo (the same dice and cards), both
at `--budget`, side A on even seeds and B on odd ones: a paired comparison. Prints each one's mean
score, the mean paired difference with a 95% interval, how many seeds each won or tied, and each one's
decision time p50/p95/max (only decisions with a choice are timed).

Duel: the AI (`--ai search`: the search AI of engine/duel/search.py) against today's greedy player,
the AI in the first seat of even games and the second of odd ones (the first seat starts), so each
starts half the games; prints the AI's wins (a shared victory counts half), the mean margin, and the
AI's decision time p50/p95/max. With `--against previous`, the search AI plays today's AI
(engine/duel/ai.py) instead, both at `--budget`, the search in the first seat of even games; prints
the search's wins, the mean margin and each side's decision time (only decisions with a choice are
timed: a lone option is answered at once).

Yokohama: one AI against two greedy players (3 players), the AI's seat rotating with the seed;
prints the AI's wins, how the games ended (end condition, rounds, winning scores) and the AI's
decision time p50/p95/max. A Yokohama game costs about a minute of CPU, so each finished game is
appended to `--log` (one JSON line) as it ends; `--summarize` prints the figures of a log, also of a
run cut short, and `--resume` plays only the seeds not yet in the log (a sample that outlasts one run).
A game not over after `YOKOHAMA_CAP` decisions (greedy players can stall, ruling R7)
is counted as unfinished and left out of the figures.

Yokohama `--against previous`: the hard AI (engine/yokohama/search.py) in seat `seed % 3`
against today's AI (the easy level, engine/yokohama/ai.py) in the other two, all at `--budget` read on
each game's CPU clock. Prints how often the hard AI finishes first (1 in 3 at even strength), how often
it finishes ahead of each of today's AIs (half the pairings at even strength), its margin over the
better of the two and both sides' decision times; `--log`, `--resume` and `--summarize` as above.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from bench.yokohama_calibration import read_log
from engine.core import Rng, mix_seed, random_playout
from engine.core.deadline import pausing_the_collector
from engine.duel import GAME as DUEL
from engine.duel.search import DEFAULT, Settings, search_action
from engine.rollwrite import GAME as ROLLWRITE
from engine.rollwrite.greedy import greedy_policy
from engine.rollwrite.search import DEFAULT as RW_DEFAULT
from engine.rollwrite.search import Settings as RWSettings
from engine.rollwrite.search import search_action as rw_search_action
from engine.yokohama import GAME as YOKOHAMA
from engine.yokohama.endgame import rounds_played
from engine.yokohama.search import search_action as yokohama_search


def _rollwrite_game(job: tuple[int, str, float]) -> dict[str, Any]:
    seed, side, budget = job
    times: list[float] = []

    def ai_policy(game: Any, state: Any, seat: int, rng: Rng) -> Any:
        start = time.perf_counter()
        action = game.ai_action(state, seat, seed=seed, budget_s=budget)
        times.append(time.perf_counter() - start)
        return action

    options = {"side": side}
    greedy = random_playout(ROLLWRITE, 1, seed, options, policy=greedy_policy).state
    ai = random_playout(ROLLWRITE, 1, seed, options, policy=ai_policy).state
    return {"side": side, "greedy": ROLLWRITE.scores(greedy)[0]["total"], "ai": ROLLWRITE.scores(ai)[0]["total"],
            "greedy_orders": ROLLWRITE.orders_fulfilled(greedy, 0), "ai_orders": ROLLWRITE.orders_fulfilled(ai, 0),
            "times": times}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def _print_decision_times(label: str, times: list[float], indent: str = "  ") -> None:
    """One line of decision times (p50, p95, max in ms) for `label`: every mode prints the same line."""
    print(f"{indent}{label} decision time: p50 {_percentile(times, 0.5) * 1000:.0f} ms, "
          f"p95 {_percentile(times, 0.95) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
          f"over {len(times)} decisions")


def rollwrite(games: int, budget: float, workers: int) -> None:
    print(f"Roll & Write solo, {games} seeds per side, AI budget {budget:g} s per decision")
    for side in ("A", "B"):
        start = time.perf_counter()
        with ProcessPoolExecutor(workers, initializer=pausing_the_collector) as pool:
            results = list(pool.map(_rollwrite_game, [(90_000 + n, side, budget) for n in range(games)]))
        wall = time.perf_counter() - start
        greedy = [r["greedy"] for r in results]
        ai = [r["ai"] for r in results]
        times = [t for r in results for t in r["times"]]
        wins = sum(a > g for a, g in zip(ai, greedy, strict=True))
        print(f"  side {side}: greedy mean {statistics.mean(greedy):.1f} VP, AI mean {statistics.mean(ai):.1f} VP, "
              f"difference {statistics.mean(ai) - statistics.mean(greedy):+.1f} VP "
              f"(AI ahead on {wins}/{games} seeds)  [{wall:.0f} s]")
        for who in ("greedy", "ai"):
            orders = [r[f"{who}_orders"] for r in results]
            reach = sum(o >= 13 for o in orders)
            print(f"    {who:>6}: orders mean {statistics.mean(orders):.1f} (max {max(orders)}); "
                  f"games reaching the 13-18 orders achievements: {reach}/{games}")
        _print_decision_times("AI", times, indent="    ")


def _rollwrite_previous_game(job: tuple[int, float, RWSettings]) -> dict[str, Any]:
    """One seed played solo twice: by the hard AI (search.py) and by today's AI, both at `budget`."""
    seed, budget, settings = job
    side = "AB"[seed % 2]
    times: dict[str, list[float]] = {"new": [], "old": []}
    totals: dict[str, int] = {}
    for who in ("new", "old"):
        def policy(game: Any, state: Any, seat: int, rng: Rng, who: str = who) -> Any:
            choices = game.legal(state, seat)
            if len(choices) == 1:
                return choices[0]
            decision_seed = mix_seed(seed, who, len(times[who]))
            start = time.perf_counter()
            if who == "new":
                action = rw_search_action(game, state, seat, seed=decision_seed, budget_s=budget, settings=settings)
            else:
                action = game.ai_action(state, seat, seed=decision_seed, budget_s=budget)
            times[who].append(time.perf_counter() - start)
            return action

        final = random_playout(ROLLWRITE, 1, seed, {"side": side}, policy=policy).state
        totals[who] = ROLLWRITE.scores(final)[0]["total"]
    return {"seed": seed, "side": side, "new": totals["new"], "old": totals["old"], "times": times}


def rollwrite_against_previous(games: int, budget: float, workers: int, settings: RWSettings = RW_DEFAULT,
                               offset: int = 0) -> None:
    """The hard AI against today's AI on the same seeds, solo, both at `budget` (the measurement behind the level)."""
    print(f"Roll & Write solo, hard (search) vs today's AI (easy), {games} seeds from game {offset} "
          f"(seeds {90_000 + offset}-{90_000 + offset + games - 1}, side A even, B odd), "
          f"both at budget {budget:g} s per decision", flush=True)
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(workers, initializer=pausing_the_collector) as pool:
        jobs = [(90_000 + n, budget, settings) for n in range(offset, offset + games)]
        for result in pool.map(_rollwrite_previous_game, jobs):  # each seed as it ends: a run cut short counts
            results.append(result)
            print(f"    seed {result['seed']} side {result['side']}: hard {result['new']}, easy {result['old']}, "
                  f"{result['new'] - result['old']:+d}  [{time.perf_counter() - start:.0f} s]", flush=True)
    wall = time.perf_counter() - start
    diffs = [r["new"] - r["old"] for r in results]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    print(f"  hard mean {statistics.mean(r['new'] for r in results):.1f} VP, "
          f"easy mean {statistics.mean(r['old'] for r in results):.1f} VP; paired difference {mean:+.2f} VP "
          f"(95% interval {mean - half:+.2f} to {mean + half:+.2f})  [{wall:.0f} s]")
    print(f"  hard ahead on {sum(d > 0 for d in diffs)}, tied on {sum(d == 0 for d in diffs)}, "
          f"easy ahead on {sum(d < 0 for d in diffs)} of {len(diffs)} seeds")
    for side in ("A", "B"):
        mine = [r for r in results if r["side"] == side]
        if mine:
            print(f"  side {side}: {len(mine)} seeds, hard {statistics.mean(r['new'] for r in mine):.1f}, "
                  f"easy {statistics.mean(r['old'] for r in mine):.1f}, "
                  f"difference {statistics.mean(r['new'] - r['old'] for r in mine):+.2f} VP")
    for who, label in (("new", "hard"), ("old", "easy")):
        times = [t for r in results for t in r["times"][who]]
        _print_decision_times(label, times)


def _duel_game(job: tuple[int, float, bool]) -> dict[str, Any]:
    seed, budget, search = job
    ai_seat = seed % 2
    times: list[float] = []

    def policy(game: Any, state: Any, seat: int, rng: Rng) -> Any:
        if seat != ai_seat:
            return game.auto_action(state, seat)
        start = time.perf_counter()
        if search:
            action = search_action(state, seat, seed=mix_seed(seed, len(times)), budget_s=budget)
        else:
            action = game.ai_action(state, seat, seed=mix_seed(seed, len(times)), budget_s=budget)
        times.append(time.perf_counter() - start)
        return action

    final = random_playout(DUEL, 2, seed, {"start_seat": 0}, policy=policy).state
    won, margin, ai, greedy = _duel_outcome(final, ai_seat)
    return {"won": won, "margin": margin, "ai": ai, "greedy": greedy, "times": times}


def _duel_outcome(final: Any, seat: int) -> tuple[float, int, int, int]:
    """A finished Duel seen from `seat`: won (a shared victory counts half), margin, its total, the other's."""
    totals = [sheet["total"] for sheet in DUEL.scores(final)]
    winners = DUEL.winners(final)
    won = 1.0 if winners == [seat] else 0.5 if len(winners) == 2 else 0.0
    return won, totals[seat] - totals[1 - seat], totals[seat], totals[1 - seat]


def duel(games: int, budget: float, workers: int, search: bool = False) -> None:
    who = "search AI (engine/duel/search.py)" if search else "AI"
    print(f"Yokohama Duel, {who} vs greedy, {games} games (AI starts half), AI budget {budget:g} s per decision")
    start = time.perf_counter()
    with ProcessPoolExecutor(workers, initializer=pausing_the_collector) as pool:
        results = list(pool.map(_duel_game, [(70_000 + n, budget, search) for n in range(games)]))
    wall = time.perf_counter() - start
    wins = sum(r["won"] for r in results)
    times = [t for r in results for t in r["times"]]
    print(f"  AI wins {wins:g}/{games} ({100 * wins / games:.0f}%), mean margin "
          f"{statistics.mean(r['margin'] for r in results):+.1f} VP "
          f"(AI mean {statistics.mean(r['ai'] for r in results):.1f}, "
          f"greedy mean {statistics.mean(r['greedy'] for r in results):.1f})  [{wall:.0f} s]")
    _print_decision_times("AI", times)


def _duel_previous_game(job: tuple[int, float, Settings]) -> dict[str, Any]:
    """One game of the search AI (seat `seed % 2`) against today's AI, both at `budget`."""
    seed, budget, settings = job
    new_seat = seed % 2
    times: dict[str, list[float]] = {"new": [], "old": []}

    def policy(game: Any, state: Any, seat: int, rng: Rng) -> Any:
        if len(DUEL.legal(state, seat)) == 1:
            return DUEL.legal(state, seat)[0]
        who = "new" if seat == new_seat else "old"
        decision_seed = mix_seed(seed, who, len(times[who]))
        start = time.perf_counter()
        if who == "new":
            action = search_action(state, seat, seed=decision_seed, budget_s=budget, settings=settings)
        else:
            action = game.ai_action(state, seat, seed=decision_seed, budget_s=budget)
        times[who].append(time.perf_counter() - start)
        return action

    final = random_playout(DUEL, 2, seed, {"start_seat": 0}, policy=policy).state
    won, margin, new, old = _duel_outcome(final, new_seat)
    return {"won": won, "margin": margin, "new": new, "old": old, "times": times}


def duel_against_previous(games: int, budget: float, workers: int, settings: Settings = DEFAULT,
                          offset: int = 0) -> None:
    """The search AI against today's AI, seats alternating, both at `budget` (the measurement behind the level)."""
    print(f"Yokohama Duel, search AI vs today's AI, {games} games from game {offset} (each starts half), "
          f"both at budget {budget:g} s per decision")
    start = time.perf_counter()
    with ProcessPoolExecutor(workers, initializer=pausing_the_collector) as pool:
        jobs = [(70_000 + n, budget, settings) for n in range(offset, offset + games)]
        results = list(pool.map(_duel_previous_game, jobs))
    wall = time.perf_counter() - start
    wins = sum(r["won"] for r in results)
    print(f"  search AI wins {wins:g}/{games} ({100 * wins / games:.1f}%), mean margin "
          f"{statistics.mean(r['margin'] for r in results):+.1f} VP "
          f"(search mean {statistics.mean(r['new'] for r in results):.1f}, "
          f"today's AI mean {statistics.mean(r['old'] for r in results):.1f})  [{wall:.0f} s]")
    for who, label in (("new", "search AI"), ("old", "today's AI")):
        times = [t for r in results for t in r["times"][who]]
        _print_decision_times(label, times)


#: Decisions after which a Yokohama benchmark game counts as stalled (a normal game takes ~400-700).
YOKOHAMA_CAP = 4000


def _yokohama_game(job: tuple[int, float]) -> dict[str, Any]:
    """One 3-player game: the AI in seat `seed % 3`, the greedy player in the other two."""
    seed, budget = job
    ai_seat = seed % 3
    times: list[float] = []

    def policy(game: Any, state: Any, seat: int, rng: Rng) -> Any:
        if seat != ai_seat:
            return game.auto_action(state, seat)
        start = time.perf_counter()
        # The cap on the game's own CPU clock: other work on the machine cannot cut a decision short.
        action = game.ai_action(state, seat, seed=seed, budget_s=budget, clock=time.process_time)
        times.append(time.perf_counter() - start)
        return action

    state = random_playout(YOKOHAMA, 3, seed, policy=policy, max_actions=YOKOHAMA_CAP).state
    if not YOKOHAMA.is_over(state):
        return {"seed": seed, "unfinished": True, "rounds": rounds_played(state), "times": times}
    totals = [s["total"] for s in YOKOHAMA.scores(state)]
    winner = YOKOHAMA.ranking(state)[0]
    return {"seed": seed, "win": winner == ai_seat, "ai": totals[ai_seat],
            "best_greedy": max(t for s, t in enumerate(totals) if s != ai_seat),
            "winning": totals[winner], "rounds": rounds_played(state),
            "reasons": list(state["end"]["reasons"]), "times": times,
            "boards": {b: [sum(1 for s in state[b] if s == seat) for seat in range(3)]
                       for b in ("church", "customs")}, "ai_seat": ai_seat}


def yokohama_seeds(games: int, logged: list[dict[str, Any]]) -> list[int]:
    """The seeds of a `games`-game sample not yet in `logged` (each seed is one game: the AI's seat
    and every greedy choice follow from it)."""
    done = {r["seed"] for r in logged}
    return [seed for seed in range(70_000, 70_000 + games) if seed not in done]


def yokohama(games: int, budget: float, workers: int, log: Path | None, resume: bool = False) -> None:
    print(f"Yokohama, 3 players: 1 AI vs 2 greedy, {games} games, AI seat rotating, "
          f"AI budget {budget:g} s per decision")
    start = time.perf_counter()
    results = _play_logged(_yokohama_game, games, budget, workers, log, resume)
    print(f"  [{time.perf_counter() - start:.0f} s]")
    summarize_yokohama(results)


def _play_logged(play: Callable[[tuple[int, float]], dict[str, Any]], games: int, budget: float, workers: int,
                 log: Path | None, resume: bool) -> list[dict[str, Any]]:
    """Every Yokohama game of a `games`-game sample not yet in `log` (all of them without `resume`), each
    appended to `log` as it ends; returns the whole sample, logged games first."""
    results: list[dict[str, Any]] = []
    if resume and log is not None and log.exists():
        results = read_log(log)
    seeds = yokohama_seeds(games, results)
    if resume:
        print(f"  {len(results)} games already in {log}; {len(seeds)} to play", flush=True)
    with ProcessPoolExecutor(workers, initializer=pausing_the_collector) as pool:
        jobs = [pool.submit(play, (seed, budget)) for seed in seeds]
        for job in as_completed(jobs):  # logged as each game ends, so a run cut short still counts
            result = job.result()
            results.append(result)
            if log is not None:
                with log.open("a") as out:
                    out.write(json.dumps(result) + "\n")
    return results


def summarize_yokohama(everything: list[dict[str, Any]]) -> None:
    """The figures of finished games (wins, endings, rounds, board use, decision times)."""
    results = [r for r in everything if not r.get("unfinished")]
    games = len(results)
    wins = sum(r["win"] for r in results)
    ai_mean = statistics.mean(r["ai"] for r in results)
    print(f"  AI wins {wins}/{games} ({100 * wins / games:.0f}%); AI mean {ai_mean:.1f}"
          f" VP, best greedy mean {statistics.mean(r['best_greedy'] for r in results):.1f} VP; "
          f"unfinished (stalled) games left out: {len(everything) - games}")
    reasons: dict[str, int] = {}
    for r in results:
        key = "+".join(r["reasons"]) or "none"
        reasons[key] = reasons.get(key, 0) + 1
    print("  end conditions: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items(), key=lambda kv: -kv[1])))
    rounds = [r["rounds"] for r in results]
    winning = [r["winning"] for r in results]
    print(f"  rounds: mean {statistics.mean(rounds):.1f} (min {min(rounds)}, max {max(rounds)}); winning score: "
          f"mean {statistics.mean(winning):.1f} (min {min(winning)}, max {max(winning)})")
    for board in ("church", "customs"):  # who fills the boards that end the game (ruling R7)
        ai_pawns = statistics.mean(r["boards"][board][r["ai_seat"]] for r in results)
        greedy_pawns = statistics.mean(sum(r["boards"][board]) - r["boards"][board][r["ai_seat"]] for r in results) / 2
        print(f"  {board} pawns per game: AI {ai_pawns:.1f}, each greedy player {greedy_pawns:.1f}")
    times = [t for r in results for t in r["times"]]
    _print_decision_times("AI", times)


def _yokohama_previous_game(job: tuple[int, float]) -> dict[str, Any]:
    """One 3-player game: the hard AI (search.py) in seat `seed % 3`, today's AI (easy) in the other two,
    all at `budget` on the game's CPU clock."""
    seed, budget = job
    hard_seat = seed % 3
    times: dict[str, list[float]] = {"new": [], "old": []}

    def policy(game: Any, state: Any, seat: int, rng: Rng) -> Any:
        options = game.legal(state, seat)
        if len(options) == 1:
            return options[0]
        who = "new" if seat == hard_seat else "old"
        decision_seed = mix_seed(seed, who, seat, len(times[who]))
        start = time.process_time()
        if who == "new":
            action = yokohama_search(state, seat, seed=decision_seed, budget_s=budget, clock=time.process_time)
        else:
            action = game.ai_action(state, seat, seed=decision_seed, budget_s=budget, clock=time.process_time)
        times[who].append(time.process_time() - start)
        return action

    state = random_playout(YOKOHAMA, 3, seed, policy=policy, max_actions=YOKOHAMA_CAP).state
    if not YOKOHAMA.is_over(state):
        return {"seed": seed, "unfinished": True, "rounds": rounds_played(state), "times": times}
    totals = [s["total"] for s in YOKOHAMA.scores(state)]
    easy = [t for s, t in enumerate(totals) if s != hard_seat]
    return {"seed": seed, "budget": budget, "hard_seat": hard_seat, "totals": totals,
            "win": YOKOHAMA.ranking(state)[0] == hard_seat,
            "pairs": sum(1.0 if totals[hard_seat] > t else 0.5 if totals[hard_seat] == t else 0.0 for t in easy),
            "rounds": rounds_played(state), "reasons": list(state["end"]["reasons"]), "times": times}


def yokohama_against_previous(games: int, budget: float, workers: int, log: Path | None, resume: bool) -> None:
    """The hard AI against two of today's AI, 3 players, all at `budget` (the measurement behind the level)."""
    print(f"Yokohama, 3 players: the hard AI (search.py) vs 2 of today's AI, {games} games, seat rotating, "
          f"budget {budget:g} s of CPU per decision")
    summarize_yokohama_previous(_play_logged(_yokohama_previous_game, games, budget, workers, log, resume))


def summarize_yokohama_previous(everything: list[dict[str, Any]]) -> None:
    """Wins outright (even strength: 1 in 3), pairwise wins against each of today's AIs (even: 50%),
    the margin over the better of them, and both sides' decision times."""
    results = [r for r in everything if not r.get("unfinished")]
    games = len(results)
    wins = sum(r["win"] for r in results)
    pairs = sum(r["pairs"] for r in results)
    margins = [r["totals"][r["hard_seat"]] - max(t for s, t in enumerate(r["totals"]) if s != r["hard_seat"])
               for r in results]
    print(f"  hard AI first in {wins}/{games} ({100 * wins / games:.0f}%; even strength: 33%); ahead of today's AI "
          f"in {pairs:g}/{2 * games} pairings ({50 * pairs / games:.1f}%; even: 50%); margin over the better of "
          f"today's two: mean {statistics.mean(margins):+.1f} VP; unfinished left out: {len(everything) - games}")
    rounds = [r["rounds"] for r in results]
    print(f"  rounds: mean {statistics.mean(rounds):.1f} (max {max(rounds)})")
    for who, label in (("new", "hard AI"), ("old", "today's AI")):
        _print_decision_times(label, [t for r in results for t in r["times"][who]])


def main() -> None:
    pausing_the_collector()  # this process only searches: a collection must not eat a small budget
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=["rollwrite", "duel", "yokohama"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", choices=["greedy", "previous"], default="greedy",
                        help="the hard AI against today's AI (previous) instead of against greedy")
    parser.add_argument("--ai", choices=["today", "search"], default="today",
                        help="Duel against greedy: today's AI (engine/duel/ai.py) or the search AI (search.py)")
    parser.add_argument("--offset", type=int, default=0,
                        help="--against previous: the first game's number (to extend an earlier sample)")
    parser.add_argument("--log", type=Path, help="Yokohama: append each finished game to this JSON-lines file")
    parser.add_argument("--summarize", type=Path, help="Yokohama: print the figures of a --log file and stop")
    parser.add_argument("--resume", action="store_true",
                        help="Yokohama: play only the seeds not yet in --log, then print the figures of the whole log")
    args = parser.parse_args()
    if args.summarize is not None:
        logged = read_log(args.summarize)
        if logged and "hard_seat" in logged[0]:
            summarize_yokohama_previous(logged)
        else:
            summarize_yokohama(logged)
        return
    if args.resume and args.log is None:
        parser.error("--resume continues a --log file: name it")
    if args.game == "rollwrite" and args.against == "previous":
        rollwrite_against_previous(args.games, args.budget, args.workers, offset=args.offset)
    elif args.game == "rollwrite":
        rollwrite(args.games, args.budget, args.workers)
    elif args.game == "duel" and args.against == "previous":
        duel_against_previous(args.games, args.budget, args.workers, offset=args.offset)
    elif args.game == "duel":
        duel(args.games, args.budget, args.workers, search=args.ai == "search")
    elif args.against == "previous":
        yokohama_against_previous(args.games, args.budget, args.workers, args.log, args.resume)
    else:
        yokohama(args.games, args.budget, args.workers, args.log, args.resume)


if __name__ == "__main__":
    main()
