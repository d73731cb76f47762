"""The score pad's API: ``GET /api/pad`` (the pads the page offers and their facts) and
``POST /api/pad/score`` (a sheet or a quick count scored by the engine's pad)."""

from __future__ import annotations

from pathlib import Path

from clickbox.games import load

from .play import app_client

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_pads_and_their_facts(tmp_path: Path) -> None:
    with app_client(f"sqlite:///{tmp_path / 'db.sqlite'}") as client:
        pads = client.get("/api/pad").json()["pads"]
    assert [p["spec"] for p in pads] == [
        "clever",
        "clickety-clack(side=A)",
        "clickety-clack(side=B)",
        "click-click-boom",
    ]
    clever, side_a, side_b, boom = pads
    assert clever["facts"]["layout"] == load("clever").new_initial_state().view(None)["layout"]
    assert clever["facts"]["rounds"] == {"1": 6, "2": 6, "3": 5, "4": 4}
    assert clever["quick_format"].startswith("The quick count (as Marquoir does it)")
    board = load("clickety-clack(side=B)").new_initial_state().view(None)["board"]
    assert side_b["facts"]["board"] == board and side_b["facts"]["rows_past_finish_to_end"] == 4
    assert side_a["facts"]["rows_past_finish_to_end"] == 3 and side_a["max_players"] == 4
    assert boom["facts"] == {
        "shootouts": 3,
        "start_coins": 13,
        "gold_value": 5,
        "booms_each": 1,
        "steals_each": 2,
        "showdowns": 5,
    }


def test_a_sheet_scored_and_an_impossible_one_refused(tmp_path: Path) -> None:
    solo = (EXAMPLES / "clever-solo.txt").read_text()
    with app_client(f"sqlite:///{tmp_path / 'db.sqlite'}") as client:
        card = client.post("/api/pad/score", json={"spec": "clever", "text": solo}).json()["card"]
        assert card["total"] == 188 and card["game"] == "clever(players=1)"
        quick = {"spec": "clever", "players": 2, "text": "blue: 7\ngreen: 3", "quick": True}
        card = client.post("/api/pad/score", json=quick).json()["card"]
        assert card["total"] == 28 and card["game"] == "clever(players=2)"
        refused = client.post("/api/pad/score", json={"spec": "clever", "text": "blue: 2 3 4"})
        assert refused.status_code == 400
        error = refused.json()["error"]
        assert (error["code"], error["area"], error["box"]) == ("invalid", "orange", None)
        assert error["message"].startswith("orange: blue row 2-4 gives an orange 5")
        for body, reason in (
            ({"spec": "click-clack", "text": "x: 1"}, "click-clack has no score pad"),
            ({"spec": "chess", "text": "x: 1"}, "chess"),
            ({"spec": "clever", "text": "x" * 5000}, "at most 4000 characters"),
            ({"spec": "clever", "players": 9, "text": "blue: 2"}, "1-4 players"),
            ({"spec": "clever", "text": "blue: 2", "quick": "yes"}, "true or false"),
            ({"spec": "click-click-boom", "text": "x: 1", "quick": True}, "has no quick count"),
        ):
            answer = client.post("/api/pad/score", json=body)
            assert answer.status_code == 400 and reason in answer.json()["error"]["message"]
        assert client.post("/api/pad/score", content=b"[1]").status_code == 400
