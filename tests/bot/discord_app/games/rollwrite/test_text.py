"""Roll & Write in words: the ranking with tie-breakers, the panel notes, the command definitions."""

from __future__ import annotations

from bot.discord_app import rollwrite_text as text
from bot.storage import GameRow, SeatRow
from engine.rollwrite import GAME
from engine.rollwrite.scoring import tie_break_key
from tests.harness.discord_fake import FakeDiscord
from tests.harness.discord_schema import DiscordSchema


def row(players: int, *, mode: str = "table", result: dict | None = None) -> GameRow:
    return GameRow(id=7, kind="rollwrite", mode=mode, guild_id=1, channel_id=2, creator_id=100, seed=1, options={},
                   table_rules={}, status="finished", state=None, version=1, result=result, daily_date="2026-11-29",
                   created_at=0.0, updated_at=0.0, waiting_since=None, reminded_at=None,
                   seats=[SeatRow(100 + s, s, 0.0, False) for s in range(players)])


def played_out(players: int, seed: int) -> dict:
    state = GAME.new(players, seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    return state


def test_equal_players_share_first_place_and_see_the_tie_breakers() -> None:
    state = played_out(2, seed=5)  # same dice, same greedy choices: two identical sheets
    view = GAME.view(state, None)
    lines = text.ranking_lines(row(2), view, [tie_break_key(ps) for ps in state["sheets"]])
    resources, circles = tie_break_key(state["sheets"][0])
    assert lines[1].startswith("🥇 1. <@100>") and lines[2].startswith("🥇 1. <@101>")
    assert f"tie-break: {resources} money + faith, {circles} circles" in lines[1]
    assert text.TIE_BREAK_RULE in lines
    assert lines[-3:-1] == ["**Achievements**", lines[-2]] and lines[-2].startswith("<@100>: ")
    assert lines[-1].startswith("<@101>: ")


def test_the_ranking_follows_the_stored_result_and_marks_resignations() -> None:
    state = played_out(3, seed=9)
    view = GAME.view(state, None)
    ranking = GAME.ranking(state)
    resigned = ranking[0]
    order = [s for s in ranking if s != resigned] + [resigned]
    game = row(3, result={"ranking": order, "forfeited": [resigned]})
    lines = text.ranking_lines(game, view, [tie_break_key(ps) for ps in state["sheets"]])
    assert lines[3].startswith(f"– <@{100 + resigned}> — ") and lines[3].endswith("(resigned)")
    assert lines[1].startswith(f"🥇 1. <@{100 + order[0]}>")  # the best of those who played on wins
    places = text.final_places(game, view, [tie_break_key(ps) for ps in state["sheets"]])
    assert places[resigned] == 3 and places[order[0]] == 1


def test_panel_notes_name_the_daily_challenge_and_the_score_so_far() -> None:
    state = GAME.new(1, 3)
    notes = text.panel_notes(row(1, mode="daily"), GAME.view(state, 0), 0)
    assert notes[0].startswith("📅 Daily challenge of 2026-11-29")
    assert notes[1] == "Round 1 of 12 — the sets:" and len([n for n in notes if n.startswith("• ")]) == 3
    assert notes[-1].startswith("Your sheet so far: 0 VP")


def test_command_definitions_are_valid(discord_schema: DiscordSchema, fake: FakeDiscord) -> None:
    assert fake.validate  # with the spec present, every payload in these tests is checked against it
    discord_schema.validate_command_definitions(fake.bot.tree)
    names = {c.qualified_name for c in fake.bot.tree.walk_commands()}
    assert {"rollwrite new", "rollwrite sheet", "rollwrite solo", "daily play", "daily leaderboard",
            "daily stats", "daily help"} <= names


def test_a_round_summary_of_twenty_players_leaves_room_for_the_rest() -> None:
    state = GAME.new(20, 4)
    for _ in range(40 * 20):  # play round 1 to its end
        if state["round"] > 1:
            break
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    lines = text.round_summary(row(20), GAME.view(state, None), 1, budget=900)
    assert len(lines) == 21 and sum(len(line) + 1 for line in lines) <= 900
    assert all(line.startswith(f"<@{100 + n}>: ") for n, line in enumerate(lines[1:]))


def test_long_texts_are_split_between_whole_lines() -> None:
    lines = [f"line {n} " + "x" * 300 for n in range(20)]
    parts = text.messages(lines)
    assert all(len(p) <= 2000 for p in parts) and len(parts) == 4
    assert "\n".join(parts) == "\n".join(lines)
    assert text.messages(["short"]) == ["short"] and text.messages([]) == []
