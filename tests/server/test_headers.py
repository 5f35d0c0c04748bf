"""Security headers on every HTTP response, and no caching of anything that holds a token."""

from __future__ import annotations

import httpx
import pytest
from server_harness import Client, LiveServer, create, run

from thaasbai.server.headers import content_security_policy, script_hashes


@pytest.fixture(scope="module")
def server():
    with LiveServer() as s:
        yield s


def directives(policy: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in policy.split("; ")}


def test_every_response_carries_the_security_headers(server):
    code = create(server.base)["code"]
    answers = [
        httpx.get(f"{server.base}/healthz"),
        httpx.get(f"{server.base}/api/rooms/{code}"),
        httpx.get(f"{server.base}/api/rooms/ZZZZZZ"),  # an error
        httpx.get(f"{server.base}/no/such/page"),  # not ours at all
        httpx.post(f"{server.base}/api/rooms", json={"bots": "easy"}),
    ]
    for r in answers:
        assert r.headers["x-content-type-options"] == "nosniff", r.url
        assert r.headers["referrer-policy"] == "no-referrer"
        policy = directives(r.headers["content-security-policy"])
        assert policy["frame-ancestors"] == ["'none'"] and policy["default-src"] == ["'self'"]


def test_answers_that_carry_a_token_are_never_stored(server):
    made = httpx.post(f"{server.base}/api/rooms", json={"bots": "easy"})
    sat = httpx.post(f"{server.base}/api/rooms/{made.json()['code']}/join", json={})
    for r in (made, sat):
        assert "token" in r.json() and r.headers["cache-control"] == "no-store"


def test_websockets_pass_through_the_middleware(server):
    body = create(server.base)

    async def go():
        async with Client(server.ws_base, body["code"], body["token"]) as c:
            return (await c.state())["seat"]

    assert run(go()) == 0


def test_the_policy_lets_the_app_reach_its_public_url_and_nothing_wider():
    policy = directives(content_security_policy("https://cards.example.mv/"))
    assert policy["connect-src"] == ["'self'", "https://cards.example.mv", "wss://cards.example.mv"]
    assert "ws:" not in policy["connect-src"] and "wss:" not in policy["connect-src"]
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'wasm-unsafe-eval'" in policy["script-src"]


def test_inline_scripts_are_allowed_by_their_hashes_only():
    html = (
        "<html><head><script>var flet = {pyodide: true};</script>"
        '<script src="python.js"></script></head><body><script>go()</script></body></html>'
    )
    hashes = script_hashes(html)
    # echo -n 'go()' | openssl sha256 -binary | base64
    assert len(hashes) == 2 and hashes[1] == "'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"
    policy = directives(content_security_policy("", hashes))
    assert policy["script-src"][-2:] == list(hashes)
