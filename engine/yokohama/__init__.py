"""Yokohama (2–4 players): the full rules engine behind the engine contract (DESIGN.md).

Modules, one job each: `components` (card and board data), `setup` (a new game), `board`
(questions about the board), `rewards` (gaining things and reward choices), `placement`,
`movement`, `areas` (steps 3–6), `additional` (free actions), `achievements`, `endgame`
(end conditions and final scoring), `flow` (the turn as a chain of decisions), `describe`,
`view`, `greedy` (the player used on time-outs) and `game` (the contract object).
"""

from engine.yokohama.game import YokohamaGame

GAME = YokohamaGame()

__all__ = ["GAME", "YokohamaGame"]
