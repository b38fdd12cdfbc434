"""A fast deep copy of a JSON-shaped value (game states, actions).

Every engine copies its whole state for each move it tries (`Game.apply`, the greedy players
and the AIs), so the copy is what a playout spends most of its time on. A JSON round trip
was the engines' copy (several times faster than `copy.deepcopy`); `orjson` does the same
round trip in C about five times faster again. Both give the same result for a JSON-shaped
value: fresh lists and dicts all the way down, no shared sub-objects, tuples turned into
lists. (JSON has no NaN or infinity, and no state holds one.) A value orjson refuses (a
non-string dict key, an integer beyond 64 bits) goes through the standard `json` module, and
so does everything when orjson is not installed (an old virtualenv), so the copy never
differs from `json.loads(json.dumps(value))`.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any, TypeVar, cast

_orjson: ModuleType | None
try:
    import orjson as _orjson
except ImportError:  # pragma: no cover - pyproject.toml installs it; the standard library still works
    _orjson = None

T = TypeVar("T")


def _std_copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def json_copy(value: T) -> T:
    """An independent copy of `value`, equal to `json.loads(json.dumps(value))`."""
    copied: T
    if _orjson is None:
        copied = _std_copy(value)
        return copied
    try:
        copied = _orjson.loads(_orjson.dumps(value))
    except TypeError:  # orjson.JSONEncodeError: only str keys and 64-bit integers
        copied = _std_copy(value)
    return copied


_SCALARS = frozenset({str, int, bool, type(None)})


def json_copy_small(value: T) -> T:
    """`json_copy` of an action: a dict with string keys whose values are strings, integers,
    booleans, None or lists of those (almost every action) is copied in Python, which for so small a
    value is faster than the round trip and gives the same result; anything else takes `json_copy`."""
    if type(value) is dict:
        out: dict[str, Any] = {}
        scalars = _SCALARS
        for key, item in cast(dict[Any, Any], value).items():
            kind = type(item)
            if type(key) is not str:
                return json_copy(value)
            if kind in scalars:
                out[key] = item
            elif kind is list and all(type(x) in scalars for x in item):
                out[key] = item[:]
            else:
                return json_copy(value)
        return cast(T, out)
    return json_copy(value)
