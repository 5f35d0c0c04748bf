"""Typed errors: every expected failure is a ``ValueError`` subclass with a clear message."""


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardParseError(EngineError):
    """A card, suit or rank string could not be parsed."""


class ActionParseError(EngineError):
    """An action object does not have a known form."""


class IllegalActionError(EngineError):
    """The action is well-formed but not allowed now (wrong seat, not legal, game over)."""


class SetupError(EngineError):
    """Game options, seats, hands or dealer do not describe a valid deal."""


class RecordError(EngineError):
    """A game record is malformed or cannot be replayed.

    ``deal`` and ``action`` locate the problem (indices from 0, ``None`` where the
    problem is not in a deal or not in an action).
    """

    def __init__(self, message: str, deal: int | None = None, action: int | None = None):
        super().__init__(message)
        self.message = message
        self.deal = deal
        self.action = action

    def to_json(self) -> dict:
        return {"error": self.message, "deal": self.deal, "action": self.action}
