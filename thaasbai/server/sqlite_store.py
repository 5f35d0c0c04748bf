"""The embedded default store: one SQLite file (standard library ``sqlite3``).

Writes are tiny (a room is a few kilobytes) and WAL mode makes each commit cheap, so they
run inline on the event loop: a thread hop would cost more than the write.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

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


class SQLiteStore:
    """Rooms in ``path``; survives restarts of ``thaasbai serve``."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    async def create(self, code: str, doc: bytes, expires_at: float) -> bool:
        try:
            self._db.execute(
                "INSERT INTO rooms (code, rev, doc, expires_at) VALUES (?, 1, ?, ?)",
                (code, doc, expires_at),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    async def load(self, code: str) -> tuple[int, bytes] | None:
        row = self._db.execute("SELECT rev, doc FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else (int(row[0]), bytes(row[1]))

    async def revision(self, code: str) -> int | None:
        row = self._db.execute("SELECT rev FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else int(row[0])

    async def save(self, code: str, doc: bytes, expected_rev: int, expires_at: float) -> int:
        cur = self._db.execute(
            "UPDATE rooms SET rev = rev + 1, doc = ?, expires_at = ? WHERE code = ? AND rev = ?",
            (doc, expires_at, code, expected_rev),
        )
        if cur.rowcount != 1:
            raise StoreConflict(code)
        return expected_rev + 1

    async def expire(self, now: float) -> list[str]:
        rows = self._db.execute("SELECT code FROM rooms WHERE expires_at <= ?", (now,)).fetchall()
        codes = [r[0] for r in rows]
        if codes:
            self._db.executemany(
                "DELETE FROM rooms WHERE code = ? AND expires_at <= ?", [(c, now) for c in codes]
            )
        return codes

    async def close(self) -> None:
        self._db.close()
