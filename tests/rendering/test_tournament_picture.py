"""The tournament standings picture reads on a phone: 780 px wide with no text under 24 px (12 px at a
phone's 390 px); every player has a row, the podium a coloured disc with its number."""

from __future__ import annotations

import io

from PIL import Image

from rendering import tournament
from rendering.kit import recording_text_sizes
from rendering.tournament import Row, standings_picture


def test_the_standings_picture_reads_at_phone_width() -> None:
    rows = [Row(i + 1, f"Player with a rather long name {i}", "3", "7.5", "140", "3-0", left=i == 9) for i in range(64)]
    with recording_text_sizes() as sizes:
        picture = Image.open(io.BytesIO(standings_picture("Winter Swiss — final standings", "Yokohama Duel · Swiss",
                                                          ["Pts", "Buch.", "VP", "W-L"], rows)))
    assert picture.width == tournament.WIDTH == 780
    assert picture.height >= 64 * tournament.ROW  # a row per player
    assert min(sizes) == tournament.SMALLEST_TEXT and min(sizes) * 390 / picture.width >= 11
    assert picture.mode == "P"  # a palette PNG, like every picture
