"""How a player's pieces are marked in every game's pictures: with the player's initial.

A piece's colour and shape are cues a colour-blind player may not read, so each piece also carries
a letter, and the letter is the one people know the player by: the initial of their display name
(a colour's initial, "B" for Blue, says nothing about who plays Blue). When two players share an
initial, theirs grow to two letters ("An", "Al"), then to the initial and the seat number.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.kit.fonts import drawable


def initial(name: str) -> str:
    """The first drawable letter or digit of a display name, upper-cased ('?' if none)."""
    for char in drawable(name, bold=True):
        if char.isalnum():
            return char.upper()
    return "?"


def _two_letters(name: str) -> str:
    letters = [c for c in drawable(name, bold=True) if c.isalnum()]
    return (letters[0].upper() + letters[1].lower()) if len(letters) > 1 else initial(name)


def initials(names: Sequence[str]) -> list[str]:
    """The mark of each seat's pieces: its player's initial, made unique among the seats."""
    marks = [initial(n) for n in names]
    for mark in set(marks):
        seats = [s for s, m in enumerate(marks) if m == mark]
        if len(seats) < 2:
            continue
        longer = [_two_letters(names[s]) for s in seats]
        unique = len(set(longer)) == len(longer)
        for k, seat in enumerate(seats):
            marks[seat] = longer[k] if unique else f"{mark}{seat + 1}"
    return marks
