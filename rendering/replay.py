"""An animated GIF of a finished game for a phone: one frame per turn or round, each a lead picture.

Each frame is the turn's lead picture (`rendering.kit.lead`: the round, whose turn, what the turn did,
everyone's points) drawn with a fixed story height, so every frame has one size and no frame carries a
blank band; the boards themselves are not in the frames (at a phone's 390 px a board's text is 4-6 px) and
stay one tap away in the game. Frames are `WIDTH` px wide: half the lead picture's 1200, so its smallest
text (34 px) is 17 px in the GIF and 11 px on a 390-px phone screen. A frame stays up long enough to read
(`FRAME_MS`). The frames share one palette (a GIF holds 256 colours and the lead picture uses few).

A game with more positions than fit in `MAX_BYTES` gets fewer frames rather than smaller ones: `replay_gif`
picks positions evenly (the first and the last always among them) before drawing them, and each frame's
caption tells what happened since the frame before, up a while longer (`THINNED_MS`). Only two frames that
still do not fit are scaled down (never below `MIN_WIDTH`).

GIF, not animated WebP or APNG: Discord's clients play a GIF attachment inline on every platform; an APNG
attachment is shown as a still picture (on purpose, say Discord's maintainers: discord-api-docs#6359), and
animated WebP attachments play on the desktop clients only (discord/lilliput#159). Lossless animated WebP is
about half the GIF's bytes on these frames but costs ten times the GIF's encoding CPU; the GIF is within
`MAX_BYTES` anyway (`bench/render_replay.py --formats` measures all three on the same frames).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any, TypeVar

from PIL import Image

from i18n import _, story_joiner
from rendering.kit.encode import png
from rendering.pool import long_running

#: A replay is watched on a phone, often on mobile data: a 36-decision Duel fits in well under this.
MAX_BYTES = 2 * 1000 * 1000
#: How long a frame stays up: a caption of a few lines needs a few seconds to read.
FRAME_MS = 3000
#: A frame telling several turns (a long game's replay) stays up longer.
THINNED_MS = 5000
LAST_MS = 8000
PAPER = (250, 246, 236)
WIDTH = 600
MAX_WIDTH = WIDTH
MIN_WIDTH = 420
#: Story lines every frame keeps room for (a longer story is cut with "..."): one height for all frames.
STORY_LINES = 2


def _decoded(frames: Sequence[bytes], width: int) -> list[Image.Image]:
    images = []
    for data in frames:
        image = Image.open(io.BytesIO(data)).convert("RGB")
        if image.width > width:
            # Lanczos keeps small text crisp at half size (bilinear blurs 17-px letters).
            image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
        images.append(image)
    # One canvas size for all frames; a smaller frame (the end) is centred on paper, not left in a corner.
    w, h = max(i.width for i in images), max(i.height for i in images)
    out = []
    for image in images:
        if image.size != (w, h):
            canvas = Image.new("RGB", (w, h), PAPER)
            canvas.paste(image, ((w - image.width) // 2, (h - image.height) // 2))
            image = canvas
        out.append(image)
    return out


def _encode(images: list[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    palette = images[0].quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    frames = [palette] + [i.quantize(palette=palette, dither=Image.Dither.NONE) for i in images[1:]]
    buffer = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return buffer.getvalue()


T = TypeVar("T")


def _thinned(items: list[T], keep: int) -> list[T]:
    """`keep` items spread evenly over `items`, the first and the last always among them."""
    if keep >= len(items):
        return items
    step = (len(items) - 1) / (keep - 1)
    return [items[round(i * step)] for i in range(keep)]


def _fitting_width(frames: Sequence[bytes]) -> int:
    with Image.open(io.BytesIO(frames[0])) as first:
        return min(WIDTH, first.width)


def animated_gif(frames: Sequence[bytes], *, frame_ms: int = FRAME_MS, last_ms: int = LAST_MS,
                 max_bytes: int = MAX_BYTES) -> bytes:
    """A looping GIF of `frames` (PNG bytes) no larger than `max_bytes`: at `WIDTH`, with frames left out
    evenly (the first and the last kept) while it is too large; only two frames that still do not fit are
    scaled down."""
    if not frames:
        raise ValueError("A replay needs at least one frame.")
    chosen = list(frames)
    width = _fitting_width(chosen)
    while True:
        data = _encode(_decoded(chosen, width), frame_ms, last_ms)
        if len(data) <= max_bytes:
            return data
        if len(chosen) > 2:
            keep = int(len(chosen) * max_bytes / len(data) * 0.95)
            chosen = _thinned(list(frames), max(2, min(len(chosen) - 1, keep)))
        elif width > MIN_WIDTH:
            width = max(MIN_WIDTH, min(int(width * 0.9), int(width * (max_bytes / len(data)) ** 0.5 * 0.95)))
        else:
            return data  # two small frames that still do not fit: nothing smaller to offer


def replay_frame(kind: str, view: dict[str, Any], names: list[str], story: str) -> bytes | None:
    """One frame: the lead picture of `view` (whose turn, `story`, the points) with room for `STORY_LINES`
    story lines, whatever the story's length. None if the game has no lead picture."""
    import importlib

    try:
        lead = importlib.import_module(f"rendering.{kind}.lead")
    except ModuleNotFoundError:
        return None
    from rendering.kit.lead import draw_lead

    return png(draw_lead(lead.lead_parts(view, names), story, story_lines=STORY_LINES))


def _final_scores(view: dict[str, Any], names: list[str]) -> str:
    """The final totals in words for the last frame (a board game's VP track is not its final score)."""
    scores = view.get("scores")
    if scores is None:  # Roll & Write keeps each seat's scores on its sheet
        scores = [seat.get("scores") for seat in view.get("seats") or [] if isinstance(seat, dict)]
    if not isinstance(scores, list) or not scores or not all(isinstance(r, dict) and "total" in r for r in scores):
        return _("The game is over.")
    named = [f"{names[s] if s < len(names) else _('Player {n}').format(n=s + 1)} {row['total']}"
             for s, row in enumerate(scores)]
    return _("Final scores: {scores}.").format(scores=", ".join(named))


def _new_lines(before: list[str], after: list[str]) -> list[str]:
    """The lines `after` adds to `before`; a log that keeps only its latest lines drops old ones at the front."""
    for k in range(min(len(before), len(after)), 0, -1):
        if after[:k] == before[-k:]:
            return after[k:]
    return after


def turn_story(kind: str, before: dict[str, Any] | None, view: dict[str, Any], names: list[str]) -> str:
    """What happened between two frames' public views, for the caption: the game log's new lines (a seat
    named by its display name), or each Roll & Write player's round."""
    if kind == "rollwrite":
        return "\n".join(_("{player}: {actions}.").format(
                             player=names[e["seat"]],
                             actions=story_joiner().join(e["sheet"]["turn"]["previous_events"]) or _("nothing"))
                         for e in view.get("seats", []) if e["seat"] < len(names) and e["sheet"]["turn"].get(
                             "previous_events") is not None)
    log = list(view.get("log") or [])
    new = _new_lines(list(before.get("log") or []), log) if before is not None else log[-3:]
    colours = {str(info.get("colour")): names[seat] for seat, info in enumerate(view.get("seats") or [])
               if isinstance(info, dict) and info.get("colour") and seat < len(names)}
    lines = []
    for line in new[-6:]:
        first, _x, rest = line.partition(" ")
        if first in colours:  # Yokohama's log names a seat by its colour ("Blue placed ..."): the person
            line = f"{colours[first]} {rest}"
        lines.append(line if line.endswith(".") else line + ".")
    text = " ".join(lines)
    for seat, name in enumerate(names):
        text = text.replace(f"{{seat:{seat}}}", name)
    return text


def _frame_bytes(frame: bytes, width: int) -> int:
    """The GIF bytes one frame costs at `width` (a GIF's frames are compressed each on its own)."""
    return len(_encode(_decoded([frame], width), FRAME_MS, FRAME_MS))


@long_running  # seconds of drawing and encoding: its own drawing process, never ahead of a turn's picture
def replay_gif(kind: str, views: Sequence[dict[str, Any]], names: list[str],
               max_bytes: int = MAX_BYTES) -> bytes | None:
    """The whole replay of a game from the public views of its frames (start, each turn or round, end):
    captioned frames as one GIF of at most `max_bytes`, `WIDTH` px wide. When every position would not fit,
    positions are picked evenly before any is drawn (measured on the start, the end and one frame between),
    each frame telling what happened since the one before. Module-level and fed plain data, so it can run
    in a drawing process (`rendering.pool`): the long jobs' own, so turn pictures asked for meanwhile are
    not queued behind it. None if the game has no pictures."""
    if not views:
        return None
    chosen = list(views)
    if len(views) > 3:
        middle = len(views) // 2
        sample = [replay_frame(kind, views[0], names, ""),
                  replay_frame(kind, views[middle], names, turn_story(kind, views[middle - 1], views[middle], names)),
                  replay_frame(kind, views[-1], names, turn_story(kind, views[-2], views[-1], names))]
        if any(frame is None for frame in sample):
            return None
        width = _fitting_width([sample[0] or b""])
        first, between, last = (_frame_bytes(frame or b"", width) for frame in sample)
        room = int((max_bytes * 0.92 - first - last) / max(between, 1)) + 2
        chosen = _thinned(list(views), max(2, min(len(views), room)))
    frames = []
    before: dict[str, Any] | None = None
    for n, view in enumerate(chosen):
        story = turn_story(kind, before, view, names) if before is not None else _("The game begins.")
        if n == len(chosen) - 1:
            story = " ".join(part for part in (story.strip(), _final_scores(view, names)) if part)
        frame = replay_frame(kind, view, names, story)
        if frame is None:
            return None
        frames.append(frame)
        before = view
    frame_ms = FRAME_MS if len(chosen) == len(views) else THINNED_MS
    return animated_gif(frames, frame_ms=frame_ms, max_bytes=max_bytes)
