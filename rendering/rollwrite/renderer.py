"""Roll & Write's renderer behind the typed interface (`rendering.contract.Renderer`): thin forwards."""

from __future__ import annotations

from dataclasses import dataclass

from rendering import rollwrite
from rendering.contract import View


@dataclass(frozen=True)
class RollWriteRenderer:
    """A seat's sheet (titled with its owner's name), the round's sets, the scoreboard."""

    def picture(self, view: View, *, names: list[str] | None = None, name: str | None = None) -> bytes:
        # A sheet is titled with one name, its owner's; the public picture (sets, scoreboard) with none.
        return rollwrite.picture(view, name or None)

    def public_pictures(self, view: View, *, names: list[str] | None = None,
                        ranking: list[int] | None = None) -> list[tuple[str, bytes]]:
        return [("", rollwrite.picture(view))]

    def lead_picture(self, view: View, *, names: list[str] | None = None, story: str = "") -> bytes:
        return rollwrite.lead_picture(view, names, story)

    def scoreboard(self, view: View, *, names: list[str], places: list[int] | None = None) -> bytes:
        return rollwrite.render_scoreboard(view, names, places)


RENDERER = RollWriteRenderer()
