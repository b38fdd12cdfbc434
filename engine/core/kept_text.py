"""Text a state keeps (a game's log, a sheet's decisions this round), readable later in any language.

A state must be the same whoever was reading when it was played, yet a log line written in English reads in
English for ever. So the engines write kept text under `keeping()`: the translator in force then is `RECORDER`,
which answers each message with the message itself, marked, and with its placeholders marked, so that after
the engine's own `.format(...)` the kept string holds the message ids and the values put in them — nested
messages included ("{seat} builds in {area}" with the area's own translated name inside). Nothing in it
depends on a language.

`worded(text)` reads a kept string in the translator in force now: each message is translated and its values
put back in the translation's own order. `plain(text)` is the English the engine wrote (the markers taken
out), which is also what any reader gets from text kept before it was marked, or from a message the reader's
catalogue lacks.

The markers are characters of Unicode's private use area, which no component name or message uses.
"""

from __future__ import annotations

import contextlib
import functools
import string
from collections.abc import Iterator

from engine.core import translate

OPEN = "\ue000"  # a message starts: OPEN, its kind, its ids, HEAD, the formatted English body, CLOSE
HEAD = "\ue001"
CLOSE = "\ue002"
VALUE = "\ue003"  # a value put into a placeholder: VALUE ... END_VALUE
END_VALUE = "\ue004"
SEP = "\ue005"  # between a plural's or a context's ids
MARKERS = (OPEN, HEAD, CLOSE, VALUE, END_VALUE, SEP)
_GETTEXT, _NGETTEXT, _PGETTEXT = "g", "n", "p"
_formatter = string.Formatter()


def _escaped(literal: str) -> str:
    return literal.replace("{", "{{").replace("}", "}}")


def _marked_template(message: str) -> str:
    """What is kept of `message` once the engine formats it: each placeholder's value, between value
    markers (the words around them are the message's, found again from its id)."""
    if "{" not in message:
        return ""
    out: list[str] = []
    try:
        parts = list(_formatter.parse(message))
    except ValueError:  # not a format string: its id says it all
        return ""
    for _literal, field, spec, conversion in parts:
        if field is not None:
            out.append(VALUE + "{" + field + (f"!{conversion}" if conversion else "")
                       + (f":{spec}" if spec else "") + "}" + END_VALUE)
    return "".join(out)


class Recorder:
    """A translator whose every answer is the marked message (`translate.Translator`'s three calls). A
    message with placeholders has its ids' braces doubled, as the engine's `.format(...)` formats the whole
    marked string; the closing marker is plain text to `.format`, so it closes the message as it is."""

    def __init__(self) -> None:
        self._marked: dict[object, str] = {}

    def gettext(self, message: str, /) -> str:
        marked = self._marked.get(message)
        if marked is None:
            marked = self._marked[message] = OPEN + _GETTEXT + _ids(message) + HEAD + _marked_template(message) + CLOSE
        return marked

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        key = (msgid1, msgid2, n == 1)
        body = self._marked.get(key)
        if body is None:
            body = self._marked[key] = _marked_template(msgid1 if n == 1 else msgid2) + CLOSE
        return OPEN + _NGETTEXT + _ids(msgid1) + SEP + _ids(msgid2) + SEP + str(n) + HEAD + body

    def pgettext(self, context: str, message: str, /) -> str:
        key = (context, message)
        marked = self._marked.get(key)
        if marked is None:
            marked = self._marked[key] = (OPEN + _PGETTEXT + _ids(context) + SEP + _ids(message) + HEAD
                                          + _marked_template(message) + CLOSE)
        return marked


def _ids(message: str) -> str:
    """A message id as the marked string holds it: escaped if the message is a template (formatted later)."""
    return _escaped(message) if "{" in message else message


RECORDER = Recorder()


@contextlib.contextmanager
def keeping() -> Iterator[None]:
    """Word the block as kept text (for the state): marked messages, the same whoever reads along."""
    token = translate.translator.set(RECORDER)
    try:
        yield
    finally:
        translate.translator.reset(token)


# ----- reading kept text ---------------------------------------------------------------------------
class _Message:
    __slots__ = ("kind", "ids", "values")

    def __init__(self, kind: str, ids: list[str], values: list[list[str | _Message]]) -> None:
        self.kind = kind
        self.ids = ids
        self.values = values  # each value put in a placeholder, in the English message's order


Part = str | _Message


def _parse(text: str, at: int, stop: str) -> tuple[list[Part], int]:
    """The parts of `text` from `at` up to the `stop` marker (or the end): literal text and messages; the
    index after `stop`."""
    parts: list[Part] = []
    literal_from = at
    n = len(text)
    while at < n:
        char = text[at]
        if char == stop:
            break
        if char != OPEN:
            at += 1
            continue
        if at > literal_from:
            parts.append(text[literal_from:at])
        head_end = text.index(HEAD, at)
        kind, ids = text[at + 1], text[at + 2:head_end].split(SEP)
        values: list[list[Part]] = []
        at = head_end + 1
        while at < n and text[at] == VALUE:
            value, at = _parse(text, at + 1, END_VALUE)
            values.append(value)
        if at >= n or text[at] != CLOSE:
            raise ValueError("a kept message is not closed")
        parts.append(_Message(kind, ids, values))
        at += 1
        literal_from = at
    if at > literal_from:
        parts.append(text[literal_from:at])
    return parts, at + 1


def _fields(template: str) -> list[str] | None:
    """The placeholders of `template` in order, auto-numbered ones by position; None if it is not one."""
    try:
        parsed = list(_formatter.parse(template))
    except ValueError:
        return None
    fields: list[str] = []
    auto = 0
    for _literal, field, _spec, _conversion in parsed:
        if field is None:
            continue
        if field == "":
            field = str(auto)
            auto += 1
        fields.append(field)
    return fields


def _filled(template: str, values: dict[str, str]) -> str | None:
    """`template` with each placeholder replaced by its value, already formatted (None if one is missing)."""
    out: list[str] = []
    auto = 0
    for literal, field, _spec, _conversion in _formatter.parse(template):
        out.append(literal)
        if field is not None:
            if field == "":
                field = str(auto)
                auto += 1
            if field not in values:
                return None
            out.append(values[field])
    return "".join(out)


def _word(message: _Message, words: translate.Translator) -> str:
    """One message in `words`: its translation with the (worded) values put back in the translation's order;
    the English as written where the translation does not fit them."""
    kind, ids = message.kind, message.ids
    if kind == _NGETTEXT and len(ids) == 3 and ids[2].lstrip("-").isdigit():
        count = int(ids[2])
        english = _unescaped(ids[0] if count == 1 else ids[1])
        translated = words.ngettext(_unescaped(ids[0]), _unescaped(ids[1]), count)
    elif kind == _PGETTEXT and len(ids) == 2:
        english = _unescaped(ids[1])
        translated = words.pgettext(_unescaped(ids[0]), english)
    elif kind == _GETTEXT and len(ids) == 1:
        english = _unescaped(ids[0])
        translated = words.gettext(english)
    else:  # a marker this version does not know: its values, as they are
        return " ".join(_words(value, words) for value in message.values)
    if not message.values:
        return translated
    named = _fields(english)
    if named is None or len(named) != len(message.values):
        return translated
    values = {field: _words(value, words) for field, value in zip(named, message.values, strict=True)}
    filled = _filled(translated, values) if translated is not english else None
    if filled is None:
        filled = _filled(english, values)
    return filled if filled is not None else english


def _unescaped(ids: str) -> str:
    return ids.replace("{{", "{").replace("}}", "}") if "{" in ids else ids


def _words(parts: list[Part], words: translate.Translator) -> str:
    return "".join(p if isinstance(p, str) else _word(p, words) for p in parts)


def worded(text: str) -> str:
    """Kept `text` in the reader's language (the translator in force); text kept unmarked is as it was."""
    if OPEN not in text:
        return text
    return _worded_in(text, translate.language())


@functools.lru_cache(maxsize=4096)
def _worded_in(text: str, language: str) -> str:
    """`worded`, remembered by language: a view words the same log lines again at every position."""
    del language  # a key only: the translator in force words it
    return _read(text, translate.current())


def plain(text: str) -> str:
    """Kept `text` as the engine wrote it in English, without markers."""
    if OPEN not in text:
        return text
    return _plain(text)


@functools.lru_cache(maxsize=4096)
def _plain(text: str) -> str:
    """`plain`, remembered: the same in every language, and asked again of the same log lines (a turn's story
    is told in each shipped language from the same state)."""
    return _read(text, translate.ENGLISH)


def _read(text: str, words: translate.Translator) -> str:
    try:
        parts = _parts(text)
    except ValueError:  # a damaged marker: the text without markers
        return "".join(c for c in text if c not in MARKERS)
    return _words(parts, words)


@functools.lru_cache(maxsize=4096)
def _parts(text: str) -> list[Part]:
    """The parts of kept `text`, remembered: the same in every language (a new log line is read in English and
    in each shipped language for a turn's story), and only ever read."""
    parts, _end = _parse(text, 0, "")
    return parts
