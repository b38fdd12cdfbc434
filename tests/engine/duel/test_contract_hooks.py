"""The Duel's answers to the contract additions: options as data, seat tokens, the story of each
decision, the undo window, formalities, typed action shapes, and stored games that survive a rule fix."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from engine.core import IllegalAction, Rng, canonical, random_playout
from engine.core.kept_text import plain
from engine.duel import GAME
from engine.duel.types import SHAPES
from tests.engine.duel.helpers import act_at, play, play_all, player, set_player, started

STORED = Path(__file__).resolve().parents[2] / "fixtures" / "duel" / "stored"
PEOPLE = re.compile(r"\bP[12]\b|Player [12]|\bRed\b|\bBlue\b")


def test_start_seat_is_declared_as_an_option_with_help() -> None:
    (spec,) = GAME.option_specs()
    assert spec.name == "start_seat" and spec.default == -1 and spec.allowed == (-1, 0, 1)
    assert spec.help and [spec.label_of(v) for v in spec.allowed] == ["random", "first seat", "second seat"]
    assert GAME.new(2, 3, {"start_seat": 1})["start_seat"] == 1
    with pytest.raises(IllegalAction, match="random, first seat, second seat"):
        GAME.new(2, 3, {"start_seat": 5})


def _playout(seed: int) -> list[tuple[dict[str, Any], int, Any, dict[str, Any]]]:
    """(before, seat, action, after) of every decision of one random game."""
    state = GAME.new(2, seed)
    rng = Rng(seed + 100)
    steps = []
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        action = rng.choice(GAME.legal(state, seat))
        after = GAME.apply(state, seat, action)
        steps.append((state, seat, action, after))
        state = after
    return steps


@pytest.mark.parametrize("seed", range(6))
def test_engine_text_names_seats_by_token_and_every_decision_has_a_story(seed: int) -> None:
    hidden_orders = {f"Order {card + 1}:" for card in range(24)}
    for before, seat, action, after in _playout(seed):
        story = GAME.narrate(before, seat, action, after)
        # Every decision has a story but those the story leaves to what follows: choosing the Area (the Power
        # sent there tells it), ending the turn (a formality), and the steps of a Church card, a Port's keeps
        # and a Technology, told whole by the event that closes them (no repeats).
        assert story or action["do"] in ("area", "end", "church", "faith", "keep", "keep2", "tech") \
            or after["phase"] == "over", (action, story)
        assert "The game is over" not in story and " gains draw " not in story, story
        assert not story.startswith("{seat") or ": Go to" not in story, story
        assert not PEOPLE.search(story), story
        assert not PEOPLE.search(GAME.headline(after))
        for label in (GAME.describe(before, action), GAME.public_label(before, action)):
            assert not PEOPLE.search(label)
        if action["do"] != "order":  # completing an Order turns it face up: public
            assert not any(text in story for text in hidden_orders), story
        if action["do"] == "church" and action["card"] is not None and story:
            assert "Church card" in story and f"card {action['card'] + 1}" not in story


def test_the_story_says_where_with_which_power_and_what_was_gained() -> None:
    state = set_player(started(), 0, extra={1: 1, 2: 0})
    state["players"][1]["houses"] = ["silk"]
    before = play(state, 0, {"do": "area", "area": "silk"})
    after = play(before, 0, {"do": "power", "card": 1, "extra": 1})
    story = GAME.narrate(before, 0, {"do": "power", "card": 1, "extra": 1}, after)
    assert story == ("{seat:0} sends Power 1 to Silk with +1 Extra Power card: total Power 2, gains 1 Silk; "
                     "{seat:1}'s Trading House there earns ¥1")


def test_choosing_the_area_and_ending_the_turn_tell_nothing_so_the_story_does_not_repeat_itself() -> None:
    """"Go to Port: Power 4 → draw 4 Orders; <player> sends Power 4 to Port…" said it twice."""
    state = set_player(started(), 0, extra={1: 1, 2: 0})
    before = play(state, 0, {"do": "area", "area": "silk"})
    assert GAME.narrate(state, 0, {"do": "area", "area": "silk"}, before) == ""
    after = play(before, 0, {"do": "power", "card": 1, "extra": 1})
    assert GAME.narrate(before, 0, {"do": "power", "card": 1, "extra": 1}, after).startswith(
        "{seat:0} sends Power 1 to Silk")
    assert GAME.narrate(after, 0, {"do": "end"}, play(after, 0, {"do": "end"})) == ""


def test_the_port_story_counts_the_cards_kept_and_never_names_them() -> None:
    state = act_at(set_player(started(), 0, money=5), 0, "port", 3)
    drawn = list(state["turn"]["act"]["drawn"])
    state = play(state, 0, {"do": "keep", "card": drawn[0]})
    before = state
    action = {"do": "keep2", "card": drawn[1], "pay": "yen"}
    state = play(state, 0, action)
    while state["turn"]["act"] is not None:
        state = play(state, 0, GAME.legal(state, 0)[0])
    assert "keeps 2 Order cards for ¥2" in plain(state["log"][-1])
    assert "Order" not in GAME.public_label(before, action).replace("Order card", "")


def test_draws_reveals_and_passing_the_turn_close_the_undo_window() -> None:
    state = set_player(started(), 0, money=5, extra={1: 0})
    # An exchange at Chinatown draws nothing and reveals nothing: the window stays open.
    chinatown = play(state, 0, {"do": "area", "area": "chinatown"})
    bought = play(chinatown, 0, {"do": "buy", "good": "tea"})
    assert not GAME.closes_undo(chinatown, 0, {"do": "buy", "good": "tea"}, bought)
    # Going to the Port draws Order cards.
    port = play(state, 0, {"do": "area", "area": "port"})
    assert GAME.closes_undo(state, 0, {"do": "area", "area": "port"}, port)
    # Completing an Order turns a hidden card face up.
    rich = set_player(started(), 0, goods={g: 9 for g in ("tea", "fish", "silk", "copper")})
    card = player(rich, 0)["hand"][0]
    assert GAME.closes_undo(rich, 0, {"do": "order", "card": card}, play(rich, 0, {"do": "order", "card": card}))
    # Ending the turn hands it on.
    done = play_all(set_player(started(), 0, extra={1: 0}), 0, [{"do": "area", "area": "tea"}])
    assert GAME.closes_undo(done, 0, {"do": "end"}, play(done, 0, {"do": "end"}))


def test_ending_the_turn_alone_is_a_formality_that_reveals_nothing() -> None:
    """"End turn" as the only option is played for the player; it hands the turn on (closes_undo)
    but reveals nothing, so the service keeps the player's undo open until the other seat acts."""
    state = set_player(started(), 0, extra={1: 0}, goods={g: 0 for g in ("tea", "fish", "silk", "copper")})
    state = play(state, 0, {"do": "area", "area": "bank"})
    assert GAME.legal(state, 0) == [{"do": "end"}]
    assert GAME.is_formality(state, 0)
    after = play(state, 0, {"do": "end"})
    assert GAME.closes_undo(state, 0, {"do": "end"}, after)
    assert not GAME.reveals(state, 0, {"do": "end"}, after)
    state = act_at(set_player(started(), 0, money=0, extra={1: 0}), 0, "bank", 4)
    state["players"][0]["money"] = 0
    assert GAME.legal(state, 0) == [{"do": "build", "what": None}] and GAME.is_formality(state, 0)


def _matches(value: Any, hint: Any) -> bool:
    origin = get_origin(hint)
    if hint is Any:
        return True
    if origin is None:
        return isinstance(value, hint) and not (hint is int and isinstance(value, bool))
    args = get_args(hint)
    if str(origin).endswith("Literal"):
        return value in args
    return any(_matches(value, arg) for arg in args)  # a Union


@pytest.mark.parametrize("seed", range(4))
def test_every_offered_action_has_its_declared_shape(seed: int) -> None:
    for before, seat, _, _ in _playout(seed):
        for action in GAME.legal(before, seat):
            shape = SHAPES[action["do"]]
            hints = get_type_hints(shape)
            required = shape.__required_keys__  # type: ignore[attr-defined]
            assert required <= set(action) <= set(hints), action
            for key, value in action.items():
                assert _matches(value, hints[key]), (action, key)


@pytest.mark.parametrize("path", sorted(STORED.glob("*.json")), ids=lambda p: p.stem)
def test_a_game_stored_before_the_schema_change_loads_and_plays_on(path: Path) -> None:
    """States dumped by the engine on main before this change (schema 1, no version stamp): they
    load, are upgraded, and a game continues from them to its end."""
    stored = json.loads(path.read_text())
    state = GAME.load(stored["state"])
    assert "schema_version" not in json.loads(stored["state"])
    assert state["schema_version"] == GAME.schema_version == 2
    assert state["turn"]["suspended"] == [] and state["log_count"] == len(state["log"])
    assert not any(PEOPLE.search(line) for line in state["log"])
    rng = Rng(len(stored["actions"]))
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        assert GAME.pending_label(state, seat)
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    assert GAME.load(GAME.dump(state)) == state


def test_new_games_carry_the_schema_version() -> None:
    state = GAME.new(2, 1)
    assert state["schema_version"] == GAME.schema_version
    assert canonical(GAME.load(GAME.dump(state))) == canonical(state)


def test_greedy_games_still_finish() -> None:
    def greedy(game: Any, state: Any, seat: int, rng: Any) -> Any:
        return game.auto_action(state, seat)

    result = random_playout(GAME, 2, 11, policy=greedy)
    assert result.finished and GAME.is_over(result.state)


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_the_view_has_its_declared_shape(viewer: int | None) -> None:
    from engine.duel.view_types import AreaView, DuelView, PlayerView

    view = GAME.view(act_at(set_player(started(), 0, money=5), 0, "chinatown", 3), viewer)
    assert set(view) == set(get_type_hints(DuelView))
    assert all(set(p) == set(get_type_hints(PlayerView)) for p in view["players"])
    assert all(set(a) == set(get_type_hints(AreaView)) for a in view["areas"])


@pytest.mark.parametrize("seed", range(3))
def test_a_turn_tells_each_gain_once(seed: int) -> None:
    """The Port's keeps, a Church card and a Technology were told by each step and again by the
    event closing them ("keeps an Order card drawn at the Port; keeps only one Order card; keeps 1 Order
    card"); now only the closing event tells them."""
    for before, seat, action, after in _playout(seed):
        story = GAME.narrate(before, seat, action, after)
        for said in ("keeps an Order card drawn", "keeps only one Order card", "takes a Church card (face down)",
                     "for +1 Faith"):
            assert said not in story or action["do"] not in ("keep", "keep2", "church", "faith"), story
        if action["do"] == "tech" and story:
            assert "gains the Technology" in story or "no Technology" in story, story
