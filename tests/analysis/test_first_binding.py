"""analysis/first_binding: a driver that binds an attribute before it first calls the traced
method, in a notebook whose cells run the driver once, is no stale capture; in a module other code
may import, the driver is public API a user may run again."""

from __future__ import annotations

import json
from pathlib import Path

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import CONFIDENCES
from tfgraph_lint.engine import lint_text

CASE = Path(__file__).parent.parent / "rules" / "cases" / "tfg109_bound_by_driver_before_traces.py"


def _as_notebook(text: str) -> str:
    """``text`` as a notebook of one code cell (its lines keep their numbers)."""
    return json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                  "source": text.splitlines(keepends=True)}],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _captures(text: str, path: str) -> set[tuple[int, str]]:
    every_level = Config(confidences=frozenset(CONFIDENCES))
    return {(f.line, f.message.split("'")[1]) for f in lint_text(text, path, every_level) if f.rule.code == "TFG109"}


def test_a_notebook_driver_binding_before_its_traced_calls_is_silent():
    text = CASE.read_text()
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "batch * self.scale + self.shift" in row)
    as_module = _captures(text, str(CASE))
    in_notebook = _captures(_as_notebook(text), "trainer.ipynb")
    assert {(line, "self.scale"), (line, "self.shift")} <= as_module
    assert (line, "self.scale") not in in_notebook and (line, "self.shift") not in in_notebook
    # The codes rebound in the loop, and the twins' drivers, stay reported in the notebook too.
    assert as_module - {(line, "self.scale"), (line, "self.shift")} == in_notebook
    assert len(in_notebook) == 3
