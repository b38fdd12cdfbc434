"""Every cache in `rendering/` is bounded: a bot hosting hundreds of games draws them all in one process,
and a cache that grows with every game (about 2 MB a Roll & Write game) runs it out of memory."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import rendering
from engine.rollwrite import GAME
from rendering.rollwrite import labs, render_sheet


def rendering_modules() -> list[Any]:
    return [importlib.import_module(m.name) for m in pkgutil.walk_packages(rendering.__path__, "rendering.")]


def caches() -> list[tuple[str, Any]]:
    found = []
    for module in rendering_modules():
        for name, value in vars(module).items():
            if callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", "") == module.__name__:
                found.append((f"{module.__name__}.{name}", value))
    return found


def test_every_functools_cache_in_rendering_has_a_size_limit() -> None:
    found = caches()
    assert any(name == "rendering.rollwrite.labs.card_picture" for name, _ in found)  # the walk sees them
    unbounded = [name for name, cache in found if cache.cache_info().maxsize is None]
    assert unbounded == []


def test_the_laboratories_of_new_games_reuse_the_cards_already_drawn() -> None:
    """The technologies come from one deck: after a few games, a new game's panel draws no new card."""
    for seed in range(1, 9):
        render_sheet(GAME.view(GAME.new(2, seed), 0), 0)
    before = labs.card_picture.cache_info()
    for seed in range(9, 17):
        render_sheet(GAME.view(GAME.new(2, seed), 0), 0)
    after = labs.card_picture.cache_info()
    assert after.misses - before.misses < 12  # fewer new cards than one panel holds: the deck is shared


def test_text_sprites_are_bounded_by_bytes() -> None:
    """A turn's story lines are wide sprites drawn once: the cache keeps a byte budget, not a count."""
    from rendering.kit.lead import PALETTE, Lead, draw_lead
    from rendering.kit.palette import SPRITE_CACHE_BYTES

    for turn in range(400):
        draw_lead(Lead("Yokohama", f"Round {turn}", []), story=f"Turn {turn}: " + "a long story of what happened " * 5)
    assert 0 < PALETTE.sprite_cache_bytes() <= SPRITE_CACHE_BYTES
