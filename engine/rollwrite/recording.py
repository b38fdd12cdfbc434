"""Employee recording: which ways of writing the chosen set's circles the rules allow.

The rulebook's recording rules (3) Employee recording) are easy to state and fiddly to
check one circle at a time, so we enumerate every complete, legal way of writing the
circles ("placements": a count per town row) and let the game offer those. The numbers are
small (8 rows, at most 2 circles in a row), and results are cached by their inputs.

Rules applied here:
- Count limit: 1-2 circles in the die's row, 0-1 in every other row (Carriage: 0-2).
- Consecutive: rows written in form one run from top to bottom; full rows are skipped
  (Tram: ignored). The top and bottom rows are not connected.
- Full tracks: no circle beyond a track's last space; if the die's row is full, the die
  number moves up or down by 1 (repeatedly) to the nearest row with space.
- Postal service: one circle may go in any row, outside both rules.
- If the employment number cannot be written in full, as many circles as the rules allow
  are written (ruling R4 in docs/rulings/rollwrite.md).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from engine.rollwrite.components import ROWS

Placement = tuple[int, ...]


def die_rows(free: tuple[int, ...], die: int) -> tuple[int, ...]:
    """The row(s) that count as the die's area: the die's own row, or the nearest rows with space.

    When the rows one step up and one step down both have space, the player may use
    either ("increase or decrease the die number by 1"), so both are returned.
    """
    if free[die] > 0:
        return (die,)
    for step in range(1, ROWS):
        near = tuple(r for r in (die - step, die + step) if 0 <= r < ROWS and free[r] > 0)
        if near:
            return near
    return ()


def _normal(free: tuple[int, ...], die: int, limit: int, carriage: bool, tram: bool) -> list[Placement]:
    """Every placement of 1..limit circles obeying the count limit and the consecutive rule (the Tram
    lifts the consecutive rule)."""
    if free[die] <= 0:
        return []
    caps = [min(free[r], 2 if (r == die or carriage) else 1) for r in range(ROWS)]
    open_rows = [r for r in range(ROWS) if free[r] > 0]
    if not tram:
        return _runs(die, limit, caps, open_rows)
    return _anywhere(die, limit, caps, open_rows)


def _anywhere(die: int, limit: int, caps: list[int], open_rows: list[int]) -> list[Placement]:
    """`_normal` with the Tram: 1 to its cap circles in the die's row and 0 to its cap in every other open
    row, at most `limit` in all, walked row by row (a row's count stops growing once over the limit)."""
    out: list[Placement] = []
    counts = [0] * ROWS
    last = len(open_rows)

    def walk(i: int, total: int) -> None:
        if i == last:
            out.append(tuple(counts))
            return
        row = open_rows[i]
        for n in range(1 if row == die else 0, caps[row] + 1):
            if total + n > limit:
                break
            counts[row] = n
            walk(i + 1, total + n)
        counts[row] = 0

    walk(0, 0)
    return out


def _runs(die: int, limit: int, caps: list[int], open_rows: list[int]) -> list[Placement]:
    """`_normal` without the Tram: the rows written form one run of consecutive open rows (full rows
    skipped) through the die's row, 1 to its cap circles in each, at most `limit` in all. Listed run
    by run instead of walking every row's count (what `_anywhere` does with the Tram): the same
    placements, several times faster (a playout met a thousand new recordings in 40 games)."""
    at = open_rows.index(die)
    out: list[Placement] = []
    for first in range(at, max(at - limit, -1), -1):
        for last in range(at, min(first + limit, len(open_rows))):
            rows = open_rows[first:last + 1]
            for counts in product(*[range(1, caps[r] + 1) for r in rows]):
                if sum(counts) <= limit:
                    placement = [0] * ROWS
                    for row, n in zip(rows, counts, strict=True):
                        placement[row] = n
                    out.append(tuple(placement))
    return out


#: Room on a track beyond this changes no placement: at most 2 circles go in one row, and the Postal
#: service's 1 more only asks whether a row holds one circle more than the placement writes there.
ROOM_THAT_MATTERS = 3


def placements(
    free: tuple[int, ...],
    die_choices: tuple[int, ...],
    number: int,
    carriage: bool = False,
    tram: bool = False,
    postal: bool = False,
) -> tuple[Placement, ...]:
    """All legal placements writing as many circles as possible, up to `number`.

    `free` is the empty space left on each track; `die_choices` the row(s) that count as
    the die's area (see `die_rows`). Sorted, so the offered order is stable. Room beyond
    `ROOM_THAT_MATTERS` is read as that much, so recordings on sheets that differ only in
    long empty tracks share one cached answer (almost every recording of a playout was new
    to the cache keyed by the exact room).
    """
    cap = ROOM_THAT_MATTERS
    room = tuple([f if f < cap else cap for f in free])
    return _placements(room, die_choices, number, carriage, tram, postal)


@lru_cache(maxsize=8192)
def _placements(
    free: tuple[int, ...],
    die_choices: tuple[int, ...],
    number: int,
    carriage: bool,
    tram: bool,
    postal: bool,
) -> tuple[Placement, ...]:
    """`placements` for the room as given (bounded cache: at most 8192 answers)."""
    found: set[Placement] = set()
    for die in die_choices:
        base = _normal(free, die, number, carriage, tram)
        found.update(base)
        if postal:
            bases = [p for p in base if sum(p) <= number - 1]
            bases.append((0,) * ROWS)  # with 1 circle to write, it may go anywhere
            for p in bases:
                for row in range(ROWS):
                    if p[row] < free[row]:
                        q = list(p)
                        q[row] += 1
                        found.add(tuple(q))
    if not found:
        return ()
    best = max(sum(p) for p in found)
    return tuple(sorted((p for p in found if sum(p) == best), reverse=True))
