"""Yokohama Duel's renderer behind the typed interface (`rendering.contract.Renderer`): thin bindings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from rendering import duel
from rendering.contract import Drawing, Drawings, View, one_picture


@dataclass(frozen=True)
class DuelRenderer:
    """The board, a seat's private view, the final score; the board games take every seat's name."""

    def picture(self, view: View, *, names: list[str] | None = None, name: str | None = None) -> Drawing:
        return partial(duel.picture, view, names)

    def description(self, view: View, *, names: list[str] | None = None, story: str = "") -> str:
        return duel.description(view, names, story)

    def own_picture(self, view: View, *, names: list[str] | None = None, name: str | None = None,
                    choices: Sequence[str] = ()) -> Drawing:
        return partial(duel.own_picture, view, names, tuple(choices))

    def public_pictures(self, view: View, *, names: list[str] | None = None,
                        ranking: list[int] | None = None) -> Drawings:
        return partial(one_picture, duel.picture, view, names)

    def lead_picture(self, view: View, *, names: list[str] | None = None, story: str = "") -> Drawing:
        return partial(duel.lead_picture, view, names, story)

    def scoreboard(self, view: View, *, names: list[str], places: list[int] | None = None) -> Drawing:
        return partial(duel.final_picture, view, names)


RENDERER = DuelRenderer()
