"""Output whose own function says, in a comment, that it runs only while tracing.

A helper that logs what a tf.function is traced with may say so where it is written: ``# Python
side-effects will only happen once, when func is traced`` (uladzislau-varabei/stylegan-tf2's
``trace_vars``). Its author knows what the linter would say: print() and logging there (TFG101,
TFG103) are LOW (off by default), and the message says why.

The comment must sit in the function's own lines (its body, or the comment-only lines right
above its ``def`` or decorators) and must speak of output (print, log, output, side effects) and
of tracing together with "once" or "only when, while, during": ``once ... traced``, ``traced
once``, ``only while tracing``, ``trace time``. A comment elsewhere in the module, one that only
names tracing (``# trace the encoder``), or one about another statement (``# the noise is drawn
once, while tracing``) changes nothing. Comments are read with Python's tokenizer, as the pragmas are.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from tfgraph_lint.core import records
from tfgraph_lint.core.findings import LOW, Finding
from tfgraph_lint.core.pragmas import comments

RULES = frozenset({"TFG101", "TFG103"})  # python-print-in-graph, python-side-effect-in-graph
NOTE = " (a comment in its function says its output runs only while tracing: perhaps meant once per trace)"
_TRACE = r"\btrac(?:e|ed|es|ing)\b"
_SAYS_TRACE_TIME = re.compile(
    rf"\bonce\b.*{_TRACE}|{_TRACE}.*\bonce\b|\b(?:only|just)\s+(?:when|while|during)\b.*{_TRACE}|\btrace[- ]time\b",
    re.IGNORECASE)
# ... of output: a comment on another statement's trace-time behaviour (``# the noise is drawn
# once, while tracing``) says nothing of the output beside it.
_SAYS_OUTPUT = re.compile(r"\b(?:print(?:s|ed|ing)?|log(?:s|ged|ging)?|output|side[- ]?effects?)\b", re.IGNORECASE)


def documented_spans(text: str) -> list[tuple[int, int]]:
    """The line spans (first, last) of the functions of ``text`` that a comment of their own says
    run their output only while tracing."""
    if not _SAYS_TRACE_TIME.search(text):
        return []  # no such words anywhere: neither tokenized nor parsed
    said = [line for line, _after_code, comment in comments(text)
            if _SAYS_TRACE_TIME.search(comment) and _SAYS_OUTPUT.search(comment)]
    if not said:
        return []
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    lines = text.splitlines()
    functions = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
            above = first
            while above > 1 and lines[above - 2].lstrip().startswith("#"):
                above -= 1  # the comment-only lines right above it are its own
            functions.append((above, first, node.end_lineno or node.lineno))
    spans = []
    for line in said:
        holding = [(first, last) for above, first, last in functions if above <= line <= last]
        if holding:
            spans.append(max(holding))  # the innermost function holding the comment
    return spans


def documented(text: str) -> Callable[[Finding], Finding] | None:
    """What becomes of a finding in ``text``: an output finding in a function whose comment says its
    output runs only while tracing is LOW; None when no function says so."""
    spans = documented_spans(text)
    if not spans:
        return None

    def lowered(finding: Finding) -> Finding:
        if finding.code not in RULES or finding.confidence == LOW \
                or not any(first <= finding.line <= last for first, last in spans):
            return finding
        return records.replace(finding, confidence=LOW, message=finding.message + NOTE)
    return lowered
