"""Yokohama's words in the reader's language: the component data's names are in the catalogue, and a game
read in another language reaches the same states as one read in English."""

from __future__ import annotations

import re

from engine.core import get_game
from engine.core.rng import Rng
from engine.core.translate import translator
from engine.yokohama.components import DATA_NAMES, parts
from engine.yokohama.types import Action, State
from tests.engine.test_translate import Shouting


def test_every_name_of_the_yokohama_data_is_marked_for_the_catalogue() -> None:
    """The data files are read at run time, where the extractor cannot see them: their names and texts are
    listed, marked, in components.py (`DATA_NAMES`), and a data file edited without that list fails here."""
    p = parts()
    names = {a["name"] for a in p.areas.values()} | {t["name"] for t in p.techs.values()}
    names |= set(p.effect_text.values()) | {a["name"] for a in p.achievements.values()}
    names |= {t["text"] for t in p.rules["chinatown"]["trades"].values()}
    assert names - set(DATA_NAMES) == set()


def _play(read: bool, seed: int, decisions: int) -> tuple[str, list[str]]:
    """A 3-player game of random decisions; with `read`, every option's label and detail, the prompt, the
    headline and each decision's story are worded on the way (as a reader's panels and turn posts do)."""
    game = get_game("yokohama")
    state: State = game.new(3, seed)
    rng = Rng(seed)
    words: list[str] = []
    for _ in range(decisions):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        options: list[Action] = game.legal(state, seat)
        if read:
            words += [game.describe(state, o) + game.detail(state, o) for o in options]
            words += [game.headline(state), game.pending_label(state, seat)]
        action = options[rng.below(len(options))]
        after = game.apply(state, seat, action)
        if read:
            words.append(game.narrate(state, seat, action, after))
        state = after
    return game.dump(state), words


def test_a_yokohama_game_read_in_another_language_reaches_the_same_states() -> None:
    """The state keeps no word of the reader's language (its event log is worded in English whoever clicks),
    and which answers are offered never depends on the reader's language (a pair of order cards is offered
    whole when its English label fits)."""
    english, _words = _play(False, 11, 400)
    token = translator.set(Shouting())
    try:
        shouted, words = _play(True, 11, 400)
    finally:
        translator.reset(token)
    assert shouted == english
    # the words were read in that language: nothing left in English in the labels, prompts, headlines, stories
    lower = sorted({w for w in words if re.search(r"[a-z]", re.sub(r"\{seat:\d+\}", "", w))})
    assert len(words) > 1000 and lower == []
