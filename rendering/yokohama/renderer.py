"""Yokohama's renderer behind the typed interface (`rendering.contract.Renderer`): thin bindings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from rendering import yokohama
from rendering.contract import Drawing, Drawings, View


@dataclass(frozen=True)
class YokohamaRenderer:
    """The map, the player boards, a seat's own picture, the final scores; every seat's name on them."""

    def picture(self, view: View, *, names: list[str] | None = None, name: str | None = None) -> Drawing:
        return partial(yokohama.picture, view, names)

    def description(self, view: View, *, names: list[str] | None = None, story: str = "") -> str:
        return yokohama.description(view, names, story)

    def own_picture(self, view: View, *, names: list[str] | None = None, name: str | None = None,
                    choices: Sequence[str] = ()) -> Drawing:
        return partial(yokohama.own_picture, view, names, tuple(choices))

    def public_pictures(self, view: View, *, names: list[str] | None = None,
                        ranking: list[int] | None = None) -> Drawings:
        return partial(yokohama.public_pictures, view, names, ranking)

    def lead_picture(self, view: View, *, names: list[str] | None = None, story: str = "") -> Drawing:
        return partial(yokohama.lead_picture, view, names, story)

    def scoreboard(self, view: View, *, names: list[str], places: list[int] | None = None) -> Drawing:
        ranking = None if places is None else sorted(range(len(places)), key=lambda seat: (places[seat], seat))
        return partial(yokohama.final_picture, view, names, ranking)


RENDERER = YokohamaRenderer()
