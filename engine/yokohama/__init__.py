"""Yokohama (2–4 players): the full rules engine behind the engine contract (DESIGN.md).

Every decision is a step (`step.YokohamaStep`: its answers with their refusal reasons, its effect,
its question, its words) declared in the module of the rules it carries out. Modules, one job each:
`components` (card and board data), `setup` (a new game), `board` (questions about the board),
`rewards` (gaining things; the reward-choice steps), `additional` (free actions), `placement`,
`movement`, `areas` (steps 3–6, the automatic parts), `port`, `laboratory`, `agency`, `chinatown`,
`church` (Church and Customs), `construction` (5-Power bonus, building, Telephone), `achievements`,
`endgame` (end conditions and final scoring), `flow` (which step answers now; the automatic steps
between decisions), `text` (words several steps share), `types` (shapes of actions and pending
choices), `story`, `view`, `greedy` and `ai` (computer players) and `game` (the contract object).
"""

from engine.yokohama.game import YokohamaGame

GAME = YokohamaGame()

__all__ = ["GAME", "YokohamaGame"]
