"""The app keeps a finished online game with only what its seat was shown, and a solo
game with its whole record, once the game is over."""

from __future__ import annotations

import asyncio
import json
import random

from knowledge import CARD, timeline

from thaasbai import runtime
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
        # Short rounds: this deal's whole review takes a few tenths of a second.
        return [r async for r in learning.reviews(record, 0, 0, first_ms=1, more_ms=10)]

    got = asyncio.run(rounds())
    assert len(got) >= 3 and not got[0].complete and got[-1].complete
    analysed = [len(r.analysed_tricks) for r in got]
    assert analysed == sorted(analysed) and analysed[-1] > analysed[0]
    whole = asyncio.run(learning.review(record, 0, 0, budget_ms=600_000))
    assert got[-1].verdicts == whole.verdicts


def test_a_solo_deal_is_reviewed_while_the_player_thinks_and_its_review_is_ready_at_the_end():
    """While the solo table waits for the player, or natively for a bot that searches
    nothing (Normal), the decisions so far are judged; never while a Hard bot is to act
    (its search is on the clock), during a hint, or for an online table.  When the deal ends
    the Review's first round finds nothing left to do, with the verdicts of a review
    made after the deal."""
    from thaasbai.bots import finish
    from thaasbai.learn.review import PENDING, Reviewer
    from thaasbai.ui.session import LocalSession
    from thaasbai.ui.settings import Choices

    async def run():
        choices = Choices(game="thaas", players=4, best_of=1, levels=["hard", "normal", "normal"])
        s = LocalSession(choices, "Me", pace_s=0.0, rng=random.Random(8))
        s.table.start()  # the table driven here, move by move (no bots' task)
        learning = Learning(MemoryStorage())
        normal = get_bot("normal")
        rng = random.Random(1)
        turns = hard_turns = 0

        def state():
            r = learning._reviewers[-1] if learning._reviewers else None
            return None if r is None else (len(r.positions), r.todo)

        m = s.table.match
        while not m.current.over:
            d = m.current
            seat = d.to_act
            before = state()
            if seat == 0:
                learning._hinting = True  # a hint is being worked out: it waits
                await learning.analyse(s)
                assert state() == before
                learning._hinting = False
            await learning.analyse(s)
            if seat == 1 or (seat and runtime.IN_BROWSER):
                # Hard (and in the browser every bot: the app's Python shares the
                # review's thread): nothing judged, nothing taken in
                assert state() == before
                hard_turns += seat == 1
            else:  # the player or, natively, Normal: every decision so far is judged
                review = learning._reviewers[-1].result()
                assert len(review.verdicts) == turns
                assert all(v.status != PENDING for v in review.verdicts)
            turns += seat == 0
            s.table.submit(seat, normal.choose(view_for(m, seat), rng))
        await learning.analyse(s)  # the deal is over: the last decision too
        record = to_record(m)
        first = [r async for r in learning.reviews(record, 0, 0, first_ms=1)]
        before = len(learning._reviewers)
        await learning.analyse(FakeRemote(m, 0))
        assert len(learning._reviewers) == before  # online: never (no whole record)
        return turns, hard_turns, record, first

    turns, hard_turns, record, first = asyncio.run(run())
    assert turns >= 7 and hard_turns >= 5
    [ready] = first  # one round: everything was judged already
    assert ready.complete and len(ready.verdicts) == turns
    after = finish(Reviewer(record, 0).steps(600_000))
    assert [(v.status, v.better) for v in ready.verdicts] == [
        (v.status, v.better) for v in after.verdicts
    ]
