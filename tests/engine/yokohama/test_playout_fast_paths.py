"""The playout fast paths (move copies, skipped end checks, shared option lists) give what the plain code gives.

Each shortcut is held to the plain code it replaced (written out again here, the long way) on the
positions of random games at every player count, with technologies and money added to reach the
rarer branches (Telegram's extra assistant, Newspaper's fourth area, Stagecoach, Postal, Tram):

- the Placement step's options, which ask where the other Presidents stand once for both ways, and
  the spread actions, each made once per set of areas (a bounded store);
- the achievements and orders, read from tables made from the component data;
- `power` and the buildings counts, read in place; the step prices and the areas to enter from hand
  or by Tram, read from one count of the Presidents;
- the action areas, kept for the last layout asked about;
- the option list built once for `legal` when a playout will ask for it (`step.list_wanted`);
- the move copy, which shares the boards of the seats not to act: no move and no trial of the
  greedy player changes the state it was made from, and each gives what a full JSON copy gives
  (nor does a claim change the achievement cards the copy shares);
- the end conditions, not checked again in the position the flow checked them (a playout's moves
  give what plain applies give), and the end mark, taken again only after a decision.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from engine.core import IllegalAction, Rng, json_copy
from engine.core import steps as core_steps
from engine.yokohama import GAME, achievements, additional, board, placement
from engine.yokohama import step as yokohama_step
from engine.yokohama.components import parts
from tests.engine.yokohama.test_playout_speedups import _random_states

TELEGRAM, NEWSPAPER, STAGECOACH, POSTAL, TRAM = 23, 18, 11, 17, 30


def _varied(states: list[Any], seed: int) -> list[Any]:
    """Copies of `states` with a random technology, money and pieces in hand for the seat to act."""
    rng = Rng(seed)
    out = []
    for state in states:
        varied = json_copy(state)
        pl = varied["p"][varied["seat"]]
        for tech in (TELEGRAM, NEWSPAPER, STAGECOACH, POSTAL, TRAM):
            if rng.below(3) == 0 and tech not in pl["techs"]:
                pl["techs"].append(tech)
        pl["yen"] = rng.below(12)
        pl["hand"]["assistants"] = rng.below(6)
        out.append(varied)
    return out


@pytest.fixture(scope="module")
def positions() -> list[Any]:
    states = [s for players, seed in ((2, 71), (3, 72), (4, 73), (4, 74)) for s in _random_states(players, seed, 900)]
    return states + _varied(states[::2], 75)


# ----- the plain code, the long way ---------------------------------------------------------------

def _pair_options_plain(state: Any, seat: int) -> list[Any]:
    pl = state["p"][seat]
    out: list[Any] = []
    telegram = board.has_tech(state, seat, "telegram") and pl["hand"]["assistants"] >= 3
    for area in placement.affordable_areas(state, seat, 2):
        out.append({"do": "place", "pair": area})
        if telegram:
            money = pl["yen"] - placement.cost(state, seat, area, 2)
            for extra in state["adjacent"][area]:
                if extra in state["sites"] and extra != area and placement.cost(state, seat, extra, 1) <= money:
                    out.append({"do": "place", "pair": area, "extra": extra})
    if len(out) > board.ONE_STEP_LIMIT:
        extras = {a["pair"] for a in out if "extra" in a}
        return [{"do": "place", "pair": a["pair"], **({"then": "telegram"} if a["pair"] in extras else {})}
                for a in out if "extra" not in a]
    return out


def _spread_sets_plain(state: Any, seat: int) -> tuple[bool, list[tuple[str, ...]]]:
    ctx = state["ctx"]
    placed = ctx.get("placed", [])
    limit = ctx.get("limit", placement.spread_limit(state, seat)) - len(placed)
    areas = placement.affordable_areas(state, seat, 1, exclude=placed)
    if ctx.get("near"):
        areas = [a for a in areas if a in state["adjacent"][ctx["near"]]]
    most = min(limit, state["p"][seat]["hand"]["assistants"])
    yen = state["p"][seat]["yen"]
    sets = [c for size in range(1, most + 1) for c in combinations(areas, size)
            if sum(placement.cost(state, seat, a, 1) for a in c) <= yen]
    return bool(placed), sets


def _place_options_plain(state: Any, seat: int) -> list[Any]:
    none, sets = _spread_sets_plain(state, seat)
    spreads = ([{"do": "place", "areas": []}] if none else []) + [{"do": "place", "areas": list(c)} for c in sets]
    pairs = _pair_options_plain(state, seat)
    if len(spreads) + len(pairs) <= board.ONE_STEP_LIMIT or not spreads or not pairs:
        return [*spreads, *pairs]
    return [{"do": "place_way", "way": "spread"}, {"do": "place_way", "way": "pair"}]


def _meets_plain(state: Any, seat: int, card_id: str) -> bool:
    card = parts().achievements[card_id]
    pl = state["p"][seat]
    kind, need = card["kind"], card["need"]
    if kind == "areas":
        prod = com = 0
        for area, site in state["sites"].items():
            if seat in site["shops"] or site["th"] == seat:
                if parts().areas[area]["category"] == "production":
                    prod += 1
                else:
                    com += 1
        return bool(prod >= need[0] and com >= need[1])
    have = {"yen": pl["yen"], "tokens": len(pl["tokens"]) + len(pl["mercs"]), "orders": len(pl["done"]),
            "techs": len(pl["techs"])}.get(kind)
    return bool((pl["goods"][kind] if have is None else have) >= need)


# ----- the tests ------------------------------------------------------------------------------------

def test_the_placement_options_are_what_the_plain_rules_give(positions: list[Any]) -> None:
    checked = telegram = 0
    for state in positions:
        if state["stage"] not in ("place", "place_spread", "place_pair") or state["pending"] or state["over"]:
            continue
        seat = state["seat"]
        assert placement.pair_options(state, seat) == _pair_options_plain(state, seat)
        others = board.presidents_by_area(state, seat)
        assert placement.pair_options(state, seat, others) == _pair_options_plain(state, seat)
        assert placement._spread_key(state, seat, others) == placement._spread_key(state, seat)
        none, sets = _spread_sets_plain(state, seat)
        spreads = ([{"do": "place", "areas": []}] if none else []) + [{"do": "place", "areas": list(c)} for c in sets]
        assert placement.spread_options(state, seat) == spreads
        assert placement.spread_count(state, seat) == len(spreads)
        if state["stage"] == "place":
            assert placement.STEPS[0].options(state, seat) == _place_options_plain(state, seat)
        checked += 1
        telegram += any("extra" in a or "then" in a for a in _pair_options_plain(state, seat))
    assert checked > 300 and telegram > 10


def test_achievements_and_orders_are_read_as_the_card_data_says(positions: list[Any]) -> None:
    for state in positions[::2]:
        if state["over"]:
            continue
        for seat in range(state["players"]):
            for card_id in parts().achievements:
                assert achievements.meets(state, seat, card_id) == _meets_plain(state, seat, card_id)
            for order, card in parts().orders.items():
                goods = state["p"][seat]["goods"]
                plain = all(goods[g] >= n for g, n in card["cost"].items())
                assert additional.can_pay_order(state, seat, order) == plain


def test_the_additional_options_are_the_allowed_candidates(positions: list[Any]) -> None:
    for state in positions[::2]:
        if state["over"]:
            continue
        seat = state["seat"]
        for step in (additional.FIRST, additional.SECOND):
            assert step.options(state, seat) == [a for a, why in step.candidates(state, seat) if why is None]


def test_power_and_buildings_are_what_the_board_questions_give(positions: list[Any]) -> None:
    """`power`, `shops_built` and `th_built` read the board in place: the same as asking piece by piece
    (the Station, seldom built in random play, put in an area of each position too)."""
    stations = 0
    for i, played in enumerate(positions[::2]):
        areas = board.action_areas(played)
        state = {**played, "station": areas[i % len(areas)]} if i % 2 else played
        stations += state["station"] is not None
        for seat in range(state["players"]):
            for area in board.action_areas(state):
                plain = (board.assistants_at(state, seat, area) + (state["p"][seat]["president"] == area)
                         + board.shop_at(state, seat, area) + board.th_at(state, seat, area)
                         + (state["station"] == area))
                assert board.power(state, seat, area) == min(plain, board.MAX_POWER)
            sites = state["sites"].values()
            shops = [owner for site in sites for owner in site["shops"]]
            assert board.shops_built(state, seat) == sum(1 for owner in shops if owner == seat)
            assert board.th_built(state, seat) == sum(1 for site in sites if site["th"] == seat)
    assert stations > 100


def test_the_step_prices_are_those_of_every_area_of_the_board(positions: list[Any]) -> None:
    """`movement.step_prices` walks the seat's own areas and the Canal (kept per board) instead of every
    area: the same table as asking every area of the board, over games of every player count in turn;
    the areas to enter from hand and by Tram, read from one count of the Presidents, are the rules'."""
    from engine.yokohama import movement

    stagecoach = 0
    for state in positions:
        for seat in range(state["players"]):
            plain = {}
            for area in state["adjacent"]:
                if board.KIND[area] == "canal":
                    plain[area] = 1
                elif state["p"][seat]["placed"].get(area, 0) > 0:
                    plain[area] = movement.entry_cost(state, seat, area)
            assert movement.step_prices(state, seat) == plain
            entered = [a for a in board.action_areas(state) if board.assistants_at(state, seat, a)
                       and (not board.other_presidents(state, seat, a) or board.has_tech(state, seat, "postal")
                            and movement.entry_cost(state, seat, a) <= state["p"][seat]["yen"])]
            assert movement.enter_areas(state, seat) == entered
            here = state["p"][seat]["president"]
            assert movement.tram_areas(state, seat) == [
                a for a in board.action_areas(state) if a != here and not board.other_presidents(state, seat, a)]
            stagecoach += board.has_tech(state, seat, "stagecoach")
    assert stagecoach > 100


def test_the_action_areas_are_those_of_each_states_own_layout() -> None:
    """Kept for the last layout only: states of different games asked in turn get their own."""
    games = [_random_states(players, seed, 30) for players, seed in ((2, 1), (3, 2), (4, 3), (3, 4))]
    for round_ in zip(*games, strict=False):
        for state in round_:
            assert board.action_areas(state) == [a for a in state["layout"] if board.KIND[a] != "canal"]
    state = json_copy(games[0][0])
    state["layout"] = list(reversed(state["layout"]))  # a new layout object is never answered from the old one
    assert board.action_areas(state) == [a for a in state["layout"] if board.KIND[a] != "canal"]


def test_the_spread_actions_made_are_kept_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The spread actions are made once per set of areas (`placement._SPREAD_ACTIONS`), emptied at its
    size: the lists stay every set in order, each action the set's own, however often it is emptied."""
    monkeypatch.setattr(placement, "SPREAD_ACTIONS_SIZE", 300)
    placement._size_actions.cache_clear()
    placement._SPREAD_ACTIONS.clear()
    areas = tuple(board.action_areas(GAME.new(4, 1)))
    for start in range(6):
        for size in (1, 2, 3):
            chosen = areas[start:start + 9]
            combos, actions = placement._size_actions(chosen, size)
            assert combos == tuple(combinations(chosen, size))
            assert list(actions) == [{"do": "place", "areas": list(c)} for c in combos]
            assert len(placement._SPREAD_ACTIONS) <= 300
    placement._size_actions.cache_clear()
    placement._SPREAD_ACTIONS.clear()


@pytest.mark.parametrize(("players", "seed"), [(2, 91), (4, 92)])
def test_a_playout_finds_every_option_list_built_once_for_legal(players: int, seed: int) -> None:
    """With `offered`, the Movement and spread steps build their list while settling (`list_wanted`):
    `legal` hands out that list, equal to a fresh build; a plain `apply` builds none and leaves the
    flag down, also when the action is refused."""
    rng = Rng(seed)
    state = GAME.new(players, seed)
    kept = {"move": 0, "place_spread": 0}
    for _ in range(900):
        if GAME.is_over(state):
            break
        seat = rng.choice(GAME.to_act(state))
        options = GAME.legal(state, seat)
        step = GAME.step_of(state, seat)
        assert step is not None and options == step.options(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)
        assert not yokohama_step.list_wanted
        if state["stage"] in kept and not state["pending"] and not state["over"]:
            held = core_steps._kept
            assert held is not None and held[0] is state, state["stage"]
            kept[state["stage"]] += 1
    assert kept["move"] > 20 and kept["place_spread"] > 3
    state = GAME.new(players, seed)
    with pytest.raises(IllegalAction):
        GAME.apply(state, GAME.to_act(state)[0], {"do": "nonsense"}, offered=[])
    assert not yokohama_step.list_wanted


# ----- the move copy shares the boards of the seats not to act ---------------------------------------

def _greedy_positions(players: int, seed: int, count: int) -> list[Any]:
    state = GAME.new(players, seed)
    out = []
    while not GAME.is_over(state) and len(out) < count:
        seat = GAME.to_act(state)[0]
        out.append(state)
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 101), (3, 102), (4, 103)])
def test_no_trial_of_the_greedy_player_changes_the_state_it_was_made_from(players: int, seed: int) -> None:
    """Every option of every decision of a greedy game, tried as the greedy player tries it (a move
    copy, then the flow): the earlier state, whose other seats' boards the copy shares, is unchanged;
    and the result is what the same move on a full JSON copy gives."""
    from engine.yokohama import flow, greedy

    tried = paid = 0
    for state in _greedy_positions(players, seed, 260)[::2]:
        if state["stage"] == "keep":
            continue
        seat = state["seat"]
        before = GAME.dump(state)
        for action in flow.options(state, seat):
            trial = greedy.after(state, seat, action)
            plain = json_copy(state)
            flow.apply(plain, seat, action)
            assert GAME.dump(trial) == GAME.dump(plain)
            paid += any(trial["p"][s]["yen"] > state["p"][s]["yen"] for s in range(players) if s != seat)
            tried += 1
        assert GAME.dump(state) == before
    assert tried > 500 and paid > 5


def test_paying_a_seat_and_a_new_turn_give_that_seat_its_own_board() -> None:
    from engine.yokohama.copying import copy_state, own_board, pay_seat

    state = _random_states(3, 111, 60)[-1]
    other = (state["seat"] + 1) % 3
    copied = copy_state(state)
    assert copied["p"][other] is state["p"][other]  # shared until paid or its turn
    board_before = json_copy(state["p"][other])
    pay_seat(copied, other, 2)
    assert state["p"][other] == board_before and copied["p"][other]["yen"] == board_before["yen"] + 2
    mine = own_board(copied, other)
    assert mine is copied["p"][other] and mine == {**board_before, "yen": board_before["yen"] + 2}
    mine["hand"]["assistants"] += 1
    mine["goods"]["tea"] += 1
    mine["orders"].append(99)
    assert state["p"][other] == board_before


def test_a_claim_replaces_the_achievement_cards_the_copy_shares() -> None:
    """`achievements.claim` on a move copy: the copy's cards as a claim on a JSON copy leaves them, the
    original's untouched (the copy shares the list and the cards until a claim replaces them)."""
    from engine.yokohama.copying import copy_state

    state = _random_states(3, 151, 80)[-1]
    seat = state["seat"]
    before = json_copy(state["achievements"])
    for card in before:
        copied, plain = copy_state(state), json_copy(state)
        assert copied["achievements"] is state["achievements"]
        points = achievements.claim(copied, seat, card["id"])
        entry = next(a for a in plain["achievements"] if a["id"] == card["id"])
        entry["claimed"].append(seat)
        assert copied["achievements"] == plain["achievements"] and points > 0
        assert state["achievements"] == before


# ----- the end conditions: not checked again where the flow checked them --------------------------------

@pytest.mark.parametrize(("players", "seed", "reason"), [(2, 120, "church"), (2, 258, "shops"), (3, 125, "church"),
                                                      (4, 123, None)])
def test_a_playout_plays_as_plain_applies_do(players: int, seed: int, reason: str | None) -> None:
    """The same random choices applied with `offered` (option lists built for `legal`, end conditions
    not checked again in the position the flow checked them) and without (every list built afresh,
    the end conditions checked at the start of every settling): the same position after every move,
    to the end of the game or 2,500 moves."""
    rng = Rng(seed)
    fast = GAME.new(players, seed)
    played: list[tuple[int, Any, Any]] = []  # the fast game first: a plain apply in between resets what the flow holds
    for _ in range(2500):
        if GAME.is_over(fast):
            break
        seat = rng.choice(GAME.to_act(fast))
        options = GAME.legal(fast, seat)
        action = rng.choice(options)
        fast = GAME.apply(fast, seat, action, offered=options)
        played.append((seat, action, fast))
    plain = GAME.new(players, seed)
    for seat, action, after in played:
        plain = GAME.apply(plain, seat, action)
        assert plain == after
    ended = GAME.is_over(fast)
    assert ended or fast["end"]["reasons"]
    assert reason is None or fast["end"]["reasons"][0] == reason  # a condition the settling checks ended it


def test_the_automatic_steps_change_nothing_the_end_mark_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """`settle` takes the end mark again only after a decision: every automatic step (and the end of a
    turn) must leave it as it was, in random and greedy games at every player count."""
    from engine.yokohama import flow

    seen: dict[str, int] = {}

    def watched(name: str, step: Any) -> Any:
        def run(state: Any, *args: Any) -> None:
            before = flow._end_mark(state)
            step(state, *args)
            assert flow._end_mark(state) == before, name
            seen[name] = seen.get(name, 0) + 1
        return run

    for name, step in list(flow.AUTOMATIC.items()):
        monkeypatch.setitem(flow.AUTOMATIC, name, watched(name, step))
    monkeypatch.setattr(flow, "end_turn", watched("end_turn", flow.end_turn))
    for players in (2, 3, 4):
        _random_states(players, 130 + players, 1500)
        _greedy_positions(players, 140 + players, 150)
    assert set(seen) == {*flow.AUTOMATIC, "end_turn"} and min(seen.values()) > 100
