"""3) Employee recording: count limit, consecutive rule, full tracks, and technologies that bend them."""

from __future__ import annotations

from engine.rollwrite import GAME
from engine.rollwrite.recording import die_rows, placements

from .helpers import act, labels, new, sheet

FREE = (9,) * 8
CARD_NUMBER = {1: 1, 2: 5, 3: 13, 4: 23, 5: 31}  # a card id with each employment number


def with_sets(dice: list[int], numbers: list[int]) -> dict:
    state = new()
    state["dice"][0] = dice
    state["cards"][0] = [CARD_NUMBER[n] for n in numbers]
    return state


def test_rulebook_recording_example_black_die_6_card_4() -> None:
    # White 3 / card 2, gray 5 / card 3, black 6 / card 4: Zenzaburo takes the black set.
    state = with_sets([3, 5, 6], [2, 3, 4])
    state = act(state, {"do": "set", "set": 2})
    rec = sheet(state)["record"]
    assert (rec["die"], rec["number"]) == (6, 4)
    offered = [a["circles"] for a in GAME.legal(state, 0)]
    assert offered and all(sum(p) == 4 for p in offered)
    assert all(1 <= p[6] <= 2 for p in offered)  # 1-2 in the die's area
    assert all(n <= 1 for p in offered for r, n in enumerate(p) if r != 6)  # 0-1 elsewhere
    assert [0, 0, 0, 1, 1, 1, 1, 0] in offered and [0, 0, 0, 0, 1, 1, 2, 0] in offered


def test_circles_must_be_consecutive_and_top_and_bottom_do_not_wrap() -> None:
    for p in placements(FREE, (1,), 4):
        rows = [r for r, n in enumerate(p) if n]
        assert rows == list(range(rows[0], rows[-1] + 1))
    assert not any(p[0] and p[7] for p in placements(FREE, (1,), 3))


def test_die_area_full_moves_the_die_by_one_either_way() -> None:
    free = (9, 9, 9, 0, 9, 9, 9, 9)
    assert die_rows(free, 3) == (2, 4)
    assert die_rows((9, 9, 9, 0, 0, 9, 9, 9), 4) == (5,)
    # die 6 with rows 6 and 7 full moves down to 5 (the number may become 0 or 7 on the way)
    assert die_rows((9, 9, 9, 9, 9, 9, 0, 0), 6) == (5,)


def test_full_areas_are_skipped_by_the_consecutive_rule() -> None:
    free = (9, 9, 0, 9, 9, 9, 9, 9)
    assert (0, 1, 0, 2, 0, 0, 0, 0) in placements(free, (3,), 3)


def test_as_many_circles_as_space_allows_when_tracks_are_nearly_full() -> None:
    free = (0, 0, 0, 1, 0, 0, 0, 0)
    assert placements(free, die_rows(free, 5), 4) == ((0, 0, 0, 1, 0, 0, 0, 0),)


def test_recording_writes_the_circles_and_then_the_card_action() -> None:
    state = with_sets([3, 5, 6], [2, 3, 4])  # the white card (number 2) gives 2 money
    before = sheet(state)["money"]["got"]
    state = act(state, {"do": "set", "set": 0})
    state = act(state, {"do": "record", "circles": [0, 0, 1, 1, 0, 0, 0, 0]})
    ps = sheet(state)
    assert ps["written"] == [1, 1, 2, 2, 1, 1, 1, 1]
    assert ps["money"]["got"] == before + 2
    assert ps["step"] == "main"


def test_placement_labels_read_naturally() -> None:
    state = with_sets([3, 3, 3], [3, 3, 3])
    state = act(state, {"do": "set", "set": 1})
    from engine.rollwrite.components import area_name

    expected = f"{area_name(state['areas'][3])} x2, {area_name(state['areas'][4])} x1"
    assert GAME.describe(state, {"do": "record", "circles": [0, 0, 0, 2, 1, 0, 0, 0]}) == expected
    assert expected in labels(state)


def test_carriage_allows_two_circles_in_other_areas() -> None:
    plain = placements(FREE, (3,), 4)
    wide = placements(FREE, (3,), 4, carriage=True)
    assert (0, 0, 2, 2, 0, 0, 0, 0) in wide and (0, 0, 2, 2, 0, 0, 0, 0) not in plain


def test_tram_ignores_the_consecutive_rule_but_not_the_count_limit() -> None:
    tram = placements(FREE, (3,), 3, tram=True)
    assert (1, 0, 0, 1, 0, 0, 0, 1) in tram
    assert all(n <= 1 for p in tram for r, n in enumerate(p) if r != 3)


def test_postal_service_puts_one_circle_anywhere_without_adding_one() -> None:
    postal = placements(FREE, (3,), 3, postal=True)
    assert (0, 0, 0, 2, 0, 0, 0, 1) in postal  # two at the die, one far away
    assert (0, 0, 1, 1, 0, 0, 2, 0) not in postal  # only one circle escapes the rules
    assert all(sum(p) == 3 for p in postal)


def test_telegraph_raises_employment_numbers_1_to_3() -> None:
    state = with_sets([3, 3, 3], [1, 3, 4])
    sheet(state)["techs"].append("telegraph")
    for index, expected in ((0, 2), (1, 4), (2, 4)):
        after = act(state, {"do": "set", "set": index})
        assert sheet(after)["record"]["number"] == expected


def test_long_placement_lists_are_split_into_single_circles() -> None:
    state = with_sets([3, 3, 3], [5, 5, 5])
    sheet(state)["techs"] += ["carriage", "tram"]
    state = act(state, {"do": "set", "set": 0})
    options = GAME.legal(state, 0)
    assert options and all(a["do"] == "circle" for a in options) and len(options) <= 8
    while GAME.legal(state, 0)[0]["do"] == "circle":
        state = act(state, GAME.legal(state, 0)[0])
    final = GAME.legal(state, 0)
    assert 0 < len(final) <= 25 and all(sum(a["circles"]) == 5 for a in final)
