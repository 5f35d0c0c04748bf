"""The embedded default store: one SQLite file (standard library ``sqlite3``).

Every statement runs on one worker thread, never on the event loop: a commit is usually
cheap (WAL mode), but a checkpoint's fsync, a slow disk or another process holding the
write lock (up to the 5 s busy timeout) would otherwise stall every room of the process.
One thread keeps the statements in order and the connection single-threaded.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from .store import StoreConflict

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    rev INTEGER NOT NULL,
    doc BLOB NOT NULL,
    expires_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_expiry ON rooms (expires_at);
"""

T = TypeVar("T")


class SQLiteStore:
    """Rooms in ``path``; survives restarts of ``thaasbai serve``."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="thaasbai-sqlite")

    async def _run(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, work)

    async def create(self, code: str, doc: bytes, expires_at: float) -> bool:
        def insert() -> bool:
            try:
                self._db.execute(
                    "INSERT INTO rooms (code, rev, doc, expires_at) VALUES (?, 1, ?, ?)",
                    (code, doc, expires_at),
                )
            except sqlite3.IntegrityError:
                return False
            return True

        return await self._run(insert)

    async def load(self, code: str) -> tuple[int, bytes] | None:
        def select() -> tuple[int, bytes] | None:
            row = self._db.execute("SELECT rev, doc FROM rooms WHERE code = ?", (code,)).fetchone()
            return None if row is None else (int(row[0]), bytes(row[1]))

        return await self._run(select)

    async def revision(self, code: str) -> int | None:
        def select() -> int | None:
            row = self._db.execute("SELECT rev FROM rooms WHERE code = ?", (code,)).fetchone()
            return None if row is None else int(row[0])

        return await self._run(select)

    async def save(self, code: str, doc: bytes, expected_rev: int, expires_at: float) -> int:
        def update() -> int:
            cur = self._db.execute(
                "UPDATE rooms SET rev = rev + 1, doc = ?, expires_at = ? "
                "WHERE code = ? AND rev = ?",
                (doc, expires_at, code, expected_rev),
            )
            return cur.rowcount

        if await self._run(update) != 1:
            raise StoreConflict(code)
        return expected_rev + 1

    async def expire(self, now: float) -> list[str]:
        def delete() -> list[str]:
            rows = self._db.execute(
                "SELECT code FROM rooms WHERE expires_at <= ?", (now,)
            ).fetchall()
            codes = [r[0] for r in rows]
            if codes:
                self._db.executemany(
                    "DELETE FROM rooms WHERE code = ? AND expires_at <= ?",
                    [(c, now) for c in codes],
                )
            return codes

        return await self._run(delete)

    async def close(self) -> None:
        await self._run(self._db.close)
        self._thread.shutdown(wait=True)
