"""Roll & Write's side of the contract additions: options as data, seat tokens, decision stamps,
the undo window, narration, details, and states stored by older versions (upgrade on load)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import IllegalAction
from engine.rollwrite import GAME
from engine.rollwrite.greedy import greedy_action
from tests.engine.rollwrite.helpers import act, at_step, new, place_area, sheet

STORED = sorted((Path(__file__).parents[2] / "fixtures" / "rollwrite" / "stored").glob("*.json"))


def test_options_are_declared_with_allowed_values_defaults_help_and_labels() -> None:
    specs = {spec.name: spec for spec in GAME.option_specs()}
    assert set(specs) == {"side", "start_player_priority", "chinatown", "chamber_of_commerce"}
    assert specs["side"].allowed == ("A", "B") and specs["side"].label_of("B") == "Side B"
    assert GAME.default_options == {
        "side": "A",
        "start_player_priority": False,
        "chinatown": False,
        "chamber_of_commerce": False,
    }
    for spec in specs.values():
        assert spec.help.endswith(".") and len(spec.help) <= 100 and spec.title
        assert len(spec.labels) == len(spec.allowed)
    with pytest.raises(IllegalAction, match="Sheet side"):
        GAME.new(1, 1, {"side": "C"})
    assert GAME.new(1, 1, {"side": "b"})["options"]["side"] == "B"


def test_a_seats_stamp_ignores_the_other_seats_moves() -> None:
    state = new(2)
    before = GAME.decision_stamp(state, 0)
    later = act(state, GAME.legal(state, 1)[0], seat=1)
    assert GAME.decision_stamp(later, 0) == before
    assert GAME.decision_stamp(act(state, GAME.legal(state, 0)[0]), 0) != before


def test_a_seats_stamp_is_the_digest_of_its_canonical_basis_all_game_long() -> None:
    """The stamp a shown panel carries (written by orjson) is the one `canonical` writes: a panel shown by
    another version of the bot still applies."""
    import hashlib

    from engine.core import Rng, canonical

    state, rng = new(2), Rng(4)
    while not GAME.is_over(state):
        for seat in GAME.to_act(state):
            basis = [state["round"], state["over"], state["priority_set"], state["sheets"][seat]]
            assert GAME.decision_stamp(state, seat) == hashlib.sha1(canonical(basis).encode()).hexdigest()[:12]
        seat = GAME.to_act(state)[0]
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, options[rng.below(len(options))])


def test_start_player_pick_binds_the_others_so_it_closes_undo() -> None:
    """Start player priority: the others may not take the start player's set, so that pick is
    seen and acted on by others; within a round nothing else is revealed (ruling R24)."""
    state = new(3, start_player_priority=True)
    after = act(state, {"do": "set", "set": 1})
    assert GAME.closes_undo(state, 0, {"do": "set", "set": 1}, after)
    plain = new(2)
    pick = GAME.legal(plain, 0)[0]
    assert not GAME.closes_undo(plain, 0, pick, act(plain, pick))


def test_confirming_the_round_closes_undo_and_nothing_before_it_does() -> None:
    state = new(1, seed=11)
    closed = []
    while state["round"] == 1:
        action = greedy_action(GAME, state, 0)
        after = act(state, action)
        closed.append((action["do"], GAME.closes_undo(state, 0, action, after)))
        state = after
    assert closed[-1] == ("end", True)
    assert not any(shut for _, shut in closed[:-1])


def test_narration_names_the_seat_by_token_and_what_was_gained() -> None:
    state = at_step(new(2), "main", seat=1)
    place_area(state, 0, "bank")
    sheet(state, 1)["written"][0] = 4
    before = act(state, {"do": "area", "row": 0}, seat=1)
    after = act(before, {"do": "cross", "n": 3}, seat=1)
    story = GAME.narrate(before, 1, {"do": "cross", "n": 3}, after)
    assert story.startswith("{seat:1} crosses off 3 circles") and "+3 money" in story


def test_every_offered_option_has_a_short_label_and_detail() -> None:
    state = new(2, seed=5, chinatown=True, chamber_of_commerce=True)
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        for action in GAME.legal(state, seat):
            assert len(GAME.describe(state, action)) <= 80
            assert len(GAME.detail(state, action)) <= 100
        state = act(state, greedy_action(GAME, state, seat), seat=seat)


def test_new_states_carry_the_schema_version() -> None:
    assert new()["schema_version"] == GAME.schema_version == 2
    assert GAME.load(GAME.dump(new()))["schema_version"] == 2


@pytest.mark.parametrize("path", STORED, ids=[p.stem for p in STORED])
def test_a_schema_1_state_loads_and_plays_to_the_end(path: Path) -> None:
    """States stored under schema 1 upgrade on load and continue."""
    stored = json.loads(path.read_text())
    assert "schema_version" not in json.loads(stored["state"])
    state = GAME.load(stored["state"])
    assert state["schema_version"] == 2
    assert all(t["t"] != "mining" for ps in state["sheets"] for t in ps["queue"])
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, greedy_action(GAME, state, seat))
        moves += 1
    assert moves > 0 and all(s["total"] > 0 for s in GAME.scores(state))
    assert GAME.load(GAME.dump(state)) == state


def test_upgrade_renames_sources_and_turns_mining_into_a_choice() -> None:
    old = json.loads(GAME.dump(new()))
    del old["schema_version"]
    old["sheets"][0]["queue"] = [
        {"t": "mining", "src": "Mining technology"},
        {"t": "power", "area": "lab_a", "left": 3},
        {"t": "good", "kind": None, "src": "link 6-7"},
        {"t": "gain", "res": "money", "n": 1, "src": "employment card 21"},
    ]
    queue = GAME.load(json.dumps(old))["sheets"][0]["queue"]
    from engine.rollwrite.components import employment_cards

    assert queue[0] == {"t": "choice", "options": [{"shop": 1}, {"elite": 1}], "src": "Mining technology"}
    assert queue[1]["brick_used"] is False
    assert queue[2]["src"] == "link 7-8"
    assert queue[3]["src"] == f"employment card {employment_cards()[21]['number']}"

