"""What the table service hands back: a person's decision and panel, the story of a turn, a change's outcome.

Plain data built from a game and state already in hand; no storage, no Discord. Every part of the service
(`lobby`, `play`, `clock`, `admin`) answers in these types.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

import i18n
from bot.service.errors import ServiceError
from bot.storage import GameRow, is_bot_user
from engine.core import Game, State
from engine.core.translate import language

#: Log origin of a seat's only legal action, played for it by the service (the panel never shows it).
FORMALITY = "formality"
#: Origins the bot replays by itself after an undo (they are taken back with the decision that led to them).
REPLAYED_BY_BOT = (FORMALITY, "auto")


class Choice:
    """One option of a decision: its number in the list, the engine's action, and its label.

    The label is worded when first read (`word`, the engine's `describe` of the state in hand): a panel of a
    long list shows one page of it, so the options on the other pages are never worded.
    """

    __slots__ = ("index", "action", "_label", "_word")

    def __init__(self, index: int, label: str | None, action: Any, word: Callable[[Any], str] | None = None) -> None:
        self.index = index
        self.action = action
        self._label = label
        self._word = word

    @property
    def label(self) -> str:
        if self._label is None:
            self._label = self._word(self.action) if self._word is not None else ""
            self._word = None
        return self._label

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choice):
            return NotImplemented
        return (self.index, self.label, self.action) == (other.index, other.label, other.action)

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value, like the dataclass it was

    def __repr__(self) -> str:
        return f"Choice(index={self.index!r}, label={self.label!r}, action={self.action!r})"


class Worded(Sequence[str]):
    """A text for each of a list of actions (an option's detail line), each worded when first read."""

    def __init__(self, actions: Sequence[Any], word: Callable[[Any], str]) -> None:
        self._actions = actions
        self._word = word
        self._texts: list[str | None] = [None] * len(actions)

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        text = self._texts[index]
        if text is None:
            text = self._texts[index] = self._word(self._actions[index])
        return text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Worded({list(self)!r})"


@dataclass
class Decision:
    """What one player may decide right now: the options as the engine lists them.

    `stamp` lets a panel outlive other seats' moves in simultaneous phases (the engine's decision
    stamp plus this seat's own move count); `can_undo` says whether the seat may take a decision back.
    """

    game_id: int
    version: int
    seat: int
    options: list[Choice]
    prompt: str = ""
    stamp: str = ""
    can_undo: bool = False
    #: A detail line per option, worded when read (`Worded`), or [] where the options have none.
    details: Sequence[str] = field(default_factory=list)


@dataclass
class Panel:
    """What one person's private panel shows now, built from a game and state already in hand.

    `decision` is their decision when they owe one; else `refusal` says why not, as the service words it
    (`NotYourTurn`: someone else acts; `GameClosed`: not started or over; `NotSeated`). `waiting` are the
    seats that owe a decision now; `can_undo` whether they may take a decision back (also off turn).
    """

    game: GameRow
    engine: Game
    state: State | None
    seat: int | None
    decision: Decision | None = None
    refusal: ServiceError | None = None
    waiting: list[int] = field(default_factory=list)
    can_undo: bool = False
    _views: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)

    def headline(self) -> str:
        """The engine's headline of the state (seat tokens), "" before the game has a state."""
        return self.engine.headline(self.state) if self.state is not None else ""

    def view(self, seat: int | None = None) -> dict[str, Any] | None:
        """The view of the panel's seat (or `seat`), computed once per language (a view holds worded names);
        None without a state or a seat."""
        seat = self.seat if seat is None else seat
        if self.state is None or seat is None:
            return None
        key = (seat, language())
        if key not in self._views:
            self._views[key] = self.engine.view(self.state, seat)
        return self._views[key]


@dataclass(frozen=True)
class Clause:
    """One decision in the story of a turn: engine text with `{seat:N}` tokens, never a person's name. Frozen:
    one parse of a stored journal is shared (`journal.parse`); a changed clause is a new one (`replace`)."""

    seq: int
    seat: int
    user_id: int | None
    origin: str
    text: str  # in the source language (English)
    closes: bool  # whether it closed the mover's undo window (drew randomness, revealed, passed the turn)
    #: Already told in a turn post: kept only so the mover may still undo a turn that a formality handed on
    #: (nothing revealed), until another seat acts.
    told: bool = False
    #: The same clause worded in each language it may be read in (by locale; English is `text`): a turn's
    #: story is told after the states it was worded from are gone, to readers of any language.
    texts: dict[str, str] = field(default_factory=dict)

    def worded(self) -> str:
        """The clause in the current locale (English when it was not worded in it)."""
        return self.texts.get(i18n.current_locale.get(), self.text)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seq": self.seq, "seat": self.seat, "user": self.user_id, "origin": self.origin,
                "text": self.text, "closes": self.closes}
        if self.texts:
            data["texts"] = self.texts
        return {**data, "told": True} if self.told else data

    @functools.cached_property
    def json_text(self) -> str:
        """`as_json` as JSON text, written once per clause: a journal keeps its clauses from move to move, and
        is stored again whole at each (`journal.dumps`)."""
        return json.dumps(self.as_json())

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clause:
        texts = data.get("texts")
        return cls(int(data["seq"]), int(data["seat"]), data.get("user"), str(data["origin"]),
                   str(data["text"]), bool(data["closes"]), bool(data.get("told", False)),
                   {str(k): str(v) for k, v in texts.items()} if isinstance(texts, dict) else {})


def story_locales() -> tuple[str, ...]:
    """The languages a decision's clause is worded in: every shipped one, and the current one (a test's
    pseudo-locale)."""
    return tuple(dict.fromkeys([*i18n.SHIPPED, i18n.current_locale.get()]))


@dataclass
class Applied:
    seat: int
    user_id: int | None
    origin: str
    action: Any
    label: str  # the public label: never names a hidden card (Game.public_label)
    story: str = ""  # the engine's narration of this decision (seat tokens, nothing hidden), in English
    closes: bool = True  # the engine's closes_undo for it
    stories: dict[str, str] = field(default_factory=dict)  # the narration in each other language, by locale

    @classmethod
    def of(cls, engine: Game, before: State, seat: int, user_id: int | None, origin: str, action: Any,
           after: State) -> Applied:
        """One decision as the log and the turn story keep it: its public label, narration and undo window."""
        stories: dict[str, str] = {}
        for locale in story_locales():
            with i18n.using(locale):
                try:
                    stories[locale] = engine.narrate(before, seat, action, after)
                except Exception:  # noqa: BLE001 - a narrator must never turn an accepted move into an error
                    stories[locale] = engine.public_label(before, action)
        story = stories.pop(i18n.SOURCE)
        try:
            # A formality (played for the seat) that only hands the turn on leaves its undo open: `reveals`.
            closes = bool((engine.reveals if origin == FORMALITY else engine.closes_undo)(before, seat, action, after))
        except Exception:  # noqa: BLE001 - a failing undo-window hook closes the window, the safe side
            closes = True
        return cls(seat, user_id, origin, action, engine.public_label(before, action), story, closes, stories)


@dataclass
class Outcome:
    """What a state change did, for the caller to announce."""

    game: GameRow
    engine: Game
    state: State | None
    before: State | None = None
    applied: list[Applied] = field(default_factory=list)
    finished: bool = False
    waiting_on: list[int] = field(default_factory=list)  # user ids that owe a decision now
    newly_waiting: list[int] = field(default_factory=list)  # of those, who did not owe one before
    #: The story of the turn so far (every decision since the last turn post), filled when this change
    #: ends a turn (someone new must act, or the game ended); else the decisions of this change.
    story: list[Clause] = field(default_factory=list)
    undo: bool = False  # this change took decisions back
    #: Bot seats that owe a decision now and did not before (named in the turn post, never pinged).
    bots_next: list[int] = field(default_factory=list)
    #: The bot's turn played right after this change (its own write and turn post), then the next, …
    bot_turn: Outcome | None = None
    #: Bot seats that owe a decision but could not make one (the AI and its fallback both failed): this
    #: change is saved all the same; the table is told, the game is marked, an admin can retry or end it.
    bots_stuck: list[int] = field(default_factory=list)
    #: Bot seats that owe a decision after this change (newly or not). With bots played in the background
    #: (`TableService(bots_inline=False)`), the caller starts their turn with `service.play.play_bots`.
    bots_owe: list[int] = field(default_factory=list)
    #: The turn journal as this change left it (the story so far and the undo window), as stored with it.
    journal: list[Clause] = field(default_factory=list)
    #: The mover's panel after this change (their next decision, or why they have none), built from the
    #: state in hand by `act`, `act_by_index` and `undo`, so a click needs no second read of the game.
    panel: Panel | None = None
    #: The option lists already built for `state`, by seat (settling asked them): not built again.
    options: dict[int, list[Any]] = field(default_factory=dict, repr=False)
    _views: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """The engine's view of the state after this change for `seat` (None: public), computed once per
        language: a view holds worded names, and one change is shown to readers of several languages (the
        clicker's panel, the server's turn post)."""
        if self.state is None:
            return None
        key = (seat, language())
        if key not in self._views:
            self._views[key] = self.engine.view(self.state, seat)
        return self._views[key]

    def chain(self) -> list[Outcome]:
        """This outcome and the bot turns that followed it, in order (what a caller announces)."""
        out: list[Outcome] = []
        step: Outcome | None = self
        while step is not None:
            out.append(step)
            step = step.bot_turn
        return out


@dataclass
class GameSummary:
    game_id: int
    kind: str
    title: str
    mode: str
    status: str
    guild_id: int | None
    channel_id: int | None
    players: list[int]
    waiting_on: list[int]
    headline: str  # engine text: seats as `{seat:N}` tokens, for the caller to fill with names
    version: int
    seat_users: list[int | None] = field(default_factory=list)  # the user in each seat, by seat


@dataclass
class SweepEvent:
    """A reminder to send, or a deadline that the service just enforced."""

    kind: str  # "reminder" | "deadline" | "bot" (a bot turn the sweep played)
    game: GameRow
    users: list[int]
    outcome: Outcome | None = None


def users_of(game: GameRow, seats: list[int]) -> list[int]:
    """The people holding `seats` (bot seats have nobody to ping, remind or time out)."""
    out: list[int] = []
    for seat in seats:
        user = game.user_of(seat)
        if user is not None and not is_bot_user(user):
            out.append(user)
    return out

