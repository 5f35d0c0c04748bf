"""What a finished game came to for one seat: per deal and for the game, from its record
(or, for an online game, from the last view the seat had of each deal)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.match import Match, ThullaSeries


@dataclass(frozen=True)
class DealResult:
    """One deal for the seat: won (Thaas, Dhihaeh: its team; Thulla: not the Bhabhi)."""

    won: bool
    sweep: bool = False  # its team took all 13 tricks (a Big Bang in Dhihaeh)
    bang: bool = False  # Dhihaeh: its team took all four tens
    bhabhi: bool = False  # Thulla: the seat lost the round
    draw: bool = False  # Thulla: nobody was left holding cards


@dataclass(frozen=True)
class Summary:
    game: str
    seats: int
    hukum: str  # "" in Thulla
    best_of: int
    deals: tuple[DealResult, ...]
    won: bool | None  # the match (Thaas, Dhihaeh); None in Thulla, where each round counts

    @property
    def options_text(self) -> str:
        if self.game == "thulla":
            return f"{self.seats} players"
        return f"hukum {self.hukum}, best of {self.best_of}"

    @property
    def result_text(self) -> str:
        if self.game == "thulla":
            n = sum(d.bhabhi for d in self.deals)
            return f"Bhabhi {n} of {len(self.deals)} rounds"
        won = sum(d.won for d in self.deals)
        text = f"{'Won' if self.won else 'Lost'} {won}–{len(self.deals) - won}"
        if any(d.sweep for d in self.deals):
            text += ", sweep"
        return text


def summary_of_match(match: Match, seat: int) -> Summary:
    """The summary of a replayed match for ``seat``."""
    o = match.options
    if isinstance(match, ThullaSeries):
        deals = tuple(
            DealResult(won=d.bhabhi != seat, bhabhi=d.bhabhi == seat, draw=d.draw)
            for d in match.deals
            if d.over
        )
        return Summary("thulla", o.seats, "", 1, deals, None)
    team = seat & 1
    deals = tuple(
        DealResult(
            won=d.winner == team,
            sweep=d.sweep and d.winner == team,
            bang=d.bang and d.winner == team,
        )
        for d in match.deals
        if d.over
    )
    won = match.winner == team if match.over else None
    return Summary(match.game, 4, o.hukum, o.best_of, deals, won)


def summary_of_seen(seen: dict[str, Any]) -> Summary:
    """The summary of an online game from the views the seat was sent (``OnlineRecorder``).
    Raises ``ValueError`` (``KeyError``, ``TypeError``) on a malformed document."""
    game = seen["game"]
    seat = seen["seat"]
    finals = [d["final"] for d in seen["deals"]]
    if game == "thulla":
        deals = tuple(
            DealResult(won=f["bhabhi"] != seat, bhabhi=f["bhabhi"] == seat, draw=bool(f["draw"]))
            for f in finals
        )
        return Summary("thulla", int(seen["seats"]), "", 1, deals, None)
    team = seat & 1
    deals = tuple(
        DealResult(
            won=f["winner"] == team,
            sweep=bool(f["sweep"]) and f["winner"] == team,
            bang=bool(f.get("bang")) and f["winner"] == team,
        )
        for f in finals
    )
    last = finals[-1]["match"] if finals else {}
    won = last.get("winner") == team if last.get("over") else None
    opts = seen.get("options", {})
    return Summary(game, 4, opts.get("hukum", "implicit"), opts.get("best_of", 1), deals, won)
