"""``/reports``: the analysis reports a designer wrote, listed and served by the server."""

from __future__ import annotations

from pathlib import Path

from clickbox.cli.main import main

from .play import app_client


def test_a_report_written_by_analyze_is_listed_and_served(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    code = main(
        [
            "analyze",
            "clever",
            "--players",
            "1",
            "--bots",
            "random",
            "--games",
            "12",
            "--report",
            str(reports / "clever-solo"),
        ]
    )
    assert code == 0
    (reports / "not a report").mkdir()  # a folder without a page is not listed
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with app_client(db, reports_dir=reports) as client:
        listing = client.get("/reports")
        assert listing.status_code == 200
        assert 'href="/reports/clever-solo/"' in listing.text
        assert "That&#x27;s Pretty Clever" in listing.text or "Pretty Clever" in listing.text
        assert "not a report" not in listing.text
        assert "<style" not in listing.text  # the pages' policy allows no inline style
        assert client.get("/static/reports.css").status_code == 200
        page = client.get("/reports/clever-solo/")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert "<style>" not in page.text  # the pages' policy allows no inline style
        assert 'href="/reports/clever-solo/report.css"' in page.text
        style = client.get("/reports/clever-solo/report.css")
        assert style.status_code == 200 and "font-family" in style.text
        pictures = sorted(p.name for p in (reports / "clever-solo").glob("*.png"))
        assert pictures
        picture = client.get(f"/reports/clever-solo/{pictures[0]}")
        assert picture.status_code == 200
        assert picture.content[:8] == b"\x89PNG\r\n\x1a\n"
        rows = client.get("/reports/clever-solo/games.csv")
        assert rows.status_code == 200
        assert len(rows.text.strip().splitlines()) == 1 + 12
        # nothing outside a report folder is reachable
        assert client.get("/reports/clever-solo/..%2Frun.json").status_code == 404
        assert client.get("/reports/..%2F..%2Fetc/passwd").status_code == 404
        assert client.get("/reports/clever-solo/chunks").status_code == 404
        assert client.get("/reports/missing/").status_code == 404


def test_no_reports_folder_lists_none(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with app_client(db, reports_dir=tmp_path / "nothing-here") as client:
        answer = client.get("/reports")
        assert answer.status_code == 200
        assert "No reports yet." in answer.text
