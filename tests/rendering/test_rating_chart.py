"""The profile's rating chart: every line's end label fits in the picture."""

from __future__ import annotations

import io

from PIL import Image

from rendering.charts import PAPER, STYLES, Series, line_chart, ticks


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


def test_a_single_rated_game_is_a_marker_in_the_middle() -> None:
    """Not a dot on the axis: the point stands in the middle of the plot (its value written beside it)."""
    data = line_chart("rating history", [Series("Duel", [1016])], x_label="rated games", y_label="rating")
    blue = STYLES[0][0]
    xs = [x for x in colour_columns(data, blue) if x < 700]  # leave out the end label's marker
    assert xs and min(xs) > 300 and max(xs) < 600


def test_equal_lines_both_show() -> None:
    """/daily compare with the same scores as the rival: "You" must not vanish under the rival's line."""
    rounds = [3, 8, 14, 20, 27, 33]
    data = line_chart("race", [Series("You", rounds), Series("Leader", rounds)], x_label="Round", y_label="VP")
    you, rival = STYLES[0][0], STYLES[1][0]
    plot = [x for x in colour_columns(data, you) if x < 700]
    assert len(plot) > 200  # the line, not only its markers
    assert len([x for x in colour_columns(data, rival) if x < 700]) > 200
