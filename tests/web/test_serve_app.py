"""``thaasbai serve``'s one ASGI app: rooms and the static app side by side, no UI session
on the server, and CORS only for the origins it is told to trust."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from thaasbai.serve import create_app
from thaasbai.settings import ServeSettings
from thaasbai.web import build


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    out = tmp_path_factory.mktemp("serve") / "web"
    build.build_web(out, log=lambda *_: None)
    return out


def _client(web, tmp_path, **settings) -> TestClient:
    app = create_app(ServeSettings(store="memory", data_dir=str(tmp_path), **settings), web)
    return TestClient(app)


def test_rooms_health_and_the_app_share_one_port(web, tmp_path):
    with _client(web, tmp_path) as client:
        assert client.get("/healthz").json()["ok"] is True
        created = client.post("/api/rooms", json={"game": "thaas", "name": "Aisha"})
        assert created.status_code == 201
        code = created.json()["code"]
        assert client.get(f"/api/rooms/{code}").status_code == 200
        page = client.get(f"/join/{code}")  # the invite link opens the static app
        assert page.status_code == 200 and "<title>Thaasbai</title>" in page.text
        assert client.get("/api/rooms/NOSUCH").status_code == 404  # not the app's page


def test_the_server_holds_no_ui_session(web, tmp_path):
    """Flet's server-side app answered a WebSocket at /ws per visitor; the static app's
    Python runs in the browser, so nothing does."""
    with (
        _client(web, tmp_path) as client,
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect("/ws"),
    ):
        pass


def test_cors_is_off_unless_an_origin_is_allowed(web, tmp_path):
    preflight = {
        "Origin": "https://cards.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    }
    with _client(web, tmp_path) as client:
        r = client.options("/api/rooms", headers=preflight)
        assert "access-control-allow-origin" not in r.headers
    with _client(web, tmp_path, allow_origins=("https://cards.example",)) as client:
        r = client.options("/api/rooms", headers=preflight)
        assert r.headers["access-control-allow-origin"] == "https://cards.example"
        other = client.options("/api/rooms", headers={**preflight, "Origin": "https://evil.test"})
        assert other.headers.get("access-control-allow-origin") != "https://evil.test"


def test_invite_links_use_the_address_the_request_came_in_on(web, tmp_path):
    body = {"game": "thaas", "name": "Aisha"}
    with _client(web, tmp_path) as client:
        lan = client.post("/api/rooms", json=body, headers={"Host": "192.168.1.20:8550"})
        assert lan.json()["invite_url"].startswith("http://192.168.1.20:8550/join/")
        assert "invite_local_only" not in lan.json()
        here = client.post("/api/rooms", json=body, headers={"Host": "127.0.0.1:8550"})
        assert here.json()["invite_local_only"] is True  # the app warns
    with _client(web, tmp_path, public_url="https://cards.example") as client:
        public = client.post("/api/rooms", json=body, headers={"Host": "127.0.0.1:8550"})
        assert public.json()["invite_url"].startswith("https://cards.example/join/")
        assert "invite_local_only" not in public.json()
