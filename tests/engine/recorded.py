"""Recorded whole games (`tests/fixtures/<game>/*.json`): reading, replaying and writing them.

A record holds what it takes to replay a game and what the replay must end with:

```json
{"game": "duel", "players": 2, "seed": 7, "options": {}, "note": "why this game is here",
 "actions": [[0, {"do": "end"}], ...], "scores": [{"total": 61, ...}, ...]}
```

`actions` are `[seat, action]` pairs in the order they were applied. Any other keys (how the game
was chosen, what it covers) are for people and for the tool that re-records it. Records are
written one action per line, so a rule change that alters a game shows up as a readable diff.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import Game, Rng, State, get_game, replay

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
REQUIRED = ("game", "players", "seed", "options", "actions", "scores")


def record_paths() -> list[Path]:
    """Every recorded game of every engine (one directory per game under tests/fixtures).

    Other JSON kept beside them (e.g. states stored by an older engine, for upgrade tests) is not a
    recorded game: a record is an object with an `actions` log. Such files are better kept in a
    subdirectory (tests/fixtures/duel/stored/), which this does not search."""
    paths = []
    for path in sorted(FIXTURES.glob("*/*.json")):
        content = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(content, dict) and "actions" in content:
            paths.append(path)
    return paths


def read_record(path: Path) -> dict[str, Any]:
    record = json.loads(path.read_text(encoding="utf-8"))
    missing = [key for key in REQUIRED if key not in record]
    if missing:
        raise ValueError(f"{path}: a recorded game needs {', '.join(missing)}")
    return record


def replay_record(record: dict[str, Any]) -> tuple[Game, State]:
    """The game and the state its recorded actions lead to (raises if one is refused)."""
    game = get_game(record["game"])
    log = [(int(seat), action) for seat, action in record["actions"]]
    return game, replay(game, record["players"], record["seed"], record["options"], log)


def write_record(path: Path, record: dict[str, Any]) -> None:
    """Write `record` with one action per line (the action log dominates the file)."""
    lines = ["{"]
    for key, value in record.items():
        if key == "actions":
            continue
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)},")
    actions = [json.dumps(pair, ensure_ascii=False, sort_keys=True, separators=(",", ":")) for pair in
               record["actions"]]
    lines.append('  "actions": [')
    lines.append(",\n".join(f"    {text}" for text in actions))
    lines.append("  ]")
    lines.append("}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def play_recorded(game: Game, players: int, seed: int, options: dict[str, Any] | None, policy: str,
                  *, limit: int = 6000, choose: Callable[[State, int, Rng], Any] | None = None,
                  ) -> tuple[list[tuple[int, Any]], State]:
    """Play one whole game for a record: `policy` is "greedy" (the engine's auto_action) or "mixed:P" (a
    random legal action with probability P), unless `choose(state, seat, chooser)` decides instead (an
    engine's own recording tool may steer its players; `policy` then only names it in messages).
    Returns the action log and the final state."""
    state = game.new(players, seed, options)
    chooser = Rng(seed * 7919 + 17)
    randomness = float(policy.split(":")[1]) if policy.startswith("mixed:") else 0.0
    log: list[tuple[int, Any]] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        if choose is not None:
            action = choose(state, seat, chooser)
        elif randomness and chooser.below(1000) < randomness * 1000:
            action = chooser.choice(game.legal(state, seat))
        else:
            action = game.auto_action(state, seat)
        log.append((seat, action))
        state = game.apply(state, seat, action)
        if len(log) > limit:
            raise RuntimeError(f"{game.name}, {players} players, seed {seed}, {policy}: no end after {limit} decisions")
    return log, state
