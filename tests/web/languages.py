"""What a page shows a person, and whether any of it is still English in another language."""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache
from typing import Any

from clickbox.core import i18n

VISIBLE_TEXTS = """() => {
  const seen = [];
  const shown = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (node.hidden || style.display === 'none' || style.visibility === 'hidden') return false;
      if (node.matches('[data-no-translate], #view, script, style')) return false;
    }
    return true;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && node.parentElement && shown(node.parentElement)) seen.push(text);
  }
  for (const el of document.querySelectorAll('[placeholder], [title], [aria-label], [alt]')) {
    if (!shown(el)) continue;
    for (const name of ['placeholder', 'title', 'aria-label', 'alt']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) seen.push(value.trim());
    }
  }
  for (const option of document.querySelectorAll('select option')) {
    if (shown(option.parentElement)) seen.push(option.textContent.trim());
  }
  seen.push(document.title);
  return seen;
}"""
WORD = re.compile(r"[^\W\d_]{4,}", re.UNICODE)
IDENTIFIER = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)+$")
"""A preset's or an option's name (``free-choice``, ``wasted_picks``): notation the command line
takes too, shown as it is, beside its translated help."""


def visible_texts(page: Any) -> list[str]:
    """Every text a person can see on the page (and its labels, options and title)."""
    return list(page.evaluate(VISIBLE_TEXTS))


@cache
def _vocabularies(lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words of the English messages, and the words of their ``lang`` translations."""
    english: set[str] = set()
    translated: set[str] = set()
    for source, target in i18n.catalog(lang).items():
        english.update(w.lower() for w in WORD.findall(source))
        translated.update(w.lower() for w in WORD.findall(target))
    for singular, forms in i18n.plurals(lang).items():
        english.update(w.lower() for w in WORD.findall(singular))
        for form in forms:
            translated.update(w.lower() for w in WORD.findall(form))
    return frozenset(english), frozenset(translated)


def english_left(texts: list[str], lang: str, allowed: Collection[str] = ()) -> list[str]:
    """The texts holding a word of the English messages that no ``lang`` translation uses (a
    text a translator never saw, or one shown untranslated); ``allowed``: names and the like."""
    english, translated = _vocabularies(lang)
    names = [*allowed, *i18n.LANGUAGES.values()]  # each language is named in itself
    allowed_words = {w.lower() for name in names for w in WORD.findall(name)}
    left = []
    for text in texts:
        if IDENTIFIER.match(text):
            continue
        words = {w.lower() for w in WORD.findall(text)}
        if words & english - translated - allowed_words:
            left.append(text)
    return sorted(set(left))
