"""What the metrics see of Discord: how long an interaction waited for its first answer, and the codes of
Discord's refusals of those answers.

discord.py sends every first answer to an interaction (a message, a defer, an update, a modal, autocomplete
choices) through one call of its webhook adapter, `create_interaction_response`, and takes the adapter from a
context variable (`discord.webhook.async_.async_context`). `install()` sets that variable, in the context the
bot's tasks are started from, to an adapter that times the call: from the interaction's creation (the time in
its id, set by Discord) to the answer's acceptance. Nothing else changes: the same request goes out.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.observability.metrics import DISCORD_ERRORS, FIRST_RESPONSE

T = TypeVar("T")

#: Discord's interaction callback types, as the metric's `type` label.
ANSWERS = {4: "message", 5: "defer", 6: "defer_update", 7: "update", 8: "autocomplete", 9: "modal"}


class MeasuredAdapter(AsyncWebhookAdapter):
    def create_interaction_response(self, interaction_id: int, token: str, *, params: Any,
                                    **kwargs: Any) -> Any:
        pending = super().create_interaction_response(interaction_id, token, params=params, **kwargs)
        payload = getattr(params, "payload", None) or {}
        return _measured(pending, interaction_id, ANSWERS.get(int(payload.get("type") or 0), "other"))


async def _measured(pending: Awaitable[T], interaction_id: int, answer: str) -> T:
    try:
        result = await pending
    except discord.HTTPException as exc:
        DISCORD_ERRORS.labels(str(exc.code)).inc()
        raise
    created = discord.utils.snowflake_time(interaction_id).timestamp()
    FIRST_RESPONSE.labels(answer).observe(max(0.0, time.time() - created))
    return result


def install() -> None:
    """Measure the first answers of the interactions handled in this context and the tasks started from it."""
    if not isinstance(async_context.get(), MeasuredAdapter):
        async_context.set(MeasuredAdapter())
