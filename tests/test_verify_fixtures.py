"""``tfgraph-lint verify`` over every shipped fixture: each bad.py is CONFIRMED and reproduces its
``# runtime:`` header, each good.py is CLEAN (same-as-eager). Needs TensorFlow (CI installs the
CPU build); skipped, with the reason, without it.
"""

from __future__ import annotations

import importlib.util

import pytest

from tfgraph_lint.runtime.pool import WorkerPool, WorkerSettings
from tfgraph_lint.runtime.verify.command import shipped_examples
from tfgraph_lint.runtime.verify.runner import verify_files

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install 'tfgraph-lint[verify]')"),
]

EXAMPLES = shipped_examples()


@pytest.fixture(scope="module")
def results():
    with WorkerPool(2, WorkerSettings(threads=1, run_timeout=120)) as pool:
        pool.start()
        return dict(zip(EXAMPLES, verify_files(EXAMPLES, pool.submit)))


@pytest.mark.parametrize("path", EXAMPLES, ids=[f"{p.parent.name.split('-')[0]}/{p.name}" for p in EXAMPLES])
def test_fixture_reproduces_its_runtime_header(results, path):
    result = results[path]
    expected = "CONFIRMED" if path.name == "bad.py" else "CLEAN"
    details = [result.error] + [d.divergence.message for d in result.divergences] + result.header.problems
    assert result.verdict == expected, details
    assert result.header is not None and result.header.met, details
    if path.name == "bad.py":
        # Every finding whose mechanism is observable has evidence of its own (TFG306's renamed
        # options only log a deprecation warning: nothing to observe).
        assert all(f.confirmed or not f.observable for f in result.findings), [
            (f.code, f.line, f.reason) for f in result.findings if not f.confirmed]
        assert any(f.confirmed for f in result.findings)
