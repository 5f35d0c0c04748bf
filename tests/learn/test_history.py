"""The history keeps finished games that replay exactly, within its limit, and neither a
full storage nor a corrupt entry loses or breaks anything."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from knowledge import CARD, timeline

from thaasbai.bots import get_bot
from thaasbai.engine.match import GameOptions, Match, new_match
from thaasbai.engine.record import replay, to_record
from thaasbai.engine.views import view_for
from thaasbai.learn.history import LIMITS, PREFIX, HistoryError, HistoryStore, OnlineRecorder
from thaasbai.learn.storage import MemoryStorage


def run(coro):
    return asyncio.run(coro)


def played_match(game: str = "thaas", seats: int = 4, seed: int = 1, **opts) -> Match:
    """A whole match between Normal bots."""
    rng = random.Random(seed)
    m = new_match(GameOptions(game=game, seats=seats, **opts), rng=rng)
    bot = get_bot("normal")
    deals = 2 if game == "thulla" else 99
    while m.needs_deal and len(m.deals) < deals:
        m.start_deal(rng=rng)
        d = m.current
        while not d.over:
            m.apply(d.to_act, bot.choose(view_for(m, d.to_act), rng))
    return m


def save(store: HistoryStore, m: Match):
    players = ["You"] + [f"Bot {s}" for s in range(1, m.seats)]
    return run(store.save_record(to_record(m), 0, players, [None] + ["normal"] * (m.seats - 1)))


def test_the_summary_says_what_the_game_came_to_for_the_seat():
    m = played_match("thaas", best_of=3)
    entry = save(HistoryStore(MemoryStorage()), m)
    s = entry.summary
    assert s.won == (m.winner == 0)
    assert [d.won for d in s.deals] == [d.winner == 0 for d in m.deals]
    assert entry.level == "normal" and entry.opponents == ("Bot 1", "Bot 2", "Bot 3")


def test_the_oldest_games_are_dropped_past_the_limit():
    storage = MemoryStorage()
    store = HistoryStore(storage, limit=3)
    saved = [save(store, played_match(seed=i)) for i in range(5)]
    kept = run(store.load()).entries
    assert [e.key for e in kept] == [e.key for e in saved[2:]]
    assert len(storage.data) == 3


def test_a_full_storage_is_an_error_and_the_history_is_unchanged():
    storage = MemoryStorage(capacity=20_000)
    store = HistoryStore(storage)
    saved = []
    with pytest.raises(HistoryError, match="full"):
        for i in range(100):
            saved.append(save(store, played_match(seed=i)))
    before = dict(storage.data)
    with pytest.raises(HistoryError):
        save(store, played_match(seed=200))
    assert storage.data == before
    assert [e.key for e in run(store.load()).entries] == [e.key for e in saved]


@pytest.fixture(scope="module")
def one_record() -> dict:
    return to_record(played_match(seed=7))


def save_many(store: HistoryStore, record: dict, n: int) -> list:
    players = ["You", "Bot 1", "Bot 2", "Bot 3"]
    return [run(store.save_record(record, 0, players, [None] + ["normal"] * 3)) for _ in range(n)]


@pytest.mark.parametrize("limit", [n for n in LIMITS if n is not None and n <= 200])
def test_each_history_size_keeps_that_many_of_the_newest_games(limit, one_record):
    storage = MemoryStorage()
    store = HistoryStore(storage, limit=limit)
    saved = save_many(store, one_record, limit + 3)
    kept = run(store.load()).entries
    assert [e.key for e in kept] == [e.key for e in saved[3:]]


def test_a_lower_limit_drops_the_oldest_when_the_next_game_is_kept(one_record):
    store = HistoryStore(MemoryStorage(), limit=1000)
    saved = save_many(store, one_record, 12)
    store.limit = 5
    assert len(run(store.load()).entries) == 12  # nothing is lost by the setting alone
    saved += save_many(store, one_record, 1)
    assert [e.key for e in run(store.load()).entries] == [e.key for e in saved[-5:]]


def test_keep_all_keeps_every_game_until_storage_is_full_then_drops_the_oldest(one_record):
    size = len(save_many(HistoryStore(MemoryStorage()), one_record, 1)[0].to_json())
    storage = MemoryStorage(capacity=int(size * 8.5))  # room for 8 games
    storage.data["thaasbai.settings"] = "{}"  # not a game: never dropped
    store = HistoryStore(storage, limit=None)
    saved = save_many(store, one_record, 8)
    assert len(run(store.load()).entries) == 8  # more than no limit would need: all kept
    saved += save_many(store, one_record, 5)  # full: each new game makes room
    kept = run(store.load()).entries
    assert [e.key for e in kept] == [e.key for e in saved[-len(kept) :]]
    assert 6 <= len(kept) <= 8 and storage.data["thaasbai.settings"] == "{}"


def test_keep_all_never_drops_games_for_a_backend_that_refuses_everything(one_record):
    storage = MemoryStorage()
    store = HistoryStore(storage, limit=None)
    save_many(store, one_record, 3)
    before = dict(storage.data)

    async def refuse(key, value):
        return False

    storage.set = refuse
    with pytest.raises(HistoryError, match="full"):
        save_many(store, one_record, 1)
    assert storage.data == before


def test_keep_all_with_a_game_too_large_for_the_whole_storage_is_an_error(one_record):
    storage = MemoryStorage(capacity=1_000)
    store = HistoryStore(storage, limit=None)
    with pytest.raises(HistoryError, match="full"):
        save_many(store, one_record, 1)
    assert storage.data == {}


class Refusing(MemoryStorage):
    """A backend that says False instead of raising (as SharedPreferences may)."""

    async def set(self, key, value):
        return False


def test_a_backend_that_refuses_a_write_is_an_error_too():
    storage = Refusing()
    with pytest.raises(HistoryError):
        save(HistoryStore(storage), played_match())
    assert storage.data == {}


def test_corrupt_and_foreign_entries_are_skipped_with_a_notice():
    storage = MemoryStorage()
    store = HistoryStore(storage)
    good = save(store, played_match())
    storage.data[PREFIX + "00000000000000000001"] = "{not json"
    storage.data[PREFIX + "00000000000000000002"] = json.dumps({"kind": "someone.else"})
    bad_record = json.loads(good.to_json())
    bad_record["record"]["deals"][0]["actions"][0]["play"] = "ZZ"
    storage.data[PREFIX + "00000000000000000003"] = json.dumps(bad_record)
    storage.data[PREFIX + "00000000000000000004"] = json.dumps({**bad_record, "version": 99})
    storage.data["thaasbai.settings"] = "{}"  # not the history's
    listing = run(store.load())
    assert [e.key for e in listing.entries] == [good.key]
    assert len(listing.notices) == 4 and all("skipped" in n for n in listing.notices)


def test_importing_a_record_file_keeps_it_and_a_malformed_one_changes_nothing():
    storage = MemoryStorage()
    store = HistoryStore(storage)
    m = played_match("dhihaeh")
    entry = run(store.import_text(json.dumps(to_record(m)), seat=1))
    assert entry.seat == 1 and replay(entry.record).current.winner == m.current.winner
    assert entry.imported and run(store.load()).entries[0].imported
    before = dict(storage.data)
    for text in (
        "nope",
        "[]",
        '{"game": "thaas", "seats": 4, "deals": [{"dealer": 9}]}',
        '{"seats": "4"}',
        " " * 2_000_000,
    ):
        with pytest.raises(HistoryError):
            run(store.import_text(text))
    assert storage.data == before


def test_an_online_game_keeps_only_what_the_seat_was_shown():
    for game, seats, hukum in (
        ("thaas", 4, "hidden"),
        ("thulla", 4, "implicit"),
        ("thulla", 3, "implicit"),
    ):
        rng = random.Random(3)
        m = new_match(GameOptions(game=game, seats=seats, hukum=hukum), rng=rng)
        m.start_deal(rng=rng)
        seat = 1
        rec = OnlineRecorder(seat)
        bot = get_bot("normal")
        d = m.current
        rec.feed(view_for(m, seat).to_json())
        while not d.over:
            m.apply(d.to_act, bot.choose(view_for(m, d.to_act), rng))
            rec.feed(view_for(m, seat).to_json())
            rec.feed(view_for(m, None).to_json())  # a spectator's view is not the seat's
        may_know = set()
        for point in timeline(to_record(m)):
            may_know |= point.may_know(seat)
        text = json.dumps(rec.seen())
        assert set(CARD.findall(text)) <= may_know
        if game == "thaas":  # the lock left cards unplayed: the seat never saw them
            assert set().union(*timeline(to_record(m))[0].hands) - may_know
        entry = run(HistoryStore(MemoryStorage()).save_seen(rec.seen(), ["a"] * seats))
        assert entry.online and entry.record is None and len(entry.summary.deals) == 1
        if game == "thulla":
            assert entry.summary.deals[0].bhabhi == (d.bhabhi == seat)
        else:
            assert entry.summary.deals[0].won == (d.winner == seat & 1)
