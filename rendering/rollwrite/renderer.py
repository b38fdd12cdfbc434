"""Roll & Write's renderer behind the typed interface (`rendering.contract.Renderer`): thin bindings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from rendering import rollwrite
from rendering.contract import Drawing, Drawings, View, one_picture


@dataclass(frozen=True)
class RollWriteRenderer:
    """A seat's sheet (titled with its owner's name), the round's sets, the scoreboard."""

    def picture(self, view: View, *, names: list[str] | None = None, name: str | None = None) -> Drawing:
        # A sheet is titled with one name, its owner's; the public picture (sets, scoreboard) with none.
        return partial(rollwrite.picture, view, name) if name else partial(rollwrite.picture, view)

    def description(self, view: View, *, names: list[str] | None = None, story: str = "") -> str:
        return rollwrite.description(view, names, story)

    def own_picture(self, view: View, *, names: list[str] | None = None, name: str | None = None,
                    choices: Sequence[str] = ()) -> Drawing:
        return partial(rollwrite.own_picture, view, name)

    def public_pictures(self, view: View, *, names: list[str] | None = None,
                        ranking: list[int] | None = None) -> Drawings:
        return partial(one_picture, rollwrite.picture, view)

    def lead_picture(self, view: View, *, names: list[str] | None = None, story: str = "") -> Drawing:
        return partial(rollwrite.lead_picture, view, names, story)

    def scoreboard(self, view: View, *, names: list[str], places: list[int] | None = None) -> Drawing:
        return partial(rollwrite.render_scoreboard, view, names, places)


RENDERER = RollWriteRenderer()
