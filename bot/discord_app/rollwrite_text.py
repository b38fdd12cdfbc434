"""Roll & Write in words: the round's sets, round summaries, scores and the final ranking.

Pure functions of the engine's view (see engine/rollwrite/view.py) and the stored game row, so
the cogs stay thin and these are tested without Discord. Every picture the bot posts comes with
this text, which screen readers read and which still says everything when no renderer exists.
"""

from __future__ import annotations

from typing import Any

from bot.discord_app.panels.text import clip, mention
from bot.service.records import GameRow

TITLE = "Yokohama Roll & Write"
TIE_BREAK_RULE = ("Equal VP: more money + faith left wins, then more unused employee circles; "
                  "equal on all three shares the place.")
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def who(game: GameRow, seat: int) -> str:
    user = game.user_of(seat)
    return mention(user) if user is not None else f"Seat {seat + 1}"


def set_line(entry: dict[str, Any], *, mark_taken: bool = True) -> str:
    card = entry["card"]
    line = (f"**{entry['colour'].capitalize()}** die {entry['die']} · card: {card['number']} employees, "
            f"{card['action_text']}")
    if mark_taken and entry.get("taken_by_start_player"):
        line += " — taken by the start player"
    return line


def sets_lines(view: dict[str, Any]) -> list[str]:
    """The round's three dice-and-card sets, one line each."""
    if not view["sets"]:
        return []
    return [f"Round {view['round']} of {view['rounds']} — the sets:"] + [f"• {set_line(s)}" for s in view["sets"]]


def score_line(scores: dict[str, int]) -> str:
    return (f"{scores['total']} VP (port {scores['port']} · cargo {scores['cargo']} · "
            f"technology {scores['technology']})")


def options_text(options: dict[str, Any]) -> str:
    parts = [f"sheet side {options.get('side', 'A')}"]
    if options.get("start_player_priority"):
        parts.append("start player priority")
    if options.get("chinatown"):
        parts.append("Chinatown")
    if options.get("chamber_of_commerce"):
        parts.append("Chamber of Commerce")
    return ", ".join(parts)


def panel_notes(game: GameRow, view: dict[str, Any], seat: int) -> list[str]:
    """Under the header of a seat's private panel: the sets, the score so far, a daily reminder."""
    lines = []
    if game.mode == "daily" and game.daily_date:
        lines.append(f"📅 Daily challenge of {game.daily_date} — the same dice and cards for everyone.")
    me = view["seats"][seat]
    if view["over"]:
        lines.append(f"**Your final sheet: {score_line(me['scores'])}, {me['orders_fulfilled']} orders fulfilled.**")
        if me["achievements"]:
            lines.append("Achievements: " + ", ".join(me["achievements"]) + ".")
        if game.mode == "daily":
            lines.append("Your result is posted in the channel; see `/daily leaderboard` and `/daily stats`.")
        return lines
    lines += sets_lines(view)
    lines.append(f"Your sheet so far: {score_line(me['scores'])}, {me['orders_fulfilled']} orders fulfilled.")
    if not me["owes"]:
        lines.append(f"**{me['pending']}.** The bot posts in the channel when you may go on.")
    return lines


def public_notes(game: GameRow, view: dict[str, Any]) -> list[str]:
    """In the message that opens a table: the variant and the first round's sets."""
    lines = [f"Playing with {options_text(view['options'])}."]
    lines += sets_lines(view)
    start = view.get("start_player")
    if start is not None and view["options"].get("start_player_priority"):
        lines.append(f"{who(game, start)} is the start player and chooses a set first; "
                     "everyone else is told when they may choose.")
    return lines


def round_summary(game: GameRow, view: dict[str, Any], finished_round: int, budget: int = 1200) -> list[str]:
    """What each player did in the round that just ended (from `previous_events`), one line each.

    The lines share `budget` characters, so that with many players the message still fits Discord's
    2000 and keeps the next round's sets and whose turn it is (the pictures show every sheet in full).
    """
    lines = [f"**{TITLE} #{game.id}** — round {finished_round} done."]
    per_player = max(40, (budget - len(lines[0])) // max(1, len(view["seats"])) - 1)
    for entry in view["seats"]:
        events = entry["sheet"]["turn"]["previous_events"]
        did = "; ".join(events) if events else "nothing recorded"
        lines.append(clip(f"{who(game, entry['seat'])}: {did}.", per_player))
    return lines


def priority_lines(game: GameRow, view: dict[str, Any], waiting: list[int]) -> list[str]:
    """After the start player chose: which set they took, and who may choose now."""
    taken = view["priority_set"]
    start = view["start_player"]
    lines = [f"**{TITLE} #{game.id}** — round {view['round']}."]
    if taken is not None and start is not None:
        lines.append(f"{who(game, start)} took the {set_line(view['sets'][taken], mark_taken=False)}.")
    lines.append("You may choose now, from the other two sets: " + ", ".join(mention(u) for u in waiting))
    return lines


def final_places(game: GameRow, view: dict[str, Any], tie_breaks: list[tuple[int, int]]) -> list[int]:
    """Each seat's place (1 = first): by VP, then the tie-breakers, among those who played on; seats equal
    on all three share a place, and players who resigned share the last place."""
    seats = view["seats"]
    forfeited = set((game.result or {}).get("forfeited", []))
    keys = [(s["scores"]["total"], *tie_breaks[s["seat"]]) for s in seats]
    playing = [s for s in range(len(seats)) if s not in forfeited]
    return [1 + sum(1 for o in playing if keys[o] > keys[s]) if s not in forfeited else len(playing) + 1
            for s in range(len(seats))]


def ranking_lines(game: GameRow, view: dict[str, Any], tie_breaks: list[tuple[int, int]]) -> list[str]:
    """The final ranking, with the tie-breakers shown wherever VP are equal, and the achievements.

    `tie_breaks[seat]` is (money + faith left, unused circles) from the engine. Places follow VP, then
    those; seats equal on all three share a place. Players who resigned come last, without a place.
    """
    seats = view["seats"]
    forfeited = set((game.result or {}).get("forfeited", []))
    playing = [s for s in range(len(seats)) if s not in forfeited]
    places = final_places(game, view, tie_breaks)
    order = sorted(playing, key=lambda s: (places[s], s)) + sorted(forfeited)
    totals = [s["scores"]["total"] for s in seats]
    lines = [f"**{TITLE} #{game.id} — final scores** ({options_text(view['options'])})"]
    for seat in order:
        entry = seats[seat]
        if seat in forfeited:
            head = "–"
        else:
            medal = MEDALS.get(places[seat], "")
            head = f"{medal} {places[seat]}." if medal else f"{places[seat]}."
        line = (f"{head} {who(game, seat)} — {score_line(entry['scores'])}, "
                f"{entry['orders_fulfilled']} orders")
        if seat not in forfeited and sum(1 for o in playing if totals[o] == totals[seat]) > 1:
            resources, circles = tie_breaks[seat]
            line += f" · tie-break: {resources} money + faith, {circles} circles"
        if seat in forfeited:
            line += " (resigned)"
        lines.append(line)
    if len({totals[s] for s in playing}) < len(playing):
        lines.append(TIE_BREAK_RULE)
    earned = [e for e in seats if e["achievements"]]
    if earned:
        lines.append("**Achievements**")
        lines += [clip(f"{who(game, e['seat'])}: {', '.join(e['achievements'])}.", 400) for e in earned]
    return lines


def messages(lines: list[str], limit: int = 2000) -> list[str]:
    """Whole lines packed into as few messages of at most `limit` characters as possible."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def sheet_lines(game: GameRow, view: dict[str, Any], seat: int) -> list[str]:
    """`/rollwrite sheet`: one player's sheet in words."""
    entry = view["seats"][seat]
    sheet = entry["sheet"]
    stage = "final" if view["over"] else f"round {view['round']} of {view['rounds']}"
    lines = [f"**{TITLE} #{game.id}** — {who(game, seat)}'s sheet, {stage}: {score_line(entry['scores'])}, "
             f"{entry['orders_fulfilled']} orders fulfilled."]
    town = ", ".join(f"{r['name']} {r['unused']}" + (" (Elite)" if r["elite"] else "") for r in sheet["town"]["rows"])
    lines.append(f"Employees ready: {town}.")
    money, faith, cargo = (sheet["warehouse"][k] for k in ("money", "faith", "cargo"))
    lines.append(f"Money {money['available']}, faith {faith['available']}, cargo {cargo['count']}; "
                 f"{sum(1 for f in sheet['port']['forms'] if f['shop'])} shops, "
                 f"{sum(1 for h in sheet['port']['trading_houses'] if h['built'])} trading houses, "
                 f"{len(sheet['technologies'])} technologies.")
    if entry["owes"]:
        lines.append(f"Now: {entry['pending']}.")
    return lines
