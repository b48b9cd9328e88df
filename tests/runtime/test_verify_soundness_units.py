"""The soundness rules of ``verify`` that need no TensorFlow, on synthetic observations and files:
what cannot run is ERROR, a module is NOT RUN, prints are located by what they wrote, tf.data
output is compared without order or count, verdicts have exit codes, no path means the current
folder, reasons are cut between words. (On real TensorFlow: tests/runtime/test_verify_soundness.py.)
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import rule_by_code
from tfgraph_lint.runtime.process_state import changed
from tfgraph_lint.runtime.values import shorten
from tfgraph_lint.runtime.verify import command, printed, programs
from tfgraph_lint.runtime.verify.compare import compare
from tfgraph_lint.runtime.verify.report import render_text
from tfgraph_lint.runtime.verify.runner import verify_files
from tfgraph_lint.runtime.verify.verdicts import decide


def observation(mode="graph", **fields):
    base = {"mode": mode, "has_main": False, "exception": None, "exit": None, "returned": None, "state": {},
            "functions": [], "effects": [], "prints": [], "stdout": "", "stderr": "", "data_output": "",
            "duration": 0.1, "wall": 0.2}
    base.update(fields)
    return base


def finding(code, line, path="s.py"):
    return Finding(rule_by_code(code), path, line, 4, line, 20, "m")


# --------------------------------------------------------------------------- files that cannot run

def test_undecodable_source_is_not_runnable_and_a_declared_encoding_reads(tmp_path):
    undeclared = tmp_path / "latin.py"
    undeclared.write_bytes(b'name = "caf\xe9"\nprint(name)\n')
    with pytest.raises(programs.NotRunnable, match="^Python cannot read it: invalid utf-8 at byte 11$"):
        programs.read_program(undeclared)
    declared = tmp_path / "declared.py"
    declared.write_bytes(b'# -*- coding: latin-1 -*-\nname = "caf\xe9"\n')
    assert 'name = "caf\u00e9"' in programs.read_program(declared).source


def test_broken_notebook_and_syntax_error_are_not_runnable(tmp_path):
    notebook = tmp_path / "broken.ipynb"
    notebook.write_text('{"cells": [', encoding="utf-8")
    with pytest.raises(programs.NotRunnable, match="invalid JSON"):
        programs.read_program(notebook)
    broken = tmp_path / "broken.py"
    broken.write_text("def f(:\n    pass\n", encoding="utf-8")
    with pytest.raises(programs.NotRunnable, match=r"SyntaxError: .* \(line 1\)"):
        programs.read_program(broken)


def never_submit(job, budget=None):
    raise AssertionError(f"nothing should run: {job}")


def test_a_file_that_cannot_run_is_error_with_the_reason_and_runs_nothing(tmp_path):
    latin = tmp_path / "latin.py"
    latin.write_bytes(b'print("caf\xe9")\n')
    (result,) = verify_files([latin], never_submit, lint=lambda path: [])
    assert result.verdict == "ERROR" and result.exit_code == 2
    assert result.error == "it did not run: Python cannot read it: invalid utf-8 at byte 10"


# --------------------------------------------------------------------------- programs and modules

@pytest.mark.parametrize("source", [
    "import tensorflow as tf\n\n@tf.function\ndef scale(x):\n    return x * 2\n",
    "import tensorflow as tf\ntf.random.set_seed(0)\nCONST = tf.constant(3)\n\ndef f():\n    pass\n",
    "import tensorflow as tf\n\ndef step(x):\n    return x\n\ntrain = tf.function(step)\n",
])
def test_a_module_is_not_a_program(source):
    assert programs.why_not_a_program(programs.parse_program(source)).startswith("a module, not a program")


@pytest.mark.parametrize("source", [
    "def f():\n    pass\n\nif __name__ == '__main__':\n    f()\n",
    "def main():\n    pass\n",
    "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    return x\n\nstep(tf.constant(1.0))\n",
    "import tensorflow as tf\n\ndef step(x):\n    return x\n\nresult = tf.function(step)(tf.constant(1.0))\n",
    "from utils import scale\nimport tensorflow as tf\nscale(tf.constant(1.0))\n",
    "import tensorflow as tf\nwith tf.compat.v1.Session() as sess:\n    sess.run(tf.constant(1))\n",
    "import tensorflow as tf\nprint(tf.constant(1))\n",
    "import tensorflow as tf\nmodel = tf.keras.Sequential([])\nmodel.fit([], [])\n",
    "import tensorflow as tf\n\ndef parse(x):\n    return x\n\nds = tf.data.Dataset.range(3).map(parse)\n",
    "import tensorflow as tf\nx = tf.constant(1.0)\ntf.print(x)\n",
    "import tensorflow as tf\nx = tf.constant(1.0)\ny = tf.function(lambda v: v * 2)(x)\n",
    "import tensorflow as tf\ntf.keras.Sequential([tf.keras.layers.Dense(1)]).fit([[1.0]], [[1.0]])\n",
])
def test_a_program_runs_code_of_its_own(source):
    assert programs.why_not_a_program(programs.parse_program(source)) is None


def test_a_module_is_not_run_and_names_the_scripts_that_judge_it(tmp_path):
    utils, train = tmp_path / "utils.py", tmp_path / "train.py"
    utils.write_text("import tensorflow as tf\n\n@tf.function\ndef scale(x):\n    print(x)\n    return x\n",
                     encoding="utf-8")
    train.write_text("from utils import scale\n\nif __name__ == '__main__':\n    scale(1.0)\n", encoding="utf-8")
    jobs = []

    def submit(job, budget=None):
        jobs.append(job)
        future = Future()
        future.set_result(observation(job["mode"]))
        return future

    def lint(path):
        return [finding("TFG101", 5, path)] if path.endswith("utils.py") else []

    results = verify_files([train, utils], submit, lint=lint, helpers=lambda p: [str(utils)] if p.endswith("train.py") else [])
    by_name = {Path(r.path).name: r for r in results}
    assert by_name["utils.py"].verdict == "NOT RUN" and by_name["utils.py"].exit_code == 0
    assert "a module, not a program" in by_name["utils.py"].note
    assert by_name["utils.py"].note.endswith("its findings are judged in the runs of " + by_name["train.py"].path)
    assert {Path(j["script"]).name for j in jobs} == {"train.py"}
    assert "TFG101 line 5 python-print-in-graph: not run: judged in the runs of" in render_text(results, 1, 1, "CPU")


def test_a_module_the_linter_could_not_analyse_is_an_error_not_a_module(tmp_path):
    utils = tmp_path / "utils.py"
    utils.write_text("import tensorflow as tf\n\ndef scale(x):\n    return x\n", encoding="utf-8")

    def lint(path):
        return [finding("TFG001", 1, path)]

    [result] = verify_files([utils], lambda job, budget=None: None, lint=lint, helpers=lambda p: [])
    assert result.verdict == "ERROR" and result.exit_code == 2
    assert "the linter could not analyse it" in result.error


# --------------------------------------------------------------------------- prints located by what they wrote

GRAPH_TEXT = 'step Tensor("x:0", shape=(), dtype=float32)'
EAGER_TEXT = "step tf.Tensor(1.0, shape=(), dtype=float32)"


def one_call_print(graph_symbolic=1):
    effects = [{"what": "print", "line": 6, "count": 1}]
    graph = observation(effects=effects, stdout=GRAPH_TEXT + "\n",
                        prints=[{"what": "print", "line": 6, "symbolic": graph_symbolic, "sample": GRAPH_TEXT}])
    eager = observation("eager", effects=effects, stdout=EAGER_TEXT + "\n",
                        prints=[{"what": "print", "line": 6, "symbolic": 0, "sample": EAGER_TEXT}])
    return graph, eager


@pytest.mark.parametrize("code", ["TFG101", "TFG108"])
def test_a_graph_tensor_printed_once_is_evidence_on_its_line(code):
    graph, eager = one_call_print()
    comparison = compare(graph, eager)
    kinds = {d.kind: d for d in comparison.divergences}
    assert kinds["printed-symbolic"].lines == (6,) and kinds["stdout"].lines == (6,)
    decision = decide([finding(code, 6)], comparison, graph, eager)
    assert decision.verdict == "CONFIRMED"
    assert decision.findings[0].evidence[0].startswith(f"print (line 6) wrote a graph tensor in graph mode, {GRAPH_TEXT!r}")


def test_a_graph_tensor_on_another_line_is_not_this_findings_evidence():
    graph, eager = one_call_print()
    assert decide([finding("TFG101", 9)], compare(graph, eager), graph, eager).verdict == "MISSED"


def test_equal_prints_are_no_divergence():
    graph, eager = one_call_print(graph_symbolic=0)
    eager = dict(eager, stdout=graph["stdout"], prints=graph["prints"])
    assert compare(graph, eager).divergences == []


def test_a_print_in_a_helper_is_located_at_its_place_and_the_script_line_that_reached_it():
    graph = observation(prints=[{"what": "print", "line": 3, "file": "helpers.py", "via": 8, "symbolic": 1,
                                 "sample": GRAPH_TEXT}])
    (divergence,) = printed.symbolic_prints(graph, observation("eager"))
    assert divergence.lines == (8,) and divergence.places == (("helpers.py", 3),)
    assert "eagerly it never ran" in divergence.message


# --------------------------------------------------------------------------- tf.data output: no order, no count

def test_tf_data_output_in_another_order_or_count_is_no_divergence():
    graph = observation(data_output="x 2\nx 1\nx 0\nx 3\nx 4\n")  # parallel calls, prefetched ahead
    eager = observation("eager", data_output="x 0\nx 1\nx 2\n")
    assert compare(graph, eager).divergences == []


def test_tf_data_output_that_graph_mode_never_printed_is_a_divergence():
    graph = observation(data_output="draw 0.5\ndraw 0.5\n")  # frozen into the graph
    eager = observation("eager", data_output="draw 0.5\ndraw 0.25\n")
    (divergence,) = compare(graph, eager).divergences
    assert divergence.kind == "stdout" and "'draw 0.25', which graph mode never printed" in divergence.message


def test_tf_data_output_of_tf_random_is_masked_by_the_reseeded_run():
    graph = observation(data_output="draw 0.1\ndraw 0.7\n")
    eager = observation("eager", data_output="draw 0.3\ndraw 0.9\n")
    reseeded = observation("eager", data_output="draw 0.2\ndraw 0.4\n")
    assert compare(graph, eager, reseeded).divergences == []


# --------------------------------------------------------------------------- the command and the report

def test_no_path_verifies_the_current_folder_and_fixtures_are_asked_for(monkeypatch, tmp_path):
    (tmp_path / "train.py").write_text("print(1)\n", encoding="utf-8")
    seen = []
    monkeypatch.setattr(command, "tensorflow_available", lambda: True)
    monkeypatch.setattr(command, "_run", lambda files, *args: seen.append([str(f) for f in files]) or 0)
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(command.verify_command, []).exit_code == 0
    assert seen[-1] == ["train.py"]
    assert CliRunner().invoke(command.verify_command, ["--fixtures"]).exit_code == 0
    assert seen[-1] == [str(p) for p in command.shipped_examples()]


def test_reasons_are_cut_between_words():
    text = "graph mode printed a surprisingly long line " * 20
    short = shorten(text, 100)
    assert len(short) <= 100 and short.endswith(" ...") and text[len(short) - 4] == " "
    # A finding whose reason lists the divergences of other lines: long, so shortened.
    graph = observation(effects=[{"what": "print", "line": 30, "count": 1}], stdout="word " * 60 + "\n")
    eager = observation("eager", effects=[{"what": "print", "line": 30, "count": 3}], stdout="other " * 60 + "\n")
    comparison = compare(graph, eager)
    (entry,) = decide([finding("TFG101", 6)], comparison, graph, eager).findings
    full = "; ".join(d.message for d in comparison.divergences)
    shown = entry.reason.split(" (", 1)[1]
    assert shown.endswith(" ...)")
    kept = shown[: -len(" ...)")]
    assert full.startswith(kept) and full[len(kept)] in " ;,(" and len(kept) < len(full)


def test_process_settings_changed_are_named():
    before = {"eager execution": "True", "TF2 behaviour": "True"}
    after = {"eager execution": "False", "TF2 behaviour": "True"}
    assert changed(before, after) == ["eager execution: True -> False"]
    assert changed(before, dict(before)) == []
