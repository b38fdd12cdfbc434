"""Words every front end shares: the one plural helper and sentence case.

Every count a person reads ("1 round", "3 rounds", "1 point") goes through `plural`, so no text says
"1 rounds"; `sentence` starts a sentence with a capital letter whatever word it begins with.
"""

from __future__ import annotations

#: Words whose plural is not the word plus "s".
_IRREGULAR = {"match": "matches", "bye": "byes", "person": "people", "reply": "replies", "day": "days",
              "pts": "pts", "VP": "VP"}
#: Short forms with a singular of their own.
_SINGULAR_OF = {"pts": "pt"}


def plural_word(n: float, word: str, many: str | None = None) -> str:
    """`word` as it reads after the number `n` (1: singular; anything else, 0 and 1.5 too: plural)."""
    if n == 1:
        return _SINGULAR_OF.get(word, word)
    return many or _IRREGULAR.get(word) or word + "s"


def plural(n: float, word: str, many: str | None = None) -> str:
    """`1 round`, `2 rounds`, `0 rounds`, `1.5 points` (`many`: the plural when it is not word + s)."""
    shown = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{shown} {plural_word(n, word, many)}"


def sentence(text: str) -> str:
    """`text` with its first letter upper-case (markdown and emoji before it left as they are)."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
        if ch.isdigit():
            return text
    return text
