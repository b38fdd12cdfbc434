"""Names, not seats: seat tokens and the older engine wordings become display names, and every renderer
learns the names the way it takes them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_app import panels
from bot.discord_app.names import by_name, fill, plain

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


async def test_draw_gives_each_renderer_the_names_it_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, Any]] = []

    def board(view: dict[str, Any], names: list[str] | None = None) -> bytes:
        calls.append(("board", names))
        return b"png"

    def sheet(view: dict[str, Any], name: str | None = None) -> bytes:
        calls.append(("sheet", name))
        return b"png"

    def bare(view: dict[str, Any]) -> bytes:
        calls.append(("bare", None))
        return b"png"

    for renderer in (board, sheet, bare):
        monkeypatch.setattr(panels, "picture_for", lambda kind, r=renderer: r)
        assert await panels.draw("x", {}, "x.png", name="Bob", names=NAMES) is not None
    monkeypatch.setattr(panels, "picture_for", lambda kind: sheet)
    await panels.draw("x", {}, "x.png", names=NAMES)  # a public sheet picture: no one's name on it
    assert calls == [("board", NAMES), ("sheet", "Bob"), ("bare", None), ("sheet", None)]
