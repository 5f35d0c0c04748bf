"""The room server's tunables: timers, limits and where rooms are kept."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def default_data_dir() -> Path:
    """Per-user data directory: ``$XDG_DATA_HOME/thaasbai`` or ``~/.local/share/thaasbai``."""
    base = os.getenv("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "thaasbai"


@dataclass(frozen=True)
class ServerConfig:
    """Everything the room server can be tuned with; tests shorten the timers."""

    base_url: str = "http://127.0.0.1:8550"  # where this process listens (a fallback)
    # The base of invite links (--public-url); empty: the address each request came in on,
    # so a phone that opened http://192.168.1.20:8550 shares a link a friend can open.
    public_url: str = ""
    store: str = ""  # "" = SQLite in data_dir; "memory" = not persisted; "redis://..." shared
    data_dir: str = ""
    grace_s: float = 60.0  # a disconnected player's seat is played by a bot after this
    bot_pace_s: float = 0.8  # the least time between a change and a bot's move
    bot_budget_ms: int | None = None
    # Worker processes for search bots (Hard, Ultra), so their CPU never stalls the event
    # loop; 0 keeps them in threads.
    bot_processes: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))
    min_turn_timer_s: float = 5.0
    max_turn_timer_s: float = 600.0
    max_message_bytes: int = 4096  # a WebSocket frame above this closes the connection
    # uvicorn closes the connection (1009) on a frame above this before reading it; frames
    # between the two limits are read, answered ``too_large`` and then closed.
    max_frame_bytes: int = 64 * 1024
    max_body_bytes: int = 4096  # an HTTP body above this answers 413
    http_head_timeout_s: float = 10.0  # a connection must send a whole request head by then
    ws_rate: float = 10.0  # messages per second per connection ...
    ws_burst: float = 30.0  # ... with this burst
    ws_flood_limit: int = 20  # refused-for-rate messages before the connection is closed
    # Create/join/lobby requests and WebSocket connection attempts (each looks a room up)
    # per second per client address ...
    http_rate: float = 2.0
    http_burst: float = 20.0  # ... with this burst
    max_spectators_per_room: int = 32  # seated players always get in
    max_sockets_per_address: int = 64  # open WebSockets from one client address
    max_sockets: int = 4000  # open WebSockets in this process
    # Peers whose X-Forwarded-For is believed (uvicorn's forwarded_allow_ips): addresses,
    # networks or "*"; empty means the socket's peer is the client, whatever it claims.
    trusted_proxies: tuple[str, ...] = ()
    outbox_limit: int = 256  # queued messages for a connection that does not read
    finished_ttl_s: float = 3600.0  # a finished match's room is deleted after this idle time
    idle_ttl_s: float = 7 * 86400.0  # any room untouched for this long is deleted
    sweep_every_s: float = 60.0
    # Shared stores only: a room's driving lease and a connection's presence last this long
    # without renewal, so a dead process's bots are taken over within about this time.
    lease_s: float = 5.0

    @property
    def sqlite_path(self) -> Path:
        base = Path(self.data_dir) if self.data_dir else default_data_dir()
        return base / "rooms.sqlite3"

    @classmethod
    def from_settings(cls, settings: Any, env: Mapping[str, str] | None = None) -> ServerConfig:
        """Build from ``ServeSettings`` plus optional ``THAASBAI_*`` environment overrides."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {
            "base_url": settings.base_url,
            "public_url": getattr(settings, "public_url", ""),
            "store": getattr(settings, "store", ""),
            "data_dir": getattr(settings, "data_dir", ""),
            "grace_s": float(getattr(settings, "grace_s", 60.0)),
            "trusted_proxies": tuple(getattr(settings, "trusted_proxies", ())),
        }
        overrides = {
            "THAASBAI_BOT_PACE": ("bot_pace_s", float),
            "THAASBAI_HTTP_RATE": ("http_rate", float),
            "THAASBAI_HTTP_BURST": ("http_burst", float),
            "THAASBAI_WS_RATE": ("ws_rate", float),
            "THAASBAI_WS_BURST": ("ws_burst", float),
            "THAASBAI_FINISHED_TTL": ("finished_ttl_s", float),
            "THAASBAI_IDLE_TTL": ("idle_ttl_s", float),
            "THAASBAI_MIN_TURN_TIMER": ("min_turn_timer_s", float),
            "THAASBAI_GRACE": ("grace_s", float),
            "THAASBAI_LEASE": ("lease_s", float),
            "THAASBAI_BOT_PROCESSES": ("bot_processes", int),
            "THAASBAI_WS_PER_ADDRESS": ("max_sockets_per_address", int),
            "THAASBAI_MAX_SOCKETS": ("max_sockets", int),
        }
        for name, (key, conv) in overrides.items():
            if env.get(name):
                values[key] = conv(env[name])
        return cls(**values)
