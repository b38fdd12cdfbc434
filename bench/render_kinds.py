"""CPU per picture kind as a busy bot draws them: draw + encode medians over many distinct games.

A bot with many active games draws a picture of one game, then of another: caches keyed by game
miss, caches keyed by layout hit. So each picture kind is drawn for `--games` distinct games in
turn (random playouts, seeded), `--rounds` times over, and the medians of draw, encode and their
sum are printed per kind with the median PNG size. A few other games are drawn first, untimed
(`WARM_GAMES`): the bot has been running. Goal: the median draw + encode of
every picture a turn post or panel sends at most 10 ms.

    .venv/bin/python -m bench.render_kinds [--games 12] [--rounds 3] [--json]
    .venv/bin/python -m bench.render_kinds --base /tmp/pics-base   # before/after in one run

`--base TREE` runs the same measurement in a fresh process against another source tree (e.g. the
commit before, unpacked with `git archive <commit> | tar -x -C TREE`) and this tree, alternately
(`--runs` times each, the median of them kept), and prints both with their ratio; the machine is
shared and noisy, so only figures taken side by side mean something. Picture kinds a tree does not
have are left out of its column.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
PLAYERS = {"duel": 2, "yokohama": 3, "rollwrite": 2}
NAMES = ["Akiko", "Benedikt", "Chiara", "Daisuke"]
#: A turn's story as the lead picture shows it (the bot passes the turn post's own words).
STORY = ("Akiko sends Power 4 to the Copper Mine: gains 2 Copper; builds a Trading House there for ¥4; "
         "completes Order 12, paying 2 Tea 1 Fish: 5 points and ¥2.")
#: Actions between two successive positions of a game drawn (about a turn).
STEP = 3


def _find(module: str, name: str) -> Callable[..., Any] | None:
    try:
        return getattr(importlib.import_module(module), name, None)  # type: ignore[no-any-return]
    except ImportError:
        return None


def positions(kind: str, games: int, rounds: int, first: int = 1) -> list[tuple[list[dict[str, Any]], dict[str, Any]]]:
    """Per seeded random game: `rounds` successive states part-way through (`STEP` actions apart, as
    successive turn posts are), and the finished state."""
    from engine.core import Rng, get_game

    game = get_game(kind)
    out = []
    for seed in range(first, first + games):
        state = game.new(PLAYERS[kind], seed, None)
        rng = Rng(seed * 7919 + 17)
        stops = {rng.randint(20, 60) + STEP * k for k in range(rounds)}
        middles: list[dict[str, Any]] = []
        steps = 0
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
            steps += 1
            if steps in stops:
                middles.append(state)
        while len(middles) < rounds:  # a short game: its last positions again
            middles.append(middles[-1] if middles else state)
        out.append((middles, state))
    return out


def _later(draw: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], Any]:
    """`draw` with its arguments (the views, computed now) as a call without arguments."""
    return functools.partial(draw, *args, **kwargs)


Prepare = Callable[[Any, dict[str, Any], dict[str, Any]], Callable[[], Any]]


def _seat_of(game: Any, state: dict[str, Any]) -> int:
    acting = game.to_act(state)
    return acting[0] if acting else 0


def _own(module: str) -> Callable[..., Any] | None:
    """The compact own view's drawing of a game (its `own` description drawn by `rendering.kit.own`)."""
    describe, draw = _find(module, "own"), _find("rendering.kit.own", "draw_own")
    if describe is None or draw is None:
        return None
    return lambda *args: draw(describe(*args))


def _duel_kinds(names: list[str]) -> dict[str, tuple[Any, Prepare]]:
    board, private = _find("rendering.duel.board", "draw_board"), _find("rendering.duel.private", "draw_private")
    final, lead = _find("rendering.duel.final", "draw_final"), _find("rendering.duel.lead", "draw_lead_picture")
    return {
        "lead (turn post)": (lead, lambda g, m, f: _later(lead, g.view(m, None), names, story=STORY)),
        "board (turn post)": (board, lambda g, m, f: _later(board, g.view(m, None), names)),
        "private (panel)": (private,
                            lambda g, m, f: _later(private, g.view(m, _seat_of(g, m)), _seat_of(g, m), names)),
        "own (panel)": (own := _own("rendering.duel.own"),
                        lambda g, m, f: _later(own, g.view(m, _seat_of(g, m)), _seat_of(g, m), names)),
        "final (end post)": (final, lambda g, m, f: _later(final, g.view(f, None), names)),
    }


def _yokohama_kinds(names: list[str]) -> dict[str, tuple[Any, Prepare]]:
    lead = _find("rendering.yokohama.lead", "draw_lead_picture")
    board_map, boards = _find("rendering.yokohama.board_map", "draw_map"), _find("rendering.yokohama.boards",
                                                                                 "draw_boards")
    private, final = _find("rendering.yokohama", "draw_private"), _find("rendering.yokohama.final", "draw_final")
    return {
        "lead (turn post)": (lead, lambda g, m, f: _later(lead, g.view(m, None), names, story=STORY)),
        "map (turn post)": (board_map, lambda g, m, f: _later(board_map, g.view(m, None), names)),
        "boards (turn post)": (boards, lambda g, m, f: _later(boards, g.view(m, None), names)),
        "private (panel)": (private, lambda g, m, f: _later(private, g.view(m, _seat_of(g, m)), names)),
        "own (panel)": (own := _own("rendering.yokohama.own"), lambda g, m, f: _later(own, g.view(m, _seat_of(g, m)),
                                                                                       names)),
        "final (end post)": (final, lambda g, m, f: _later(final, g.view(f, None), names)),
    }


def _rollwrite_kinds(names: list[str]) -> dict[str, tuple[Any, Prepare]]:
    sheet, sets = _find("rendering.rollwrite.sheet", "draw_sheet"), _find("rendering.rollwrite.sets", "draw_sets")
    score = _find("rendering.rollwrite.scoreboard", "draw_scoreboard")
    lead = _find("rendering.rollwrite.lead", "draw_lead_picture")
    return {
        "lead (turn post)": (lead, lambda g, m, f: _later(lead, g.view(m, None), names, story=STORY)),
        "sets (turn post)": (sets, lambda g, m, f: _later(sets, g.view(m, None))),
        "sheet (panel)": (sheet, lambda g, m, f: _later(sheet, g.view(m, 0), 0, names[0])),
        "own (panel)": (own := _own("rendering.rollwrite.own"), lambda g, m, f: _later(own, g.view(m, 0), names[0])),
        "scoreboard (end post)": (score, lambda g, m, f: _later(score, g.view(f, None), names)),
    }


def kinds(kind: str) -> dict[str, Prepare]:
    """Picture kind -> prepare(game, middle state, final state) returning `draw()`, which returns a Pillow
    image, for what this tree has. The views are computed by `prepare`, outside the timed drawing (the
    bot has its views before it draws: they are the engine's work, not the picture's)."""
    by_game = {"duel": _duel_kinds, "yokohama": _yokohama_kinds}.get(kind, _rollwrite_kinds)
    return {label: prepare for label, (draw, prepare) in by_game(NAMES[: PLAYERS[kind]]).items() if draw is not None}


#: Games drawn before the measured ones (other seeds, untimed): a bot that has run a while has drawn the
#: words, cards and printed rows every game shares; what belongs to the measured games is still new.
WARM_GAMES = 4


def measure(games: int, rounds: int) -> dict[str, dict[str, float]]:
    """{"game: kind": {draw, encode, total, cold (median ms), kib (median PNG KiB)}} for this tree.

    `encode` is with the encoder's caches as successive pictures leave them; `cold` is draw plus an
    encode with them emptied first (a picture sharing no rows with any recent one). A tree without
    such caches has cold == total.
    """
    from engine.core import get_game
    from rendering.kit import png

    encoder = importlib.import_module("rendering.kit.encode")
    bands = getattr(encoder, "BANDS", None)
    figures: dict[str, dict[str, float]] = {}
    for kind in PLAYERS:
        game = get_game(kind)
        games_played = positions(kind, games, rounds)
        warm = positions(kind, WARM_GAMES, 1, first=1000)
        for label, draw in kinds(kind).items():
            draws, encodes, colds, sizes = [], [], [], []
            for middles, final in warm:
                png(draw(game, middles[0], final)())
            for r in range(rounds):
                for middles, final in games_played:
                    make = draw(game, middles[r], final)
                    start = time.process_time()
                    image = make()
                    between = time.process_time()
                    data = png(image)
                    end = time.process_time()
                    draws.append((between - start) * 1000)
                    encodes.append((end - between) * 1000)
                    sizes.append(len(data) / 1024)
                    if bands is not None:
                        encoder.BANDS = type(bands)(bands.limit)  # an empty cache for this one encode
                        start = time.process_time()
                        png(image)
                        colds.append((time.process_time() - start) * 1000 + draws[-1])
                        encoder.BANDS = bands
                    else:
                        colds.append(draws[-1] + encodes[-1])
            totals = [d + e for d, e in zip(draws, encodes, strict=True)]
            figures[f"{kind}: {label}"] = {
                "draw": statistics.median(draws), "encode": statistics.median(encodes),
                "total": statistics.median(totals), "cold": statistics.median(colds),
                "kib": statistics.median(sizes),
            }
    return figures


def run_in(tree: Path, games: int, rounds: int) -> dict[str, dict[str, float]]:
    """`measure` in a fresh process against `tree`'s source (this file is run from where it is)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--json", "--games", str(games),
                          "--rounds", str(rounds)], cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def cell(ms: float | None, kib: float | None) -> str:
    return f"{ms:6.2f} ms {kib:6.1f} KiB" if ms is not None and kib is not None else f"{'—':>20s}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="distinct games drawn in turn")
    parser.add_argument("--rounds", type=int, default=3, help="times over the games")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("--base", type=Path, default=None, help="a baseline source tree to compare with")
    parser.add_argument("--runs", type=int, default=2, help="alternating runs per tree with --base (medians of them)")
    args = parser.parse_args()
    if args.base is None:
        figures = measure(args.games, args.rounds)
        if args.json:
            print(json.dumps(figures))
            return
        print(f"CPU ms per picture, medians over {args.games} distinct games x {args.rounds} (draw + encode):")
        for label, f in figures.items():
            mark = "" if f["total"] <= 10 else "  (over 10 ms)"
            print(f"  {label:34s} draw {f['draw']:6.2f}  encode {f['encode']:6.2f}  = {f['total']:6.2f} ms "
                  f"(cold encode: {f['cold']:6.2f}), PNG {f['kib']:6.1f} KiB{mark}")
        return
    before: list[dict[str, dict[str, float]]] = []
    after: list[dict[str, dict[str, float]]] = []
    for _ in range(args.runs):  # alternate, so both trees see the same share of the machine's noise
        before.append(run_in(args.base.resolve(), args.games, args.rounds))
        after.append(run_in(HERE, args.games, args.rounds))
    labels = list(dict.fromkeys([*before[0], *after[0]]))
    print(f"CPU ms per picture (draw + encode), medians over {args.games} games x {args.rounds}, {args.runs} "
          f"alternating runs each: before = {args.base}, after = this tree")
    for label in labels:
        b = statistics.median(r[label]["total"] for r in before) if label in before[0] else None
        a = statistics.median(r[label]["total"] for r in after) if label in after[0] else None
        kib_b = before[0][label]["kib"] if label in before[0] else None
        kib_a = after[0][label]["kib"] if label in after[0] else None
        ratio = f"x{a / b:4.2f}" if a is not None and b is not None else ""
        print(f"  {label:34s} before {cell(b, kib_b)}   after {cell(a, kib_a)}  {ratio}")


if __name__ == "__main__":
    main()
