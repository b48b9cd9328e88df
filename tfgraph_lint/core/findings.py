"""What the engine reports: one Finding per hazard occurrence, independent of any front end."""

from __future__ import annotations

from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import Rule

# How strong a finding's evidence is. The first two are Pylint's names; LOW is reported to Pylint
# as INFERENCE_FAILURE (the kind of a value could not be told, only guessed from its name).
HIGH = "HIGH"  # shown by imports and syntax alone: the code says it is traced and what the value is
INFERENCE = "INFERENCE"  # needed a step the code does not spell out (a Keras method, a call site)
LOW = "LOW"  # rests on a name alone (a receiver called `model`): off unless asked for

CONFIDENCES = (HIGH, INFERENCE, LOW)
DEFAULT_CONFIDENCES = frozenset({HIGH, INFERENCE})  # what measured precision supports (README)

_CONFIDENCE_RANK = {HIGH: 2, INFERENCE: 1, LOW: 0}


def shorten(code: str, limit: int = 40) -> str:
    """Source quoted in a message, cut to ``limit`` characters so messages stay one readable line."""
    return code if len(code) <= limit else code[:limit - 3] + "..."


def weakest(*confidences: str) -> str:
    """The least certain of several confidences: a finding is only as sure as its weakest step."""
    return min(confidences, key=_CONFIDENCE_RANK.__getitem__)


def of_every_binding(values: list, is_it, others_fine) -> str | None:
    """How sure "this name is an X" is, from the values its bindings give it: HIGH when every
    value is one (``is_it``), INFERENCE when some are and ``others_fine`` accepts the rest (None,
    set later; unknown), else None."""
    matching = [value for value in values if is_it(value)]
    if not matching:
        return None
    if len(matching) == len(values):
        return HIGH
    if all(others_fine(value) for value in values if not is_it(value)):
        return INFERENCE
    return None


class Finding(Record):
    __slots__ = ("rule", "path", "line", "column", "end_line", "end_column", "message", "confidence",
                 "traced_because", "cell", "cell_offset", "file_line")
    rule: Rule
    path: str
    line: int
    column: int  # 0-based, as Pylint and astroid count
    end_line: int
    end_column: int
    message: str
    confidence: str
    traced_because: tuple[str, ...]  # outermost reason last
    # In a notebook (core/notebooks.py), line numbers count the lines of the module its code cells
    # make; the finding is in code cell ``cell``, whose line k is the module's ``cell_offset + k``,
    # and ``file_line`` is the line of the .ipynb file holding the flagged source line.
    cell: int | None
    cell_offset: int
    file_line: int | None

    def __init__(self, rule: Rule, path: str, line: int, column: int, end_line: int, end_column: int,
                 message: str, confidence: str = HIGH, traced_because: tuple[str, ...] = (),
                 cell: int | None = None, cell_offset: int = 0, file_line: int | None = None) -> None:
        self.rule = rule
        self.path = path
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.message = message
        self.confidence = confidence
        self.traced_because = traced_because
        self.cell = cell
        self.cell_offset = cell_offset
        self.file_line = file_line

    @property
    def code(self) -> str:
        return self.rule.code

    @property
    def symbol(self) -> str:
        return self.rule.symbol

    @property
    def sort_key(self) -> tuple:
        return (self.path, self.line, self.column, self.rule.code, self.message)

    def to_json(self) -> dict:
        """The stable JSON shape (keys are a public interface: add, never rename).

        Lines and columns are 1-based, as editors, ruff and SARIF count; ``end_column`` is the
        column just past the end of the flagged code. In a notebook, lines count within ``cell``.
        """
        return {
            "path": self.path,
            "line": self.line - self.cell_offset,
            "column": self.column + 1,
            "end_line": self.end_line - self.cell_offset,
            "end_column": self.end_column + 1,
            "code": self.rule.code,
            "symbol": self.rule.symbol,
            "message": self.message,
            "confidence": self.confidence,
            "severity": self.rule.severity,
            "traced_because": list(self.traced_because),
            "cell": self.cell,  # the code cell of a notebook (lines count within it); else None
        }
