"""Write the observation tables of docs/rl.md from the encoders: ``python tools/rl_docs.py``."""

from __future__ import annotations

from pathlib import Path

from clickbox.rl.encoders import fields_markdown

PAGE = Path(__file__).resolve().parent.parent / "docs" / "rl.md"
BEGIN = "<!-- observation fields: made by tools/rl_docs.py -->"
END = "<!-- end of the observation fields -->"


def updated(text: str) -> str:
    """``text`` with the part between the markers made anew."""
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n\n{fields_markdown()}\n{END}{tail}"


if __name__ == "__main__":
    PAGE.write_text(updated(PAGE.read_text()))
