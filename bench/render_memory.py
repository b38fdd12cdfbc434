"""Memory of the picture caches: every picture kind of many distinct games drawn in one process.

A bot with hundreds of active games draws pictures of all of them in one process; a cache keyed by
game would grow with every new game until the process runs out of memory. This benchmark plays
`--games` distinct games of each kind (seeded random playouts, distinct player names in every script
the fonts draw), draws every picture a game sends (public turn pictures, each seat's private picture
and compact own view, the final pictures, a rating chart, the turn posts' lead pictures with their
stories) for a position
part-way through and for the finished game, and prints the process's RSS as it goes. The goal: at most
256 MiB after 1,000 games.

    .venv/bin/python -m bench.render_memory [--games 1000] [--every 100]
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Rng, get_game
from rendering import lead_picture_for, picture_for, public_pictures_for
from rendering.charts import Series, line_chart
from rendering.renderers import renderer_for

PLAYERS = {"duel": 2, "yokohama": 3, "rollwrite": 2}
#: Display names in every script the fonts draw, so that every fallback face is loaded and used.
SCRIPT_NAMES = ["田中太郎", "김민준", "王小明", "محمد علي", "דוד כהן", "สมชาย ใจดี", "राहुल शर्मा", "Αλέξανδρος",
                "Дмитрий", "🎲 Dice Lord", "José 山田", "さくら 🌸", "Player"]


def rss_mib() -> float:
    """The process's resident set size now, in MiB (Linux /proc)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def peak_mib() -> float:
    """The process's peak resident set size, in MiB (ru_maxrss is in KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def played(kind: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """(public view part-way through, every seat's view then, the finished game's public view)."""
    game = get_game(kind)
    players = PLAYERS[kind]
    state = game.new(players, seed, None)
    rng = Rng(seed * 31 + 7)
    stop = rng.randint(5, 120)
    middle = state
    steps = 0
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        steps += 1
        if steps == stop:
            middle = state
    return game.view(middle, None), [game.view(middle, s) for s in range(players)], game.view(state, None)


def draw_all(kind: str, seed: int) -> int:
    """Draw every picture kind of one game; the bytes drawn (so nothing is optimised away)."""
    public, seats, final = played(kind, seed)
    names = [f"{SCRIPT_NAMES[(seed + s) % len(SCRIPT_NAMES)]} {seed}-{s}" for s in range(PLAYERS[kind])]
    picture = picture_for(kind)
    many = public_pictures_for(kind)
    assert picture is not None
    total = 0
    for view in (public, final):
        if many is not None:
            total += sum(len(data) for _, data in many(view, names=names))
        else:
            total += len(_call(picture, view, names))
    for seat, view in enumerate(seats):
        total += len(_call(picture, view, names, seat))
        total += len(renderer_for(kind).own_picture(view, names=names, name=names[seat])())  # type: ignore[union-attr]
    lead = lead_picture_for(kind)
    if lead is not None:  # a turn post's lead picture, with a story as long as a busy turn's
        story = f"{names[0]} took turn {seed}: " + "placed, moved and gained a good deal " * 6
        total += sum(len(lead(view, names=names, story=story)) for view in (public, final))
    rng = Rng(seed)
    ratings = [1000.0 + rng.randint(-40, 40) for _ in range(rng.randint(1, 60))]
    total += len(line_chart(f"{names[0]} — rating", [Series(kind, ratings)], x_label="rated games", y_label="rating"))
    return total


def _call(picture: Any, view: dict[str, Any], names: list[str], seat: int | None = None) -> bytes:
    if kind_takes_names(picture):
        return picture(view, names=names)
    return picture(view, names[seat]) if seat is not None else picture(view)


def kind_takes_names(picture: Any) -> bool:
    return "names" in picture.__code__.co_varnames[: picture.__code__.co_argcount]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="distinct games of each kind")
    parser.add_argument("--every", type=int, default=100, help="print RSS every this many games")
    args = parser.parse_args()
    start = time.perf_counter()
    print(f"start: RSS {rss_mib():.0f} MiB", flush=True)
    drawn = 0
    for n in range(1, args.games + 1):
        for kind in PLAYERS:
            drawn += draw_all(kind, n)
        if n % args.every == 0 or n == args.games:
            gc.collect()
            print(f"{n:5d} games of each kind: RSS {rss_mib():6.0f} MiB, peak {peak_mib():6.0f} MiB, "
                  f"{drawn / 1e6:8.1f} MB of PNG drawn, {time.perf_counter() - start:6.0f} s", flush=True)
    verdict = "within" if peak_mib() <= 256 else "OVER"
    print(f"peak RSS {peak_mib():.0f} MiB after {args.games} games of each kind ({verdict} the 256 MiB goal)")


if __name__ == "__main__":
    main()
