"""The pytest plugin in a fresh project: the tf_traces fixture, its failure message, and
``--tf-trace-report``; and that merely loading it imports no TensorFlow."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

TESTS = textwrap.dedent('''
    import tensorflow as tf


    @tf.function
    def step(x, lr):
        return x * lr


    def test_a_constant_learning_rate_traces_once(tf_traces):
        with tf_traces() as traces:
            for _ in range(3):
                step(tf.ones(2), tf.constant(0.1))
        assert traces.traces(step) == 1


    def test_a_python_learning_rate_retraces(tf_traces):
        with tf_traces() as traces:
            for lr in (0.1, 0.05):
                step(tf.ones(2), lr)
        assert traces.traces(step) == 1
''')


def run_pytest(project: Path, *options: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options], cwd=project,
                          env=env, capture_output=True, text=True, timeout=300)


def test_loading_the_plugin_imports_no_tensorflow():
    code = ("import sys, tfgraph_lint.pytest_plugin; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('tensorflow', 'keras', 'astroid')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


def test_the_plugin_is_registered_for_pytest():
    from importlib.metadata import entry_points

    assert "tfgraph_lint.pytest_plugin" in {e.value for e in entry_points(group="pytest11")}


@pytest.mark.tensorflow
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                    reason="TensorFlow is not installed (pip install 'tfgraph-lint[verify]')")
def test_fixture_budget_and_session_report_in_a_fresh_project(tmp_path):
    (tmp_path / "test_steps.py").write_text(TESTS)
    result = run_pytest(tmp_path, "--tf-trace-report")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 failed, 1 passed" in result.stdout
    # the failing assert explains the retrace: call site and cause
    assert "assert 2 traces of step (trace 2 at test_steps.py:20: lr: 0.1 -> 0.05" in result.stdout
    assert "tf.function traces (tfgraph-lint)" in result.stdout
    assert "lr: 0.1 -> 0.05  [TFG301 python-scalar-argument]" in result.stdout

    quiet = run_pytest(tmp_path, "-k", "constant")
    assert quiet.returncode == 0, quiet.stdout + quiet.stderr
    assert "tf.function traces" not in quiet.stdout  # no report unless asked
