"""Where each cell's ``source`` sits in a notebook's JSON text, so that ``--fix`` can replace the
source of a cell and leave every other byte of the file as it was (indentation, key order,
outputs, metadata, the final newline), and so that SARIF and GitHub output can point at the line
of the ``.ipynb`` file that holds a flagged source line.

``json`` gives values, not positions; this walks the top-level object, the ``cells`` list and each
cell's object itself and lets ``json``'s own scanner read every other value.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner

from tfgraph_lint.core.records import Record

_SCAN = json.scanner.make_scanner(json.JSONDecoder())
_WHITESPACE = " \t\n\r"


class LayoutError(ValueError):
    """The text is not laid out as a JSON object with a ``cells`` list of objects."""


class SourceSpan(Record):
    """One cell's ``source`` value: its character span in the file and where each string starts."""
    __slots__ = ("start", "end", "is_list", "element_starts")
    __hash__ = None  # mutable, as a dataclass without frozen: unhashable

    start: int
    end: int
    is_list: bool
    element_starts: list[int]

    def __init__(self, start: int, end: int, is_list: bool, element_starts: list[int] | None = None) -> None:
        self.start = start
        self.end = end
        self.is_list = is_list
        self.element_starts = [] if element_starts is None else element_starts


def source_spans(text: str) -> list[SourceSpan | None]:
    """One entry per cell, in order: its ``source`` span, or None for a cell without one."""
    spans: list[SourceSpan | None] = []
    for key, value_start in _members(text, _skip(text, 0)):
        if key != "cells":
            continue  # _members skips the value
        for cell_start in _elements(text, value_start):
            spans.append(_cell_source(text, cell_start))
    return spans


def _cell_source(text: str, start: int) -> SourceSpan | None:
    found = None
    for key, value_start in _members(text, start):
        if key != "source":
            continue
        if text.startswith("[", value_start):
            starts = list(_elements(text, value_start))
            found = SourceSpan(value_start, _skip_value(text, value_start), True, starts)
        else:
            found = SourceSpan(value_start, _skip_value(text, value_start), False, [value_start])
    return found


def _members(text: str, start: int):
    """(key, start of its value) for each member of the object at ``start``; after each, the
    value is skipped whether or not the caller read into it."""
    if not text.startswith("{", start):
        raise LayoutError("expected an object")
    position = _skip(text, start + 1)
    if text.startswith("}", position):
        return
    while True:
        if not text.startswith('"', position):
            raise LayoutError("expected a key")
        key, position = json.decoder.scanstring(text, position + 1)
        position = _skip(text, position)
        if not text.startswith(":", position):
            raise LayoutError("expected ':'")
        value_start = _skip(text, position + 1)
        yield key, value_start
        position = _skip(text, _skip_value(text, value_start))
        if text.startswith("}", position):
            return
        if not text.startswith(",", position):
            raise LayoutError("expected ',' or '}'")
        position = _skip(text, position + 1)


def _elements(text: str, start: int):
    """The start of each element of the list at ``start``."""
    if not text.startswith("[", start):
        raise LayoutError("expected a list")
    position = _skip(text, start + 1)
    if text.startswith("]", position):
        return
    while True:
        yield position
        position = _skip(text, _skip_value(text, position))
        if text.startswith("]", position):
            return
        if not text.startswith(",", position):
            raise LayoutError("expected ',' or ']'")
        position = _skip(text, position + 1)


def _skip_value(text: str, start: int) -> int:
    try:
        _, end = _SCAN(text, start)
    except (StopIteration, ValueError) as exc:
        raise LayoutError(f"unreadable value at offset {start}") from exc
    return end


def _skip(text: str, position: int) -> int:
    while position < len(text) and text[position] in _WHITESPACE:
        position += 1
    return position
