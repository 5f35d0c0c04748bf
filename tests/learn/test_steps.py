"""Stepping through a kept deal: every trick in order, with the hands before it."""

from __future__ import annotations

import random

from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for
from thaasbai.learn.history import OnlineRecorder
from thaasbai.learn.steps import record_steps, seen_steps


def test_record_steps_walk_every_trick_with_the_hands_before_it():
    for game, seats in (("thaas", 4), ("dhihaeh", 4), ("thulla", 3)):
        rng = random.Random(2)
        m = new_match(
            GameOptions(game=game, seats=seats, hukum="hidden"[:0] or "implicit"), rng=rng
        )
        m.start_deal(rng=rng)
        d = m.current
        rec = OnlineRecorder(0)
        while not d.over:
            m.apply(d.to_act, rng.choice(d.legal_actions(d.to_act)))
            rec.feed(view_for(m, 0).to_json())
        steps = record_steps(m, 0)
        history = d.history
        assert len(steps) == len(history)
        first = steps[0]
        assert first.hands == tuple(m.logs[0].hands)
        for st in steps:
            for seat, card in st.plays:
                assert st.hands[seat] >> card & 1  # each card was in its player's hand
        online = seen_steps(rec.seen()["deals"][0])
        assert [(s.plays, s.taker) for s in online] == [(s.plays, s.taker) for s in steps]
        assert all(s.hands is None for s in online)  # online: no hands but what was shown
