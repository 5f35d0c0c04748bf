"""The HTTP half of the protocol: create, join, lobby, health, and refusals."""

from __future__ import annotations

import httpx
import pytest
from server_harness import LiveServer, create, join

from thaasbai.server.codes import ALPHABET, LENGTH


@pytest.fixture(scope="module")
def server():
    with LiveServer() as s:
        yield s


def test_healthz_answers_ok(server):
    r = httpx.get(f"{server.base}/healthz")
    assert r.status_code == 200 and r.json()["ok"] is True


def test_create_answers_code_invite_link_seat_zero_and_a_long_token(server):
    body = create(server.base, game="thaas", options={"hukum": "declared", "best_of": 3})
    code = body["code"]
    assert len(code) == LENGTH and all(ch in ALPHABET for ch in code)
    assert not set(code) & set("01OI")
    assert body["invite_url"] == f"{server.base}/join/{code}"
    assert body["seat"] == 0
    assert len(body["token"]) >= 32  # token_urlsafe(24): 192 bits


def test_lobby_shows_seats_and_never_a_token(server):
    body = create(server.base, game="thulla", seats=5, name="Aisha", bots="easy")
    r = httpx.get(f"{server.base}/api/rooms/{body['code']}")
    assert r.status_code == 200
    lobby = r.json()
    assert lobby["game"] == "thulla" and lobby["seats"] == 5 and lobby["started"] is False
    assert lobby["bots"] == "easy" and lobby["host"] == 0
    assert [s["kind"] for s in lobby["seat_list"]] == ["human", "free", "free", "free", "free"]
    assert lobby["seat_list"][0]["name"] == "Aisha"
    assert body["token"] not in r.text


def test_join_takes_the_first_free_seat_or_the_asked_one(server):
    code = create(server.base)["code"]
    first = join(server.base, code, name="Ibrahim")
    assert first.status_code == 200 and first.json()["seat"] == 1
    asked = join(server.base, code, name="Mariyam", seat=3)
    assert asked.status_code == 200 and asked.json()["seat"] == 3
    tokens = {first.json()["token"], asked.json()["token"]}
    assert len(tokens) == 2
    lobby = httpx.get(f"{server.base}/api/rooms/{code}").json()
    assert [s["kind"] for s in lobby["seat_list"]] == ["human", "human", "free", "human"]


def test_join_answers_409_when_the_seat_or_every_seat_is_taken(server):
    code = create(server.base)["code"]
    r = join(server.base, code, seat=0)
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    for _ in range(3):
        assert join(server.base, code).status_code == 200
    r = join(server.base, code)
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"


def test_unknown_and_malformed_codes_answer_the_same_404(server):
    answers = []
    for code in ("ZZZZZZ", "22222O", "abc", "X" * 300):
        r1 = httpx.get(f"{server.base}/api/rooms/{code}")
        r2 = join(server.base, code)
        answers.append((r1.status_code, r1.json(), r2.status_code, r2.json()))
    assert all(a == answers[0] for a in answers)
    assert answers[0][0] == 404 and answers[0][1]["error"]["code"] == "not_found"


def test_codes_are_case_and_space_insensitive(server):
    code = create(server.base)["code"]
    r = httpx.get(f"{server.base}/api/rooms/{code.lower()}")
    assert r.status_code == 200 and r.json()["code"] == code


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"[1, 2]",
        b'{"game": "poker"}',
        b'{"game": "thaas", "seats": 6}',
        b'{"game": "thaas", "options": {"hukum": "sometimes"}}',
        b'{"game": "thaas", "bots": "godlike"}',
        b'{"game": "thaas", "surprise": 1}',
        b'{"game": "thaas", "turn_timer": 0.001}',
        b'{"game": "thaas", "hints": "yes"}',
        b'{"game": "thaas", "hints": 1}',
        b'{"game": "thaas", "hints": null}',
        b'{"name": 42}',
    ],
)
def test_bad_create_bodies_answer_400_malformed_and_create_nothing(server, body):
    before = len(server.service.rooms)
    r = httpx.post(
        f"{server.base}/api/rooms", content=body, headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"
    assert len(server.service.rooms) == before


def test_oversized_body_answers_413(server):
    r = httpx.post(f"{server.base}/api/rooms", content=b'{"name": "' + b"x" * 10_000 + b'"}')
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"


def test_a_bad_join_changes_nothing(server):
    code = create(server.base)["code"]
    before = httpx.get(f"{server.base}/api/rooms/{code}").json()
    for body in ({"seat": 9}, {"seat": -1}, {"seat": "two"}, {"extra": True}):
        r = join(server.base, code, **body)
        assert r.status_code == 400, r.text
    assert httpx.get(f"{server.base}/api/rooms/{code}").json() == before


def test_requests_are_rate_limited_per_client():
    # A token every 100 s: none comes back during the test however slow the machine is
    # (the refill itself: tests/server/test_ratelimit.py, on a given clock).
    with LiveServer(http_rate=0.01, http_burst=5.0) as s:
        statuses = [httpx.get(f"{s.base}/api/rooms/ZZZZZZ").status_code for _ in range(12)]
        assert statuses == [404] * 5 + [429] * 7
        r = httpx.post(f"{s.base}/api/rooms", json={})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
