"""Game component data (cards, boards, sheets) as TOML/JSON text files, one folder per game.

Someone who owns the physical game can correct a card by editing these files, not code.
Files marked `reconstructed = true` were designed by us to fit the rulebook's constraints
where the rulebook does not list the components (see docs/rulings.md).
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent


def data_path(game: str, filename: str) -> Path:
    return DATA_DIR / game / filename


@cache
def load_data(game: str, filename: str) -> Any:
    """Parse `data/<game>/<filename>` (TOML or JSON), cached: data never changes at run time."""
    path = data_path(game, filename)
    if path.suffix == ".toml":
        with path.open("rb") as fh:
            return tomllib.load(fh)
    if path.suffix == ".json":
        return json.loads(path.read_text(encoding="utf-8"))
    raise ValueError(f"Unsupported data file type: {path}")
