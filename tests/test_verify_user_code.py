"""Ways into graph code found in real user code (issue #18), proved on TensorFlow.

Each script in tests/verify_user_code/ is an annotated case (its markers are exactly what the
linter reports) and a runnable example whose graph run must diverge from the eager one, so that
`verify` CONFIRMS the finding.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tfgraph_lint.runtime.pool import WorkerPool, WorkerSettings
from tfgraph_lint.runtime.verify.runner import verify_files

from annotated import check_annotated

SCRIPTS = sorted((Path(__file__).resolve().parent / "verify_user_code").glob("*.py"))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_markers(path):
    check_annotated(path)


@pytest.mark.tensorflow
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed")
def test_verify_confirms_every_example():
    with WorkerPool(2, WorkerSettings(threads=1, run_timeout=120)) as pool:
        pool.start()
        results = verify_files(SCRIPTS, pool.submit)
    verdicts = {Path(result.path).name: result.verdict for result in results}
    assert verdicts == {path.name: "CONFIRMED" for path in SCRIPTS}
