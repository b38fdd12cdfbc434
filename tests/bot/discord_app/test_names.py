"""Names, not seats: seat tokens and the older engine wordings become display names, and every renderer
learns the names its pictures show."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_app.names import by_name, fill, plain
from bot.discord_app.panels import pictures
from tests.harness.renderers import with_renderer

NAMES = ["Alice", "Bob", "Carol"]


@pytest.mark.parametrize(("text", "expected"), [
    ("Round 2: {seat:1} to play", "Round 2: Bob to play"),
    ("Round 1 of 4, turn 2 of 4: P2 to play at the Port.", "Round 1 of 4, turn 2 of 4: Bob to play at the Port."),
    ("Game over: seat 3 wins with 40 VP", "Game over: Carol wins with 40 VP"),
    ("Game over: seats 1, 3 share the victory with 40 VP", "Game over: Alice and Carol share the victory with 40 VP"),
    ("Player 1 keeps 2 cards", "Alice keeps 2 cards"),
    ("Pay 2 money for 1 VP", "Pay 2 money for 1 VP"),
])
def test_engine_text_names_people(text: str, expected: str) -> None:
    assert fill(text, plain(NAMES)) == expected


def test_bold_names_for_messages_and_a_fallback_past_the_table() -> None:
    assert fill("{seat:0} and {seat:5}", by_name(NAMES)) == "**Alice** and Player 6"


async def test_draw_gives_the_renderer_every_seats_name_and_the_viewers_own(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, Any]] = []

    def draw(method: str, view: dict[str, Any], **names: Any) -> bytes:
        calls.append((method, names))
        return b"png"

    with_renderer(monkeypatch, draw)
    assert await pictures.draw("x", {}, "x.png", name="Bob", names=NAMES) is not None
    await pictures.draw("x", {}, "x.png", names=NAMES)  # a public picture: no one's own name on it
    assert calls == [("picture", {"names": NAMES, "name": "Bob"}), ("picture", {"names": NAMES, "name": None})]


def test_each_renderer_takes_the_names_its_pictures_show(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board games name every seat; a Roll & Write sheet is titled with its owner's name (the public
    picture, the round's sets or the scoreboard, with none)."""
    import rendering.duel
    import rendering.rollwrite
    import rendering.yokohama
    from rendering.duel.renderer import RENDERER as DUEL
    from rendering.rollwrite.renderer import RENDERER as ROLLWRITE
    from rendering.yokohama.renderer import RENDERER as YOKOHAMA

    calls: list[tuple[Any, ...]] = []
    for module in (rendering.duel, rendering.rollwrite, rendering.yokohama):
        monkeypatch.setattr(module, "picture", lambda view, *names, m=module.__name__: calls.append((m, *names)) or b"")
    for renderer in (DUEL, YOKOHAMA, ROLLWRITE):
        renderer.picture({}, names=NAMES, name="Bob")()
        renderer.picture({}, names=NAMES)()
    assert calls == [("rendering.duel", NAMES), ("rendering.duel", NAMES),
                     ("rendering.yokohama", NAMES), ("rendering.yokohama", NAMES),
                     ("rendering.rollwrite", "Bob"), ("rendering.rollwrite",)]
