"""Process-wide settings a verified script can change and no run can undo (runtime/process_state):
each must show in the fingerprint, so that the pool discards the worker and the next file's
verdict never depends on what ran before. One fresh interpreter applies each setting in turn,
with Keras imported as scripts import it. Needs TensorFlow.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install -e '.[verify]')"),
]

REPO = Path(__file__).resolve().parent.parent.parent

# setting (as the fingerprint names it) -> the statement a script would run to change it
SETTERS = {
    "keras floatx": "keras.backend.set_floatx('float16')",
    "keras epsilon": "keras.backend.set_epsilon(1e-3)",
    "keras image data format": "keras.backend.set_image_data_format('channels_first')",
    "keras mixed-precision policy": "keras.mixed_precision.set_global_policy('mixed_float16')",
    "keras interactive logging": "keras.config.disable_interactive_logging()",
    "keras safe mode": "keras.config.enable_unsafe_deserialization()",
    "op callbacks": "tf.debugging.enable_check_numerics()",
    "traceback filtering": "tf.debugging.disable_traceback_filtering()",
    "eager execution": "tf.compat.v1.disable_eager_execution()",
}

PROBE = """
import json, sys
import tensorflow as tf
from tfgraph_lint.runtime.process_state import changed, fingerprint

start = fingerprint()  # Keras not imported yet: its built-in defaults
import keras
report = {"after keras import": changed(start, fingerprint())}
for setting, statement in json.loads(sys.argv[1]).items():
    before = fingerprint()
    exec(statement)
    report[setting] = changed(before, fingerprint())
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def changes() -> dict[str, list[str]]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "TF_CPP_MIN_LOG_LEVEL": "3"}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(SETTERS)], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_keras_changes_no_setting(changes):
    # The built-in defaults the fingerprint assumes before Keras is imported are Keras's own.
    assert changes["after keras import"] == []


@pytest.mark.parametrize("setting", list(SETTERS))
def test_each_setting_a_script_changes_shows_in_the_fingerprint(changes, setting):
    assert any(line.startswith(f"{setting}: ") for line in changes[setting]), changes[setting]



KERAS_POISONER = """import keras
import tensorflow as tf

keras.backend.set_epsilon(1e-3)
keras.backend.set_image_data_format("channels_first")
tf.debugging.enable_check_numerics()
"""
# Settings a run puts back itself (cheaper than a fresh worker): the worker is kept.
PRINT_POISONER = """import numpy as np
import tensorflow as tf

np.set_printoptions(precision=2)
tf.get_logger().setLevel("INFO")
"""
READER = """import keras
import numpy as np
import tensorflow as tf
from tensorflow.python.eager import context

print(keras.backend.epsilon(), keras.backend.image_data_format(), len(context.context().op_callbacks))
print(np.array([1 / 3]), tf.get_logger().level)
"""


def test_a_later_file_does_not_inherit_keras_settings_op_callbacks_or_print_options(tmp_path):
    from tfgraph_lint.runtime.pool import WorkerPool, WorkerSettings

    for name, text in (("keras_poisoner", KERAS_POISONER), ("print_poisoner", PRINT_POISONER), ("reader", READER)):
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    outputs = []
    with WorkerPool(1, WorkerSettings(threads=1, run_timeout=120)) as pool:
        pool.start()
        for poisoner in ("keras_poisoner", "print_poisoner"):
            poisoned = pool.submit({"script": str(tmp_path / f"{poisoner}.py"), "mode": "graph", "seed": 1}).result()
            outputs.append((poisoned.get("process_changed", []),
                            pool.submit({"script": str(tmp_path / "reader.py"), "mode": "graph", "seed": 1}).result()))
    (keras_changed, after_keras), (print_changed, after_print) = outputs
    assert {line.split(":")[0] for line in keras_changed} >= {"keras epsilon", "keras image data format", "op callbacks"}
    assert print_changed == []
    for later in (after_keras, after_print):
        assert later["stdout"].split() == ["1e-07", "channels_last", "0", "[0.33333333]", "40"], later
