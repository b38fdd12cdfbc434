"""A stand-in renderer for tests that watch or break the pictures the Discord layer draws.

It implements `rendering.contract.Renderer`; each drawing it returns hands its arguments to
`draw(method, view, **kw)`, so one function records, returns a picture or raises, as a test needs.
`with_renderer` puts it in place of a game's renderer for the Discord layer (`panels.pictures.ui_for`), keeping the
rest of that game's description.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from bot.discord_app.panels import pictures
from rendering.contract import Drawing, Drawings, View

Draw = Callable[..., Any]


class StubRenderer:
    def __init__(self, draw: Draw) -> None:
        self.draw = draw

    def picture(self, view: View, *, names: list[str] | None = None, name: str | None = None) -> Drawing:
        return partial(self.draw, "picture", view, names=names, name=name)

    def public_pictures(self, view: View, *, names: list[str] | None = None,
                        ranking: list[int] | None = None) -> Drawings:
        return lambda: [("", self.draw("public_pictures", view, names=names, ranking=ranking))]

    def lead_picture(self, view: View, *, names: list[str] | None = None, story: str = "") -> Drawing:
        return partial(self.draw, "lead_picture", view, names=names, story=story)

    def scoreboard(self, view: View, *, names: list[str], places: list[int] | None = None) -> Drawing:
        return partial(self.draw, "scoreboard", view, names=names, places=places)


def with_renderer(monkeypatch: pytest.MonkeyPatch, draw: Draw) -> StubRenderer:
    """Every game's pictures drawn by a `StubRenderer(draw)` for the rest of the test."""
    stub = StubRenderer(draw)
    real = pictures.ui_for
    monkeypatch.setattr(pictures, "ui_for", lambda kind: dataclasses.replace(real(kind), renderer=stub))
    return stub
