"""The picture a turn post leads with reads on a phone: at 390 px wide (a third of its 1200 px) its smallest
text is at least 11 px, so every text on it is drawn at 34 px or more (the kit records the sizes)."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from engine.core import Rng, get_game
from rendering import lead_picture_for
from rendering.kit import recording_text_sizes
from rendering.kit.lead import MIN_TEXT, WIDTH

PLAYERS = {"duel": 2, "yokohama": 4, "rollwrite": 4}
LONG_STORY = ("Wolfeschlegelsteinhausenbergerdorff sends Power 4 to the Copper Mine, builds a Trading House there "
              "for ¥4, completes Order 12 paying 2 Tea and 1 Fish for 5 points and ¥2, then buys 1 Tea for ¥1 "
              "and ends the turn with more to say than fits.")


def views(kind: str) -> list[dict[str, Any]]:
    """Public views of one seeded random game: its start, several turns and its end."""
    game = get_game(kind)
    state = game.new(PLAYERS[kind], 7, None)
    rng = Rng(8)
    out = [game.view(state, None)]
    steps = 0
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        steps += 1
        if steps % 40 == 0:
            out.append(game.view(state, None))
    return out + [game.view(state, None)]


@pytest.mark.parametrize("kind", list(PLAYERS))
def test_every_lead_picture_draws_no_text_under_34_px(kind: str) -> None:
    lead = lead_picture_for(kind)
    assert lead is not None
    names = ["Wolfeschlegelsteinhausenbergerdorff", "Bo", "Ann", "Al"][: PLAYERS[kind]]
    for view in views(kind):
        for story in ("", LONG_STORY):
            with recording_text_sizes() as sizes:
                data = lead(view, names=names, story=story)
            assert sizes and min(sizes) >= MIN_TEXT
            image = Image.open(io.BytesIO(data))
            assert image.width == WIDTH and image.mode == "P"
            assert image.height <= 1100, "one glance: not a tall page"


@pytest.mark.parametrize("kind", list(PLAYERS))
def test_the_lead_picture_shows_the_story_and_the_scores(kind: str) -> None:
    lead = lead_picture_for(kind)
    assert lead is not None
    view = views(kind)[1]
    plain = lead(view, names=None, story="")
    told = lead(view, names=None, story="Akiko builds a shop.")
    assert plain != told
    assert Image.open(io.BytesIO(told)).height > Image.open(io.BytesIO(plain)).height
    scored = copy.deepcopy(view)
    if kind == "duel":
        scored["scores"][0]["total"] += 10
    elif kind == "yokohama":
        scored["seats"][0]["vp"] += 10
    else:
        scored["seats"][0]["scores"]["total"] += 10
    assert lead(scored, names=None, story="") != plain


def test_recording_sees_small_text_on_other_pictures() -> None:
    """The recorder is what the lead test relies on: it does see the board's small labels."""
    from rendering.duel.board import draw_board

    view = views("duel")[1]
    with recording_text_sizes() as sizes:
        draw_board(view, ["Akiko", "Bo"])
    assert min(sizes) < MIN_TEXT
