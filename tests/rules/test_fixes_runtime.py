"""Autofix on real TensorFlow: every ``tests/rules/fixes/NAME.before.py`` and its ``NAME.after.py`` run
in graph mode, on the runtime worker pool, and must behave the same: what ``main()`` returns
(values, dtypes, shapes), the exception raised (none, for ``before``), stdout and stderr (less
TensorFlow's own C++ log lines, which depend on the machine and carry a timestamp).

A fix meant to change something observable says so in the example's header, one line
``# fix-runtime: differs in: ...`` naming it, and only a fix whose purpose is that change may say
it: ``print()`` -> ``tf.print()`` (TFG101) moves output from stdout, once while tracing, to
stderr, on every call (``stdout``, ``stderr``); NumPy draws -> ``tf.random`` (TFG102) draw other
numbers of the same dtype and shape (``random values``: tensors compared by dtype and shape).
Skipped where TensorFlow is not installed; pytest's own process never imports it.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from tfgraph_lint.engine import lint_source
from tfgraph_lint.fixes import apply_fixes
from tfgraph_lint.runtime.capture import without_tensorflow_log_lines
from tfgraph_lint.runtime.pool import WorkerPool, WorkerSettings
from tfgraph_lint.runtime.verify.runner import SEED

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install 'tfgraph-lint[verify]')"),
]

FIXES = Path(__file__).resolve().parent / "fixes"
PAIRS = sorted(FIXES.glob("*.before.py"))
HEADER = re.compile(r"^# fix-runtime: differs in: (.+)$", re.MULTILINE)
# What each fixed rule may change, on purpose.
MAY_CHANGE = {"TFG101": {"stdout", "stderr"}, "TFG102": {"random values"}}


def _after(before: Path) -> Path:
    return before.with_name(before.name.replace(".before.py", ".after.py"))


def declared_differences(before: Path) -> set[str]:
    found = HEADER.search(before.read_text(encoding="utf-8"))
    return {part.strip() for part in found.group(1).split(",")} if found else set()


@pytest.fixture(scope="module")
def observations():
    """(before, after) graph-mode observations per example, all run on one pool."""
    with WorkerPool(2, WorkerSettings(threads=1, run_timeout=60)) as pool:
        pool.start()
        futures = {
            before.name: tuple(pool.submit({"script": str(path), "mode": "graph", "seed": SEED})
                               for path in (before, _after(before)))
            for before in PAIRS
        }
        return {name: (b.result(), a.result()) for name, (b, a) in futures.items()}


def _mask_tensor_values(value):
    if isinstance(value, dict):
        if "$tensor" in value:
            return {"$tensor": {k: v for k, v in value["$tensor"].items() if k != "values"}}
        return {k: _mask_tensor_values(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_mask_tensor_values(v) for v in value]
    return value


def _observable(observation: dict, differences: set[str]) -> dict:
    for problem in ("run_error", "harness_error"):
        assert problem not in observation, observation[problem]
    seen = {"returned": observation["returned"], "exception": observation["exception"],
            "exit": observation["exit"], "stdout": observation["stdout"],
            "stderr": without_tensorflow_log_lines(observation["stderr"])}
    if "random values" in differences:
        seen["returned"] = _mask_tensor_values(seen["returned"])
    for stream in ("stdout", "stderr"):
        if stream in differences:
            del seen[stream]
    return seen


@pytest.mark.parametrize("before", PAIRS, ids=lambda p: p.name.removesuffix(".before.py"))
def test_fixed_example_behaves_the_same_on_tensorflow(observations, before):
    graph_before, graph_after = observations[before.name]
    assert graph_before["has_main"], "each example is a script whose main() calls what is flagged"
    assert graph_before["exception"] is None and graph_before["exit"] is None, graph_before["exception"]
    assert graph_before["returned"] is not None, "main() must return what the flagged functions computed"
    differences = declared_differences(before)
    assert _observable(graph_after, differences) == _observable(graph_before, differences)


@pytest.mark.parametrize("before", PAIRS, ids=lambda p: p.name.removesuffix(".before.py"))
def test_declared_differences_are_what_the_fixes_are_for(before):
    text = before.read_text(encoding="utf-8")
    fixed = {f.code for f in apply_fixes(text, lint_source(text, str(before))).fixed}
    allowed = set().union(*(MAY_CHANGE.get(code, set()) for code in fixed))
    assert declared_differences(before) <= allowed
