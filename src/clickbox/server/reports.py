"""Analysis reports served at ``/reports``: the folders ``clickbox analyze --report`` and
``clickbox tune --report`` wrote under one directory (``clickbox serve --reports DIR``).

``/reports`` lists them (newest first, each by the title of its page); ``/reports/NAME/`` is a
report's page and ``/reports/NAME/FILE`` one of its files. Only plain files directly inside a
report folder are served, by names of letters, digits, dots, dashes and underscores.
"""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..core.i18n import t

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
TITLE = re.compile(r"<title>(.*?)</title>", re.S)
PAGES = ("index.html", "summary.md")
STYLE = "report.css"
"""A report page's own style, served apart (the server's pages allow no inline style)."""
STYLE_BLOCK = re.compile(r"<style>(.*?)</style>", re.S)


def _title(folder: Path) -> str:
    page = folder / "index.html"
    if page.is_file():
        with page.open(encoding="utf-8", errors="replace") as handle:
            found = TITLE.search(handle.read(4096))
        if found:
            return html.unescape(found.group(1).strip())
    return folder.name


def listing(root: Path) -> list[dict[str, str]]:
    """The reports under ``root``, newest first: name, title, when written."""
    if not root.is_dir():
        return []
    found = []
    for folder in root.iterdir():
        if not folder.is_dir() or not NAME.match(folder.name):
            continue
        if not any((folder / page).is_file() for page in PAGES):
            continue
        written = max((folder / p).stat().st_mtime for p in PAGES if (folder / p).is_file())
        found.append((written, folder))
    found.sort(key=lambda item: (-item[0], item[1].name))
    return [
        {
            "name": folder.name,
            "title": _title(folder),
            "written": datetime.fromtimestamp(written, UTC).strftime("%Y-%m-%d %H:%M UTC"),
        }
        for written, folder in found
    ]


def report_routes(root: Path) -> list[Route]:
    """The routes of the reports under ``root``."""

    async def index(request: Request) -> Response:
        items = "".join(
            f'<li><a href="/reports/{html.escape(r["name"])}/">{html.escape(r["title"])}</a>'
            f" <small>{html.escape(r['name'])}, {html.escape(r['written'])}</small></li>"
            for r in listing(root)
        )
        body = f"<ul>{items}</ul>" if items else f"<p>{html.escape(t('No reports yet.'))}</p>"
        hint = t(
            "Write one with clickbox analyze GAME --report {folder}/NAME",
            folder=str(root),
        )
        title = html.escape(t("Analysis reports"))
        page = (
            f"<!doctype html><html lang=en><meta charset=utf-8>"
            f'<meta name=viewport content="width=device-width, initial-scale=1">'
            f'<title>{title}</title><link rel=stylesheet href="/static/reports.css">'
            '<link rel="icon" href="data:,">'
            f'<p><a href="/">clickbox</a></p><h1>{title}</h1>{body}'
            f"<p><small>{html.escape(hint)}</small></p></html>"
        )
        return HTMLResponse(page)

    def _folder(name: str) -> Path:
        if not NAME.match(name):
            raise HTTPException(404)
        folder = root / name
        if not folder.is_dir():
            raise HTTPException(404)
        return folder

    async def report(request: Request) -> Response:
        name = request.path_params["name"]
        folder = _folder(name)
        if not request.url.path.endswith("/"):
            return RedirectResponse(f"/reports/{name}/", status_code=308)
        page = folder / "index.html"
        if page.is_file():  # its inline style moves to a file: the pages' policy allows no other
            text = page.read_text(encoding="utf-8", errors="replace")
            link = (
                f'<link rel=stylesheet href="/reports/{name}/{STYLE}">'
                '<link rel="icon" href="data:,">'
            )
            return HTMLResponse(STYLE_BLOCK.sub("", text).replace("</title>", "</title>" + link, 1))
        if (folder / "summary.md").is_file():
            return FileResponse(folder / "summary.md", media_type=_media("summary.md"))
        raise HTTPException(404)

    async def style(request: Request) -> Response:
        folder = _folder(request.path_params["name"])
        page = folder / "index.html"
        if not page.is_file():
            raise HTTPException(404)
        text = page.read_text(encoding="utf-8", errors="replace")
        css = "\n".join(match.group(1) for match in STYLE_BLOCK.finditer(text))
        return Response(css, media_type="text/css; charset=utf-8")

    async def report_file(request: Request) -> Response:
        folder = _folder(request.path_params["name"])
        file = request.path_params["file"]
        if not NAME.match(file) or not (folder / file).is_file():
            raise HTTPException(404)
        return FileResponse(folder / file, media_type=_media(file))

    return [
        Route("/reports", index),
        Route("/reports/{name}", report),
        Route("/reports/{name}/", report),
        Route(f"/reports/{{name}}/{STYLE}", style),
        Route("/reports/{name}/{file}", report_file),
    ]


def _media(name: str) -> str:
    kinds = {
        ".html": "text/html; charset=utf-8",
        ".md": "text/markdown; charset=utf-8",
        ".csv": "text/csv; charset=utf-8",
        ".json": "application/json",
        ".png": "image/png",
        ".toml": "text/plain; charset=utf-8",
        ".svg": "image/svg+xml",
    }
    return kinds.get(Path(name).suffix.lower(), "application/octet-stream")
