"""Searches for a pattern that starts a word or a line, at the cost of a search for literal text.

Python's regular expressions find a pattern fast when it starts with literal text (``import``,
``.compile``): the engine skips to each place the text occurs and tries the rest there. A pattern
that starts with ``\\b`` or, in MULTILINE mode, with ``^`` has no such start, so the engine tries
it at every character of the file: on a large project, most of what the text screens cost.
The helpers here search for the pattern without its start, and check the start apart, with
the answers of the pattern with it.
"""

from __future__ import annotations

import re

from tfgraph_lint.core.lazy_pattern import LazyPattern

_WORD_CHARACTER = LazyPattern(r"\w")  # what ``\b`` counts as a word character


def starts_word(text: str, at: int) -> bool:
    """``\\b`` before ``text[at]`` when that is a word character: it is the text's first, or
    follows a character that is not a word character."""
    return at == 0 or _WORD_CHARACTER.match(text, at - 1) is None


def search_word(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``\\b`` followed by ``pattern`` (a pattern whose every match starts with a word
    character, and that looks at nothing before where it starts) matches somewhere in ``text``:
    every place ``pattern`` matches is tried, overlapping ones included."""
    found = pattern.search(text)
    while found is not None:
        if starts_word(text, found.start()):
            return True
        found = pattern.search(text, found.start() + 1)
    return False


def from_line_starts(text: str) -> str:
    """``text`` for a search with a pattern that starts ``\\n`` instead of MULTILINE's ``^``:
    with a line break in front, every line starts after one, the first included. A match then
    starts one character early, at that line break (``group(0)`` holds it; groups do not)."""
    return "\n" + text
