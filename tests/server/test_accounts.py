"""Accounts, sessions, rated games, histories, profiles and leaderboards, through the app
(Starlette's TestClient: the real app, its storage and its WebSockets, in process)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from argon2 import PasswordHasher
from starlette.testclient import TestClient

from clickbox.server.ratings import INITIAL, players_class, ranks, rate, shown

from .play import Seat, app_client, from_address, seat_socket

FAST_HASH = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""argon2 at its cheapest, so that the tests sign up quickly (the server uses the defaults)."""
PASSWORD = "correct horse battery"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with app_client(db_url, password_hasher=FAST_HASH) as client:
        yield client


def sign_up(client: TestClient, name: str, **extra: Any) -> str:
    """Sign up; the session cookie's value (the client's own cookie jar is left empty)."""
    answer = client.post("/api/account/signup", json={"name": name, "password": PASSWORD, **extra})
    assert answer.status_code == 201, answer.text
    token = str(answer.cookies["clickbox_session"])
    client.cookies.clear()
    return token


def as_(session: str | None) -> dict[str, str]:
    return {} if session is None else {"Cookie": f"clickbox_session={session}"}


def me(client: TestClient, session: str | None) -> Any:
    return client.get("/api/account", headers=as_(session)).json()["account"]


def table_of(client: TestClient, sessions: list[str | None], game: str, **settings: Any) -> Any:
    """A table of these players (a session signs its seat in; None: a guest), all joined."""
    players = len(sessions)
    body: dict[str, Any] = {"game": game, "players": players, "seats": ["human"] * players}
    body["name"] = "Guest 0"
    if settings:
        body["settings"] = settings
    created = client.post("/api/tables", json=body, headers=as_(sessions[0]))
    assert created.status_code == 201, created.text
    invite, tokens = created.json()["invite"], [created.json()["token"]]
    for seat, session in enumerate(sessions[1:], start=1):
        joined = client.post(
            f"/api/tables/{invite}/join", json={"name": f"Guest {seat}"}, headers=as_(session)
        )
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    started = client.post(
        f"/api/tables/{invite}/start", headers={"Authorization": f"Bearer {tokens[0]}"}
    )
    assert started.status_code == 200, started.text
    return invite, tokens


def play_out(seats: dict[int, Seat], seed: int = 3) -> dict[str, Any]:
    """Play random legal moves from the connected seats until the game ends."""
    rng = random.Random(seed)
    version = 0
    first = next(iter(seats.values()))
    for _ in range(2000):
        for sock in seats.values():
            sock.at_version(version)
        state = first.state
        if state["table"]["status"] == "finished":
            return state
        movers = [s for s in state["table"]["awaiting"] if s in seats]
        if not movers:  # a bot plays for an absent seat: wait for the next state
            version = first.version() + 1
            continue
        mover = seats[movers[0]]
        reply = mover.act(rng.choice(mover.state["legal"])["action"])
        assert reply["ok"], reply
        version = reply["version"]
    raise AssertionError("the game did not end")


def rated_game(client: TestClient, sessions: list[str | None], game: str = "clickety-clack") -> str:
    invite, tokens = table_of(client, sessions, game)
    with ExitStack() as stack:
        seats = {
            seat: stack.enter_context(seat_socket(client, invite, token))
            for seat, token in enumerate(tokens)
        }
        play_out(seats)
    return str(invite)


# -- accounts and sessions ------------------------------------------------------------------------


def test_sign_up_sign_out_sign_in_and_the_cookie(db_url: str) -> None:
    with app_client(db_url, password_hasher=FAST_HASH, base_url="https://testserver") as client:
        answer = client.post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        cookie = answer.headers["set-cookie"].lower()
        for part in ("httponly", "samesite=lax", "secure", "path=/"):
            assert part in cookie, cookie
        assert client.get("/api/account").json()["account"]["name"] == "Ann"
        assert client.post("/api/account/signout").json() == {"account": None}
        assert client.get("/api/account").json()["account"] is None
        again = client.post("/api/account/signin", json={"name": "ann", "password": PASSWORD})
        assert again.status_code == 200 and again.json()["account"]["name"] == "Ann"


def test_names_and_passwords_are_checked(client: TestClient) -> None:
    refusals = {
        ("A", PASSWORD): "2 to 24 characters",
        ("Bot Bob", PASSWORD): "does not start with “bot”",
        ("<script>", PASSWORD): "letters and digits",
        ("Carla", "short"): "8 to 256 characters",
        ("Carla Rossi", "carla rossi"): "must not be the name",
    }
    for (name, password), words in refusals.items():
        answer = client.post("/api/account/signup", json={"name": name, "password": password})
        assert answer.status_code == 400 and words in answer.json()["error"]["message"], answer.text
    sign_up(client, "Carla")
    taken = client.post("/api/account/signup", json={"name": "CARLA", "password": PASSWORD})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]["message"]


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client: TestClient) -> None:
    sign_up(client, "Dora")
    wrong = client.post("/api/account/signin", json={"name": "Dora", "password": "x" * 12})
    unknown = client.post("/api/account/signin", json={"name": "Nobody", "password": "x" * 12})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert "clickbox_session" not in wrong.cookies and "clickbox_session" not in unknown.cookies


def test_sign_ins_are_rate_limited_by_address_and_by_name(client: TestClient) -> None:
    """By (address, name) and by address; never by name alone, which would let anyone lock
    the name's owner out (issue 35: tests/server/test_account_attacks.py)."""
    sign_up(client, "Emil")
    codes = [
        client.post("/api/account/signin", json={"name": "Emil", "password": "wrong" * 3})
        for _ in range(12)
    ]
    assert [c.status_code for c in codes] == [401] * 5 + [429] * 7
    # Even the right password waits now at that address: guessing cannot go on at full speed.
    right = client.post("/api/account/signin", json={"name": "Emil", "password": PASSWORD})
    assert right.status_code == 429
    # The address has spent its tries at any name too ...
    other = client.post("/api/account/signin", json={"name": "Someone", "password": PASSWORD})
    assert other.status_code == 429
    # ... but the owner, elsewhere, signs in.
    owner = from_address(client, "192.0.2.1")
    answer = owner.post("/api/account/signin", json={"name": "Emil", "password": PASSWORD})
    assert answer.status_code == 200, answer.text


def test_a_sign_in_starts_a_new_session_and_ends_the_old_one(client: TestClient) -> None:
    first = sign_up(client, "Finn")
    planted = "planted-by-someone-else"
    answer = client.post(
        "/api/account/signin",
        json={"name": "Finn", "password": PASSWORD},
        headers={"Cookie": f"clickbox_session={first}"},
    )
    client.cookies.clear()
    second = answer.cookies["clickbox_session"]
    assert second not in (first, planted)
    assert me(client, second)["name"] == "Finn"
    assert me(client, first) is None, "the session the browser had is over"
    fixed = client.post(
        "/api/account/signin",
        json={"name": "Finn", "password": PASSWORD},
        headers={"Cookie": f"clickbox_session={planted}"},
    )
    client.cookies.clear()
    assert fixed.cookies["clickbox_session"] != planted
    assert me(client, planted) is None


def test_a_signed_out_session_is_over_on_the_server_too(client: TestClient) -> None:
    session = sign_up(client, "Gus")
    assert client.post("/api/account/signout", headers=as_(session)).status_code == 200
    assert me(client, session) is None


def test_state_changes_from_another_site_are_refused(client: TestClient) -> None:
    session = sign_up(client, "Hana")
    evil = {**as_(session), "Origin": "https://evil.example"}
    for path, body in [
        ("/api/account/lang", {"lang": "de"}),
        ("/api/account/signout", {}),
        ("/api/tables", {"game": "clickety-clack", "players": 2}),
    ]:
        answer = client.post(path, json=body, headers=evil)
        assert answer.status_code == 403, (path, answer.text)
        assert "another site" in answer.json()["error"]["message"]
    cross = {**as_(session), "Sec-Fetch-Site": "cross-site"}
    assert client.post("/api/account/signout", json={}, headers=cross).status_code == 403
    form = {**as_(session), "Content-Type": "text/plain"}
    sent = client.post("/api/account/lang", content=b'{"lang": "de"}', headers=form)
    assert sent.status_code == 400 and "JSON" in sent.json()["error"]["message"]
    assert me(client, session) == {"name": "Hana", "lang": None}, "nothing changed"
    own = {**as_(session), "Origin": "http://testserver"}
    assert client.post("/api/account/lang", json={"lang": "fr"}, headers=own).status_code == 200
    assert me(client, session)["lang"] == "fr"


def test_an_accounts_only_table_refuses_guests(client: TestClient) -> None:
    session = sign_up(client, "Ivo")
    body = {"game": "clickety-clack", "players": 2, "settings": {"accounts_only": True}}
    guest = client.post("/api/tables", json={**body, "name": "Guest"})
    assert guest.status_code == 401 and "signed-in" in guest.json()["error"]["message"]
    created = client.post("/api/tables", json=body, headers=as_(session))
    assert created.status_code == 201
    invite = created.json()["invite"]
    seats = client.get(f"/api/tables/{invite}").json()["table"]["seats"]
    assert seats[0]["name"] == "Ivo" and seats[0]["signed_in"]
    refused = client.post(f"/api/tables/{invite}/join", json={"name": "Guest"})
    assert refused.status_code == 401


# -- ratings, history, profiles ----------------------------------------------------------------


def test_a_rated_game_changes_both_ratings_once_and_is_in_both_histories(
    client: TestClient,
) -> None:
    ann, bo = sign_up(client, "Ann"), sign_up(client, "Bo")
    invite = rated_game(client, [ann, bo])
    profiles = {name: client.get(f"/api/players/{name}").json() for name in ("Ann", "Bo")}
    for name, other in (("Ann", "Bo"), ("Bo", "Ann")):
        profile = profiles[name]
        [rating] = profile["ratings"]
        assert (rating["game"], rating["players"], rating["games"]) == ("clickety", "2", 1)
        [game] = profile["games"]
        assert game["me"]["name"] == name and game["me"]["rated"]
        assert game["me"]["rating_after"] == rating["rating"]
        assert game["me"]["rating_before"] == shown(*INITIAL)
        assert [s["name"] for s in game["seats"] if s["name"] != name] == [other]
        assert client.get(game["replay"]).status_code == 200
        record = client.get(game["record"])
        assert record.status_code == 200 and record.json()["outcome"] is not None
        replay = client.get(f"/api/tables/{invite}/replay?game={game['game_number']}")
        assert replay.status_code == 200
        [stats] = profile["stats"]
        assert stats["games"] == 1 and stats["wins"] == int(game["me"]["won"])
    winner = next(n for n in ("Ann", "Bo") if profiles[n]["games"][0]["me"]["rank"] == 1)
    loser = "Bo" if winner == "Ann" else "Ann"
    if profiles[loser]["games"][0]["me"]["rank"] == 2:
        assert (
            profiles[winner]["ratings"][0]["mu"] > INITIAL[0] > profiles[loser]["ratings"][0]["mu"]
        )
    board = client.get("/api/leaderboard/clickety-clack?players=2").json()
    assert board["entries"][0]["name"] == winner
    assert {e["name"] for e in board["entries"]} == {"Ann", "Bo"}


def test_a_newcomer_who_loses_still_shows_the_starting_rating(client: TestClient) -> None:
    """Issue 37: the loser of a first rated game showed -1.8. Every newcomer shows the same
    starting rating, a loss never takes it lower, a win raises it; the table's results (the
    end screen's rating changes) say the same as the profiles."""
    ann, bo = sign_up(client, "Ann"), sign_up(client, "Bo")
    invite = rated_game(client, [ann, bo])
    seats = client.get(f"/api/tables/{invite}/results?game=1").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bo"] and all(s["rated"] for s in seats)
    start = shown(*INITIAL)
    assert start > 0 and all(s["rating_before"] == start for s in seats)
    first, second = sorted(seats, key=lambda s: s["rank"])
    assert first["rank"] < second["rank"], "a draw: no loser to check"
    assert second["rating_after"] == start and second["rating_change"] == 0
    assert first["rating_after"] > start and first["rating_change"] == first["rating_after"] - start
    for seat in seats:
        [rating] = client.get(f"/api/players/{seat['name']}").json()["ratings"]
        assert rating["rating"] == seat["rating_after"]
    board = client.get("/api/leaderboard/clickety-clack?players=2").json()["entries"]
    assert [e["rating"] for e in board] == [first["rating_after"], start]
    # Before a game is stored there is nothing to show, and a table has no game 9 yet.
    assert client.get(f"/api/tables/{invite}/results?game=9").json()["seats"] == []
    assert client.get(f"/api/tables/{invite}/results?game=x").status_code == 400


def test_guests_bots_and_takeovers_are_unrated(client: TestClient) -> None:
    ann, bo, cy = sign_up(client, "Ann"), sign_up(client, "Bo"), sign_up(client, "Cy")
    # A guest beside an account: nothing is rated (a rating needs two rated players).
    rated_game(client, [ann, None])
    assert client.get("/api/players/Ann").json()["ratings"] == []
    # A takeover: Cy leaves, a bot plays for Cy; Ann and Bo are rated among themselves.
    invite, tokens = table_of(
        client,
        [ann, bo, cy],
        "clickety-clack",
        grace_policy="bot",
        grace_seconds=0.05,
        takeover="random",
    )
    with ExitStack() as stack:
        seats = {
            seat: stack.enter_context(seat_socket(client, invite, tokens[seat])) for seat in (0, 1)
        }
        with seat_socket(client, invite, tokens[2]):
            pass  # Cy came and went
        time.sleep(0.3)
        play_out(seats)
    cy_profile = client.get("/api/players/Cy").json()
    assert cy_profile["ratings"] == []
    [cy_game] = cy_profile["games"]
    assert cy_game["me"]["rated"] is False
    for name in ("Ann", "Bo"):
        ratings = client.get(f"/api/players/{name}").json()["ratings"]
        assert [(r["players"], r["games"]) for r in ratings] == [("3+", 1)]
    # A table not rated by its host changes nothing.
    invite, tokens = table_of(client, [ann, bo], "clickety-clack", rated=False)
    with ExitStack() as stack:
        seats = {
            s: stack.enter_context(seat_socket(client, invite, t)) for s, t in enumerate(tokens)
        }
        play_out(seats)
    ann_ratings = client.get("/api/players/Ann").json()["ratings"]
    assert [(r["players"], r["games"]) for r in ann_ratings] == [("3+", 1)]
    assert len(client.get("/api/players/Ann").json()["games"]) == 3


def test_a_guest_claims_their_games_when_signing_up(client: TestClient) -> None:
    invite, tokens = table_of(client, [None, None], "clickety-clack")
    with ExitStack() as stack:
        seats = {
            s: stack.enter_context(seat_socket(client, invite, t)) for s, t in enumerate(tokens)
        }
        play_out(seats)
    claim = [{"invite": invite, "token": tokens[1]}, {"invite": invite, "token": "forged"}]
    answer = client.post(
        "/api/account/signup", json={"name": "Gwen", "password": PASSWORD, "claim": claim}
    )
    client.cookies.clear()
    assert answer.status_code == 201 and answer.json()["claimed"] == 1
    [game] = client.get("/api/players/Gwen").json()["games"]
    assert game["me"]["seat"] == 1 and game["me"]["rated"] is False
    # A seat is claimed once: another account cannot take it.
    again = client.post(
        "/api/account/signup", json={"name": "Hugo", "password": PASSWORD, "claim": claim}
    )
    client.cookies.clear()
    assert again.json()["claimed"] == 0


def test_unknown_players_and_games_are_clear_errors(client: TestClient) -> None:
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/leaderboard/chess").status_code == 404
    assert client.get("/api/leaderboard/clever?players=9").status_code == 400


def test_ranks_and_classes() -> None:
    from clickbox.core import Outcome

    outcome = Outcome(scores=(10.0, 30.0, 30.0, 5.0), winners=frozenset({1, 2}), reason="end")
    assert ranks(outcome) == [3, 1, 1, 4]
    tie_broken = Outcome(scores=(30.0, 30.0), winners=frozenset({1}), reason="tie-break")
    assert ranks(tie_broken) == [2, 1]
    assert [players_class(n) for n in (1, 2, 3, 6)] == [None, "2", "3+", "3+"]
    up, down = rate([INITIAL, INITIAL], [1, 2])
    assert up[0] > INITIAL[0] > down[0] and up[1] < INITIAL[1]


def test_hostile_account_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    hostile: list[Any] = [
        {"name": 7, "password": PASSWORD},
        {"name": ["Ann"], "password": PASSWORD},
        {"name": "Ann", "password": None},
        {"name": "Ann", "password": "x" * 5000},
        {"name": "Ann\u0000", "password": PASSWORD},
        {"name": "Ann", "password": PASSWORD, "claim": "all of them"},
        {"name": "Ann", "password": PASSWORD, "claim": [{"invite": "X"}] * 201},
    ]
    for body in hostile:
        for what in ("signup", "signin"):
            answer = client.post(f"/api/account/{what}", json=body)
            assert answer.status_code in (400, 401), (what, body, answer.text)
            assert "clickbox_session" not in answer.cookies
    assert (
        client.post(
            "/api/account/signup",
            content=b"{not json",
            headers={"Content-Type": "application/json"},
        ).status_code
        == 400
    )
    assert client.post("/api/account/nothing", json={}).status_code == 401
    assert client.post("/api/account/claim", json={"claim": []}).status_code == 401
    assert client.get("/api/players/Ann").status_code == 404, "no account was made"
    too_long = client.get("/api/account", headers={"Cookie": "clickbox_session=" + "x" * 5000})
    assert too_long.status_code == 200 and too_long.json()["account"] is None
