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
