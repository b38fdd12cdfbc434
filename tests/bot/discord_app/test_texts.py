"""What people read names people, reads as sentences, and matches what it sits over."""

from __future__ import annotations

from typing import Any

from bot.discord_app.client import YokohamaBot
from bot.discord_app.panels.decision import PAGE, options_hint
from bot.discord_app.panels.text import story_text
from bot.service.outcomes import Choice, Clause
from tests.harness.discord_fake import FakeDiscord, FakeUser


def _bot(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def _duel(fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> int:
    [lobby] = await fake.command("table new", user=alice, options={"game": "duel"})
    await fake.click(user=bob, message=lobby, label="Join")
    await fake.click(user=alice, message=lobby, label="Start")
    [row] = await _bot(fake).storage.list_games(statuses=("active",))
    return row.id


async def test_games_and_its_autocomplete_name_people_and_read_cleanly(fake: FakeDiscord) -> None:
    """`/games` showed "{seat:2}" and "Order cards.: your turn"; the autocomplete built on the same headline."""
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id = await _duel(fake, alice, bob)
    # Setup: the headline ends with a full stop, which the list used to follow with its colon.
    [listing] = await fake.command("games", user=alice)
    assert f"#{game_id}" in listing.content and "{" not in listing.content and ".:" not in listing.content
    choices = await fake.autocomplete("table status", user=alice, focused="game", options={"game": ""})
    assert choices and all("{" not in c["name"] and not c["name"].endswith(".") for c in choices)
    # Past setup the headline names whoever is to play: by name, never by token.
    service = _bot(fake).service
    for _ in range(6):
        status = await service.status(game_id)
        if "to play" in (await service.summary(await service.game(game_id))).headline:
            break
        user_id = status.waiting_on[0]
        decision = await service.play.decision(game_id, user_id)
        await service.play.act_by_index(game_id, user_id, decision.version, decision.options[0].index, decision.stamp)
    [listing] = await fake.command("games", user=bob)
    assert "{" not in listing.content and ("alice to play" in listing.content or "bob to play" in listing.content)
    choices = await fake.autocomplete("table status", user=bob, focused="game", options={"game": ""})
    assert any("alice to play" in c["name"] or "bob to play" in c["name"] for c in choices)


def test_a_sentence_names_its_seat_once_and_leaves_formalities_out() -> None:
    clauses = [Clause(1, 0, 5, "player", "", False),
               Clause(2, 0, 5, "player", "{seat:0} places 1 assistant in Port B", False),
               Clause(3, 0, 5, "formality", "", True),
               Clause(4, 0, 5, "player", "{seat:0} moves the President to Port B (+1 order in hand)", True)]
    assert story_text(clauses, ["Alice", "Bob"]) == (
        "**Alice** places 1 assistant in Port B; moves the President to Port B (+1 order in hand).")


def test_a_bot_seat_is_named_once_per_turn_and_a_person_played_by_the_bot_is_noted_once() -> None:
    bot_turn = [Clause(1, 1, -1, "auto", "{seat:1} places 2 assistants in Bank", False),
                Clause(2, 1, -1, "auto", "{seat:1} moves the President to Bank (+¥3)", True)]
    told = story_text(bot_turn, ["Alice", "Yokohama AI"], bots={1})
    assert told == "**Yokohama AI** places 2 assistants in Bank; moves the President to Bank (+¥3)."
    assert "played by the bot" not in told
    late = [Clause(1, 0, 7, "auto", "{seat:0} sends Power 2 to Bank: total Power 2, gains ¥2", False),
            Clause(2, 0, 7, "auto", "{seat:0} takes no Church card", True)]
    told = story_text(late, ["Alice", "Bob"])
    assert told.count("played by the bot") == 1 and told.count("Alice") == 1


def test_the_hint_over_a_long_decision_matches_its_component() -> None:
    """A 13-area multi-select has no arrows; a paged menu has ◀ Previous / Next ▶; a short one needs no hint."""
    areas = [f"area{i}" for i in range(13)]
    spread = [Choice(i, f"Place 1 in {a}", {"do": "place", "areas": [a]}) for i, a in enumerate(areas)]
    spread += [Choice(13 + i, "Place 1 each", {"do": "place", "areas": [areas[i], areas[(i + 1) % 13]]})
               for i in range(13)]
    hint = options_hint(spread)
    assert "arrows" not in hint and "Previous" not in hint
    assert hint == "Pick 1 to 2 of the 13 areas in the menu, all at once."
    paged = [Choice(i, f"Option {i}", {"do": "pick", "n": i}) for i in range(PAGE + 5)]
    assert "Next ▶" in options_hint(paged) and str(PAGE + 5) in options_hint(paged)
    assert options_hint(paged[:3]) == ""


async def test_an_admin_ended_lobby_loses_its_buttons_and_the_notice_reads_as_sentences(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    admin = fake.user("admin", admin=True)
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"})
    [row] = await _bot(fake).storage.list_games(statuses=("lobby",))
    sent = await fake.command("admin end", user=admin, options={"game": row.id, "reason": "closing it"})
    [notice] = [s for s in sent if not s.ephemeral and "ended by" in (s.content or "")]
    assert "closing it. Nobody wins it." in notice.content
    message = fake.message(lobby)
    assert not message.get("components"), "Join is no longer offered"
    assert "admin ended this table" in message["content"]
    # A lobby message posted before this (or one whose edit failed) loses its buttons on the next click.
    [stale] = await fake.command("table new", user=alice, options={"game": "counting"})
    [other] = await _bot(fake).storage.list_games(statuses=("lobby",))
    await _bot(fake).storage.set_meta(f"lobby:{other.id}", "")
    await fake.command("admin end", user=admin, options={"game": other.id})
    sent = await fake.click(user=bob, message=stale, label="Join")
    assert any(s.ephemeral and "is closed" in (s.content or "") for s in sent)
    assert not any("already started" in (s.content or "") for s in sent)
    assert not fake.message(stale).get("components")


def test_daily_compare_cuts_a_long_set_between_words() -> None:
    """`/daily compare` showed "1 money / 1 fai…"."""
    from bot.discord_app.cogs.daily import _round_cell
    from bot.discord_app.panels.text import clip_words

    sets = ["White die 3 + card 2: 1 money / 1 faith / 1 trade good of your choice / 2 cargo"]
    cell = _round_cell([12], sets, 0)
    shown = cell.split(" → ")[0]
    assert shown.endswith("…") and sets[0].startswith(shown.rstrip(" …"))
    assert sets[0][len(shown.rstrip(" …"))] == " ", "cut between words"
    assert clip_words("1 money / 1 faith", 40) == "1 money / 1 faith"
    assert clip_words("1 money / 1 faith / 2 tea", 14) == "1 money …"


async def _alices_panel_with(fake: FakeDiscord, custom_id: str) -> tuple[Any, Any, Any]:
    """A two-player table; Alice's private panel carrying one "Undo" button with `custom_id`, as a
    message Bob could click (Discord says whom the panel was opened for). Returns (bob, row, message)."""
    alice, bob = fake.user("alice"), fake.user("bob")
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"})
    await fake.click(user=bob, message=lobby, label="Join")
    await fake.click(user=alice, message=lobby, label="Start")
    [row] = await _bot(fake).storage.list_games(statuses=("active",))
    [panel] = [s for s in await fake.command("table panel", user=alice, options={"game": row.id})
               if s.custom_ids()]
    message = fake.fake_message([{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Undo", "custom_id": custom_id.format(game=row.id)}]}], flags=64)
    message["interaction_metadata"] = fake.message(panel)["interaction_metadata"]
    return bob, row, message


async def test_undo_on_someone_elses_panel_says_it_is_not_theirs(fake: FakeDiscord) -> None:
    bob, row, undo = await _alices_panel_with(fake, "yk:undo:{game}")
    version = (await _bot(fake).service.status(row.id)).version
    sent = await fake.click(user=bob, message=undo, label="Undo")
    [answer] = [s for s in sent if s.content]
    assert answer.ephemeral and "not your panel" in answer.content and "out of date" not in answer.content
    assert (await _bot(fake).service.status(row.id)).version == version


async def test_replay_of_a_running_game_refuses_privately_even_when_shared(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"})
    await fake.click(user=bob, message=lobby, label="Join")
    await fake.click(user=alice, message=lobby, label="Start")
    [row] = await _bot(fake).storage.list_games(statuses=("active",))
    sent = await fake.command("table replay", user=bob, options={"game": row.id, "share": True})
    assert sent and all(s.ephemeral for s in sent if s.content)
    assert any("not finished yet" in (s.content or "") for s in sent)


async def test_open_my_panel_off_turn_shows_your_own_picture_and_whom_you_wait_for(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id = await _duel(fake, alice, bob)
    service = _bot(fake).service
    for _ in range(6):  # past the setup, where both decide at once
        if "to play" in (await service.summary(await service.game(game_id))).headline:
            break
        user_id = (await service.status(game_id)).waiting_on[0]
        decision = await service.play.decision(game_id, user_id)
        await service.play.act_by_index(game_id, user_id, decision.version, decision.options[0].index, decision.stamp)
    [current] = (await service.status(game_id)).waiting_on
    waiting, playing = (bob, alice) if current == alice.id else (alice, bob)
    sent = await fake.command("table panel", user=waiting, options={"game": game_id})
    [panel] = [s for s in sent if s.content]
    assert panel.ephemeral and "not your turn" in panel.content
    assert f"waiting for **{playing.name}**" in panel.content
    assert panel.files, "your own picture (your hand of Orders) off turn too"


async def test_table_status_answers_a_player_privately_and_an_onlooker_publicly(fake: FakeDiscord) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id = await _duel(fake, alice, bob)
    seated = await fake.command("table status", user=alice, options={"game": game_id})
    shown = [s for s in seated if s.content or s.files]
    assert shown and all(s.ephemeral for s in shown), "nothing in the channel for a player"
    assert any("only you can see this" in (s.content or "") for s in shown)
    onlooker = await fake.command("table status", user=carol, options={"game": game_id})
    assert any(not s.ephemeral and s.files for s in onlooker)
    shared = await fake.command("table status", user=alice, options={"game": game_id, "public": True})
    assert any(not s.ephemeral and s.files for s in shared)


def test_a_roll_and_write_round_reads_as_one_sentence_per_player() -> None:
    from engine.rollwrite import GAME

    state = GAME.new(2, 3)
    clauses: list[Clause] = []
    while GAME.turn_marker(state) == 1:
        seat = GAME.to_act(state)[0]
        action = GAME.auto_action(state, seat)
        after = GAME.apply(state, seat, action)
        clauses.append(Clause(len(clauses), seat, None, "player", GAME.narrate(state, seat, action, after), False))
        state = after
    told = story_text(clauses, ["Alice", "Bob"])
    assert told.count("**Alice**") == 1 and told.count("**Bob**") == 1, told
    assert "takes the main action in" in told and "End round" not in told and "Main action" not in told


async def test_a_stale_button_on_someone_elses_panel_says_it_is_not_theirs(fake: FakeDiscord) -> None:
    """A click nothing routes (a button the message no longer has) on another person's panel: not "out of date"."""
    bob, _, stale = await _alices_panel_with(fake, "yk:gone:1")
    sent = await fake.click(user=bob, message=stale, label="Undo")
    [answer] = [s for s in sent if s.content]
    assert answer.ephemeral and "not your panel" in answer.content and "out of date" not in answer.content


def test_a_new_round_is_its_own_sentence_and_a_part_said_more_fully_is_left_out() -> None:
    """"Round 4 begins; <player> starts (played by the bot)" read as the bot moving for a person, and
    "sends a Foreign Agent; sends a Foreign Agent to Church …" said it twice."""
    upgrade = [Clause(1, 1, -1, "auto", "{seat:1} upgrades Power 1 to 3 for ¥2", False),
               Clause(2, 0, 5, "player", "{seat:0} upgrades no Power card; Round 4 begins; {seat:1} starts", True)]
    told = story_text(upgrade, ["Alice", "Yokohama AI"], bots={1})
    assert told == ("**Yokohama AI** upgrades Power 1 to 3 for ¥2. **Alice** upgrades no Power card. "
                    "Round 4 begins; **Yokohama AI** starts.")
    bot_round = [Clause(1, 1, -1, "auto", "{seat:1} upgrades no Power card; Round 2 begins; {seat:0} starts", True)]
    told = story_text(bot_round, ["Alice", "Yokohama AI"], bots={1})
    assert told == "**Yokohama AI** upgrades no Power card. Round 2 begins; **Alice** starts."
    assert "played by the bot" not in told
    agent = [Clause(1, 0, 5, "player", "{seat:0} hires a Foreign Agent (3+ Technologies); sends a Foreign Agent; "
                                       "sends a Foreign Agent to Church: total Power 5, Faith 5", False)]
    assert story_text(agent, ["Alice", "Bob"]) == (
        "**Alice** hires a Foreign Agent (3+ Technologies); sends a Foreign Agent to Church: total Power 5, Faith 5.")


def test_the_same_step_in_a_row_is_told_once_with_how_often() -> None:
    trades = [Clause(1, 0, 5, "player", "{seat:0} sells 1 Raw Silk for ¥2", False),
              Clause(2, 0, 5, "player", "{seat:0} sells 1 Raw Silk for ¥2", False),
              Clause(3, 0, 5, "player", "{seat:0} buys 1 Tea for ¥1", False),
              Clause(4, 0, 5, "player", "{seat:0} buys 1 Tea for ¥1", False),
              Clause(5, 0, 5, "player", "{seat:0} buys 1 Tea for ¥1", False)]
    assert story_text(trades, ["Alice"]) == "**Alice** sells 1 Raw Silk for ¥2 (twice); buys 1 Tea for ¥1 (3 times)."
