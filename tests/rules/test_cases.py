"""Annotated edge-case files under tests/rules/cases: each reports exactly its markers.

Graph-code forms, aliases, nested defs, methods and the correct patterns that must stay silent
live there as small source files, using the same markers as the fixtures.
"""

from __future__ import annotations

import pytest

from annotated import CASES, EVERY_RULE, check_annotated

CASE_FILES = sorted(CASES.glob("*.py"))


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_case_file(path):
    check_annotated(path)


def test_there_are_case_files():
    assert len(CASE_FILES) >= 5


def test_a_lambda_layer_made_in_a_loop_says_its_model_runs_it_after_the_loop():
    from tfgraph_lint.engine import lint_file

    path = CASES / "tfg107_rebound.py"
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "x[:, track, :])(inputs))  #" in text)
    [found] = [f for f in lint_file(str(path), EVERY_RULE) if f.line == line]
    assert "runs it again whenever it runs" in found.message and "lambda x, track=track: ..." in found.message


def test_a_lambda_layer_reading_what_its_loop_body_computes_says_so_too():
    from tfgraph_lint.engine import lint_file

    path = CASES / "tfg107_rebound.py"
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "x[..., offset:offset + 2]" in text)
    [found] = [f for f in lint_file(str(path), EVERY_RULE) if f.line == line]
    assert "which the loop it is made in rebinds" in found.message and "offset=offset" in found.message


def test_k_zeros_shaped_at_run_time_says_the_trace_raises_type_error():
    from tfgraph_lint.engine import lint_file

    path = CASES / "tfg201_creation_calls.py"
    lines = path.read_text().splitlines()
    found = {f.line: f.message for f in lint_file(str(path), EVERY_RULE) if f.symbol == "variable-created-in-graph"}
    runtime = [i for i, text in enumerate(lines, 1) if "K.shape(x)" in text and "K.zeros" in text]
    runtime += [i for i, text in enumerate(lines, 1) if "K.ones(shape=(tf.shape(x)[0]" in text]
    static = next(i for i, text in enumerate(lines, 1) if "K.zeros((x.shape[-1],))" in text)
    pad = next(i for i, text in enumerate(lines, 1) if "pad = K.zeros((rows, 2))" in text)
    for line in (*runtime, pad):
        assert "raises TypeError" in found[line] and "tf.zeros()" in found[line], found[line]
    assert "raises TypeError" not in found[static] and "new variable on every trace" in found[static]


def test_a_fill_once_default_says_why_it_is_low():
    from tfgraph_lint.core import records
    from tfgraph_lint.core.findings import CONFIDENCES
    from tfgraph_lint.engine import lint_file

    path = CASES / "tfg105_fill_once_defaults.py"
    every_confidence = records.replace(EVERY_RULE, confidences=frozenset(CONFIDENCES))
    found = {f.line: f for f in lint_file(str(path), every_confidence) if f.symbol == "python-state-mutation"}
    lines = path.read_text().splitlines()
    filled = next(i for i, text in enumerate(lines, 1) if "self.width = self.width or 4" in text)
    tensor = next(i for i, text in enumerate(lines, 1) if "tf.reduce_mean(x)" in text)
    assert found[filled].confidence == "LOW" and "only while it is unset" in found[filled].message
    assert found[tensor].confidence != "LOW" and "only while it is unset" not in found[tensor].message


def test_an_untaken_branch_says_whose_calls_decide_it():
    """A Keras Lambda's keywords are graph code's calls; a local def's are its enclosing function's."""
    from tfgraph_lint.core.config import Config
    from tfgraph_lint.core.findings import CONFIDENCES
    from tfgraph_lint.engine import lint_file

    every_level = Config(confidences=frozenset(CONFIDENCES))

    def reasons(name: str, text: str) -> set[str]:
        path = CASES / name
        line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if text in row)
        return {f.message.split("(but ", 1)[1] for f in lint_file(str(path), every_level) if f.line == line}

    [lambda_reason] = reasons("untaken_branches.py", "alpha = tf.keras.backend.zeros([num_classes])")
    assert "in every call that graph code makes of 'yolo_loss'" in lambda_reason
    local = reasons("untaken_local_function_flags.py", 'print("summarise", value)')
    assert local and all("in every call its enclosing function makes of 'summarise'" in r for r in local)
