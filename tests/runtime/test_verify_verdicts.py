"""Verdicts on real TensorFlow: the scripts in tests/data/verify_verdicts/, in the shape of the
reports. One pool and one batch for all of them. (The clean programs of tests/data/verify_clean/ are
in the soundness suite, tests/runtime/test_verify_soundness.py.)"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tfgraph_lint.runtime.pool import WorkerPool, WorkerSettings
from tfgraph_lint.runtime.verify.runner import verify_files

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install -e '.[verify]')"),
]

HERE = Path(__file__).resolve().parents[1] / "data"
CASES = HERE / "verify_verdicts"


@pytest.fixture(scope="module")
def results():
    with WorkerPool(2, WorkerSettings(threads=1, run_timeout=60)) as pool:
        pool.start()
        paths = sorted(CASES.glob("*.py"))
        return {Path(r.path).name: r for r in verify_files(paths, pool.submit, timeout=60)}


def details(result):
    return [result.error, result.note] + [d.divergence.message for d in result.divergences]


def test_tf_data_wrappers_are_not_the_users_tf_functions(results):
    result = results["three_maps_one_line.py"]
    assert result.verdict == "CLEAN", details(result)


def test_evidence_goes_to_the_finding_that_produced_it(results):
    result = results["append_and_numpy_random.py"]
    append, random = sorted(result.findings, key=lambda f: f.code, reverse=True)
    assert (append.code, random.code) == ("TFG104", "TFG102")
    assert result.verdict == "CONFIRMED"
    assert not append.confirmed and append.reason.startswith("no evidence of its own")
    assert random.evidence[0].startswith("numpy.random.uniform (line 19) ran 1 time in graph mode")


def test_a_deprecated_alias_is_not_confirmed_by_another_rules_retracing(results):
    result = results["deprecated_alias_and_scalar.py"]
    by_code = {f.code: f for f in result.findings}
    assert not by_code["TFG306"].confirmed and "deprecation warning" in by_code["TFG306"].reason
    assert by_code["TFG301"].evidence[0].startswith("scale was traced 3 times")


@pytest.mark.parametrize("name, mode", [
    ("or_condition_eager_fails.py", "only the eager reference run failed"),
    ("range_loop_signature_eager_fails.py", "only the eager reference run failed"),
    ("layers_list_graph_fails.py", "only graph mode failed"),
    ("while_loop_random_graph_fails.py", "only graph mode failed"),
])
def test_one_sided_failures_are_not_missed(results, name, mode):
    result = results[name]
    assert result.verdict in ("ERROR", "UNCONFIRMED"), details(result)
    assert mode in (result.error or result.note), details(result)


def test_a_module_that_calls_nothing_is_not_run(results):
    result = results["readme_never_called.py"]
    (finding,) = result.findings
    assert result.verdict == "NOT RUN" and result.note.startswith("a module, not a program")
    assert finding.reason == "judged only by verifying a script that imports it"


def test_graph_mode_failing_before_the_flagged_function_says_so(results):
    result = results["graph_fails_before_flagged_line.py"]
    (finding,) = result.findings
    assert result.verdict == "UNCONFIRMED", details(result)
    assert finding.reason.startswith("nothing ran in graph mode: it raised InvalidArgumentError")
    assert finding.reason.endswith("before report (line 12) was called")
