"""The panel's picture of your own sheet carries your display name."""

from __future__ import annotations

from engine.core import random_playout
from engine.rollwrite import GAME
from rendering.rollwrite import picture, render_sheet


def test_picture_titles_the_viewers_sheet_with_their_name() -> None:
    state = random_playout(GAME, 2, 3, max_actions=40).state
    view = GAME.view(state, 1)
    named = picture(view, "Ada Lovelace")
    assert named == render_sheet(view, 1, "Ada Lovelace")
    assert named != picture(view)  # without a name the header says "Player 2"
