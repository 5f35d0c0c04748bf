"""Your record counts games, wins, sweeps, Bangs, Bhabhis and streaks per game, hukum and
level, from the kept games; a reset starts it afresh and keeps the history."""

from __future__ import annotations

import asyncio

from thaasbai.learn.history import Entry
from thaasbai.learn.stats import reset, since, tally
from thaasbai.learn.storage import MemoryStorage
from thaasbai.learn.summary import DealResult, Summary


def entry(game: str, won, deals, level="hard", saved="2026-01-01T00:00:00Z", hukum="implicit"):
    seats = 4
    summary = Summary(game, seats, "" if game == "thulla" else hukum, 3, tuple(deals), won)
    return Entry(
        key=saved,
        saved=saved,
        seat=0,
        players=("You", "a", "b", "c"),
        levels=(None, level, level, level),
        online=False,
        summary=summary,
    )


W, L = DealResult(won=True), DealResult(won=False)
SWEEP = DealResult(won=True, sweep=True)
BANG = DealResult(won=True, bang=True)
BHABHI, SAFE = DealResult(won=False, bhabhi=True), DealResult(won=True)


def test_wins_rates_sweeps_and_streaks_per_game_hukum_and_level():
    entries = [
        entry("thaas", True, [W, W]),
        entry("thaas", False, [W, L, L]),
        entry("thaas", True, [SWEEP]),
        entry("thaas", True, [W, L, W]),
        entry("thaas", True, [W, W], level="easy"),
        entry("thaas", False, [L, L], hukum="hidden"),
        entry("dhihaeh", True, [BANG, L, BANG]),
    ]
    lines = {(x.game, x.hukum, x.level): x for x in tally(entries)}
    hard = lines["thaas", "implicit", "hard"]
    assert (hard.games, hard.wins, hard.sweeps, hard.deals) == (4, 3, 1, 9)
    assert hard.win_rate == 0.75
    assert (hard.streak, hard.best_streak) == (2, 2)
    assert lines["thaas", "implicit", "easy"].games == 1
    assert lines["thaas", "hidden", "hard"].wins == 0
    assert lines["dhihaeh", "implicit", "hard"].bangs == 2


def test_thulla_counts_every_round_and_the_bhabhi_rate():
    lines = tally([entry("thulla", None, [SAFE, BHABHI, SAFE, SAFE])])
    [t] = lines
    assert (t.games, t.wins, t.bhabhi) == (4, 3, 1)
    assert t.bhabhi_rate == 0.25 and (t.streak, t.best_streak) == (2, 2)


def test_an_imported_record_does_not_count():
    import dataclasses

    mine = entry("thaas", True, [W])
    theirs = dataclasses.replace(entry("thaas", False, [L]), imported=True)
    [line] = tally([mine, theirs])
    assert (line.games, line.wins) == (1, 1)


def test_a_reset_counts_only_later_games_and_keeps_the_history():
    storage = MemoryStorage()
    old = entry("thaas", True, [W], saved="2026-01-01T00:00:00Z")
    new = entry("thaas", False, [L], saved="2026-03-01T00:00:00Z")
    asyncio.run(reset(storage, "2026-02-01T00:00:00Z"))
    start = asyncio.run(since(storage))
    [line] = tally([old, new], since=start)
    assert (line.games, line.wins) == (1, 0)
    assert len(tally([old, new])[0].__dict__) and tally([old, new])[0].games == 2
