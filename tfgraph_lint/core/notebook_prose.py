"""Notebook cells whose own prose explains tracing: what they show is a demonstration.

A textbook's or tutorial's notebook teaches tf.function by showing its hazards: under a heading
such as "How TF Functions Trace Python Functions", a cell prints in a tf.function and the next
calls it with 2, then 3, to show each call tracing again (ageron/handson-ml2, the review
corpus). The linter reads the same shapes in a user's notebook, where they are bugs; what
tells them apart is the notebook's text. A cell's prose is:

- the headings its section sits under (tensorflow/docs' tf.function guide: "#### Pass a fixed
  input_signature" under "### Controlling retracing"), each with the introduction written under
  it in its cell (its Grappler guide says "Use tf.function to switch the default execution to
  Graph mode" under the heading its constant-folding demonstration sits under);
- the markdown of its section (from the last heading above it down to it), and the markdown
  right after it;
- its own comment lines that speak of tracing ("# WARNING: when passing non-tensor values, a
  trace happens for any new value!" above a loop calling a tf.function with Python ints,
  ageron/tf2_course).

When that prose speaks of tracing or AutoGraph, the cell's findings of the rules whose hazard is
a trace's behaviour (TFG1xx: Python that runs once per trace; TFG205: a recursive tf.function,
traced again per depth; TFG301-305: retracing) are LOW, off by default, and say why. Other errors
(TFG2xx) and deprecated arguments (TFG306) stay as they are: a demonstration does not make them
right.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tfgraph_lint.core import records
from tfgraph_lint.core.findings import LOW, Finding
from tfgraph_lint.core.trace_words import TRACE_WORD, TRACE_WORD_TRANSLATED

NOTE = " (the notebook's text around this cell explains tracing: perhaps a demonstration)"
# Rules whose findings a demonstration of tracing shows on purpose.
_DEMONSTRATED = re.compile(r"TFG1\d\d|TFG205|TFG30[1-5]")
# Code in the prose names APIs (``tf.linalg.trace``), it does not explain: left out, as are the
# targets of links.
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
# Prose that explains what tracing does in other words: AutoGraph (how a tf.function turns Python
# control flow into graph ops), graph mode against eager execution, and a Python function "called
# just once" to make the op that then runs per row (tf-quant-finance's tutorials on tf.foldl).
_AUTOGRAPH = re.compile(
    r"\bauto-?graph\b|\b(graph|eager) (mode|execution)\b"
    r"|\b(called|runs?|executed|evaluated) (just |only )?once\b", re.IGNORECASE | re.ASCII)
# What a translated guide's prose names in English: the API it explains.
_TRACED_API = re.compile(r"\btf\.function\b|\bauto-?graph\b", re.IGNORECASE | re.ASCII)


def explains_tracing(prose: str) -> bool:
    """Whether ``prose`` speaks of tracing, AutoGraph, graph against eager execution, or Python
    run once (not of a matrix's ``linalg.trace``, a stack trace)."""
    text = _LINK_TARGET.sub("]", _CODE.sub(" ", prose))
    if _AUTOGRAPH.search(text):
        return True
    if TRACE_WORD_TRANSLATED.search(text) and _TRACED_API.search(prose):
        return True  # a translated guide: its word for tracing, beside the API it is about
    return any(not _names_something_else(text, match.start()) for match in TRACE_WORD.finditer(text))


def _names_something_else(text: str, start: int) -> bool:
    before = text[:start].rstrip(" ").lower()
    return text[start - 1:start] == "." or before.endswith("stack") or before.endswith("matrix")


def demonstrations(cells) -> Callable[[Finding], Finding] | None:
    """What becomes of a finding in the module of ``cells`` (core.notebooks.CodeCell, in order):
    LOW in a cell whose prose explains tracing, for the rules a demonstration shows; None when
    no cell's prose does."""
    lines: set[int] = set()
    for cell in cells:
        if cell.prose and explains_tracing(cell.prose):
            lines.update(range(cell.first_line, cell.first_line + len(cell.lines)))
    if not lines:
        return None

    def lowered(finding: Finding) -> Finding:
        if finding.line not in lines or finding.confidence == LOW or not _DEMONSTRATED.fullmatch(finding.code):
            return finding
        return records.replace(finding, confidence=LOW, message=finding.message + NOTE)
    return lowered
