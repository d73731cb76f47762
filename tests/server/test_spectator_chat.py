"""The spectators' chat: connections without a seat chat in a channel of their own, which every
viewer gets; an address and a table may post only so much (``Limits.spectator_chat_*``)."""

from __future__ import annotations

import json
from typing import Any

from clickbox.server.limits import Limits

from .play import Seat, app_client, from_address, human_table, seat_socket


def _say(peer: Seat, text: str, name: str | None = None) -> dict[str, Any]:
    peer._ids += 1
    message: dict[str, Any] = {"type": "chat", "id": f"c{peer._ids}", "text": text}
    if name is not None:
        message["name"] = name
    peer.socket.send_text(json.dumps(message))
    return peer.reply(f"c{peer._ids}")


def _chat(peer: Seat, text: str) -> dict[str, Any]:
    return peer.until(lambda f: f["type"] == "chat" and f["text"] == text)


def test_spectators_chat_in_their_own_channel_within_their_caps(db_url: str) -> None:
    limits = Limits(
        spectator_chat_per_minute=0.001, spectator_chat_burst=2, spectator_chat_per_table=3
    )
    with app_client(db_url, limits=limits) as client:
        invite, tokens = human_table(client, "clickety-clack", 2)
        ann, bob = from_address(client, "10.0.0.1"), from_address(client, "10.0.0.2")
        with (
            seat_socket(client, invite, tokens[0]) as s0,
            seat_socket(ann, invite, None) as fan,
            seat_socket(bob, invite, None) as other,
        ):
            assert _say(fan, "go P0!", name="Ann")["ok"]
            line = _chat(s0, "go P0!")
            assert (line["channel"], line["name"]) == ("spectators", "Ann")
            assert isinstance(line["at"], float), "a chat line carries its time"
            assert _chat(other, "go P0!")["channel"] == "spectators"
            assert _say(fan, "second")["ok"]
            assert _chat(s0, "second")["name"], "a spectator without a name gets one"
            # One address posts only so fast, whichever table it watches ...
            fast = _say(fan, "third")
            assert not fast["ok"] and fast["error"]["code"] == "rate_limited"
            assert _say(other, "from elsewhere")["ok"]
            # ... and one table takes only so many spectators' lines.
            full = _say(other, "one more")
            assert not full["ok"] and full["error"]["code"] == "limit_reached"
            # The players' chat is its own channel, seen by the spectators too.
            assert _say(s0, "thanks")["ok"]
            assert "channel" not in _chat(fan, "thanks")
        with seat_socket(bob, invite, None) as late:
            said = [entry["text"] for entry in late.state["spectator_chat"]]
            assert said == ["go P0!", "second", "from elsewhere"]
            assert [entry["text"] for entry in late.state["chat"]] == ["thanks"]
