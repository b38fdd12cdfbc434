"""Whole Yokohama games through the cogs and the fake Discord: a phone picture on every turn post with the map
and the player boards one tap away, your own picture when your panel opens, the final scores at the end;
every payload is checked against Discord's schema by the harness (a violation fails the test)."""

from __future__ import annotations

import pytest

from rendering.kit.lead import WIDTH as LEAD_WIDTH
from rendering.kit.own import WIDTH as OWN_WIDTH
from rendering.yokohama import layout as L
from tests.bot.discord_app.games.yokohama.helpers import bot_of, open_table, panel_ids, pictures, play_to_the_end
from tests.harness.discord_fake import FakeDiscord, Sent

FINAL_HEIGHT = 596  # the final scores picture (rendering/yokohama/final.py)


def map_height(players: int) -> int:
    rows = {2: [4, 3, 2, 1], 3: [5, 4, 3, 2], 4: [6, 5, 4, 3]}[players]
    return L.height(rows, 1 if players == 2 else 2, {2: 1, 3: 1, 4: 2}[players])


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
async def test_a_whole_game_shows_the_map_on_every_turn_post_and_your_picture_on_every_panel(
    fake: FakeDiscord, players: int
) -> None:
    users = [fake.user(name) for name in ("akiko", "benedikt", "chiara", "daisuke")[:players]]
    game_id, start = await open_table(fake, users)
    [lead] = pictures(start)
    assert lead.width == LEAD_WIDTH, "the start post leads with the phone picture"
    full = [m for m in await fake.click(user=users[0], message=start, label="Full board") if m.files]
    assert all(m.ephemeral for m in full) and [len(m.files) for m in full] == [1, 1], "each its own message"
    assert [pictures(m)[0].size[1] for m in full][0] == map_height(players), "the map, one tap away"

    played = await play_to_the_end(fake, users, game_id, start)
    row = await bot_of(fake).service.game(game_id)
    assert row.status == "finished" and played.clicks > 50

    turns = [m for m in played.public if "Your turn" in (m.content or "")]
    assert len(turns) >= 10
    for post in turns:
        assert not post.ephemeral and not panel_ids(post), "decisions are only ever on private panels"
        [image] = pictures(post)
        assert image.width == LEAD_WIDTH and image.height < map_height(players), "one phone picture, no mosaic"
        assert post.button("Open my panel") and post.button("Full board")

    # Every panel is private. Its owner's picture (the compact own view made for a phone; the full board one
    # tap away) comes when the panel opens; between decisions the panel changes its text only and offers
    # "Show my picture" (the picture after every click weighed ~20 MB a game); the move that ends the game
    # shows the final scores.
    opened = [p for p in played.panels if p.kind == "followup"]
    shown = [p for p in played.panels if p.files]
    assert opened and all(p.files for p in opened)
    between = [p for p in played.panels if p.kind == "edit_original" and not p.files]
    assert between and len(shown) < played.clicks // 2, "no picture after every click"
    assert all(p.button("Show my picture") for p in between if panel_ids(p))
    sizes = []
    for panel in shown:
        assert panel.ephemeral
        [image] = pictures(panel)
        sizes.append(image.size)
    assert all(w == OWN_WIDTH for w, _ in sizes[:-1]) and sizes[-1] in ((L.WIDTH, FINAL_HEIGHT), sizes[0])
    # No private picture ever reached the channel.
    private = {f.data for p in shown for f in p.files if pictures(p)[0].width == OWN_WIDTH}
    assert private
    everywhere = [s for s in fake.sent if s.kind == "channel_message"]  # the channel and the table's thread
    assert not private & {f.data for m in everywhere for f in m.files}

    [end] = [m for m in played.public if "Final standings" in (m.content or "")]
    assert all(u.mention in end.content for u in users), "the end pings every player"
    winner = next(u for u in users if u.id == row.user_of(row.result["ranking"][0]))
    assert f"1. **{winner.name}**" in end.content, "the ranking, by display names"
    [lead] = pictures(end)
    assert lead.width == LEAD_WIDTH and end.button("Full board")
    assert not [c for c in end.custom_ids() if c.startswith("yk:open:")], "no panel to open: the game is over"
    final, final_map = [pictures(m)[0] for m in await fake.click(user=users[0], message=end, label="Full board")
                        if m.files]
    assert final.size == (L.WIDTH, FINAL_HEIGHT) and final_map.width == L.WIDTH


async def test_between_decisions_the_panel_changes_its_text_and_shows_the_picture_on_request(
    fake: FakeDiscord,
) -> None:
    """Your picture when your panel opens and when your turn starts; in between, text, and the
    picture one click away ("Show my picture")."""
    from tests.bot.discord_app.games.yokohama.helpers import choose_greedy, open_panel, owing_users

    game_id, start, users = await _started(fake)
    by_id = {u.id: u for u in users}
    panels = {}
    for _ in range(40):
        user = by_id[(await owing_users(fake, game_id))[0]]
        if user.id not in panels:
            panels[user.id] = await open_panel(fake, user, start)
            [opened] = pictures(panels[user.id])
            assert opened.width == OWN_WIDTH, "the panel opens with your own view"
        sent = await choose_greedy(fake, user, panels[user.id], game_id)
        [edit] = [s for s in sent if s.kind == "edit_original"]
        if (await owing_users(fake, game_id))[:1] != [user.id] or not panel_ids(edit):
            panels.pop(user.id)  # the turn passed: the next one starts from a fresh panel
            continue
        # a decision of the same turn: the panel's text changes, the picture is kept (no new upload)
        assert not edit.files and "attachments" not in edit.payload
        shown = await fake.click(user=user, message=panels[user.id], label="Show my picture")
        [fresh] = [s for s in shown if s.files]
        [image] = pictures(fresh)
        assert fresh.ephemeral and image.width == OWN_WIDTH
        break
    else:
        raise AssertionError("no turn with two decisions in 40 clicks")


async def _started(fake: FakeDiscord, players: int = 3) -> tuple[int, Sent, list]:
    users = [fake.user(name) for name in ("akiko", "benedikt", "chiara", "daisuke")[:players]]
    game_id, start = await open_table(fake, users)
    return game_id, start, users


async def test_table_status_shows_the_public_pictures_and_your_own_hand_privately(fake: FakeDiscord) -> None:
    game_id, _, users = await _started(fake)
    onlooker = fake.user("onlooker")
    [_, public] = await fake.command("table status", user=onlooker, options={"game": game_id})
    assert not public.ephemeral
    assert [i.width for i in pictures(public)] == [L.WIDTH, L.WIDTH]  # the map and the player boards
    sent = await fake.command("table status", user=users[1], options={"game": game_id})
    board, own = [s for s in sent if s.kind == "followup"]
    assert board.ephemeral and [f.data for f in board.files] == [f.data for f in public.files], "privately"
    assert own.ephemeral and "only you can see this" in own.content
    [image] = pictures(own)
    assert image.width == OWN_WIDTH and own.button("My full board")  # your own view; the whole of it a tap away


async def test_a_picture_that_fails_to_draw_never_costs_the_move(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move is saved and the turn post goes out without its pictures; the failure is only logged."""
    import rendering.yokohama as renderer

    game_id, start, users = await _started(fake)

    def broken(*args: object, **kwargs: object) -> bytes:
        raise RuntimeError("the renderer is broken")

    monkeypatch.setattr(renderer, "picture", broken)
    monkeypatch.setattr(renderer, "public_pictures", broken)
    monkeypatch.setattr(renderer, "lead_picture", broken)
    monkeypatch.setattr(renderer, "own_picture", broken)
    service = bot_of(fake).service
    before = (await service.game(game_id)).version
    played = await play_to_the_end(fake, users, game_id, start, limit=40, stop_after_posts=1)
    assert (await service.game(game_id)).version > before, "the moves were saved"
    assert played.clicks >= 1
    assert played.public and all(not m.files for m in played.public), "the turn post went out, without pictures"
    assert "Your turn" in (played.public[0].content or "")
    assert all(not p.files for p in played.panels), "panels work without their picture"
    assert not any("went wrong" in (p.content or "").lower() for p in played.panels)


@pytest.mark.slow
async def test_spread_placement_is_one_multi_select_of_areas(fake: FakeDiscord) -> None:
    """"choose the 1-3 assistants ... in one decision, e.g. a multi-select menu": the hundreds of
    area combinations of a spread placement are never paged; one menu of areas takes 1-3 picks."""
    from bot.discord_app.panels.decision import PAGE, chosen_option, placement_menu
    from engine.core import Rng

    players = [fake.user(n) for n in ("ann", "bob", "cy")]
    game_id, _ = await open_table(fake, players)
    service = bot_of(fake).service
    rng = Rng(3)
    for _ in range(400):
        row, engine, state = await service.load(game_id)
        seat = engine.to_act(state)[0]
        user = row.user_of(seat)
        decision = await service.play.decision(game_id, user)
        menu = placement_menu(decision.options)
        if menu is not None:
            break
        await service.play.act_by_index(game_id, user, decision.version, rng.below(len(decision.options)),
                                        decision.stamp)
    else:
        raise AssertionError("no spread placement came up")
    areas, low, high = menu
    assert len(decision.options) > PAGE and len(areas) <= PAGE and (low, high) == (1, 3)
    assert all(label for _, label in areas)
    pick = [areas[0][0], areas[-1][0]]
    index = chosen_option(decision.options, pick)
    assert sorted(decision.options[index].action["areas"]) == sorted(pick)
    panel = await fake.command("table panel", user=next(p for p in players if p.id == user),
                               options={"game": game_id})
    [shown] = [s for s in panel if s.kind == "followup"]
    # The hint over the menu describes the menu (not "377 options; use the arrows" over no arrows).
    assert "arrows" not in shown.content and f"Pick 1 to 3 of the {len(areas)} areas" in shown.content
    [select] = [c for c in shown.all_components() if str(c.get("custom_id", "")).startswith(f"yk:ms:{game_id}:")]
    assert select["min_values"] == 1 and select["max_values"] == 3 and len(select["options"]) == len(areas)
    sent = await fake.click(select["custom_id"], user=next(p for p in players if p.id == user), message=shown,
                            values=pick)
    assert sent
    after = await service.game(game_id)
    assert after.version > decision.version
