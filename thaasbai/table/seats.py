"""Who sits where: a human, a bot, or nobody yet."""

from __future__ import annotations

from dataclasses import dataclass

HUMAN, BOT, FREE = "human", "bot", "free"


@dataclass
class SeatInfo:
    """One seat of a table.  ``away`` marks a human whose turns a bot plays for now."""

    kind: str = FREE
    name: str = ""
    bot_level: str = "normal"
    connected: bool = False
    away: bool = False

    @property
    def played_by_bot(self) -> bool:
        return self.kind == BOT or (self.kind == HUMAN and self.away)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "bot_level": self.bot_level if self.kind == BOT else None,
            "connected": self.connected if self.kind == HUMAN else None,
            "away": self.away,
        }

    @classmethod
    def from_json(cls, d: dict) -> SeatInfo:
        return cls(
            kind=d["kind"],
            name=d.get("name", ""),
            bot_level=d.get("bot_level") or "normal",
            connected=False,
            away=bool(d.get("away", False)),
        )
