"""Pieces carry their player's initial in every game (not the colour's: "B" for Blue says nothing about who)."""

from __future__ import annotations

from PIL import ImageDraw

from rendering.kit.marks import initials
from rendering.yokohama.palette import new_canvas
from rendering.yokohama.pieces import marked_by, pawn, seat_letter


def test_initials_are_the_names_first_letters_made_unique() -> None:
    assert initials(["akiko", "Benedikt", "Chiara"]) == ["A", "B", "C"]
    assert initials(["Anna", "Alex", "Bo"]) == ["An", "Al", "B"]
    assert initials(["Ann", "Ann", "Bo"]) == ["A1", "A2", "B"]
    assert initials(["🐉", "  x"]) == ["?", "X"]


def pawn_picture(names: list[str]) -> bytes:
    image, draw = new_canvas(40, 40, "P")
    with marked_by(names):
        pawn(image, ImageDraw.Draw(image), 1, 4, 4, 32)
    return image.tobytes()


def test_yokohama_pieces_carry_the_players_initial() -> None:
    with marked_by(["Zoe", "Yuki", "Xia"]):
        assert [seat_letter(s) for s in range(3)] == ["Z", "Y", "X"]
    assert seat_letter(1) == "B"  # outside a picture (no names): the colour names' letters, as before
    # seat 2's pawn shows "Y" for Yuki and for Yann, something else for Bob
    assert pawn_picture(["Zoe", "Yuki"]) == pawn_picture(["Ann", "Yann"])
    assert pawn_picture(["Zoe", "Yuki"]) != pawn_picture(["Zoe", "Bob"])
