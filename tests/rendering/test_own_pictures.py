"""A player's own view made for a phone: no text under 11 px at 390 px wide, at most 40 KB, and what the player
holds and can do now comes first (the money, the goods, the Order cards, the choices offered)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.core import Rng, get_game
from rendering.kit import recording_drawn_text, recording_text_sizes
from rendering.kit.own import MIN_TEXT, SECTION_LINES, WIDTH
from rendering.renderers import renderer_for

PLAYERS = {"duel": 2, "yokohama": 3, "rollwrite": 2}
NAMES = ["田中太郎", "**bob**", "محمد علي"]
LIMIT = 40_000


def positions(kind: str, seed: int) -> list[tuple[Any, Any]]:
    """(state, acting seat) at several points of one seeded random game."""
    game = get_game(kind)
    state = game.new(PLAYERS[kind], seed, None)
    rng = Rng(seed + 1)
    out = []
    steps = 0
    while not game.is_over(state):
        acting = game.to_act(state)
        if steps % 25 == 0:
            out.append((state, acting[0]))
        seat = rng.choice(acting)
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        steps += 1
    return out


@pytest.mark.parametrize("kind", list(PLAYERS))
def test_the_own_picture_reads_on_a_phone_and_stays_small(kind: str) -> None:
    game = get_game(kind)
    renderer = renderer_for(kind)
    assert renderer is not None
    biggest = 0
    for state, seat in positions(kind, 5):
        view = game.view(state, seat)
        choices = [game.describe(state, a) for a in game.legal(state, seat)]
        with recording_text_sizes() as sizes:
            data = renderer.own_picture(view, names=NAMES[:PLAYERS[kind]], name=NAMES[seat], choices=choices)()
        image = Image.open(io.BytesIO(data))
        assert image.width == WIDTH and image.mode == "P"
        assert sizes and min(sizes) >= MIN_TEXT and MIN_TEXT * 390 / WIDTH >= 11
        biggest = max(biggest, len(data))
    assert biggest <= LIMIT, f"largest own picture {biggest} bytes"


def test_the_duel_own_picture_leads_with_money_goods_hand_and_choices() -> None:
    game = get_game("duel")
    state, seat = positions("duel", 5)[3]
    view = game.view(state, seat)
    me = view["players"][seat]
    choices = [game.describe(state, a) for a in game.legal(state, seat)]
    renderer = renderer_for("duel")
    assert renderer is not None
    with recording_drawn_text() as drawn:
        renderer.own_picture(view, names=NAMES[:2], choices=choices)()
    assert f"¥{me['money']}" in drawn[2] + drawn[3] + drawn[4], drawn[:6]  # under the title and what to do now
    assert any(text.startswith("Your Orders") for text in drawn)
    for card in me.get("hand") or []:
        assert any(text.startswith(f"#{card['id'] + 1}:") for text in drawn), card
    for label in choices[:SECTION_LINES]:
        assert any(label.startswith(text.rstrip(".")) for text in drawn if text), label
    if len(choices) > SECTION_LINES:
        assert f"and {len(choices) - SECTION_LINES} more in the panel's menu" in drawn
    assert not any("**" in text for text in drawn)


def test_an_own_picture_needs_a_seats_view() -> None:
    for kind in PLAYERS:
        game = get_game(kind)
        renderer = renderer_for(kind)
        assert renderer is not None
        with pytest.raises(ValueError):
            renderer.own_picture(game.view(game.new(PLAYERS[kind], 1, None), None))()
