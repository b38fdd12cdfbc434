"""The gate every changing request of the table service passes: counted while in flight, refused once closing.

A shutdown (`Gate.drain`) refuses new changes with a clear message and waits for those already running
(and the calls they make to other parts of the service) to finish. A full disk becomes one refusal that
a player understands.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from bot.observability.metrics import CLICKS
from bot.service.errors import OutOfSpace, ServiceError
from bot.storage import DiskFull
from i18n import _

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")
_inside_operation: contextvars.ContextVar[bool] = contextvars.ContextVar("inside_operation", default=False)


class Gate:
    def __init__(self) -> None:
        self.closing = False
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def drain(self, timeout: float = 30.0) -> bool:
        """Refuse new changes and wait for those in flight; True if all finished in time."""
        self.closing = True
        if self._in_flight == 0:
            return True
        self._idle.clear()
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True


class Gated(Protocol):
    """A part of the service: it changes games through the service's one gate."""

    gate: Gate


G = TypeVar("G", bound=Gated)


def operation(method: Callable[Concatenate[G, P], Awaitable[R]]) -> Callable[Concatenate[G, P], Awaitable[R]]:
    """Count a changing request as in flight, so a shutdown can wait for it to finish.

    Once `drain()` has begun, new requests are refused with a clear message; requests
    already running (and the calls they make to other service methods) go on to the end.
    """

    # Counted by kind (the method: act, join, resign, …) and how it ended; the children are looked up once
    # here, so a request pays one increment.
    kind = method.__name__
    ok, refused, failed = (CLICKS.labels(kind, outcome) for outcome in ("ok", "refused", "error"))

    @functools.wraps(method)
    async def wrapper(part: G, /, *args: P.args, **kwargs: P.kwargs) -> R:
        gate = part.gate
        if _inside_operation.get():
            return await method(part, *args, **kwargs)
        if gate.closing:
            refused.inc()
            raise ServiceError(_("The bot is restarting; nothing was changed. Try again in a minute."))
        token = _inside_operation.set(True)
        gate._in_flight += 1
        try:
            result = await method(part, *args, **kwargs)
            ok.inc()
            return result
        except ServiceError:
            refused.inc()
            raise
        except DiskFull as exc:
            failed.inc()
            log.error("disk full: %s", exc)
            raise OutOfSpace(
                _("The bot's disk is full, so this was not saved (everything saved before is safe). "
                  "Please tell the bot's operator; try again once they have made room.")
            ) from exc
        except BaseException:
            failed.inc()
            raise
        finally:
            gate._in_flight -= 1
            _inside_operation.reset(token)
            if gate._in_flight == 0:
                gate._idle.set()

    return wrapper
