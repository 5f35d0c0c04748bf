"""Settings of a serving process, shared by the room server and the web app."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServeSettings:
    """How ``thaasbai serve`` runs; every field has a working embedded default."""

    host: str = "127.0.0.1"
    port: int = 8550
    store: str = ""  # "" = SQLite in data_dir; "redis://host:port/db" to share rooms
    data_dir: str = ""
    public_url: str = ""  # the base of invite links; default http://host:port
    grace_s: float = 60.0
    trusted_proxies: tuple[str, ...] = ()  # reverse proxies whose X-Forwarded-For is believed
    web_renderer: str = "auto"

    @property
    def base_url(self) -> str:
        return self.public_url.rstrip("/") or f"http://{self.host}:{self.port}"
