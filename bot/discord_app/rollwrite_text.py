"""Roll & Write in words: the round's sets, round summaries, scores and the final ranking.

Pure functions of the engine's view (see engine/rollwrite/view.py) and the stored game row, so
the cogs stay thin and these are tested without Discord. Every picture the bot posts comes with
this text, which screen readers read and which still says everything when no renderer exists.
"""

from __future__ import annotations

from typing import Any

from bot.discord_app.panels.text import clip, mention
from bot.service.records import GameRow
from i18n import N_, _, ngettext, story_joiner

TITLE = N_("Yokohama Roll & Write")  # the engine's title, translated where shown
TIE_BREAK_RULE = N_("Equal VP: more money + faith left wins, then more unused employee circles; "
                    "equal on all three shares the place.")
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: The dice's colours as the sets name them.
COLOURS = {"white": N_("White"), "gray": N_("Gray"), "black": N_("Black")}


def orders_fulfilled(n: int) -> str:
    """`1 order fulfilled`, `3 orders fulfilled`: the count in the plural form its language gives it."""
    return ngettext("{n} order fulfilled", "{n} orders fulfilled", n).format(n=n)


def who(game: GameRow, seat: int) -> str:
    user = game.user_of(seat)
    return mention(user) if user is not None else _("Seat {n}").format(n=seat + 1)


def set_line(entry: dict[str, Any], *, mark_taken: bool = True) -> str:
    card = entry["card"]
    colour = _(COLOURS.get(entry["colour"], entry["colour"].capitalize()))
    employees = ngettext("{n} employee", "{n} employees", card["number"]).format(n=card["number"])
    line = _("**{colour}** die {die} · card: {employees}, {action}").format(
        colour=colour, die=entry["die"], employees=employees, action=card["action_text"])
    if mark_taken and entry.get("taken_by_start_player"):
        line += " — " + _("taken by the start player")
    return line


def sets_lines(view: dict[str, Any]) -> list[str]:
    """The round's three dice-and-card sets, one line each."""
    if not view["sets"]:
        return []
    return ([_("Round {round} of {rounds} — the sets:").format(round=view["round"], rounds=view["rounds"])]
            + [f"• {set_line(s)}" for s in view["sets"]])


def score_line(scores: dict[str, int]) -> str:
    return _("{vp} VP (port {port} · cargo {cargo} · technology {technology})").format(
        vp=scores["total"], port=scores["port"], cargo=scores["cargo"], technology=scores["technology"])


def options_text(options: dict[str, Any]) -> str:
    parts = [_("sheet side {side}").format(side=options.get("side", "A"))]
    if options.get("start_player_priority"):
        parts.append(_("start player priority"))
    if options.get("chinatown"):
        parts.append(_("Chinatown"))
    if options.get("chamber_of_commerce"):
        parts.append(_("Chamber of Commerce"))
    return ", ".join(parts)


def panel_notes(game: GameRow, view: dict[str, Any], seat: int) -> list[str]:
    """Under the header of a seat's private panel: the sets, the score so far, a daily reminder."""
    lines = []
    if game.mode == "daily" and game.daily_date:
        lines.append("📅 " + _("Daily challenge of {date} — the same dice and cards for everyone.").format(
            date=game.daily_date))
    me = view["seats"][seat]
    if view["over"]:
        lines.append("**" + _("Your final sheet: {score}, {orders}.").format(
            score=score_line(me["scores"]), orders=orders_fulfilled(me["orders_fulfilled"])) + "**")
        if me["achievements"]:
            lines.append(_("Achievements: {list}.").format(list=", ".join(me["achievements"])))
        if game.mode == "daily":
            lines.append(_("Your result is posted in the channel; see `/daily leaderboard` and `/daily stats`."))
        return lines
    lines += sets_lines(view)
    lines.append(_("Your sheet so far: {score}, {orders}.").format(
        score=score_line(me["scores"]), orders=orders_fulfilled(me["orders_fulfilled"])))
    if not me["owes"]:
        lines.append(f"**{me['pending']}.** " + _("The bot posts in the channel when you may go on."))
    return lines


def public_notes(game: GameRow, view: dict[str, Any]) -> list[str]:
    """In the message that opens a table: the variant and the first round's sets."""
    lines = [_("Playing with {options}.").format(options=options_text(view["options"]))]
    lines += sets_lines(view)
    start = view.get("start_player")
    if start is not None and view["options"].get("start_player_priority"):
        lines.append(_("{player} is the start player and chooses a set first; everyone else is told when they "
                       "may choose.").format(player=who(game, start)))
    return lines


def player_did(player: str, events: list[str]) -> str:
    """One player's round in one sentence: `alice: Main action in Church; …; Cross off 2 circles.`"""
    # TRANSLATORS: a player's decisions of a round, one line of the round's post (the decisions separated by ;).
    return _("{player}: {actions}.").format(player=player, actions=story_joiner().join(events) if events
                                            else _("nothing recorded"))


def round_summary(game: GameRow, view: dict[str, Any], finished_round: int, budget: int = 1200,
                  told: dict[int, list[str]] | None = None) -> list[str]:
    """What each player did in the round that just ended, one line each: `told` (the turn story in the
    reader's language, by seat) when given, else the state's own record (`previous_events`, in English).

    The lines share `budget` characters, so that with many players the message still fits Discord's
    2000 and keeps the next round's sets and whose turn it is (the pictures show every sheet in full).
    """
    lines = [f"**{_(TITLE)} #{game.id}** — " + _("round {round} done.").format(round=finished_round)]
    per_player = max(40, (budget - len(lines[0])) // max(1, len(view["seats"])) - 1)
    for entry in view["seats"]:
        events = told.get(entry["seat"], []) if told is not None else entry["sheet"]["turn"]["previous_events"]
        lines.append(clip(player_did(who(game, entry["seat"]), events), per_player))
    return lines


def priority_lines(game: GameRow, view: dict[str, Any], waiting: list[int]) -> list[str]:
    """After the start player chose: which set they took, and who may choose now."""
    taken = view["priority_set"]
    start = view["start_player"]
    lines = [f"**{_(TITLE)} #{game.id}** — " + _("round {round}.").format(round=view["round"])]
    if taken is not None and start is not None:
        lines.append(_("{player} took the {set}.").format(player=who(game, start),
                                                           set=set_line(view["sets"][taken], mark_taken=False)))
    lines.append(_("You may choose now, from the other two sets: {players}").format(
        players=", ".join(mention(u) for u in waiting)))
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
    lines = [_("**{game} #{number} — final scores** ({options})").format(game=_(TITLE), number=game.id,
                                                                         options=options_text(view["options"]))]
    for seat in order:
        entry = seats[seat]
        if seat in forfeited:
            head = "–"
        else:
            medal = MEDALS.get(places[seat], "")
            head = f"{medal} {places[seat]}." if medal else f"{places[seat]}."
        line = f"{head} {who(game, seat)} — " + _("{score}, {orders} orders").format(
            score=score_line(entry["scores"]), orders=entry["orders_fulfilled"])
        if seat not in forfeited and sum(1 for o in playing if totals[o] == totals[seat]) > 1:
            resources, circles = tie_breaks[seat]
            line += " · " + _("tie-break: {resources} money + faith, {circles} circles").format(
                resources=resources, circles=circles)
        if seat in forfeited:
            line += " " + _("(resigned)")
        lines.append(line)
    if len({totals[s] for s in playing}) < len(playing):
        lines.append(_(TIE_BREAK_RULE))
    earned = [e for e in seats if e["achievements"]]
    if earned:
        lines.append(_("**Achievements**"))
        # TRANSLATORS: one player's achievements at the end of a Roll & Write game (a list separated by commas).
        lines += [clip(_("{player}: {achievements}.").format(player=who(game, e["seat"]),
                                                             achievements=", ".join(e["achievements"])), 400)
                  for e in earned]
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
    stage = _("final") if view["over"] else _("round {round} of {rounds}").format(round=view["round"],
                                                                                    rounds=view["rounds"])
    title = _(TITLE)
    lines = [f"**{title} #{game.id}** — " + _("{player}'s sheet, {stage}: {score}, {orders}.").format(
        player=who(game, seat), stage=stage, score=score_line(entry["scores"]),
        orders=orders_fulfilled(entry["orders_fulfilled"]))]
    # TRANSLATORS: a town row of the sheet with its unused employees and its Elite, e.g. "Tea field 2 (Elite)".
    town = ", ".join(_("{area} {unused} (Elite)").format(area=r["name"], unused=r["unused"]) if r["elite"]
                     else f"{r['name']} {r['unused']}" for r in sheet["town"]["rows"])
    lines.append(_("Employees ready: {town}.").format(town=town))
    money, faith, cargo = (sheet["warehouse"][k] for k in ("money", "faith", "cargo"))
    shops = sum(1 for f in sheet["port"]["forms"] if f["shop"])
    houses = sum(1 for h in sheet["port"]["trading_houses"] if h["built"])
    lines.append(_("Money {money}, faith {faith}, cargo {cargo}; {shops} shops, {houses} trading houses, "
                   "{technologies} technologies.").format(money=money["available"], faith=faith["available"],
                                                          cargo=cargo["count"], shops=shops, houses=houses,
                                                          technologies=len(sheet["technologies"])))
    if entry["owes"]:
        lines.append(_("Now: {pending}.").format(pending=entry["pending"]))
    return lines
