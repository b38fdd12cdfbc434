"""Errors an engine raises to the layers above it."""


class IllegalAction(Exception):
    """An action the rules do not allow now.

    The message is shown to the player as it is, so it must read like a sentence a
    player understands ("You need 2 money to build a shop; you have 1."). Raising it
    never changes the state: engines validate before they mutate, and `Game.apply`
    works on a copy.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
