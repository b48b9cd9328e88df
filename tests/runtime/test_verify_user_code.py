"""Ways into graph code found in real user code, proved on TensorFlow.

Each script in tests/data/verify_user_code/ is an annotated case (its markers are exactly what the
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

SCRIPTS = sorted((Path(__file__).resolve().parents[1] / "data" / "verify_user_code").glob("*.py"))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_markers(path):
    check_annotated(path)


EXPECTED = [
    "argument_attribute_counter.py",
    "compiled_loss_weight.py",
    "instance_method_counter.py",
    "keras_activation_if.py",
    "keras_backend_zeros.py",
    "keras_backend_zeros_runtime_shape.py",
    "keras_loss_print.py",
    "keras_metric_numpy.py",
    "layer_made_by_stored_lambda.py",
    "metric_counter.py",
    "own_layer_built_per_call.py",
    "parameter_scalar_retrace.py",
    "per_call_function_two_sites.py",
    "static_batch_in_tile.py",
    "while_counter_unrolled.py",
]


@pytest.fixture(scope="module")
def verdicts():
    with WorkerPool(2, WorkerSettings(threads=1, run_timeout=120)) as pool:
        pool.start()
        results = verify_files(SCRIPTS, pool.submit)
    return {Path(result.path).name: result for result in results}


def test_every_example_is_listed():
    assert sorted(EXPECTED) == [p.name for p in SCRIPTS]


@pytest.mark.tensorflow
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed")
@pytest.mark.parametrize("name", EXPECTED)
def test_verify_confirms(verdicts, name):
    result = verdicts[name]
    assert result.divergences, f"{name}: graph and eager runs did not differ"
    assert result.verdict == "CONFIRMED"
