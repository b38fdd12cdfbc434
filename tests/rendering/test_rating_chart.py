"""The profile's rating chart: every line's end label fits in the picture."""

from __future__ import annotations

import io

from PIL import Image

from rendering.charts import PAPER, Series, line_chart


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
