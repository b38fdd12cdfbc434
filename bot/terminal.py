"""Hot-seat play in a terminal, through the same table service the Discord bot uses.

Useful to try a game without Discord, to reproduce a report, and as a second client that
keeps the service honest about not depending on Discord. Local players are numbered
1..N; the game is saved after every move, so quitting and `--resume ID` continue it. It speaks the
language the caller sets (`i18n.using`: `play --language`, else the terminal's locale).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.service import ServiceError, TableService
from engine.core import fill_seats
from i18n import N_, _, ngettext
from rendering.renderers import renderer_for

Ask = Callable[[str], str]
Say = Callable[[str], None]
PAGE = 25
#: A finished game's status and how it ended, in words.
WORDS = {"finished": N_("finished"), "abandoned": N_("abandoned"), "active": N_("in play"),
         "completed": N_("played to the end"), "deadline": N_("ended by a missed deadline"),
         "forfeit": N_("ended by a forfeit")}


def seats(text: str) -> str:
    """Engine text names seats with `{seat:N}` tokens; the terminal's local players are Seat 1..N."""
    return fill_seats(text, lambda seat: _("Seat {n}").format(n=seat + 1))


class TerminalClient:
    def __init__(
        self, service: TableService, *, ask: Ask = input, say: Say = print, pictures: Path | None = None
    ) -> None:
        self.service = service
        self.ask = ask
        self.say = say
        self.pictures = pictures
        self._last_view: dict[str, Any] | None = None  # what "v" prints: the view of whoever is asked

    async def new_game(self, kind: str, players: int, *, seed: int | None, options: dict[str, Any]) -> int:
        game = await self.service.lobby.create(kind, creator_id=1, options=options, seed=seed, mode="table")
        for user in range(2, players + 1):
            await self.service.lobby.join(game.id, user)
        await self.service.lobby.start(game.id, 1)
        self.say(ngettext("Game #{game} ({kind}) started for {n} player, seed {seed}.",
                          "Game #{game} ({kind}) started for {n} players, seed {seed}.", players).format(
            game=game.id, kind=game.kind, n=players, seed=game.seed))
        return game.id

    async def play(self, game_id: int) -> None:
        """Prompt whoever owes a decision until the game ends or someone types q."""
        while True:
            status = await self.service.status(game_id)
            await self._write_picture(game_id)
            if status.status != "active":
                await self._show_result(game_id)
                return
            user = status.waiting_on[0]
            game, engine, state = await self.service.load(game_id)
            seat = game.seat_of(user)
            assert seat is not None  # whoever the game waits on holds a seat
            decision = await self.service.play.decision(game_id, user)
            self.say("")
            self.say(f"== {status.title} #{game_id} — {seats(status.headline)}")
            prompt = seats(decision.prompt)
            who = _("Seat {n} (local player {user})").format(n=seat + 1, user=user)
            self.say(_("{who}: {prompt}").format(who=who, prompt=prompt) if prompt else who)
            chosen = self._choose(decision.options)
            if chosen is None:
                self.say(_("Saved. Continue with: {command}").format(command=f"yokohama-bot play --resume {game_id}"))
                return
            try:
                await self.service.play.act(game_id, user, decision.options[chosen].action,
                                       expected_version=decision.version)
            except ServiceError as exc:
                self.say(f"! {exc.message}")

    def _choose(self, options: list) -> int | None:
        page = 0
        while True:
            shown = options[page * PAGE:(page + 1) * PAGE]
            for choice in shown:
                self.say(f"  {choice.index + 1:>3}. {seats(choice.label)}")
            more = (page + 1) * PAGE < len(options)
            hints = [_("number")] + ([_("n for more")] if more else []) + ([_("p for back")] if page else [])
            hints += [_("v to view the game"), _("q to save and quit")]
            answer = self.ask(_("Choose ({hints}): ").format(hints=_(", ").join(hints))).strip().lower()
            if answer == "q":
                return None
            if answer == "n" and more:
                page += 1
                continue
            if answer == "p" and page:
                page -= 1
                continue
            if answer == "v":
                self.say(json.dumps(self._last_view, indent=1, ensure_ascii=False)[:8000])
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return int(answer) - 1
            self.say("! " + _("Type a number from 1 to {n}.").format(n=len(options)))

    async def _write_picture(self, game_id: int) -> None:
        game, engine, state = await self.service.load(game_id)
        if state is None:
            return
        status = await self.service.status(game_id)
        seat = game.seat_of(status.waiting_on[0]) if status.waiting_on else None
        self._last_view = engine.view(state, seat)
        renderer = renderer_for(game.kind)
        if renderer is None or self.pictures is None:
            return
        self.pictures.mkdir(parents=True, exist_ok=True)
        path = self.pictures / f"game-{game_id}-v{game.version:04d}.png"
        path.write_bytes(renderer.picture(self._last_view)())
        self.say(_("(picture: {path})").format(path=path))

    async def _show_result(self, game_id: int) -> None:
        game = await self.service.game(game_id)
        result = game.result or {}
        reason = str(result.get("reason", ""))
        self.say(_("Game #{game} is {status} ({reason}).").format(
            game=game_id, status=_(WORDS[game.status]) if game.status in WORDS else game.status,
            reason=_(WORDS[reason]) if reason in WORDS else reason))
        for place, seat in enumerate(result.get("ranking", []), start=1):
            total = result["scores"][seat].get("total", 0)
            self.say("  " + ngettext("{place}. Player {user}: {n} point", "{place}. Player {user}: {n} points",
                                     total).format(place=place, user=game.user_of(seat), n=total))
