"""Notebooks (core/notebooks.py): code cells joined into one module, IPython syntax masked,
findings located by cell, and the cells' sources written back without touching the rest.

The example notebooks in tests/data/notebooks/ carry ``# [symbol]`` markers in their cells, read from
the joined module as the annotated .py cases are; the rule fixtures' bad examples are turned into
notebooks here and must give the same findings as the .py files.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tfgraph_lint.core import notebooks
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.markers import parse_markers
from tfgraph_lint.core.notebook_prose import NOTE, explains_tracing
from tfgraph_lint.engine import lint_file, lint_notebook, lint_source

TESTS = Path(__file__).resolve().parents[1]
EXAMPLES = TESTS / "data" / "notebooks"
FIXTURES = TESTS.parent / "fixtures"
READABLE = ["train.ipynb", "magics.ipynb", "syntax_error.ipynb", "crlf.ipynb", "late_rebinding.ipynb", "eager_model.ipynb",
            "redefined_function.ipynb", "tracing_lesson.ipynb", "expected_errors.ipynb",
            "eager_switch_tracing_nothing.ipynb", "eager_switch_with_graph.ipynb", "eager_lambda_layer.ipynb",
            "rebinding_after_fit.ipynb"]
# The markers are what the rules find when chosen (the defaults unasked: core/measured_defaults).
EVERY_RULE = Config.every_rule()
EVERY_CONFIDENCE = Config.every_rule(confidences=frozenset({"HIGH", "INFERENCE", "LOW"}))


def _notebook(name: str) -> notebooks.Notebook:
    return notebooks.read((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", READABLE)
def test_examples_report_exactly_their_markers(name):
    notebook = _notebook(name)
    expected = parse_markers(notebook.source).expected
    findings = lint_file(str(EXAMPLES / name), EVERY_RULE)
    hazards = {(f.line, f.symbol) for f in findings if f.rule.is_hazard}
    assert hazards == set(expected)
    for finding in findings:  # every finding knows its cell and line in it
        cell = notebook.cell_at(finding.line)
        assert finding.cell == cell.number
        assert finding.to_json()["line"] == finding.line - cell.first_line + 1
        assert finding.to_json()["cell"] == cell.number


@pytest.mark.parametrize("name", READABLE)
def test_examples_report_their_low_markers_at_low(name):
    low = parse_markers(_notebook(name).source).low
    found = {(f.line, f.symbol) for f in lint_file(str(EXAMPLES / name), EVERY_CONFIDENCE) if f.confidence == "LOW"}
    assert low <= found


def test_eager_switch_of_a_notebook_importing_a_module_beside_it_stays_reported(tmp_path):
    # The module's tf.functions are what the switch reaches: the notebook tracing nothing itself
    # is no evidence that it changes nothing.
    notebook = tmp_path / "timing.ipynb"
    notebook.write_text((EXAMPLES / "eager_switch_tracing_nothing.ipynb").read_text(encoding="utf-8")
                        .replace("import time", "import time\\nimport helpers"), encoding="utf-8")
    (tmp_path / "helpers.py").write_text("import tensorflow as tf\n", encoding="utf-8")
    found = [(f.code, f.confidence) for f in lint_file(str(notebook), EVERY_RULE) if f.code == "TFG307"]
    assert found == [("TFG307", "HIGH")]
    assert "changes nothing" in lint_file(str(EXAMPLES / "eager_switch_tracing_nothing.ipynb"),
                                          EVERY_CONFIDENCE)[0].message


def test_issue_example_locates_three_hazards_by_cell():
    found = [(f.code, f.cell, f.to_json()["line"], f.to_json()["column"])
             for f in lint_file(str(EXAMPLES / "train.ipynb"), EVERY_RULE)]
    assert found == [("TFG101", 3, 3, 5), ("TFG102", 3, 4, 13), ("TFG301", 4, 2, 10)]


def test_messages_cite_lines_by_cell():
    findings = lint_file(str(EXAMPLES / "train.ipynb"), EVERY_RULE)
    assert all(f.traced_because == ("'step' is decorated with @tf.function (cell 3, line 1)",) for f in findings)


def test_magics_are_masked_keeping_line_numbers():
    notebook = _notebook("magics.ipynb")
    first, second, bash, step, loop, _, timed = notebook.cells
    assert first.analysed[:2] == ["pass", "pass"] and first.masked == {0: "%matplotlib inline", 1: "%load_ext autoreload"}
    assert second.analysed == ["pass", "files = None", "pass", "pass", "pass", ""]  # a backslash continues
    assert bash.left_out and bash.error is None and bash.analysed == ["", "", ""]
    assert not step.masked, "a cell that parses keeps its lines (a docstring line ending in '?')"
    assert loop.analysed[1:3] == ["    pass", "    pass"]
    assert not timed.left_out and timed.masked == {0: "%%time"}, "%%time runs its body as Python"
    ast.parse(notebook.source)  # the module parses, and has as many lines as the cells
    assert len(notebook.source.splitlines()) == sum(len(c.lines) + 1 for c in notebook.cells)


def test_a_cell_that_does_not_parse_is_reported_once_and_the_others_linted():
    findings = lint_file(str(EXAMPLES / "syntax_error.ipynb"), EVERY_RULE)
    failures = [f for f in findings if f.code == "TFG001"]
    assert len(failures) == 1
    assert failures[0].cell == 2 and "syntax error in cell 2" in failures[0].message
    assert [f.code for f in findings if f.rule.is_hazard] == ["TFG101"]


@pytest.mark.parametrize(("name", "reason"), [
    ("empty.ipynb", "the notebook has no code cells"),
    ("markdown_only.ipynb", "the notebook has no code cells"),
    ("nbformat3.ipynb", "not an nbformat 4 notebook (nbformat: 3)"),
    ("invalid.ipynb", "not a notebook: invalid JSON"),
])
def test_unreadable_notebooks_get_a_clear_tfg001(name, reason):
    (finding,) = lint_file(str(EXAMPLES / name), EVERY_RULE)
    assert finding.code == "TFG001" and reason in finding.message


@pytest.mark.parametrize("text", ["[]", '{"cells": {}, "nbformat": 4}', '{"cells": [{"cell_type": "code", "source": 3}], '
                                  '"nbformat": 4}', '{"nbformat": 4, "cells": [], "metadata": {"language_info": {"name": "R"}}}'])
def test_odd_documents_are_refused_with_a_reason(text):
    (finding,) = lint_notebook(text, "odd.ipynb", EVERY_RULE)
    assert finding.code == "TFG001" and "could not analyse: " in finding.message


@pytest.mark.parametrize("name", READABLE)
def test_rewriting_unchanged_sources_is_byte_identical(name):
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    assert notebooks.read(text).rewrite(notebooks.read(text).source) == text


@pytest.mark.parametrize(("name", "old", "new", "first_cell", "fixed_cell"), [
    ("magics.ipynb", "    print(x)", "    tf.print(x)",
     ["import os\n", "%matplotlib inline\n", "%load_ext autoreload\n", "import numpy as np\n", "import tensorflow as tf"], 3),
    ("crlf.ipynb", '    print("x is", x)', '    tf.print("x is", x)', ["import os\r\n", "import tensorflow as tf\r\n"], 1),
])
def test_rewrite_changes_only_the_changed_cells_and_keeps_magics_and_crlf(name, old, new, first_cell, fixed_cell):
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    notebook = notebooks.read(text)
    assert old in notebook.source
    fixed = notebook.rewrite("import os\n" + notebook.source.replace(old, new))  # a line more in cell 1
    before, after = json.loads(text), json.loads(fixed)
    changed = [i for i, (a, b) in enumerate(zip(before["cells"], after["cells"])) if a != b]
    assert changed == [0, fixed_cell]
    assert after["cells"][0]["source"] == first_cell
    assert any(new in line for line in after["cells"][fixed_cell]["source"])
    assert {k: v for k, v in before.items() if k != "cells"} == {k: v for k, v in after.items() if k != "cells"}
    # The file's own layout: the same text outside the two sources, one JSON string per line.
    assert fixed.count("\n") == text.count("\n") + 1


def test_a_fix_that_would_change_an_ipython_line_is_refused():
    notebook = _notebook("magics.ipynb")
    with pytest.raises(notebooks.NotebookError):
        notebook.rewrite(notebook.source.replace("files = None", "files = 1"))


def _as_notebook(source: str) -> tuple[str, list[int]]:
    """``source`` cut into code cells at its top-level statements; also each cell's first line."""
    body = ast.parse(source).body
    starts = sorted({1} | {min([s.lineno, *(d.lineno for d in getattr(s, "decorator_list", []))]) for s in body})
    lines = source.splitlines(keepends=True)
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": lines[start - 1:end - 1]} for start, end in zip(starts, [*starts[1:], len(lines) + 1])]
    cells.insert(1, {"cell_type": "markdown", "metadata": {}, "source": ["Not code."]})
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1), starts


@pytest.mark.parametrize("bad", sorted(FIXTURES.glob("TFG*/bad.py")), ids=lambda p: p.parent.name)
def test_fixture_bad_examples_as_notebooks_give_the_same_findings(bad):
    source = bad.read_text(encoding="utf-8")
    text, starts = _as_notebook(source)
    as_py = {(f.code, f.line, f.column) for f in lint_source(source, "bad.py", EVERY_RULE)}
    as_notebook = {(f.code, starts[f.cell - 1] + f.to_json()["line"] - 1, f.column)
                   for f in lint_notebook(text, "bad.ipynb", EVERY_RULE)}
    assert as_py and as_notebook == as_py


@pytest.mark.parametrize("prose, explains", [
    ("### How TF Functions Trace Python Functions", True),
    ("Each call with a new Python value retraces the function.", True),
    ("The print runs only while the graph is being traced.", True),
    ("At graph construction time, Python runs once.", True),
    ("Computes [tf.linalg.trace](https://www.tensorflow.org/api_docs/python/tf/linalg/trace).", False),
    ("Use `tf.linalg.trace` or ```trace(x)``` here.", False),
    ("A stack trace here means the data is wrong; see the matrix trace.", False),
    ("### Using Autograph To Capture Control Flow", True),
    ("Again the callable is called just once, and is used to generate a tensorflow op.", True),
    ("# Sessions and `tf.function`: graph execution against eager execution", True),
    ("The model is trained for ten epochs, once per day.", False),
    ("We train the model with tf.function for speed.", False),
    # A translated guide (czy36mengfei's TF 2 tutorial): English words run into Chinese ones, and
    # tracing has its own word, which counts beside the API it is about.
    ("因为有AutoGraph，可以使用tf.function构建高效性能的Python代码", True),
    ("## 跟踪和多态\ntf.function通过在必要时回溯函数来生成正确的图形", True),
    ("通常，Python副作用（如打印或变异对象）仅在跟踪期间发生。tf.function", True),
    ("我们用回调跟踪训练过程中的指标。", False),
    # Graph mode against eager mode, as tensorflow/docs-l10n's Chinese Grappler guide says it
    # (the link target is dropped, so "[Eager](../eager.md) 模式" reads "[Eager] 模式").
    ("默认情况下会以 [Eager](../eager.md) 模式执行。使用 `tf.function` 可将默认执行切换为“计算图”模式。", True),
    ("模型的计算图很大。", False),
    ("tf.function 可以让模型更快。", False),
])
def test_prose_that_explains_tracing(prose, explains):
    assert explains_tracing(prose) is explains


def test_a_cells_prose_is_its_headings_its_sections_markdown_and_the_markdown_right_after_it():
    notebook = _notebook("tracing_lesson.ipynb")
    lesson, calls, subsection, training, loop, variable, folded, noisy, warned, put_aside = notebook.cells[1:11]
    assert lesson.prose.startswith("## How tf.function traces") and "Each new Python value" in lesson.prose
    assert calls.prose.startswith("## How tf.function traces") and "## Training" not in calls.prose
    # a subsection's prose starts with the headings it sits under, each with the introduction
    # written under it in its cell
    assert subsection.prose.startswith("## How tf.function traces Python functions\n\nThe Python body runs"
                                       " only while TensorFlow traces the function:\n#### A fixed signature")
    assert "switches the function to graph mode" in folded.prose and "graph mode" not in noisy.prose
    # and the cell's own comment lines that speak of tracing (not others: code put aside)
    assert warned.prose.endswith("traces the function again (ageron/tf2_course's own words)")
    assert "AutoGraph" not in put_aside.prose
    assert training.prose.startswith("## Training") and loop.prose.startswith("## Training")
    assert "Variables made in a traced function" in loop.prose and "Variables made" in variable.prose


def test_demonstrations_are_low_and_say_why():
    findings = lint_file(str(EXAMPLES / "tracing_lesson.ipynb"),
                         EVERY_CONFIDENCE)
    lowered = {(f.cell, f.code) for f in findings if f.confidence == "LOW"}
    assert lowered == {(2, "TFG101"), (3, "TFG301"), (4, "TFG101"), (8, "TFG102"), (10, "TFG301"), (12, "TFG205")}
    assert all(f.message.endswith(NOTE) for f in findings if f.confidence == "LOW")
    assert not any(f.message.endswith(NOTE) for f in findings if f.confidence != "LOW")
