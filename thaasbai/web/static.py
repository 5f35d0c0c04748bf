"""Serving the static app: exactly the files of a build, with the right types and caching.

Only paths listed in the build's manifest are served (nothing else on disk is reachable).
A ``.br`` twin is sent to clients that accept brotli, else a ``.gz`` one to those that
accept gzip; files in the content-named runtime
folder live for a year in caches, the rest (``index.html``, the service worker, the
manifest) are revalidated on every load.  Every other ``GET`` is one of the app's own
routes (``/``, ``/join/K7M2QX``, ``/play``) and gets ``index.html``.
"""

from __future__ import annotations

import json
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response

from .build import BUILD_MANIFEST

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
    ".otf": "font/otf",
    ".ttf": "font/ttf",
    ".frag": "application/octet-stream",
    ".bin": "application/octet-stream",
    ".gz": "application/gzip",
    ".zip": "application/zip",
}
SPECIAL_TYPES = {"manifest.json": "application/manifest+json"}
LONG_LIVED = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


@dataclass(frozen=True)
class StaticFile:
    path: Path
    gz: Path | None
    br: Path | None
    media_type: str
    etag: str
    cache_control: str


class StaticApp:
    """An ASGI-callable view over one build directory (see :func:`load`)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        info = json.loads((root / BUILD_MANIFEST).read_text(encoding="utf-8"))
        self.version: str = info["version"]
        runtime = info["runtime"] + "/"
        self.files: dict[str, StaticFile] = {}
        for rel, digest in info["files"].items():
            path = root / rel
            gz = path.with_name(path.name + ".gz")
            br = path.with_name(path.name + ".br")
            name = path.name
            media = SPECIAL_TYPES.get(name) or _media_type(name)
            self.files[rel] = StaticFile(
                path=path,
                gz=gz if gz.is_file() else None,
                br=br if br.is_file() else None,
                media_type=media,
                etag=f'"{digest}"',
                cache_control=LONG_LIVED if rel.startswith(runtime) else REVALIDATE,
            )
        if "index.html" not in self.files:
            raise RuntimeError(f"{root} is not a Thaasbai web build (no index.html)")

    def response(self, request: Request) -> Response:
        rel = request.url.path.lstrip("/")
        item = self.files.get(rel) if rel else None
        if item is None:
            if rel.startswith(("api/", "rt-")) or "." in rel.rsplit("/", 1)[-1]:
                return PlainTextResponse("not found", status_code=404)
            item = self.files["index.html"]  # one of the app's routes
        headers = {
            "Cache-Control": item.cache_control,
            "ETag": item.etag,
            "Vary": "Accept-Encoding",
        }
        if request.headers.get("if-none-match") == item.etag:
            return Response(status_code=304, headers=headers)
        path = item.path
        accepted = _encodings(request.headers.get("accept-encoding", ""))
        if item.br is not None and "br" in accepted:
            path = item.br
            headers["Content-Encoding"] = "br"
        elif item.gz is not None and "gzip" in accepted:
            path = item.gz
            headers["Content-Encoding"] = "gzip"
        return FileResponse(path, media_type=item.media_type, headers=headers, stat_result=None)


def _encodings(header: str) -> set[str]:
    """The codings an ``Accept-Encoding`` header takes (``q=0`` ones refused)."""
    out = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0:
                out.add(name.strip().lower())
        except ValueError:
            continue
    return out


def _media_type(name: str) -> str:
    if name.endswith(".tar.gz"):
        return "application/gzip"
    for suffix, media in TYPES.items():
        if name.endswith(suffix):
            return media
    return mimetypes.guess_type(name)[0] or "application/octet-stream"
