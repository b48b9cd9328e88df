"""Lines whose own comment calls them wrong: what they show is a demonstration.

A guide shows a hazard and labels it in the code: ``x = a + b  # Bad - leaks local tensor``
(tensorflow/docs' tf.function guide, the review corpus). A comment that judges the line
it sits on, or a comment-only line right above it, as bad, wrong or failing says the author
knows what the linter would say; the finding is LOW (off by default) and says why. The comment
must open with the judgement: ``# bad pixels are masked`` names something, ``# Bad: ...`` or
``# Wrong - ...`` judges. Comments are read with Python's tokenizer, so a ``#`` inside a string
is no comment.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tfgraph_lint.core import records
from tfgraph_lint.core.findings import LOW, Finding
from tfgraph_lint.core.lazy_pattern import LazyPattern
from tfgraph_lint.core.pragmas import comments

NOTE = " (a comment on this line marks it as wrong on purpose: perhaps a demonstration)"
# The judgement opens the comment and is followed by punctuation, a dash or the end: "Bad -",
# "Wrong:", "Don't do this", "This will fail".
_JUDGEMENT = r"(bad|wrong|incorrect|anti-?pattern|don'?t do this|do not do this|this (will|would) (fail|raise|break))"
_JUDGED = LazyPattern(rf"^{_JUDGEMENT}(\s*[-:!.,(]|\s*$)", re.IGNORECASE)
# A judgement after a ``#`` and spaces anywhere in the text: where none is, no comment judges a
# line, and the text is not tokenized (Python's tokenizer, in Python, reads a large file in
# tens of milliseconds).
_MAY_JUDGE = LazyPattern(rf"#\s*{_JUDGEMENT}", re.IGNORECASE)


def judged_lines(text: str) -> frozenset[int]:
    """The lines a comment judges wrong: its own line, and the line below a comment-only line."""
    if "#" not in text or not _MAY_JUDGE.search(text):
        return frozenset()
    lines: set[int] = set()
    for number, after_code, comment in comments(text):  # read as the pragmas are
        if _JUDGED.match(comment.lstrip("#").strip()):
            lines.add(number)
            if not after_code:
                lines.add(number + 1)
    return frozenset(lines)


def demonstrations(text: str) -> Callable[[Finding], Finding] | None:
    """What becomes of a finding in ``text``: LOW on a line a comment judges wrong; None when no
    comment does."""
    lines = judged_lines(text)
    if not lines:
        return None

    def lowered(finding: Finding) -> Finding:
        if finding.line not in lines or finding.confidence == LOW:
            return finding
        return records.replace(finding, confidence=LOW, message=finding.message + NOTE)
    return lowered
