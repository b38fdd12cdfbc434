"""What a picture costs, in reference encodes: each picture a turn produces over recorded games, timed
alternately with the PNG encode of one fixed reference picture, in one run.

The machine is shared, so milliseconds alone say little from one run to the next; a ratio to a fixed piece of
work timed in the same run, interleaved, says the same on a busy machine as on a quiet one. The unit is the
**reference encode** (`reference_png`): the **reference picture** encoded as the project's encoder
(`rendering.kit.encode`) encoded a large palette picture with nothing in its cache when this benchmark was
written (bands of 32 rows, each compressed with zlib-ng at level 3 and fully flushed: the same bytes, and the
same CPU within a few per cent), frozen here so that tuning the encoder moves the pictures' cost, not the
unit. The reference picture is 1100 x 1600 px, mode "P" with a fixed 24-colour palette, made once by
`reference_picture` from Pillow's own drawing and the project's DejaVu Sans (not from any game's renderer, so
it stays the same when the pictures change): a paper background, 8 x 12 boxes of 125 x 125 px in 16 colours
(seeded, `random.Random(1100)`), each with a 3-px frame, a smaller inner box, a circle and two lines of
anti-aliased 18-px text, mapped onto the palette without dithering as the games' printed layers are. Its
encode (89 KiB) costs per pixel what a cold encode of a game's full board does (measured: 2.3 ms a
megapixel, a Duel board 2.3, a Yokohama map 2.0, the player boards 2.2).

The pictures (`--every` actions apart along the recorded games in `tests/fixtures/<game>/`, the first
`--records` of each game, 0 for all but the warm-up ones), each the PNG bytes the bot sends (draw + encode),
drawn through the game's `rendering.contract.Renderer`:

- `lead`: the turn post's lead picture, from the public view, with a busy turn's story;
- `full board`: the public pictures the "Full board" button sends (Duel: the board; Yokohama: the map and the
  player boards, each timed as a picture of its own; Roll & Write: the round's sets);
- `own`: the compact own view of the seat to act.

The seat's full private picture ("My full board", sent on request from the panel) is timed too and printed with
`--kinds`, outside the game's median.

The views are computed before the clock starts (the bot has them before it draws). A game's positions are drawn
in order, as its successive turns are, so the encoder's band cache and the text-sprite caches are as warm as a
bot's. Before timing, `WARM_RECORDS` other recorded games of each game are drawn untimed (fonts loaded, printed
layers made, the common words' sprites cached).
Time is the process's CPU time (`time.process_time`), not wall time.

Printed per game: the median and p90 of picture cost / reference encode (the reference being the median of
the run's reference encodes) and the number of pictures; with `--kinds`, each picture kind's median, p90 and
average PNG size.

    .venv/bin/python -m bench.render_cost [--every 12] [--records 6 | --records 0] [--kinds] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import struct
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageDraw, ImageFont
from zlib_ng import zlib_ng as deflate

from engine.core import get_game
from rendering.renderers import renderer_for

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
FONT = Path(__file__).resolve().parent.parent / "rendering" / "fonts" / "DejaVuSans.ttf"
GAMES = ("rollwrite", "duel", "yokohama")
TITLES = {"rollwrite": "Roll & Write", "duel": "Duel", "yokohama": "Yokohama"}
NAMES = ["Akiko", "Benedikt", "Chiara", "Daisuke", "Emeka"]
#: A busy turn's story, as the lead picture draws it.
STORY = ("Akiko sends Power 4 to the Copper Mine: gains 2 Copper; builds a Trading House there for ¥4; "
         "completes Order 12, paying 2 Tea 1 Fish: 5 points and ¥2.")
REFERENCE_SIZE = (1100, 1600)
#: The reference encode's settings: those of `rendering.kit.encode` for a large picture when this was written.
REFERENCE_BAND_ROWS = 32
REFERENCE_LEVEL = 3


def reference_picture() -> Image.Image:
    """The reference picture described above (the same pixels every run)."""
    rng = random.Random(1100)
    colours = [(rng.randrange(40, 250), rng.randrange(40, 250), rng.randrange(40, 250)) for _ in range(16)]
    paper, ink = (247, 243, 232), (34, 34, 34)
    palette: list[tuple[int, ...]] = [paper, ink, *colours]
    palette += [tuple((a * k + b * (6 - k)) // 6 for a, b in zip(ink, paper, strict=True)) for k in range(1, 6)]
    palette += [(255, 255, 255)]
    image = Image.new("RGB", REFERENCE_SIZE, paper)
    pen = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONT), 18)
    for row in range(12):
        for column in range(8):
            x, y = 50 + column * 125, 50 + row * 125
            fill = rng.choice(colours)
            pen.rectangle((x, y, x + 115, y + 115), fill=fill, outline=ink, width=3)
            pen.rectangle((x + 12, y + 12, x + 60, y + 50), fill=paper)
            pen.ellipse((x + 70, y + 12, x + 104, y + 46), fill=rng.choice(colours), outline=ink)
            pen.text((x + 10, y + 62), f"Order {rng.randrange(1, 99)}", fill=ink, font=font)
            pen.text((x + 10, y + 86), f"{rng.randrange(0, 40)} VP ¥{rng.randrange(1, 9)}", fill=ink, font=font)
    holder = Image.new("P", (1, 1))
    flat = [channel for colour in palette for channel in colour]
    holder.putpalette(flat + flat[:3] * (256 - len(palette)))
    return image.quantize(palette=holder, dither=Image.Dither.NONE)


def reference_png(image: Image.Image) -> bytes:
    """The reference encode: the PNG bytes of the palette image `image` made as the project's encoder made a
    large palette picture with nothing cached, frozen here so that the unit stays put when the encoder
    changes: rows of 32 compressed band by band with zlib-ng at level 3, each band ending with a full flush,
    each band's CRC-32 and Adler-32 taken (the encoder's cache key), the PNG assembled by hand."""
    width, height = image.size
    band_image = Image.new("P", (width + 1, REFERENCE_BAND_ROWS), 0)  # each row led by filter byte 0
    compressor = deflate.compressobj(REFERENCE_LEVEL, deflate.DEFLATED, -15)
    parts = [b"\x78\x01"]
    check = 1
    for top in range(0, height, REFERENCE_BAND_ROWS):
        band_image.paste(image, (1, -top))
        band = band_image.tobytes()[:min(REFERENCE_BAND_ROWS, height - top) * (width + 1)]
        deflate.crc32(band)
        check = deflate.adler32(band, check)
        parts.append(compressor.compress(band) + compressor.flush(deflate.Z_FULL_FLUSH))
    parts.append(compressor.flush(deflate.Z_FINISH) + struct.pack(">I", check))
    palette = bytes((image.getpalette() or [0, 0, 0])[:768])

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", deflate.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join((b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", header), chunk(b"PLTE", palette),
                     chunk(b"IDAT", b"".join(parts)), chunk(b"IEND", b"")))


def reference_encode(image: Image.Image) -> float:
    """CPU seconds of one reference encode of `image`."""
    start = time.process_time()
    reference_png(image)
    return time.process_time() - start


def records(kind: str, count: int) -> list[dict[str, Any]]:
    """The first `count` recorded games of `kind`, sorted by file name (every one with 0)."""
    out = []
    for path in sorted((FIXTURES / kind).glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(record, dict) and "actions" in record:
            out.append(record)
    return out[:count] if count else out


Drawing = Callable[[], Any]
#: The seat's full private picture ("My full board", one tap from the panel): timed and printed with `--kinds`,
#: but not one of the pictures a turn sends, so not in a game's median and p90.
PRIVATE = "my full board"
#: Recorded games drawn untimed first, the last ones of each game's records (never also measured): the bot has
#: been running, and has drawn the words, cards and printed rows every game shares; what belongs to the
#: measured games (their names' places, their numbers, their marks) is still new to it.
WARM_RECORDS = 2


def turn_pictures(kind: str, state: dict[str, Any], players: int) -> list[tuple[str, Drawing]]:
    """(kind label, drawing) of each picture a turn of `state` produces; views computed now."""
    game = get_game(kind)
    renderer = renderer_for(kind)
    assert renderer is not None
    public = game.view(state, None)
    names = NAMES[:players]
    acting = game.to_act(state)
    seat = acting[0] if acting else 0
    own_view = game.view(state, seat)
    out: list[tuple[str, Drawing]] = [("lead", renderer.lead_picture(public, names=names, story=STORY))]
    if kind == "yokohama":  # the Full board button's two pictures, each a picture of its own
        from rendering import yokohama

        if public.get("over"):
            out += [("full board", lambda: yokohama.final_picture(public, names)),
                    ("full board", lambda: yokohama.map_picture(public, names))]
        else:
            out += [("full board", lambda: yokohama.map_picture(public, names)),
                    ("full board", lambda: yokohama.player_boards(public, names))]
    else:
        out.append(("full board", renderer.public_pictures(public, names=names)))
    out.append(("own", renderer.own_picture(own_view, names=names, name=names[seat])))
    out.append((PRIVATE, renderer.picture(own_view, names=names, name=names[seat])))
    return out


def positions(kind: str, record: dict[str, Any], every: int) -> list[dict[str, Any]]:
    """The record's states every `every` actions, from its first action's result to its end."""
    game = get_game(kind)
    state = game.new(record["players"], record["seed"], record["options"])
    out = []
    actions = record["actions"]
    for step, (seat, action) in enumerate(actions, start=1):
        state = game.apply(state, int(seat), action)
        if step % every == 0 or step == len(actions):
            out.append(state)
    return out


def measure(every: int, count: int) -> dict[str, Any]:
    """{"reference_ms": median, "references": n, "games": {kind: {"ratios": [...], "by_kind": {label: [...]},
    "bytes": {label: PNG bytes of all its pictures}}}}."""
    reference = reference_picture()
    reference_encode(reference)  # untimed: the encoder's first call
    references: list[float] = []
    timed: dict[str, list[tuple[str, float, int]]] = {kind: [] for kind in GAMES}
    for kind in GAMES:
        recorded = records(kind, 0)
        for record in recorded[len(recorded) - WARM_RECORDS:]:  # untimed: a bot that has been running a while
            for state in positions(kind, record, every):
                for _, draw in turn_pictures(kind, state, record["players"]):
                    draw()
        for record in recorded[:min(count or len(recorded), len(recorded) - WARM_RECORDS)]:
            states = positions(kind, record, every)
            for state in states:
                references.append(reference_encode(reference))
                for label, draw in turn_pictures(kind, state, record["players"]):
                    start = time.process_time()
                    made = draw()
                    seconds = time.process_time() - start
                    size = sum(len(data) for _, data in made) if isinstance(made, list) else len(made)
                    timed[kind].append((label, seconds, size))
    unit = statistics.median(references)
    games: dict[str, Any] = {}
    for kind, pictures in timed.items():
        by_kind: dict[str, list[float]] = {}
        sizes: dict[str, list[int]] = {}
        for label, seconds, size in pictures:
            by_kind.setdefault(label, []).append(seconds / unit)
            sizes.setdefault(label, []).append(size)
        ratios = [seconds / unit for label, seconds, _ in pictures if label != PRIVATE]
        games[kind] = {"ratios": ratios, "by_kind": by_kind, "bytes": {k: sum(v) for k, v in sizes.items()}}
    return {"reference_ms": unit * 1000, "references": len(references), "games": games}


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=12, help="actions between two positions drawn")
    parser.add_argument("--records", type=int, default=6, help="recorded games per game (0: all but the warm-up ones)")
    parser.add_argument("--kinds", action="store_true", help="also print each picture kind's median")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    figures = measure(args.every, args.records)
    summary = {
        kind: {"median": statistics.median(g["ratios"]), "p90": p90(g["ratios"]), "pictures": len(g["ratios"]),
               "by_kind": {label: statistics.median(r) for label, r in g["by_kind"].items()}, "bytes": g["bytes"]}
        for kind, g in figures["games"].items()
    }
    if args.json:
        print(json.dumps({"reference_ms": figures["reference_ms"], "references": figures["references"],
                          "games": summary}))
        return
    reference = reference_png(reference_picture())
    print(f"reference encode (1100x1600 palette PNG, {len(reference) / 1024:.0f} KiB): median "
          f"{figures['reference_ms']:.2f} ms CPU over {figures['references']} encodes, interleaved")
    print("picture cost in reference encodes (draw + encode, CPU time):")
    for kind, s in summary.items():
        verdict = "" if s["median"] <= 1.0 else "  (over 1.0)"
        print(f"  {TITLES[kind]:13s} median {s['median']:4.2f}  p90 {s['p90']:4.2f}  over {s['pictures']} "
              f"pictures{verdict}")
        if args.kinds:
            for label, median in s["by_kind"].items():
                ratios = figures["games"][kind]["by_kind"][label]
                aside = "  (not in the median)" if label == PRIVATE else ""
                print(f"      {label:14s} median {median:4.2f}  p90 {p90(ratios):4.2f}  ({len(ratios)} pictures, "
                      f"{s['bytes'][label] / len(ratios) / 1024:5.1f} KiB on average){aside}")


if __name__ == "__main__":
    main()
