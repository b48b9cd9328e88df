"""The soundness suite of ``tfgraph-lint verify`` on real TensorFlow: verdicts to trust without
reading them twice. In one batch on one pool:

- every shipped fixture: bad.py CONFIRMED, reproducing its ``# runtime:`` header, good.py CLEAN;
- at least thirty correct programs in the shapes users write (tests/data/verify_clean/: input
  pipelines with tf.print in map functions, Keras fit with callbacks, custom loops with metrics,
  notebooks, tf.random in Dataset.map and tf.while_loop...): CLEAN;
- programs whose print runs once in each mode (tests/data/verify_confirmed/): CONFIRMED, by what the
  print wrote;

and files that must not poison each other (tests/data/verify_isolation/) with a single worker.
``benchmarks/verify_soundness.py`` runs the batch three times in a row, each time in another
seeded order, and reports flipped verdicts. Needs TensorFlow (CI installs the CPU build); skipped, with the reason, without it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tfgraph_lint.runtime.pool import WorkerPool, WorkerSettings
from tfgraph_lint.runtime.verify.command import shipped_examples
from tfgraph_lint.runtime.verify.runner import verify_files

from annotated import check_annotated

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install -e '.[verify]')"),
]

HERE = Path(__file__).resolve().parents[1] / "data"
FIXTURES = shipped_examples()
CLEAN = sorted([*(HERE / "verify_clean").glob("*.py"), *(HERE / "verify_clean").glob("*.ipynb")])
CONFIRMED = sorted((HERE / "verify_confirmed").glob("*.py"))
ISOLATION = sorted((HERE / "verify_isolation").glob("*.py"))


def soundness_cases() -> dict[Path, str]:
    """Every file of the suite's batch and the verdict it must get."""
    cases = {path: "CONFIRMED" if path.name == "bad.py" else "CLEAN" for path in FIXTURES}
    cases.update({path: "CLEAN" for path in CLEAN})
    cases.update({path: "CONFIRMED" for path in CONFIRMED})
    return cases


def verify_suite(workers: int = 2, paths: list[Path] | None = None) -> dict[Path, object]:
    """One batch of the whole suite on a fresh pool, in the order of ``paths`` (default: the
    suite's): path -> FileResult."""
    paths = list(soundness_cases()) if paths is None else paths
    with WorkerPool(workers, WorkerSettings(threads=1, run_timeout=120)) as pool:
        pool.start()
        return dict(zip(paths, verify_files(paths, pool.submit, timeout=120)))


@pytest.fixture(scope="module")
def results():
    return verify_suite()


def details(result):
    return [result.error, result.note] + [d.divergence.message for d in result.divergences] + (
        result.header.problems if result.header else [])


@pytest.mark.parametrize("path", FIXTURES, ids=[f"{p.parent.name.split('-')[0]}/{p.name}" for p in FIXTURES])
def test_fixture_reproduces_its_runtime_header(results, path):
    result = results[path]
    expected = "CONFIRMED" if path.name == "bad.py" else "CLEAN"
    assert result.verdict == expected, details(result)
    assert result.header is not None and result.header.met, details(result)
    if path.name == "bad.py":
        # Every finding whose mechanism is observable has evidence of its own (TFG306's renamed
        # options only log a deprecation warning: nothing to observe).
        assert all(f.confirmed or not f.observable for f in result.findings), [
            (f.code, f.line, f.reason) for f in result.findings if not f.confirmed]
        assert any(f.confirmed for f in result.findings)


def test_at_least_thirty_clean_programs_and_notebooks_among_them():
    assert len(CLEAN) >= 30
    assert any(path.suffix == ".ipynb" for path in CLEAN)


@pytest.mark.parametrize("path", CLEAN, ids=[p.name for p in CLEAN])
def test_clean_program_is_clean(results, path):
    result = results[path]
    assert result.verdict == "CLEAN", details(result)
    assert result.exit_code == 0


@pytest.mark.parametrize("path", CONFIRMED, ids=[p.stem for p in CONFIRMED])
def test_a_print_run_once_in_each_mode_is_confirmed_by_what_it_wrote(results, path):
    check_annotated(path)  # the linter flags exactly the marked print
    result = results[path]
    assert result.verdict == "CONFIRMED", details(result)
    (finding,) = result.findings
    assert finding.code == "TFG101" and finding.evidence[0].startswith(f"print (line {finding.line}) wrote a graph tensor")
    assert "Tensor(" in finding.evidence[0]


def test_files_do_not_poison_each_other_in_one_worker():
    # Eager execution and TF2 behaviour turned off by the first two files must not reach the
    # third: each run that changes process-wide settings ends its worker.
    tf1, tf1_v1_behaviour, tf2_program = ISOLATION
    with WorkerPool(1, WorkerSettings(threads=1, run_timeout=120)) as pool:
        pool.start()
        first_worker = pool.workers[0].process.pid
        poisoner = pool.submit({"script": str(tf1_v1_behaviour), "mode": "eager", "seed": 1}).result()
        after = pool.submit({"script": str(tf2_program), "mode": "eager", "seed": 1}).result()
        second_worker = pool.workers[0].process.pid
        results = verify_files([tf1, tf2_program], pool.submit, timeout=120)
    assert {"eager execution: True -> False", "TF2 behaviour: True -> False"} <= set(poisoner["process_changed"])
    assert second_worker != first_worker  # the poisoned worker was discarded
    assert "eager True" in after["stdout"] and "process_changed" not in after
    # The TF1 script has no eager reference run: NOT RUN, never CLEAN (tests/runtime/test_verify_eager_off.py).
    assert [r.verdict for r in results] == ["NOT RUN", "CLEAN"], [details(r) for r in results]
