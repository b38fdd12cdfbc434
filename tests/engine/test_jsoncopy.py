"""`json_copy`, the engines' state copy, and `match_legal`'s fast path: faster, never different."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.core import Game, Rng, State, get_game, json_copy
from engine.core.contract import canonical, canonical_state

SAMPLES: list[Any] = [
    {"a": [1, 2, {"b": None, "c": True}], "d": "é", "e": 1.5, "rng": 2**64 - 1, "n": -(2**63)},
    [(1, 2), {"t": (3, [4])}],  # tuples come back as lists, as through `json`
    {1: "int key", "x": {2: [1]}},  # a non-string key: orjson refuses, the `json` fallback converts
    {"big": 2**70},  # beyond 64 bits: the `json` fallback
    [],
    "plain",
]


@pytest.mark.parametrize("value", SAMPLES)
def test_json_copy_gives_what_a_json_round_trip_gives(value: Any) -> None:
    copied = json_copy(value)
    again = json.loads(json.dumps(value))
    assert copied == again and canonical(copied) == canonical(again)


def test_json_copy_shares_nothing_with_the_original() -> None:
    shared = [1, 2]
    state = {"a": shared, "b": shared, "c": {"d": [shared]}}
    copied = json_copy(state)
    copied["a"].append(3)
    copied["c"]["d"][0].append(4)
    assert state == {"a": [1, 2], "b": [1, 2], "c": {"d": [[1, 2]]}}
    assert copied["b"] == [1, 2], "aliases in the original are separate lists in the copy, as through json"


class TupleOptions(Game):
    """A one-seat toy whose options are tuples: a stored (JSON) action comes back as a list."""

    name = "tuples"
    title = "Tuples"
    min_players = max_players = 1

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        return {"picked": None}

    def to_act(self, state: State) -> list[int]:
        return [] if self.is_over(state) else [0]

    def legal(self, state: State, seat: int) -> list[Any]:
        return [("a", 1), ("b", 2)]

    def _apply(self, state: State, seat: int, action: Any) -> None:
        state["picked"] = list(action)

    def describe(self, state: State, action: Any) -> str:
        return str(action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return dict(state)

    def is_over(self, state: State) -> bool:
        return state["picked"] is not None

    def scores(self, state: State) -> list[dict[str, int]]:
        return [{"total": 0}]


def test_an_action_equal_only_as_json_is_still_matched() -> None:
    """`match_legal` first looks for an `==` option; `["b", 2]` is not `== ("b", 2)` but is the
    same JSON (a replayed log holds lists), so the full canonical scan must still accept it. The
    engine applies its own option as JSON, the form a replay applies."""
    game = TupleOptions()
    state = game.new(1, 0)
    assert game.match_legal(state, 0, ["b", 2]) == ["b", 2]
    assert game.match_legal(state, 0, ("a", 1)) == ["a", 1]
    assert game.apply(state, 0, ["b", 2])["picked"] == ["b", 2]
    assert game.match_legal(state, 0, ["b", 2.0]) is None


@pytest.mark.parametrize("game_name", ["yokohama", "duel", "rollwrite"])
def test_the_fast_canonical_text_of_states_and_views_is_canonical_text(game_name: str) -> None:
    """`canonical_state` (orjson) writes exactly what `canonical` (json) writes, so a stored dump
    and the playouts' round-trip check are unchanged."""
    game = get_game(game_name)
    state = game.new(game.min_players + 1 if game.max_players > game.min_players else game.min_players, 9)
    rng = Rng(9)
    for step in range(300):
        if game.is_over(state):
            break
        if step % 10 == 0:
            for value in (state, game.view(state, None), game.view(state, 0)):
                assert canonical_state(value) == canonical(value)
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))


@pytest.mark.parametrize("value", [
    {"small": 1e-7, "large": 1e16},  # orjson writes these exponents differently: json's text is kept
    {"tiny": 1e-05, "plain": [0.5, 1.0, 2.25]},  # orjson writes 1e-05 as 0.00001
    {"text": "Power 2. Version 1e3"},  # a digit before "." or "e" in a string: the fast way, same text
    {"text": "x:1.5,[2e3"},  # a string that looks like a float after ":", "," or "[": the slow way, same text
    1.5, -2.0, [3e-9], [1, -0.25], {"a": [True, {"b": -1e300}]},  # floats wherever orjson may put one
    {1: "a non-str key"},
    {"big": 2**70, "negative": -(2**70)},
    {"text": "".join(chr(i) for i in range(0, 300)) + "\u2028𝄞", "é": [0.5, 100.0, True, None]},
])
def test_the_fast_canonical_text_falls_back_where_orjson_would_differ(value: Any) -> None:
    assert canonical_state(value) == canonical(value)


ACTIONS: list[Any] = [
    *SAMPLES,
    {"do": "record", "circles": [0, 1, 2, 0]},
    {"do": "extra", "pick": "B", "cost": {"money": 1}},  # a nested dict: the round trip
    {"do": "place", "to": (1, 2)},  # a tuple: the round trip gives a list
    {"do": "x", "ok": True, "none": None, "f": 0.5, "big": 2**70, "l": [True, "s", None]},
]


@pytest.mark.parametrize("value", ACTIONS)
def test_json_copy_small_gives_what_json_copy_gives_and_shares_no_list(value: Any) -> None:
    from engine.core.jsoncopy import json_copy_small

    copied = json_copy_small(value)
    assert copied == json_copy(value) and canonical(copied) == canonical(json_copy(value))
    if isinstance(value, dict):
        assert copied is not value
        assert all(copied[k] is not v for k, v in value.items() if isinstance(v, list))


def test_the_float_scan_finds_exactly_what_the_whole_text_regex_finds() -> None:
    """`canonical_state` sends a text the slow way when it may hold a float; the scan that decides walks
    back from each digit before a "." and must agree with the plain regex on every text: numbers after
    ":", "," or "[" or at the start, negative ones, long digit runs, digits inside words, exponents."""
    from engine.core.contract import _may_hold_a_float

    def _may_hold_a_float_by_regex(raw: bytes) -> bool:  # the whole-text scan it replaced
        return re.search(rb"[:,\[]-?[0-9]+[.eE]", raw) is not None or re.match(rb"-?[0-9]+[.eE]", raw) is not None

    pieces = [b"0", b"7", b"12", b"-", b".", b"e", b"E", b":", b",", b"[", b"]", b"{", b"}", b'"', b"a", b" ",
              b"by 1.", b"x", b"-3", b"99."]
    rng = Rng(2026)
    for _ in range(20_000):
        raw = b"".join(pieces[rng.below(len(pieces))] for _ in range(rng.below(12)))
        assert _may_hold_a_float(raw) == _may_hold_a_float_by_regex(raw), raw
    for raw, expected in ((b'{"a":1.5}', True), (b'[-12.0]', True), (b"3.25", True), (b'{"t":"by 1."}', False),
                          (b'{"t":"x:1.5"}', True), (b'{"n":12,"m":[3,4]}', False), (b'{"a":2e5}', True),
                          (b'{"t":"ab12.3"}', False), (b"-0.5", True)):
        assert _may_hold_a_float(raw) is expected, raw
