"""The profile's rating chart and the daily race: every line's end label fits in the picture, text reads on a
phone, and a chart of one or two points shows its numbers."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering.charts import PAPER, STYLES, Series, Step, line_chart, podium, ticks
from rendering.kit import recording_drawn_text, recording_text_sizes


def test_long_end_labels_are_not_cut_off() -> None:
    """`Roll & Write 1040` is wider than the chart's usual right margin: the margin widens instead of
    cutting the label (a name cut in half is no name)."""
    data = line_chart("rating history", [Series("Roll & Write", [1015, 980, 1040]), Series("Yokohama", [1000])],
                      x_label="rated games", y_label="rating", width=1000, height=560)
    image = Image.open(io.BytesIO(data)).convert("RGB")
    paper = Image.new("RGB", image.size, PAPER)
    columns = [x for x in range(image.width)
               if any(image.getpixel((x, y)) != paper.getpixel((x, y)) for y in range(0, image.height, 2))]
    assert max(columns) < image.width - 8


def colour_columns(data: bytes, colour: tuple[int, int, int]) -> list[int]:
    image = Image.open(io.BytesIO(data)).convert("RGB")
    return [x for x in range(image.width) for y in range(0, image.height, 2) if image.getpixel((x, y)) == colour]


def test_ticks_are_round_numbers_also_for_a_single_value() -> None:
    """One rated game used to tick 916, 948, 979 around a lone 1000."""
    single = ticks(1000, 1000)
    assert single[0] < 1000 < single[-1]
    assert all(t % 5 == 0 for t in single) and len(single) >= 3
    spread = ticks(903, 1341)
    assert spread[0] <= 903 and spread[-1] >= 1341
    assert all(t % 100 == 0 for t in spread)


def test_fewer_than_three_points_show_the_numbers_not_an_axis() -> None:
    """One or two rated games are figures (the rating, the games), not dots on an empty axis."""
    with recording_drawn_text() as drawn:
        data = line_chart("rating history", [Series("Duel", [1000, 1016]), Series("Yokohama", [990])],
                          x_label="rated games", y_label="rating")
    assert "1000 → 1016" in drawn and "990" in drawn
    assert "rated games: 2" in drawn and "rated games: 1" in drawn
    assert "rating" not in drawn, "no value axis"
    assert Image.open(io.BytesIO(data)).height < 400


@pytest.mark.parametrize("points", [1, 2, 3, 12, 60])
def test_charts_read_at_phone_width(points: int) -> None:
    """At 390 px wide (a phone) no text on a chart or a podium is under 11 px."""
    with recording_text_sizes() as sizes:
        data = line_chart("Daily 2026-12-07: score race", [Series("You", list(range(points))),
                          Series("Leader", list(range(points)))], x_label="Round", y_label="VP")
    width = Image.open(io.BytesIO(data)).width
    assert sizes and min(sizes) * 390 / width >= 11
    with recording_text_sizes() as sizes:
        data = podium("Season", [Step(1, "Ann", "71 pts"), Step(2, "Bob", "60 pts")], subtitle="winter")
    assert min(sizes) * 390 / Image.open(io.BytesIO(data)).width >= 11


def test_equal_lines_both_show() -> None:
    """/daily compare with the same scores as the rival: "You" must not vanish under the rival's line."""
    rounds = [3, 8, 14, 20, 27, 33]
    data = line_chart("race", [Series("You", rounds), Series("Leader", rounds)], x_label="Round", y_label="VP")
    you, rival = STYLES[0][0], STYLES[1][0]
    plot = [x for x in colour_columns(data, you) if x < 560]
    assert len(plot) > 200  # the line, not only its markers
    assert len([x for x in colour_columns(data, rival) if x < 560]) > 200
