"""Serving a web build: types, brotli and gzip, caching, app routes, nothing else on disk."""

from __future__ import annotations

import json

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.routing import Route
from starlette.testclient import TestClient

from thaasbai.web import build
from thaasbai.web.static import LONG_LIVED, REVALIDATE, StaticApp


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    out = tmp_path_factory.mktemp("static") / "web"
    build.build_web(out, log=lambda *_: None)
    (out.parent / "secret.txt").write_text("not for the web")
    return out


@pytest.fixture(scope="module")
def client(web):
    static = StaticApp(web)

    async def handler(request: Request):
        return static.response(request)

    app = Starlette(routes=[Route("/{path:path}", handler, methods=["GET", "HEAD"])])
    return TestClient(app)


def _rt(web) -> str:
    return json.loads((web / build.BUILD_MANIFEST).read_text())["runtime"]


@pytest.mark.parametrize(
    "rel,media",
    [
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("main.dart.js", "text/javascript"),
        ("pyodide/python_stdlib.zip", "application/zip"),
    ],
)
def test_runtime_files_have_their_types_and_live_long(client, web, rel, media):
    r = client.get(f"/{_rt(web)}/{rel}", headers={"Accept-Encoding": "identity"})
    assert r.status_code == 200
    assert r.headers["content-type"].split(";")[0] == media
    assert r.headers["cache-control"] == LONG_LIVED
    assert r.content == (web / _rt(web) / rel).read_bytes()


def test_brotli_or_gzip_is_sent_to_clients_that_accept_it(client, web):
    rel = f"/{_rt(web)}/main.dart.js"
    original = (web / rel.lstrip("/")).read_bytes()
    for accept, coding in [
        ("gzip, deflate, br, zstd", "br"),  # what Chromium sends, on localhost too
        ("gzip", "gzip"),
        ("br;q=0, gzip;q=0.5", "gzip"),  # brotli refused
    ]:
        r = client.get(rel, headers={"Accept-Encoding": accept})
        assert r.headers["content-encoding"] == coding, accept
        assert r.headers["vary"] == "Accept-Encoding"
        assert r.content == original  # httpx decoded it
    sent = {c: len((web / f"{rel.lstrip('/')}.{c}").read_bytes()) for c in ("br", "gz")}
    assert sent["br"] < sent["gz"] * 0.9
    plain = client.get(rel, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers


def test_the_app_archive_is_sent_as_it_is_for_the_worker_to_unpack(client, web):
    name = next(p.name for p in (web / _rt(web)).glob("app-*.tar.gz"))
    r = client.get(f"/{_rt(web)}/{name}", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in r.headers
    assert r.headers["content-type"] == "application/gzip"


@pytest.mark.parametrize("path", ["/", "/join/K7M2QX", "/play", "/settings"])
def test_the_apps_routes_get_index_html_revalidated_every_time(client, web, path):
    r = client.get(path)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert r.headers["cache-control"] == REVALIDATE
    assert r.text == (web / "index.html").read_text()


@pytest.mark.parametrize("path", ["/sw.js", "/manifest.json", "/site.json"])
def test_the_shell_is_revalidated(client, path):
    r = client.get(path)
    assert r.status_code == 200 and r.headers["cache-control"] == REVALIDATE


def test_manifest_json_is_a_web_app_manifest(client):
    assert client.get("/manifest.json").headers["content-type"] == "application/manifest+json"


def test_an_unchanged_file_answers_304(client):
    etag = client.get("/sw.js").headers["etag"]
    r = client.get("/sw.js", headers={"If-None-Match": etag})
    assert r.status_code == 304 and r.content == b""


@pytest.mark.parametrize(
    "path",
    ["/build-manifest.json.gz", "/missing.js", "/rt-0000/main.dart.js", "/api/nothing"],
)
def test_files_not_in_the_build_are_404(client, path):
    assert client.get(path).status_code == 404


def test_nothing_outside_the_build_is_reachable(client):
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt"):
        r = client.get(path)
        assert "not for the web" not in r.text
