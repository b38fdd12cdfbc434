"""The sheet picture shows the 12 technologies in play (setup step 8: "arrange a total of 6 cards
face up to the right of the laboratory area card") and numbers the order forms as the labels do."""

from __future__ import annotations

import copy
import io
from typing import Any

from PIL import Image

from engine.rollwrite import GAME
from rendering.rollwrite import layout as L
from rendering.rollwrite import render_sheet
from rendering.rollwrite.canvas import DIM, DONE, INK, WHITE
from rendering.rollwrite.labs import LABS, LEVELS


def rgb(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def share(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> float:
    """The share of a card's inside (inside its border) painted `colour`."""
    x0, y0, x1, y1 = box
    inside = image.crop((x0 + 8, y0 + 8, x1 - 8, y1 - 8))
    pixels = list(inside.getdata())
    return sum(1 for p in pixels if p == colour) / len(pixels)


def held_view(tech_slot: tuple[int, int]) -> tuple[dict[str, Any], str]:
    """A view where seat 0 holds the card in (lab, slot)."""
    state = GAME.new(1, 3)
    lab, slot = tech_slot
    tech = state["labs"][LABS[lab]][LEVELS[slot // 2]][slot % 2]
    state["sheets"][0]["techs"] = [tech]
    return GAME.view(state, 0), tech


def test_the_twelve_technologies_in_play_are_on_the_sheet_held_green_closed_gray() -> None:
    """ "each player may hold only 1 of the 2 technologies of the same technology level of the same
    laboratory": the held card is green, its pair gray, the other ten as dealt."""
    view, _ = held_view((1, 2))  # Laboratory B, the first MID card
    image = rgb(render_sheet(view, 0))
    assert image.size == (L.WIDTH, L.HEIGHT)
    for lab in range(2):
        for slot in range(6):
            box = L.lab_card(lab, slot)
            expected = DONE if (lab, slot) == (1, 2) else DIM if (lab, slot) == (1, 3) else WHITE
            assert share(image, box, expected) > 0.5, (lab, slot)


def test_the_cards_show_what_the_view_says() -> None:
    view, _ = held_view((0, 0))
    changed = copy.deepcopy(view)
    changed["labs"]["lab_a"]["high"][1]["text"] = "A different effect entirely."
    before, after = rgb(render_sheet(view, 0)), rgb(render_sheet(changed, 0))
    box = L.lab_card(0, 5)
    assert before.crop(box).tobytes() != after.crop(box).tobytes()
    other = L.lab_card(0, 4)
    assert before.crop(other).tobytes() == after.crop(other).tobytes()


def test_order_forms_carry_their_numbers_as_the_labels_do() -> None:
    """Labels say "order 7"; the picture numbers the forms 1-20 on a dark tab each."""
    view, _ = held_view((0, 0))
    image = rgb(render_sheet(view, 0))
    forms = view["seats"][0]["sheet"]["port"]["forms"]
    tabs = [image.crop(L.form_number_tab(f["row"], f["col"])) for f in forms]
    assert all(share(image, L.form_number_tab(f["row"], f["col"]), INK) > 0 for f in forms)
    assert len({tab.tobytes() for tab in tabs}) == len(forms)  # twenty different numbers
    assert GAME.describe(GAME.new(1, 3), {"do": "shop", "form": 6}).startswith("Shop on order 7")
