"""The engine's words in the reader's language, without the engine knowing any language but English.

The engine writes its message templates in English and passes each through `_`, `ngettext` or `pgettext`
(the same names the message catalogue's extractor looks for, so `scripts/i18n extract` finds them in
`engine/`), then formats the result: `_("Take {n} money").format(n=2)`. Which language that is, the engine
never decides: it asks the translator in force.

- `translator` is a context variable: a caller sets it for a block (one reader's text).
- `install(t)` sets the translator used where no block set one: the bot installs one that reads its own
  "current locale" (so the bot's `using(locale)` governs engine text too).
- With neither, text reads in English as written (the engine used on its own, the engine's tests).

A cached piece of text must be keyed by `language()`: a cache filled in one language would answer in it
for every reader after.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import Protocol


class Translator(Protocol):
    """What the engine needs of a catalogue (the standard library's `gettext.NullTranslations` has it)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


class English:
    """The source text as written: English, with English's plural rule."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str, /) -> str:
        return message


ENGLISH = English()
translator: contextvars.ContextVar[Translator | None] = contextvars.ContextVar("engine_translator", default=None)
_installed: list[Translator] = [ENGLISH]
#: What names the language of the translator in force (for caches); the installer may give one.
_language_of: list[object] = [lambda: "en"]


@contextlib.contextmanager
def in_english() -> Iterator[None]:
    """Word the block in English, whatever the reader's language: for words the state itself keeps (a
    state must not depend on who was reading when it was played)."""
    token = translator.set(ENGLISH)
    try:
        yield
    finally:
        translator.reset(token)


def install(default: Translator, language: object = None) -> None:
    """Use `default` wherever no block set a translator; `language` (a no-argument callable) names its
    current language, for caches keyed by language."""
    _installed[0] = default
    if callable(language):
        _language_of[0] = language


def current() -> Translator:
    return translator.get() or _installed[0]


def language() -> str:
    """The language text is being worded in now (a key for caches of worded text)."""
    chosen = translator.get()
    if chosen is ENGLISH:
        return "en"
    if chosen is not None:
        return str(id(chosen))
    return str(_language_of[0]())  # type: ignore[operator]


def _(message: str) -> str:
    """`message` in the reader's language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message the reader's language picks for `n` (write the count as `{n}`)."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message`, told apart from the same English text elsewhere by `context`, in the reader's language."""
    return current().pgettext(context, message)


def N_(message: str) -> str:
    """Mark `message` for the catalogue; translated where it is shown (`_(constant)`)."""
    return message


__all__ = ["ENGLISH", "N_", "Translator", "_", "current", "in_english", "install", "language", "ngettext", "pgettext",
           "translator"]
