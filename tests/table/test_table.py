"""The table's one submit pipeline, seats, bot turns and persistence."""

from __future__ import annotations

import asyncio
import json
import random
import threading

import pytest

from thaasbai.engine import GameOptions, describe, to_record
from thaasbai.runtime import IN_BROWSER
from thaasbai.table import BOT, FREE, HUMAN, Table, TableError, play_bot_turns


def _table(game: str = "thaas", seats: int = 4, seed: int = 1) -> Table:
    table = Table(GameOptions(game, seats), bot_level="easy", rng=random.Random(seed))
    table.sit(0, "Aisha")
    return table


def _snapshot(table: Table) -> str:
    return json.dumps([table.version, describe(table.match), to_record(table.match)])


def test_start_fills_every_free_seat_with_a_bot_of_the_chosen_level() -> None:
    table = _table()
    table.start()
    assert [s.kind for s in table.seats] == [HUMAN, BOT, BOT, BOT]
    assert all(s.bot_level == "easy" for s in table.seats[1:])
    assert table.match is not None and table.match.current is not None


def test_refused_actions_change_nothing_and_carry_their_code() -> None:
    table = _table()
    with pytest.raises(TableError) as exc:
        table.submit(0, 0)
    assert exc.value.code == "not_started"
    table.start()
    deal = table.match.current
    to_act = deal.to_act
    other = (to_act + 1) % 4
    legal = deal.legal_actions()
    illegal = next(c for c in range(52) if c not in legal)
    before = _snapshot(table)
    cases = [
        ((other, legal[0], table.version), "not_your_turn"),
        ((to_act, legal[0], table.version - 1), "stale_version"),
        ((to_act, illegal, table.version), "illegal"),
        ((9, legal[0], table.version), "bad_seat"),
    ]
    for args, code in cases:
        with pytest.raises(TableError) as exc:
            table.submit(*args)
        assert exc.value.code == code
        assert _snapshot(table) == before
    table.submit(to_act, legal[0], table.version)
    assert table.version > json.loads(before)[0]


def _refused(table: Table, call, *args) -> str:
    """The code ``call(*args)`` is refused with; the table must be left as it was."""
    before = json.dumps(table.to_json(), sort_keys=True)
    with pytest.raises(TableError) as exc:
        call(*args)
    assert json.dumps(table.to_json(), sort_keys=True) == before
    return exc.value.code


def test_the_pipeline_checks_the_state_then_the_turn_then_the_version_then_the_action() -> None:
    table = _table("thaas", seed=2)
    v = table.version
    assert _refused(table, table.submit, 0, 0, v - 1) == "not_started"
    assert _refused(table, table.next_deal, v - 1) == "not_started"
    assert _refused(table, table.rematch, v + 1) == "not_started"
    assert _refused(table, table.start, v + 1) == "stale_version"
    table.start(v)
    v, deal = table.version, table.match.current
    to_act, legal = deal.to_act, deal.legal_actions()
    other = (to_act + 1) % 4
    illegal = next(c for c in range(52) if c not in legal)
    assert _refused(table, table.submit, 9, legal[0], v - 1) == "bad_seat"
    assert _refused(table, table.submit, other, legal[0], v - 1) == "not_your_turn"
    assert _refused(table, table.submit, to_act, illegal, v - 1) == "stale_version"
    assert _refused(table, table.submit, to_act, illegal, v) == "illegal"
    assert _refused(table, table.start, v - 1) == "already_started"
    assert _refused(table, table.next_deal, v - 1) == "deal_in_progress"
    assert _refused(table, table.rematch, v - 1) == "game_in_progress"
    _finish_deal(table)  # best of one: the match is over too
    v = table.version
    assert _refused(table, table.submit, 0, 0, v - 1) == "game_over"
    assert _refused(table, table.next_deal, v - 1) == "game_over"
    assert _refused(table, table.rematch, v + 1) == "stale_version"
    table.rematch(v)
    assert table.version == v + 1 and not table.match.over


def test_a_human_takes_a_bot_seat_only_between_deals() -> None:
    table = _table()
    table.start()
    with pytest.raises(TableError) as exc:
        table.sit(None, "Late")
    assert exc.value.code == "seat_taken"
    _finish_deal(table)
    seat = table.sit(None, "Late")
    assert table.seats[seat].kind == HUMAN and table.seats[seat].name == "Late"


def test_leaving_before_start_frees_the_seat_and_during_play_a_bot_takes_it() -> None:
    table = _table()
    table.sit(2, "Ibrahim")
    table.leave(2)
    assert table.seats[2].kind == FREE
    table.sit(2, "Ibrahim")
    table.start()
    table.leave(2)
    assert table.seats[2].kind == BOT


def test_away_human_is_played_by_a_bot_until_back() -> None:
    table = _table()
    table.start()
    table.set_away(0, True)
    assert table.seats[0].played_by_bot
    table.set_away(0, False)
    assert not table.seats[0].played_by_bot


def test_table_restores_from_json_to_the_same_state() -> None:
    table = _table("thulla", 5)
    table.start()
    for _ in range(7):
        seat = table.to_act
        table.submit(seat, table.match.current.legal_actions()[-1], table.version)
    restored = Table.from_json(json.loads(json.dumps(table.to_json())))
    assert restored.version == table.version
    assert describe(restored.match) == describe(table.match)
    assert [s.kind for s in restored.seats] == [s.kind for s in table.seats]


def test_bot_turns_run_off_the_event_loop_and_finish_the_deal(monkeypatch) -> None:
    from thaasbai.table import thinking

    table = Table(GameOptions("thaas"), bot_level="easy", rng=random.Random(5))
    table.start()  # four bots
    loop_thread = threading.get_ident()
    bot_threads: set[int] = set()
    real_get_bot = thinking.get_bot

    class Recording:
        def __init__(self, bot) -> None:
            self.bot = bot

        def steps(self, view, rng, budget_ms=None):
            bot_threads.add(threading.get_ident())  # where the search body runs
            return (yield from self.bot.steps(view, rng, budget_ms))

    monkeypatch.setattr(thinking, "get_bot", lambda level: Recording(real_get_bot(level)))
    changes = 0

    async def on_change() -> None:
        nonlocal changes
        changes += 1

    played = asyncio.run(play_bot_turns(table, on_change))
    assert table.match.current.over
    assert played == changes > 0
    assert bot_threads
    # natively in a thread; in the browser (Pyodide: no threads) in slices on the loop
    assert (loop_thread in bot_threads) == IN_BROWSER


def test_the_bot_pace_counts_the_time_spent_showing_the_last_move() -> None:
    """A bot waits only for what is left of the pace once the last move has been shown:
    its card lands every max(pace, showing), not pace + showing (a fake clock)."""
    table = Table(GameOptions("thaas"), bot_level="easy", rng=random.Random(5))
    table.start()  # four bots
    now = 0.0
    slept: list[float] = []
    showing = iter([0.2, 0.5])  # the screen's time over the first two moves, then 0.4 s

    async def sleep(s: float) -> None:
        nonlocal now
        slept.append(round(s, 6))
        now += s

    async def on_change() -> None:
        nonlocal now
        now += next(showing, 0.4)

    played = asyncio.run(
        play_bot_turns(table, on_change, pace_s=0.3, clock=lambda: now, sleep=sleep)
    )
    assert played > 3 and table.match.current.over
    # The first move waits the whole pace; after a 0.2 s showing, 0.1 s is left; a 0.5 s
    # or 0.4 s showing leaves nothing to wait.
    assert slept == [0.3, 0.1]


def _finish_deal(table: Table) -> None:
    while not table.match.current.over:
        seat = table.to_act
        table.submit(seat, table.match.current.legal_actions()[0], table.version)


def test_every_change_to_the_table_moves_the_version_on() -> None:
    table = _table("thaas", seed=4)
    seen = [table.version]

    def changed() -> None:
        assert table.version > seen[-1], (table.version, seen)
        seen.append(table.version)

    table.sit(2, "Ibrahim")
    changed()
    table.leave(2)
    changed()
    table.sit(2, "Ibrahim")
    changed()
    table.start()
    changed()
    table.set_away(2, True)
    changed()
    table.set_away(2, True)  # no change: the version stays
    assert table.version == seen[-1]
    table.set_away(2, False)
    changed()
    table.leave(2)  # during play a bot takes the seat
    changed()
    assert table.seats[2].kind == BOT and table.seats[2].bot_level == "easy"
    assert table.seats[2].name.endswith("(bot)")
    _finish_deal(table)
    changed()
    table.rematch()
    changed()


def test_sitting_refuses_a_seat_that_is_not_there_or_taken_or_an_unknown_bot() -> None:
    table = _table()
    for seat in (4, -1, "1"):
        with pytest.raises(TableError) as exc:
            table.sit(seat, "Nobody")
        assert exc.value.code == "bad_seat"
    with pytest.raises(TableError) as exc:
        table.sit(0, "Again")
    assert exc.value.code == "seat_taken"
    with pytest.raises(TableError) as exc:
        table.sit(1, "Robot", kind=BOT, bot_level="grandmaster")
    assert exc.value.code == "malformed"
    assert table.sit(1, "Robot", kind=BOT, bot_level="hard") == 1
    assert table.seats[1].bot_level == "hard" and table.bot_level_for(1) == "hard"
    assert table.bot_level_for(0) == "easy"  # a human's stand-in plays at the table's level
    for seat in (2, 3):
        table.sit(seat, "Full")
    with pytest.raises(TableError) as exc:
        table.sit(None, "Late")
    assert exc.value.code == "seat_taken"


def test_a_rematch_is_dealt_from_the_tables_own_random_source() -> None:
    def rematched(seed: int) -> str:
        table = _table("thaas", seed=seed)
        table.start()
        _finish_deal(table)
        table.rematch()
        return json.dumps(to_record(table.match))

    assert rematched(3) == rematched(3)
    assert rematched(3) != rematched(4)


def test_the_next_deal_moves_the_version_on() -> None:
    table = _table("thulla", 3, seed=5)
    table.start()
    _finish_deal(table)
    before = table.version
    table.next_deal()
    assert table.version > before and not table.match.current.over
