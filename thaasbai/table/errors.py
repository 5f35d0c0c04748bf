"""Refusals of the submit pipeline, each with a stable code the protocol sends on."""


class TableError(ValueError):
    """A refused request; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
