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
    public_url: str = ""  # the base of invite links; default: the address a request used
    grace_s: float = 60.0
    web_dir: str = ""  # the static app's build; default build/web (see thaasbai.paths)
    certfile: str = ""  # TLS: serve HTTPS with this certificate (PEM) ...
    keyfile: str = ""  # ... and this private key (PEM), when not inside the certfile
    # Origins of a static app hosted elsewhere (build-web --server-url) that may call the
    # room API from the browser (CORS); empty: only the app this server serves.
    allow_origins: tuple[str, ...] = ()
    trusted_proxies: tuple[str, ...] = ()  # reverse proxies whose X-Forwarded-For is believed

    @property
    def base_url(self) -> str:
        scheme = "https" if self.certfile else "http"
        return self.public_url.rstrip("/") or f"{scheme}://{self.host}:{self.port}"
