"""The seeded random source every engine keeps inside its state.

A game's randomness must survive `dump`/`load` and replay identically on any machine and
any Python version, so we do not use `random.Random` (whose state is large and whose
algorithms for `shuffle`/`randrange` are not promised to stay the same). SplitMix64 is
tiny (one 64-bit integer of state), fast, and its output is fixed by its definition.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def mix_seed(*parts: int | str) -> int:
    """Fold several seed parts (ints or strings) into one 64-bit seed, stably."""
    h = 0x9E3779B97F4A7C15
    for part in parts:
        data = part.encode() if isinstance(part, str) else str(int(part)).encode()
        for byte in data + b"\x00":
            h = ((h ^ byte) * 0x100000001B3) & _MASK
            h = _splitmix_output(h)
    return h


def _splitmix_output(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


#: `below`'s rejection bound for the small ranges nearly every draw uses (a hand, a seat, a die):
#: the largest multiple of n not above 2**64, reckoned once instead of at every draw.
_SMALL = 256
_LIMITS = [0, *((1 << 64) - ((1 << 64) % n) for n in range(1, _SMALL))]


class Rng:
    """SplitMix64 with a JSON-able state (`rng.state` is a plain int).

    Keep it in the game state as `state["rng"] = rng.state`, or use `Rng.of(state)` /
    `rng.store(state)`, which do exactly that under the key ``"rng"``.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = int(seed) & _MASK

    @classmethod
    def of(cls, game_state: Mapping[str, Any], key: str = "rng") -> Rng:
        return cls(game_state[key])

    def store(self, game_state: MutableMapping[str, Any], key: str = "rng") -> None:
        game_state[key] = self.state

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        return _splitmix_output(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias.

        `next_u64` inlined (playouts draw twice per action); with n == 1 the answer is 0 whatever
        is drawn, so the state only steps on, exactly as a draw would move it."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            return 0
        limit = _LIMITS[n] if n < _SMALL else (1 << 64) - ((1 << 64) % n)
        while True:
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included (like a die: randint(1, 6))."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)
