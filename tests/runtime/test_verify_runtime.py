"""Runtime verification on real TensorFlow: each kind of divergence, patterns that must NOT
diverge, and the ways a run can fail, with the scripts in tests/data/verify_scripts/.

Skipped, with the reason, where TensorFlow is not installed. TensorFlow is imported only by the
worker processes, never by pytest's own process.
"""

from __future__ import annotations

import importlib.util
import os
import time
from pathlib import Path

import pytest

from tfgraph_lint.runtime.pool import WorkerPool, WorkerSettings
from tfgraph_lint.runtime.verify.compare import compare
from tfgraph_lint.runtime.verify.runner import SEED, verify_files

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install -e '.[verify]')"),
]

SCRIPTS = Path(__file__).resolve().parents[1] / "data" / "verify_scripts"

# script -> (verdict, divergence kinds that must be among those observed).
EXPECTED = {
    "diverge_print.py": ("CONFIRMED", {"effects", "stdout"}),
    "diverge_numpy_random.py": ("CONFIRMED", {"effects", "frozen"}),
    "diverge_outer_list.py": ("CONFIRMED", {"state"}),
    "diverge_variable.py": ("CONFIRMED", {"raises"}),
    "diverge_retrace.py": ("CONFIRMED", {"retrace"}),
    "diverge_unroll.py": ("CONFIRMED", {"unroll"}),
    "diverge_dataset_map.py": ("CONFIRMED", {"effects", "returned"}),
    "diverge_global_counter.py": ("CONFIRMED", {"returned", "state"}),  # TFG105
    "diverge_many_functions.py": ("CONFIRMED", {"many-functions"}),  # TFG302
    "flagged_print_once.py": ("UNCONFIRMED", set()),
    "error_both_modes.py": ("ERROR", set()),
    "error_exit.py": ("ERROR", set()),
    "error_segfault.py": ("ERROR", set()),
}
MUST_NOT_DIVERGE = sorted(p.name for p in SCRIPTS.glob("same_*.py"))


@pytest.fixture(scope="module")
def pool():
    with WorkerPool(2, WorkerSettings(threads=1, run_timeout=60)) as workers:
        workers.start()
        yield workers


@pytest.fixture(scope="module")
def results(pool):
    # One batch for all scripts: the segfault on the way must not disturb the others.
    names = sorted(EXPECTED) + MUST_NOT_DIVERGE
    return {Path(r.path).name: r for r in verify_files([SCRIPTS / n for n in names], pool.submit)}


def run(pool, name, mode, shift=0):
    return pool.submit({"script": str(SCRIPTS / name), "mode": mode, "seed": SEED, "tf_seed_shift": shift}).result()


def divergence_kinds(result):
    return {d.divergence.kind for d in result.divergences}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_divergence_and_verdict(results, name):
    verdict, kinds = EXPECTED[name]
    result = results[name]
    if verdict is not None:
        assert result.verdict == verdict, (result.error, [d.divergence.message for d in result.divergences])
    else:
        assert result.verdict in ("MISSED", "CONFIRMED")
    assert kinds <= divergence_kinds(result)


def test_divergence_without_finding_is_missed(pool):
    names = ["diverge_print.py", "same_tf_print.py"]
    missed, clean = verify_files([SCRIPTS / n for n in names], pool.submit, lint=lambda path: [])
    assert (missed.verdict, clean.verdict) == ("MISSED", "CLEAN")
    assert missed.divergences[0].flagged_by == [] and not missed.ok


@pytest.mark.parametrize("name", MUST_NOT_DIVERGE)
def test_must_not_diverge(results, name):
    result = results[name]
    assert result.verdict == "CLEAN", (result.error, [d.divergence.message for d in result.divergences])


def evidence(result):
    return [line for f in result.findings for line in f.evidence]


def test_evidence_in_words(results):
    assert evidence(results["diverge_print.py"])[0] == "print (line 7) ran 1 time in graph mode, 3 times eagerly"
    assert evidence(results["diverge_retrace.py"]) == [
        "power was traced 4 times for 4 calls: argument 'n' was a Python int (1, 2, 3, 4)"]
    assert evidence(results["diverge_variable.py"])[0].startswith(
        "ValueError: tf.function only supports singleton tf.Variables created on the first call")
    assert "its body appears 20 times in the traced graph" in evidence(results["diverge_unroll.py"])[0]
    assert evidence(results["diverge_outer_list.py"])[0].startswith(
        "module variable 'seen' is [symbolic Tensor(\"x:0\"")
    assert results["flagged_print_once.py"].findings[0].evidence == []


def test_failures_are_explained(results):
    assert results["error_both_modes.py"].error == "fails in both modes: RuntimeError: this example is broken"
    assert results["error_exit.py"].error == "graph mode: the script called sys.exit(3)"
    assert "killed by SIGSEGV" in results["error_segfault.py"].error


def test_tf_random_values_differ_between_modes_and_the_reseeded_run_masks_them(pool):
    # The measurement behind the method: unmasked, TF random ops look like divergences.
    graph, eager = run(pool, "same_tf_random.py", "graph"), run(pool, "same_tf_random.py", "eager")
    assert {"outputs", "stdout"} <= {d.kind for d in compare(graph, eager).divergences}
    reseeded = run(pool, "same_tf_random.py", "eager", shift=7919)
    assert compare(graph, eager, reseeded).divergences == []


def test_numpy_keeps_its_seed_in_the_reseeded_run(pool):
    graph, eager = run(pool, "diverge_numpy_random.py", "graph"), run(pool, "diverge_numpy_random.py", "eager")
    reseeded = run(pool, "diverge_numpy_random.py", "eager", shift=7919)
    assert "frozen" in {d.kind for d in compare(graph, eager, reseeded).divergences}


def test_tf_print_is_captured_in_order_with_python_print(pool):
    graph = run(pool, "same_tf_print.py", "graph")
    expected = "".join(f"before call {i}\nvalue: {i}\non stderr too: {2 * i}\n" for i in range(3))
    assert graph["stdout"] == expected
    assert run(pool, "same_tf_print.py", "eager")["stdout"] == expected


def test_each_run_has_fresh_module_state(pool):
    first, second = run(pool, "diverge_outer_list.py", "graph"), run(pool, "diverge_outer_list.py", "graph")
    assert first["state"] == second["state"]
    assert len(first["state"]["seen"]["$list"]) == 1


def test_tracing_is_recorded_per_call(pool):
    graph = run(pool, "diverge_retrace.py", "graph")
    (power,) = graph["functions"]
    assert power["tracing_count"] == 4 and [c["traced"] for c in power["calls"]] == [1, 1, 1, 1]
    assert power["calls"][0]["args"] == [["x", {"tensor": "float32", "shape": []}],
                                         ["n", {"python": "int", "value": "1"}]]
    assert run(pool, "diverge_retrace.py", "eager")["functions"][0]["tracing_count"] == 0


def test_script_changed_on_disk_is_run_afresh(pool, tmp_path):
    script = tmp_path / "changing.py"
    script.write_text("import tensorflow as tf\n\n@tf.function\ndef f(x):\n    return x + 1\n\n"
                      "def main():\n    return int(f(tf.constant(1)))\n", encoding="utf-8")
    first = pool.submit({"script": str(script), "mode": "graph", "seed": SEED}).result()
    script.write_text(script.read_text(encoding="utf-8").replace("x + 1", "x + 2"), encoding="utf-8")
    second = pool.submit({"script": str(script), "mode": "graph", "seed": SEED}).result()
    assert (first["returned"], second["returned"]) == (2, 3)


def test_hang_and_runaway_output_end_the_run_and_the_pool_goes_on():
    settings = WorkerSettings(threads=1, run_timeout=3, output_limit=1 << 20)
    with WorkerPool(2, settings) as workers:
        workers.start()
        names = ["error_hang.py", "error_runaway_output.py", "same_deterministic.py"]
        results = verify_files([SCRIPTS / n for n in names], workers.submit)
    hang, runaway, fine = results
    assert hang.verdict == "ERROR" and "timed out after 3 s" in hang.error
    assert runaway.verdict == "ERROR" and "runaway output" in runaway.error
    assert fine.verdict == "CLEAN"


def test_closing_the_pool_kills_its_workers():
    workers = WorkerPool(1, WorkerSettings(threads=1))
    workers.start()
    pids = [w.process.pid for w in workers.workers]
    running = workers.submit({"script": str(SCRIPTS / "error_hang.py"), "mode": "graph", "seed": SEED})
    queued = workers.submit({"script": str(SCRIPTS / "same_no_main.py"), "mode": "graph", "seed": SEED})
    deadline = time.monotonic() + 30
    while not running.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    workers.close()
    assert "run_error" in running.result(timeout=10)
    assert queued.cancelled()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
