"""Whether a file's text can name a definition of another project file where the project view
looks for one (stdlib ``re``: a screen that spares the parse of most files).

``ProjectClasses.imported_definitions`` reads a file's decorators, its calls (the calls with no
arguments in its ``if`` tests, and the calls of another file's defs that make a tf.Variable:
analysis/state_makers) and its classes' bases, and follows only those whose dotted name starts
with a name the file imports from a project module (``heads``: ``cli/view_bases.project_bases``).
Each of those spellings is written in one of three places: after an ``@`` that opens a line, in
a ``class`` statement's header, or before ``(``. A file whose text shows none of ``heads`` in any
of them gets nothing from the view's class facts, and its own definitions need not be parsed
(they still are when another file's name leads to it). The screen answers yes when in doubt:
it may pass a file the parse then finds nothing in, never the reverse.
"""

from __future__ import annotations

import re


def may_name_project_definitions(text: str, heads: frozenset[str] | set[str]) -> bool:
    """``text`` may write a decorator, a class base or a call whose dotted name starts with one
    of ``heads``; False only when it surely does not."""
    if not heads or not text:
        return False
    # Only the heads the text mentions at all (cheap) are looked for. Each place is tried where
    # a head is written (fixed patterns matched there), rather than by a pattern spelling the
    # heads: that pattern would differ from file to file, and compiling it cost more than the
    # search.
    present = [head for head in sorted(heads) if head in text]
    if not present:
        return False
    # A decorator: ``@h``, ``@h.f(...)``, ``@(h.f)`` (any expression since Python 3.9).
    for match in _DECORATOR.finditer(text):
        start = match.end() + len(match.group(1))
        if any(text.startswith(head, start) and _BOUNDARY.match(text, start + len(head)) for head in present):
            return True
    # A call: ``h()``, ``h.f(x)``, ``h . f (`` across lines, ``(h.f)(x)``.
    for head in present:
        for start in _places(text, head):
            if _NOT_AFTER_NAME.match(text, start) and _CALL_REST.match(text, start + len(head)):
                return True
    # A base in a class header: anything up to the header's end may be a base (nested calls,
    # keywords, subscripts), so every word after ``class`` up to a line that ends the header.
    for match in _CLASS_START.finditer(text):
        header = _header(text, match.start())
        if any(_NOT_AFTER_WORD.match(header, start) and _BOUNDARY.match(header, start + len(head))
               for head in present for start in _places(header, head)):
            return True
    return False


def _places(text: str, word: str):
    """Where ``word`` is written in ``text``, first to last (overlapping too)."""
    start = text.find(word)
    while start != -1:
        yield start
        start = text.find(word, start + 1)


# A line opening with ``@``; group 1, the spaces, brackets and line continuations after it (in a
# look-ahead, so that a decorator on the next line is still found by the next match).
_DECORATOR = re.compile(r"^[ \t]*@(?=([\s(\\]*))", re.MULTILINE)
# What follows a head in a call: attributes (``.f``, across lines), closing brackets, then ``(``.
_CALL_REST = re.compile(r"\b(?:[\s\\]*\.[\s\\]*\w+)*[\s\\)]*\(")
_BOUNDARY = re.compile(r"\b")
_NOT_AFTER_NAME = re.compile(r"(?<![\w.])")  # not a later part of a dotted name, nor inside a word
_NOT_AFTER_WORD = re.compile(r"(?<!\w)")
_CLASS_START = re.compile(r"^[ \t]*class\b", re.MULTILINE)


def _header(text: str, start: int) -> str:
    """The text of a class statement from ``start`` to the first line where its brackets are
    closed and a ``:`` is written (the header's end): generous, since a longer header only makes
    the screen say yes more often (a bracket or ``#`` inside a string only lengthens it)."""
    depth, position = 0, start
    while position < len(text):
        end = text.find("\n", position)
        end = len(text) if end == -1 else end + 1
        code = text[position:end].split("#", 1)[0]
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        position = end
        if depth <= 0 and ":" in code:
            break
    return text[start:position]
