"""Rewrite the golden playthroughs in tests/games/*/ after an intended rules change.

    .venv/bin/python tools/regenerate_golden.py

Each golden file is the record of seeded random-bot games: it pins the rules, the order of the
legal actions and the chance events. Review the diff before committing it, and add a line to
the game's "Version history" when recorded games change meaning.

For the games in ``VIEWS`` the file also pins every view: ``views_sha256`` is the digest of the
view of every seat and of a spectator after every action (``clickbox.core.views_digest``),
and ``final_view`` is the spectator's view at the end, to read in a diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from clickbox.bots import RandomBot
from clickbox.core import GameRecord, replay, views_digest
from clickbox.games import load
from clickbox.sim import play_match

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = {
    "clickety": [("clickety-clack(players=2)", 1), ("clickety-clack(players=3,side=B)", 2)],
    "clever": [
        ("clever(players=1)", 1),
        ("clever(players=1,solo_ties=colour-order)", 2),
        ("clever(players=3)", 3),
    ],
    "boom": [
        ("click-click-boom(players=4)", 1),
        ("click-click-boom(players=5,mode=quick)", 2),
        ("click-click-boom(players=3,advanced=true)", 3),
        ("click-click-boom(players=2)", 4),
    ],
}
VIEWS = {"clever", "boom"}


def main() -> None:
    for package, games in GOLDEN.items():
        records = []
        for spec, seed in games:
            game = load(spec)
            bots = [RandomBot() for _ in range(game.num_players)]
            record = play_match(game, bots, seed).to_json() | {"version": ""}
            if package in VIEWS:
                final = replay(GameRecord.from_json(record), game).view(None)
                digest = views_digest(game, record["actions"])
                record |= {"views_sha256": digest, "final_view": final}
            records.append(record)
        path = ROOT / "tests" / "games" / package / "playthroughs.json"
        lines = ",\n".join(json.dumps(record) for record in records)
        path.write_text(f"[\n{lines}\n]\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
