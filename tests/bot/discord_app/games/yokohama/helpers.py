"""Driving Yokohama tables through the cogs and the fake Discord: players click, on their own private panel,
the option the greedy player would choose (found through the contract, not through action shapes)."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from PIL import Image

from bot.discord_app.client import YokohamaBot
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent

PANEL_PREFIXES = ("yk:do:", "yk:sel:", "yk:ms:", "yk:pg:")


def bot_of(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


def pictures(sent: Sent) -> list[Image.Image]:
    """The PNG attachments of a message, opened."""
    out = []
    for f in sent.files:
        assert f.data.startswith(b"\x89PNG"), f.filename
        image = Image.open(io.BytesIO(f.data))
        image.load()
        out.append(image)
    return out


def panel_ids(sent: Sent) -> list[str]:
    return [c for c in sent.custom_ids() if c.startswith(PANEL_PREFIXES)]


async def open_table(fake: FakeDiscord, players: list[FakeUser]) -> tuple[int, Sent]:
    """`/table new game:yokohama`, everyone joins, the first starts; (game id, the start announcement)."""
    [lobby] = await fake.command("table new", user=players[0], options={"game": "yokohama"})
    for player in players[1:]:
        await fake.click(user=player, message=lobby, label="Join")
    sent = await fake.click(user=players[0], message=lobby, label="Start")
    start = [s for s in sent if s.kind in ("followup", "channel_message") and not s.ephemeral][-1]
    [game] = await bot_of(fake).storage.list_games(statuses=("active",))
    return game.id, start


async def owing_users(fake: FakeDiscord, game_id: int) -> list[int]:
    row, engine, state = await bot_of(fake).service.load(game_id)
    if row.status != "active" or state is None:
        return []
    return [u for u in (row.user_of(s) for s in engine.to_act(state)) if u is not None]


def option_on(shown: Sent, game_id: int, index: int, action: object = None) -> tuple[str, list[str] | None] | None:
    """The component offering option `index` on a panel: (custom_id, values for a select). A placement of
    several areas is offered by one multi-select of areas: its values are the action's areas."""
    for comp in shown.all_components():
        cid = str(comp.get("custom_id", ""))
        parts = cid.split(":")
        if cid.startswith(f"yk:ms:{game_id}:") and isinstance(action, dict) and "areas" in action:
            return cid, list(action["areas"])
        if cid.startswith(f"yk:do:{game_id}:") and int(parts[4]) == index:
            return cid, None
        if cid.startswith(f"yk:sel:{game_id}:") and str(index) in [o["value"] for o in comp.get("options", [])]:
            return cid, [str(index)]
    return None


@dataclass
class Played:
    """What a whole game through Discord showed: every click's answers, by kind."""

    clicks: int = 0
    panels: list[Sent] = field(default_factory=list)  # private panel messages (sent or edited)
    public: list[Sent] = field(default_factory=list)  # messages in the channel


async def open_panel(fake: FakeDiscord, user: FakeUser, message: Sent) -> Sent:
    sent = await fake.click(user=user, message=message, label="Open my panel")
    [panel] = [s for s in sent if s.kind == "followup"]
    assert panel.ephemeral, "a decision panel must be private"
    return panel


async def choose_greedy(fake: FakeDiscord, user: FakeUser, panel: Sent, game_id: int) -> list[Sent]:
    """Click, on `user`'s panel as it stands, the option the greedy player would pick now."""
    service = bot_of(fake).service
    for _ in range(10):
        decision = await service.play.decision(game_id, user.id)
        _, engine, state = await service.load(game_id)
        action = engine.auto_action(state, decision.seat)
        index = next(c.index for c in decision.options if c.action == action)
        shown = fake.message_view(panel)
        found = option_on(shown, game_id, index, action)
        if found is not None:
            return await fake.click(found[0], user=user, message=panel, values=found[1])
        pages = [c for c in shown.custom_ids() if c.startswith(f"yk:pg:{game_id}:")]
        if not pages:
            await fake.click(f"yk:rf:{game_id}", user=user, message=panel)
            continue
        targets = {int(c.split(":")[4]): c for c in pages}
        closest = min(targets, key=lambda page: abs(page - index // 25))
        await fake.click(targets[closest], user=user, message=panel)
    raise AssertionError("the option never became clickable")


async def play_to_the_end(fake: FakeDiscord, players: list[FakeUser], game_id: int, start: Sent,
                          limit: int = 5000, stop_after_posts: int | None = None) -> Played:
    """Every seated player plays through their own panel until the game is over (or, with
    `stop_after_posts`, until that many turn posts went out)."""
    played = Played()
    users = {u.id: u for u in players}
    panels: dict[int, Sent] = {}
    latest = start
    while waiting := await owing_users(fake, game_id):
        assert played.clicks < limit, "the game did not end"
        if stop_after_posts is not None and len(played.public) >= stop_after_posts:
            break
        user_id = waiting[0]
        if user_id not in panels:
            panels[user_id] = await open_panel(fake, users[user_id], latest)
            played.panels.append(panels[user_id])
        sent = await choose_greedy(fake, users[user_id], panels[user_id], game_id)
        played.clicks += 1
        for s in sent:
            if s.kind in ("edit_original", "followup", "update") and s.ephemeral:
                played.panels.append(s)
            elif s.kind == "channel_message":
                played.public.append(s)
                latest = s
    return played
