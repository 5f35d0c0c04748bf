"""The app keeps a finished online game with only what its seat was shown, and a solo
game with its whole record, once the game is over."""

from __future__ import annotations

import asyncio
import json
import random

from knowledge import CARD, timeline

from thaasbai.bots import get_bot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.record import to_record
from thaasbai.engine.views import view_for
from thaasbai.learn.storage import MemoryStorage
from thaasbai.ui.learning import Learning
from thaasbai.ui.session import SessionState


class FakeRemote:
    """What the table sees of an online room: the seat's view JSON, nothing more."""

    online = True

    def __init__(self, match, seat):
        self.match, self.seat = match, seat

    def state(self) -> SessionState:
        return SessionState(self.seat, view_for(self.match, self.seat).to_json(), {}, 0, True)


def test_an_online_game_is_kept_as_the_seat_saw_it_when_it_ends():
    async def run():
        rng = random.Random(4)
        m = new_match(GameOptions(game="thaas", hukum="hidden"), rng=rng)
        m.start_deal(rng=rng)
        learning = Learning(MemoryStorage())
        remote = FakeRemote(m, 2)
        bot = get_bot("normal")
        names = ["a", "b", "c", "d"]
        while not m.current.over:
            m.apply(m.current.to_act, bot.choose(view_for(m, m.current.to_act), rng))
            await learning.changed(remote, names)
        await learning.changed(remote, names)  # the same end seen twice is kept once
        return m, await learning.load()

    m, listing = asyncio.run(run())
    [entry] = listing.entries
    assert entry.online and entry.record is None and entry.seat == 2
    may_know = set()
    for point in timeline(to_record(m)):
        may_know |= point.may_know(2)
    assert set(CARD.findall(json.dumps(entry.seen))) <= may_know
    assert entry.summary.deals[0].won == (m.current.winner == 0)


def test_a_review_too_long_for_its_first_budget_goes_on_in_rounds_to_the_whole_deal():
    """The History's Review shows what the first budget found, then carries on with the
    earlier tricks (the solver's work kept) until every decision is judged, ending where
    one unhurried review ends."""
    rng = random.Random(4)
    m = new_match(GameOptions(game="thaas"), rng=rng)
    m.start_deal(rng=rng)
    bot = get_bot("normal")
    while not m.current.over:
        seat = m.current.to_act
        m.apply(seat, bot.choose(view_for(m, seat), rng))
    record = to_record(m)
    learning = Learning(MemoryStorage())

    async def rounds():
        return [r async for r in learning.reviews(record, 0, 0, first_ms=1, more_ms=200)]

    got = asyncio.run(rounds())
    assert len(got) >= 3 and not got[0].complete and got[-1].complete
    analysed = [len(r.analysed_tricks) for r in got]
    assert analysed == sorted(analysed) and analysed[-1] > analysed[0]
    whole = asyncio.run(learning.review(record, 0, 0, budget_ms=600_000))
    assert got[-1].verdicts == whole.verdicts
