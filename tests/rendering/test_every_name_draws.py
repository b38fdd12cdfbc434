"""Every display name draws: the font chain holds a glyph for each character of names in the scripts players
use (checked against each face's own cmap, read with fontTools), so no name loses a letter to "?" or to the
missing-glyph box; and the names reach the pictures whole."""

from __future__ import annotations

import functools
import io
import json
import unicodedata

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw

from engine.core import Rng, get_game
from rendering import lead_picture_for
from rendering.kit import fonts
from rendering.kit.fonts import FONTS, draw_text, drawable, recording_drawn_text, runs

#: Thirty display names as players write them: one script each, then mixed, with emoji.
NAMES = [
    "田中太郎", "さくら", "やまだ・はなこ", "カタカナ名前", "鈴木一郎", "佐藤 花子",  # Japanese
    "김민준", "이서연", "똠방각하",  # Korean (똠 is outside the 2,350 common syllables)
    "王小明", "張偉", "陳美玲",  # Chinese, simplified and traditional
    "محمد علي", "فاطمة الزهراء",  # Arabic
    "דוד כהן", "שרה",  # Hebrew
    "สมชาย ใจดี", "ข้าวหอม",  # Thai
    "राहुल शर्मा", "क्षत्रिय",  # Hindi (conjuncts)
    "Αλέξανδρος", "Дмитрий Иванов", "Nguyễn Văn An",  # Greek, Russian, Vietnamese
    "🎲 Dice Lord", "👨‍👩‍👧 family", "🇯🇵 Kenji", "1️⃣ First",  # emoji: a ZWJ family, a flag, a keycap
    "José 山田 (JP)", "Ana ❤️ 김", "لاعب Player 2",  # mixed scripts
]

#: Characters a face need not map: HarfBuzz hides default-ignorable code points (joiners, selectors).
IGNORABLE = {"\u200c", "\u200d", "\ufe0e", "\ufe0f"}


@functools.cache
def cmap(name: str) -> frozenset[int]:
    return frozenset(TTFont(str(FONTS / name), lazy=True).getBestCmap())


def test_thirty_names_cover_every_script() -> None:
    assert len(NAMES) == 30


@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_is_in_the_cmap_of_the_face_that_draws_it(name: str) -> None:
    assert drawable(name) == name and drawable(name, bold=True) == name, "no character replaced by '?'"
    for bold in (False, True):
        parts = runs(name, bold)
        assert "".join(chars for _, chars in parts) == name
        for face_name, chars in parts:
            held = cmap(face_name)
            missing = [c for c in chars if ord(c) not in held and c not in IGNORABLE]
            assert not missing, f"{face_name} has no glyph for {[unicodedata.name(c, hex(ord(c))) for c in missing]}"


def test_a_character_no_face_holds_is_a_question_mark_not_a_box() -> None:
    assert drawable("a\U0010fffdb") == "a?b"
    assert drawable("\U00013000") == "?"  # Egyptian hieroglyph: no shipped face


def test_the_coverage_file_matches_the_faces_cmaps() -> None:
    """coverage.json (what run time reads to pick a face) says exactly what each face's cmap maps."""
    coverage = json.loads((FONTS / "coverage.json").read_text())
    assert set(coverage) == {fonts.REGULAR, fonts.BOLD, *fonts.SCRIPT_FACES, *fonts.LATER_FACES}
    for name, ranges in coverage.items():
        assert {cp for lo, hi in ranges for cp in range(lo, hi + 1)} == cmap(name), name


def test_no_font_file_passes_two_mebibytes() -> None:
    for path in FONTS.iterdir():
        assert path.stat().st_size <= 2 * 2**20, path.name


def test_a_name_in_another_script_draws_ink_where_question_marks_would_not() -> None:
    """The drawn Japanese name differs from the same count of '?' (the glyphs are really drawn)."""
    def picture(text: str) -> bytes:
        image = Image.new("L", (400, 60), 0)
        draw_text(ImageDraw.Draw(image), (10, 10), text, 30, 255)
        return image.tobytes()

    assert picture("田中太郎") != picture("????")
    assert sum(picture("田中太郎")) > sum(picture("")) + 1000


@pytest.mark.parametrize("kind", ["duel", "yokohama", "rollwrite"])
def test_the_lead_picture_draws_every_name_whole(kind: str) -> None:
    game = get_game(kind)
    players = 2 if kind == "duel" else 4
    state = game.new(players, 3, None)
    rng = Rng(4)
    for _ in range(6):
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    lead = lead_picture_for(kind)
    assert lead is not None
    for start in range(0, len(NAMES), players):
        names = (NAMES[start:start + players] * players)[:players]
        with recording_drawn_text() as drawn:
            data = lead(game.view(state, None), names=names)
        Image.open(io.BytesIO(data)).verify()
        assert not any("?" in line for line in drawn), drawn
        for name in names:
            assert any(name in line or (line.endswith("...") and len(line) > 3 and name.startswith(line[:-3]))
                       for line in drawn), (name, drawn)


def test_without_raqm_a_right_to_left_run_is_drawn_in_reading_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Raqm needs FriBiDi from the system; where it is missing, Pillow lays text out left to right, so the
    run is reversed before drawing (spaces around it kept in place); with Raqm it is left to Raqm."""
    from PIL import ImageFont

    monkeypatch.setattr(fonts, "_LAYOUT", ImageFont.Layout.BASIC)
    assert fonts._visual("דוד כהן ") == "ןהכ דוד "
    assert fonts._visual("Bob 2") == "Bob 2"
    monkeypatch.setattr(fonts, "_LAYOUT", ImageFont.Layout.RAQM)
    assert fonts._visual("דוד כהן ") == "דוד כהן "
