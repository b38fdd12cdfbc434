"""Every game's renderer behind the typed interface (`rendering.contract.Renderer`), by game kind.

For front ends outside the Discord layer (the terminal, the replay), which name a game by its kind; the
Discord layer holds each renderer in that game's UI description (`bot/discord_app/games/`). The renderers
are imported by name here, never discovered.
"""

from __future__ import annotations

from rendering.contract import Renderer
from rendering.duel.renderer import RENDERER as DUEL
from rendering.rollwrite.renderer import RENDERER as ROLLWRITE
from rendering.yokohama.renderer import RENDERER as YOKOHAMA

RENDERERS: dict[str, Renderer] = {"yokohama": YOKOHAMA, "duel": DUEL, "rollwrite": ROLLWRITE}


def renderer_for(kind: str) -> Renderer | None:
    """The renderer of a game kind, or None for a game without pictures."""
    return RENDERERS.get(kind)
