"""Errors the table service raises; each message is shown to the player as it is."""


class ServiceError(Exception):
    """A request the service refuses; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class GameNotFound(ServiceError):
    pass


class NotSeated(ServiceError):
    pass


class NotYourTurn(ServiceError):
    pass


class GameMovedOn(ServiceError):
    """The decision the player answered is no longer the current one (a stale panel or a double click)."""


class GameClosed(ServiceError):
    """The game is finished, abandoned, or not started."""


class BadRequest(ServiceError):
    """An argument of the wrong type or out of range (a crafted custom id, a typo, a bad option)."""


class GameUnreadable(ServiceError):
    """The game's stored state or log cannot be read; it is marked and left for an admin to end."""


class OutOfSpace(ServiceError):
    """The disk under the database is full; the request was not saved (nothing acknowledged is lost)."""
