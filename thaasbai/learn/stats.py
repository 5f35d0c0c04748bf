"""Your record: games, wins, sweeps, Bangs, Bhabhis and streaks, per game, hukum and level.

Worked out from the kept games (:mod:`.history`), so it can never disagree with them;
imported record files are someone else's games and do not count.
A reset stores only the moment it happened: games kept before it stop counting, and
the history itself is left alone.  In Thaas and Dhihaeh a game is a match; in Thulla,
where there is no match to win, every round is a game and a win is not being the Bhabhi.
"""

from __future__ import annotations

from dataclasses import dataclass

from .history import Entry
from .storage import KeyValue

SINCE_KEY = "thaasbai.record.since"


@dataclass
class Line:
    """The record of one (game, hukum, level)."""

    game: str
    hukum: str
    level: str
    games: int = 0
    wins: int = 0
    deals: int = 0
    sweeps: int = 0  # deals the player's team swept (Big Bangs in Dhihaeh)
    bangs: int = 0  # Dhihaeh: deals the player's team took all four tens
    bhabhi: int = 0  # Thulla: rounds the player lost
    streak: int = 0  # wins in a row, up to the latest game
    best_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def bhabhi_rate(self) -> float:
        return self.bhabhi / self.games if self.games and self.game == "thulla" else 0.0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)


def tally(entries: list[Entry], since: str | None = None) -> list[Line]:
    """One :class:`Line` per (game, hukum, level) among ``entries`` (oldest first) saved
    at or after ``since``; in a stable order (game, hukum, level)."""
    lines: dict[tuple[str, str, str], Line] = {}
    for e in entries:
        if e.imported or (since is not None and e.saved < since):
            continue  # a record someone sent is not one of the player's games
        s = e.summary
        key = (s.game, s.hukum, e.level)
        line = lines.get(key) or lines.setdefault(key, Line(*key))
        for d in s.deals:
            line.deals += 1
            line.sweeps += d.sweep
            line.bangs += d.bang
            line.bhabhi += d.bhabhi
            if s.game == "thulla":
                line.add(not d.bhabhi)
        if s.game != "thulla" and s.won is not None:
            line.add(s.won)
    return [lines[k] for k in sorted(lines)]


async def reset(storage: KeyValue, now: str) -> None:
    """Start the record afresh from ``now`` (ISO 8601): the history is kept."""
    await storage.set(SINCE_KEY, now)


async def since(storage: KeyValue) -> str | None:
    value = await storage.get(SINCE_KEY)
    return value if isinstance(value, str) else None
