"""Pictures of Yokohama (2-4 players): the public map, the player boards, a seat's own picture, the final scores.

All of them are drawn from `GAME.view(state, seat)` alone, so a public picture (from the view
with seat None) cannot show an order card in anyone's hand. Players are named by the display
names the bot passes (`names`, a list by seat; a single string is the viewer's own name), with
their colour, shape and letter as a second cue.

- `picture(view, names)`: what the generic Discord code sends. The public view gives the map
  (the final scores once the game is over); a seat's view gives that seat's board with its
  hand of orders on top of the map, the private picture of the panel.
- `map_picture`, `player_boards`, `private_picture`, `final_picture`: each picture on its own.

Drawing is synchronous Pillow work: callers run it off the event loop
(`asyncio.to_thread(picture, view, names)`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from rendering.kit import png
from rendering.kit.encode import BAND_ROWS
from rendering.yokohama.board_map import draw_map
from rendering.yokohama.boards import draw_boards
from rendering.yokohama.final import draw_final
from rendering.yokohama.names import Names

__all__ = [
    "description",
    "own_picture",
    "lead_picture",
    "draw_private", "picture", "map_picture", "player_boards", "private_picture", "final_picture", "public_pictures",
]


def picture(view: dict[str, Any], names: Names = None) -> bytes:
    """The one picture for a view: the seat's own picture, else the map, or the final scores once over."""
    if view.get("over"):
        return final_picture(view, names)
    viewer = view.get("viewer")
    if viewer is not None and 0 <= viewer < len(view["seats"]):
        return private_picture(view, names)
    return map_picture(view, names)


def map_picture(view: dict[str, Any], names: Names = None) -> bytes:
    """The public map: area boards, management boards, supply, achievements, VP track, round."""
    return png(draw_map(view, names))


def player_boards(view: dict[str, Any], names: Names = None) -> bytes:
    """Every player's board; from a seat's view, that seat's hand of orders is shown under its own band."""
    return png(draw_boards(view, names))


def draw_private(view: dict[str, Any], names: Names = None) -> Image.Image:
    viewer = view.get("viewer")
    if viewer is None or not 0 <= viewer < len(view["seats"]):
        raise ValueError("A private picture needs a seat's view (viewer is None).")
    board = draw_boards(view, names, seats=[viewer])
    # The map starts on a band boundary of the encoder whatever the height of the board above (its hand):
    # its unchanged rows are then reused from the encoder's cache (`rendering.kit.encode`). It is drawn that
    # far down a picture of its own (not drawn apart and copied under the board: 2 MB less to copy).
    top = -(-board.height // BAND_ROWS) * BAND_ROWS
    image = draw_map(view, names, top=top)
    image.paste(board, (0, 0))
    return image


def private_picture(view: dict[str, Any], names: Names = None) -> bytes:
    """A seat's own picture for its panel: its board with its hand of orders, above the map."""
    return png(draw_private(view, names))


def final_picture(view: dict[str, Any], names: Names = None, ranking: list[int] | None = None) -> bytes:
    """Every scoring category per player, best first, the winner marked. `ranking` (seats, best first) is the
    caller's own where it differs (resigned players last)."""
    return png(draw_final(view, names, ranking))


def public_pictures(view: dict[str, Any], names: Names = None,
                    ranking: list[int] | None = None) -> list[tuple[str, bytes]]:
    """The public pictures of a turn, as (label, PNG): the map and the player boards; once the game is over,
    the final scores (in `ranking` order if given) and the final map."""
    if view.get("over"):
        return [("final", final_picture(view, names, ranking)), ("map", map_picture(view, names))]
    return [("map", map_picture(view, names)), ("boards", player_boards(view, names))]


def lead_picture(view: dict[str, Any], names: Names = None, story: str = "") -> bytes:
    """The picture a turn post leads with, readable on a phone: whose turn, the last turn's `story`, the
    scores (`rendering.kit.lead`); the full board is a picture of its own."""
    from rendering.yokohama.lead import draw_lead_picture

    return png(draw_lead_picture(view, names, story))


def own_picture(view: dict[str, Any], names: Names = None, choices: Sequence[str] = ()) -> bytes:
    """The compact own view for a phone (`rendering.kit.own`): yen, goods, orders, pieces, the choices now,
    first and large; the full private picture (`private_picture`) stays a tap away."""
    from rendering.kit.own import own_png
    from rendering.yokohama.own import own

    viewer = view.get("viewer")
    if viewer is None or not 0 <= viewer < len(view["seats"]):
        raise ValueError("An own picture needs a seat's view (viewer is None).")
    if view.get("over"):
        return final_picture(view, names)  # the game is over: the final scores are what a player looks up
    return own_png(own(view, names, choices))


def description(view: dict[str, Any], names: list[str] | None = None, story: str = "") -> str:
    """Alt text for this game's pictures of `view` (at most 1,024 characters): the game, whose turn, the
    scores, what just happened (`rendering.kit.lead.describe`)."""
    from rendering.yokohama.lead import description as describe

    return describe(view, names, story)
