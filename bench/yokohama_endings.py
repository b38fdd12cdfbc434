"""Benchmark: how greedy Yokohama games end, and what the Church and Customs boards pay.

Prints figures only (no assertions). How do Yokohama games end? The Church and
Customs boards are reconstructed data (docs/rulings/yokohama.md, ruling R7), and this table is
the evidence that ruling rests on. Per player count, over greedy games to the end:

- which end condition fixed the final round (the first one met) and how often each was met;
- rounds played and the winning score;
- Church / Customs: pawns placed per game, the round the board first reached its end count,
  which spaces were taken, and victory points per item paid (Church: Faith items beyond what
  Action Power gave; Customs: imported goods), against completed orders' points per trade good;
- where the points came from (board spaces, board majorities, orders).

    .venv/bin/python -m bench.yokohama_endings [--games N] [--players 2 3 4] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

# Run as a script from anywhere: make the project root importable (as bench/duel_playouts.py does).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Rng
from engine.yokohama import GAME
from engine.yokohama.areas import CHURCH_FAITH
from engine.yokohama.components import parts
from engine.yokohama.endgame import rounds_played

BOARDS = ("church", "customs")
CONDITIONS = ("trading_houses", "shops", "orders", "church", "customs")
#: A greedy game that has not ended after this many decisions (ten times a usual game) is counted
#: as unfinished and left out of the figures.
MAX_DECISIONS = 4000


@dataclass
class GameRecord:
    """What one finished game says about its end and its boards."""

    first: str
    met: list[str]
    rounds: int
    winner_total: int
    placements: dict[str, list[tuple[int, int, int, int]]]  # board -> (round, seat, space, items paid)
    full_round: dict[str, int | None]
    order_vp: int
    order_goods: int
    majority_vp: dict[str, int]
    totals: list[int]


@dataclass
class Tally:
    """Everything printed for one player count."""

    games: list[GameRecord] = field(default_factory=list)


def play(players: int, seed: int) -> GameRecord:
    """One greedy game to the end, watching each board space fill."""
    state = GAME.new(players, seed)
    rng = Rng(seed * 7919 + 17)
    placements: dict[str, list[tuple[int, int, int, int]]] = {b: [] for b in BOARDS}
    full_round: dict[str, int | None] = {b: None for b in BOARDS}
    boards = parts().boards
    need = boards["end_pawns"][str(players)]
    decisions = 0
    while not GAME.is_over(state) and decisions < MAX_DECISIONS:
        seat = rng.choice(GAME.to_act(state))
        before = {b: list(state[b]) for b in BOARDS}
        power = state["ctx"].get("power", 0)
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
        decisions += 1
        for board in BOARDS:
            for space, (old, new) in enumerate(zip(before[board], state[board], strict=True)):
                if old is None and new is not None and new >= 0:
                    need_items = boards[board][space]["need"]
                    if board == "church":  # Faith beyond what Action Power gave is paid in items
                        need_items = max(0, need_items - CHURCH_FAITH[power - 1])
                    placements[board].append((state["round"], new, space, need_items))
            placed = sum(1 for s in state[board] if s is not None and s >= 0)
            if full_round[board] is None and placed >= need:
                full_round[board] = state["round"]
    orders = parts().orders
    done = [o for pl in state["p"] for o in pl["done"]]
    scores = GAME.scores(state)
    return GameRecord(
        first=state["end"]["reasons"][0] if GAME.is_over(state) else "none",
        met=list(state["end"]["reasons"]),
        rounds=rounds_played(state),
        winner_total=max(row["total"] for row in scores),
        placements=placements,
        full_round=full_round,
        order_vp=sum(orders[o]["reward"].get("vp", 0) for o in done),
        order_goods=sum(sum(orders[o]["cost"].values()) for o in done),
        majority_vp={b: sum(row[b] for row in scores) for b in BOARDS},
        totals=[row["total"] for row in scores],
    )


def mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def report(players: int, tally: Tally) -> None:
    unfinished = sum(1 for g in tally.games if g.first == "none")
    games = [g for g in tally.games if g.first != "none"]
    n = len(games)
    boards = parts().boards
    first = Counter(g.first for g in games)
    met = Counter(c for g in games for c in g.met)
    rounds = [g.rounds for g in games]
    print(f"\n{players} players, {n} greedy games" + (f" ({unfinished} unfinished, left out)" if unfinished else ""))
    print("  end condition  first  met   (first = fixed the final round)")
    for cond in CONDITIONS:
        print(f"  {cond:<14} {first[cond]:>5} {met[cond]:>5}")
    print(f"  rounds: mean {mean(rounds):.1f}, median {statistics.median(rounds)}, "
          f"min {min(rounds)}, max {max(rounds)}; winning score mean "
          f"{mean([g.winner_total for g in games]):.1f}, all scores mean "
          f"{mean([t for g in games for t in g.totals]):.1f}")
    print("  board    pawns/game  full by round (games)  space VP  VP/item paid  majority VP/game")
    for board in BOARDS:
        rows = [p for g in games for p in g.placements[board]]
        full = [g.full_round[board] for g in games if g.full_round[board] is not None]
        space_vp = sum(boards[board][space]["reward"].get("vp", 0) for _r, _s, space, _p in rows)
        paid = sum(p for _r, _s, _sp, p in rows)
        per_item = f"{space_vp / paid:5.2f}" if paid else "   - "
        print(f"  {board:<8} {len(rows) / n:10.1f}  {mean(full):6.1f} ({len(full):>3})        "
              f"{space_vp / n:7.1f}  {per_item}        {mean([g.majority_vp[board] for g in games]):5.1f}")
        taken = Counter(space for _r, _s, space, _p in rows)
        print(f"           spaces taken (1..{len(boards[board])}): "
              + " ".join(f"{taken[i]}" for i in range(len(boards[board]))))
        by_seat = Counter(seat for g in games for _r, seat, _sp, _p in g.placements[board])
        print("           pawns by seat: " + " ".join(f"{by_seat[s]}" for s in range(players)))
    order_vp = sum(g.order_vp for g in games)
    order_goods = sum(g.order_goods for g in games)
    per_good = f"{order_vp / order_goods:.2f}" if order_goods else "-"
    print(f"  orders   {order_vp / n:5.1f} VP/game from completed orders, {per_good} VP per trade good")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="greedy games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args()
    print("Yokohama greedy games: how they end (data/yokohama/boards.toml, reconstructed Church/Customs)")
    for players in args.players:
        tally = Tally()
        for seed in range(args.seed, args.seed + args.games):
            tally.games.append(play(players, seed))
        report(players, tally)
        sys.stdout.flush()  # one table at a time when the output goes to a file


if __name__ == "__main__":
    main()
