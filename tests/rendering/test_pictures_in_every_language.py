"""Every picture kind of every game, drawn in every shipped language, keeps each text inside its picture and
clear of the other texts, and draws every character (no "?" for a missing glyph).

German runs about 30 % longer than English and Japanese draws from another face: a label that fits in English
may run off its panel or over its neighbour in another language. The kit records where each text stands on
which picture (`recording_text_boxes`); a text wider than its room shows as one box crossing the picture's
edge or another text's box on the same line.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.core import get_game
from i18n import SHIPPED, _, using
from rendering.charts import Series, Step, figures, line_chart, podium
from rendering.kit import recording_text_boxes
from rendering.kit.fonts import TextBox, drawable
from rendering.kit.plain import plain
from rendering.renderers import renderer_for
from rendering.replay import replay_frame, turn_story
from rendering.tournament import Row, standings_picture
from tests.rendering.test_plain_text import RECORDS, positions

#: Display names as Discord gives them: several scripts, and one long enough to need cutting.
NAMES = ["Akiko 秋子", "Maximilian Müller-Lüdenscheid", "Zoë", "Łukasz"]
STORY = "Akiko 秋子 sends Power 1 to the Tea Garden and pays ¥2; she fulfils Order 12 for 3 points."
#: How far two texts' boxes may run into each other before they are said to overlap: a line's box is as tall
#: as the face's ascent and descent, so lines set closely share a few rows without their letters touching.
SIDEWAYS, UPRIGHT = 2.0, 0.4
#: A catalogue placeholder left in a drawn text ("Set {set}: ..."): a message formatted with the wrong names.
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def drawings(kind: str) -> Iterator[tuple[str, Callable[[], Any]]]:
    """(what, the drawing) for every picture kind of a recorded game of `kind`, at its start, on its way and at
    its end: the public pictures, the lead picture, each seat's full and compact views, the scores, the replay
    frames."""
    game = get_game(kind)
    renderer = renderer_for(kind)
    assert renderer is not None
    states = positions(kind)
    players = len(game.view(states[0], None).get("seats") or game.view(states[0], None).get("players") or [1, 2])
    names = (NAMES * players)[:players]
    before = None
    for n, state in enumerate(states):
        public = game.view(state, None)
        yield f"public pictures {n}", renderer.public_pictures(public, names=names)
        yield f"lead picture {n}", renderer.lead_picture(public, names=names, story=STORY)
        story = turn_story(kind, before, public, names) if before is not None else STORY
        yield f"replay frame {n}", functools.partial(replay_frame, kind, public, names, story)
        for seat in range(players):
            view = game.view(state, seat)
            yield f"seat {seat}'s picture {n}", renderer.picture(view, names=names, name=names[seat])
            yield f"seat {seat}'s own picture {n}", renderer.own_picture(
                view, names=names, name=names[seat], choices=["Place an assistant in the Tea Garden", "Pass"])
        before = public
    yield "scoreboard", renderer.scoreboard(game.view(states[-1], None), names=names)


def shared_drawings() -> Iterator[tuple[str, Callable[[], Any]]]:
    """The pictures every game shares: rating charts, the figures of a short history, a podium, standings.
    Their titles and heads are the caller's (translated there); the words of their own are the picture's."""
    title, subtitle = _("final standings"), _("after round {round}").format(round=3)
    rounds = _("Round {round}").format(round="")
    long = [Series(NAMES[1], [1000.0, 1012.0, 990.0, 1030.0]), Series(NAMES[0], [1000.0, 980.0, 1001.0, 1010.0])]
    steps = [Step(1, NAMES[1], "71"), Step(2, NAMES[0], "60"), Step(3, NAMES[2], "12")]
    rows = [Row(1, NAMES[1], "3", "7.5", "140", "3-0"), Row(2, NAMES[0], "1", "2", "90", "1-2", left=True)]
    yield "chart", lambda: line_chart(_("Scores"), long, x_label=rounds, y_label=_("Scores"))
    yield "figures", lambda: figures(_("Scores"), [Series(NAMES[0], [1000.0, 1012.0])], x_label=rounds)
    yield "no figures", lambda: figures(_("Scores"), [], x_label=rounds)
    yield "podium", lambda: podium(title, steps, subtitle=subtitle)
    yield "standings", lambda: standings_picture(title, subtitle, ["Pts", "Buch.", "VP", "W-L"], rows)


def problems(boxes: list[TextBox]) -> list[str]:
    """What is wrong with the texts of one picture: a character drawn as "?", a text beyond its picture's edge,
    two texts over each other."""
    found = []
    for box in boxes:
        if drawable(box.text).count("?") > plain(box.text).count("?"):
            found.append(f"missing glyph in {box.text!r}")
        if PLACEHOLDER.search(box.text):
            found.append(f"a message drawn before its placeholders were filled: {box.text!r}")
        left, top, right, bottom = box.box
        width, height = box.size
        if left < -1 or top < -1 or right > width + 1 or bottom > height + 1:
            found.append(f"{box.text!r} at {tuple(round(v) for v in box.box)} leaves its {width}x{height} picture")
    by_canvas: dict[int, list[TextBox]] = defaultdict(list)
    for box in boxes:
        by_canvas[box.canvas].append(box)
    for texts in by_canvas.values():
        for a, b in itertools.combinations(texts, 2):
            across = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
            down = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
            shorter = min(a.box[3] - a.box[1], b.box[3] - b.box[1])
            if across > SIDEWAYS and down > UPRIGHT * shorter:
                found.append(f"{a.text!r} and {b.text!r} overlap")
    return found


def check(what: str, drawing: Callable[[], Any]) -> list[str]:
    with recording_text_boxes() as boxes:
        drawing()
    assert boxes, f"{what}: no text was recorded"
    return [f"{what}: {problem}" for problem in problems(boxes)]


@pytest.mark.parametrize("locale", SHIPPED)
@pytest.mark.parametrize("kind", list(RECORDS))
def test_every_picture_of_a_game_fits_its_words_in_every_language(kind: str, locale: str) -> None:
    with using(locale):
        found = [problem for what, drawing in drawings(kind) for problem in check(what, drawing)]
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("locale", SHIPPED)
def test_charts_podiums_and_standings_fit_their_words_in_every_language(locale: str) -> None:
    with using(locale):
        found = [problem for what, drawing in shared_drawings() for problem in check(what, drawing)]
    assert not found, "\n".join(found)


def test_a_text_running_over_its_neighbour_is_found() -> None:
    from PIL import Image, ImageDraw

    from rendering.kit import draw_text

    def crowded() -> None:
        image = Image.new("RGB", (300, 60), "white")
        draw = ImageDraw.Draw(image)
        draw_text(draw, (10, 10), "Übrige 5er-Stärkeplättchen", 20, "black")
        draw_text(draw, (150, 12), "12", 20, "black")
        draw_text(draw, (200, 40), "off the edge of the picture", 20, "black")

    found = check("a crowded picture", crowded)
    assert any("overlap" in problem for problem in found) and any("leaves" in problem for problem in found)


def test_the_pictures_are_drawn_in_the_language_asked_for() -> None:
    from rendering.kit import recording_drawn_text

    kind = "duel"
    drawn: dict[str, list[str]] = {}
    for locale in ("en", "de"):
        with using(locale), recording_drawn_text() as texts:
            for _what, drawing in itertools.islice(drawings(kind), 4):
                drawing()
        drawn[locale] = texts
    assert any("Round" in text for text in drawn["en"]) and not any("Round" in text for text in drawn["de"])
    assert any("Runde" in text for text in drawn["de"])
