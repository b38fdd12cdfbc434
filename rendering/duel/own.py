"""The Duel's compact own view for a phone (`rendering.kit.own`): what to do now, money and goods, Extra
Power, the Order cards in hand (what each needs and gives, "ready" when the goods cover it), the Church
cards, and what the next choices cost (a Trading House, the Power card upgrades, the choices offered)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rendering.duel.board import GOODS, pending_text, reward_words, seat_names
from rendering.duel.private import is_ready
from rendering.kit.own import CHOICES_MORE, Good, Line, Own, Section


def _needs(cost: dict[str, int]) -> Line:
    return tuple(Good(good, cost[good]) for good in GOODS if cost.get(good))


def own(view: dict[str, Any], seat: int, names: list[str] | str | None = None,
        choices: Sequence[str] = ()) -> Own:
    people = seat_names(view, names)
    me = view["players"][seat]
    goods = me.get("goods") or {}
    scores = view.get("scores") or []
    total = scores[seat].get("total", 0) if seat < len(scores) else 0
    extra = me.get("extra_power") or {}
    money = f"¥{me.get('money', 0)}    "
    holdings: list[Line] = [(money, *(Good(g, goods.get(g, 0)) for g in GOODS), f"   {total} pts")]
    if extra.get("+1") or extra.get("+2"):  # none held is the usual case: no line for it
        holdings.append((f"Extra Power +1 ×{extra.get('+1', 0)}, +2 ×{extra.get('+2', 0)}",))
    acting = seat in (view.get("to_act") or [])
    now = pending_text(view, people)
    now = "You: " + now.split(": ", 1)[-1] if acting else now
    pending = view.get("pending") or {}
    sections: list[Section] = []
    if choices:
        sections.append(Section("Your choices now", [(c,) for c in choices], more=CHOICES_MORE))
    drawn = pending.get("drawn") or []
    if drawn:
        sections.append(Section("Drawn: choose which to keep", [_order(card) for card in drawn]))
    if pending.get("church_card"):
        card = pending["church_card"]
        sections.append(Section("The Church card you are paying for", [
            (f"Faith {card.get('faith', '?')}: {card.get('points', 0)} pts + {card.get('text', '')}",
             f" · Faith still needed: {pending.get('faith_needed', '?')}")]))
    hand = me.get("hand") or []
    ready = frozenset(i for i, card in enumerate(hand) if is_ready(card, goods))
    sections.append(Section(f"Your Orders ({len(hand)})", [_order(card, i in ready) for i, card in enumerate(hand)],
                            ready))
    church = me.get("church") or []
    if church:
        sections.append(Section(f"Your Church cards ({len(church)}, face down to your opponent)",
                                [(f"{c.get('points', 0)} pts + {c.get('text', '')}",) for c in church]))
    costs: list[Line] = [(f"Shop: {me.get('shops_left', 0)} left · Trading House: "
                          f"¥{me.get('next_trading_house_cost', '?')}",)]
    upgrades = [f"Power {c.get('value')} → {c.get('upgraded_value')} for ¥{c.get('upgrade_cost')}"
                for c in me.get("power_cards") or [] if not c.get("upgraded")]
    if upgrades:
        costs.append(("Upgrades: " + ", ".join(upgrades),))
    played = [str(c.get("value")) for c in me.get("power_cards") or [] if not c.get("played")]
    costs.append((f"Power cards still to play: {', '.join(played) or 'none'}",))
    sections.append(Section("Costs", costs))
    return Own("Yokohama Duel", people[seat], now, acting, holdings, sections)


def _order(card: dict[str, Any], ready: bool = False) -> Line:
    number = card.get("id")
    head = f"#{number + 1}:   " if isinstance(number, int) else ""
    reward = reward_words(card.get("reward") or {})
    tail = f"→ {card.get('points', 0)} pts" + (f" + {reward}" if reward else "") + (" · ready" if ready else "")
    return (head, *_needs(card.get("cost") or {}), tail)
