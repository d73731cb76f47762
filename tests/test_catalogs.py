"""The translation catalogs are whole: every text marked in the code and every text of the
pages has a German and a French translation (not fuzzy, with the same fields), the .mo files are
compiled from the .po files, and a message is translated the same way in every domain."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from clickbox.core import i18n

TOOL = Path(__file__).resolve().parents[1] / "tools" / "i18n.py"


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("clickbox_i18n_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_catalog_translates_every_marked_text() -> None:
    problems = tool().problems()
    assert not problems, "\n".join(problems[:60]) + f"\n({len(problems)} in all)"


def test_every_domain_has_a_catalog_in_each_language() -> None:
    domains = tool().DOMAINS
    for lang in i18n.LANGUAGES:
        if lang == i18n.SOURCE:
            continue
        found = {p.stem for p in (i18n.LOCALE_DIR / lang / "LC_MESSAGES").glob("*.mo")}
        assert found == set(domains), (lang, found)


def test_the_extractor_finds_what_the_pages_and_the_code_mark() -> None:
    module = tool()
    web = {m.id for m in module.extract("web") if m.id}
    assert "Create table" in web, "a page's HTML text"
    server = {m.id for m in module.extract("server") if m.id}
    assert "that name is taken: choose another" in server, "a t() call in Python"


def test_every_option_and_preset_has_words_for_a_person() -> None:
    """The pages show an option by its label and its values in words (a yes/no option as yes
    or no, a choice by its words), and a preset by its name in words and one line on what it
    changes: each is marked for translation, so no page falls back to the engine's names."""
    from clickbox.games import CATALOG

    module = tool()
    marked = {m.id for domain in module.DOMAINS for m in module.extract(domain) if m.id}
    for game in CATALOG.games:
        for spec in game.Params.option_specs():
            assert spec.label and spec.label in marked, (game.name, spec.name)
            if spec.choices is not None:
                assert spec.words is not None and set(spec.words) <= marked, (game.name, spec.name)
        assert set(game.preset_words) == set(game.presets), game.name
        for label, help in game.preset_words.values():
            assert label in marked and help in marked, (game.name, label)
