"""Turning a button's imperative label into a clause of the third-person turn story.

A label speaks to the player ("Place 1 in Port B", "Take a Church card"); the public story speaks of
them ("{seat:0} places 1 in Port B"). `told_by` puts the seat's token in front of a label, with its
first verb agreeing ("takes", "goes", "buys"); a label that does not open with a verb ("Church 4 (6
VP)", "White die 3 + card 2") follows a colon instead.
"""

from __future__ import annotations

import re

from engine.core.contract import seat_token
from engine.core.translate import _, pgettext

#: Verbs labels open with, by their base form; the third person is built by `third_person_verb`.
VERBS = frozenset({
    "add", "build", "buy", "choose", "circle", "complete", "cross", "discard", "draw", "end", "exchange",
    "fill", "flip", "gain", "get", "give", "go", "hire", "keep", "learn", "leave", "make", "mark", "move",
    "pass", "pay", "place", "play", "put", "record", "return", "score", "sell", "send", "skip", "spend",
    "stop", "swap", "take", "trade", "upgrade", "use", "write",
})
_IRREGULAR = {"go": "goes", "do": "does", "have": "has"}


def third_person_verb(verb: str) -> str:
    """"take" -> "takes", "pass" -> "passes", "go" -> "goes", "carry" -> "carries"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def third_person(label: str) -> str | None:
    """The label as a predicate in the third person ("Also keep a card" -> "also keeps a card"), or None
    when it does not open with a known verb."""
    words = label.split(" ", 2)
    lead = ""
    if len(words) > 1 and words[0].lower() == "also":
        lead, words = "also ", words[1:]
    first = words[0].lower()
    if first not in VERBS:
        return None
    text = lead + " ".join([third_person_verb(first), *words[1:]])
    # The label speaks to the player ("from your hand"); the story speaks of them.
    return re.sub(r"\byour\b", "their", re.sub(r"\byours\b", "theirs", text))


def told_by(seat: int, label: str) -> str:
    """"{seat:N} takes a Church card" from "Take a Church card"; "{seat:N}: Church 4" from "Church 4".

    Only a label opening with an English verb is turned into the third person (a game whose words are not
    translated yet reads so in every language); a translated label follows the seat after a colon, as the
    reader's language writes it ("{seat:N} : Prendre une carte Église")."""
    predicate = third_person(label)
    if predicate is not None:
        return f"{seat_token(seat)} {predicate}"
    return _("{seat}: {label}").format(seat=seat_token(seat), label=label)


def story_joiner() -> str:
    """What stands between the events of one turn's story ("; " in English): a language writes it its own way
    (French " ; ", Japanese ends each event as a sentence)."""
    # TRANSLATORS: between two events of one turn's story ("sends Power 4 to Tea; gains 4 Tea"). French puts a
    # space before ";"; Japanese may end each event as a sentence (。).
    return pgettext("between the events of a story", "; ")


def list_joiner() -> str:
    """What stands between the items of a list whose items hold commas themselves ("; " in English)."""
    # TRANSLATORS: between the items of a list whose items may hold commas ("gains ¥2; draws 1 order").
    return _("; ")


def labelled(label: str, value: str) -> str:
    """"label: value" as the reader's language writes it (French "label : value", Japanese "label：value")."""
    # TRANSLATORS: a label and what follows it ("#3: 5 pts + …", "Alice: sends Power 4 …"). French puts a space
    # before ":"; Japanese may use "：".
    return pgettext("a label and its value", "{label}: {value}").format(label=label, value=value)
