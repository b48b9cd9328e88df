"""A program that turns eager execution off (TF1 style) has no eager reference run: ``verify``
never calls it CLEAN. Seen in its source, it is NOT RUN before any run; seen only in its runs (a
helper module's call), its runs cannot be compared: ERROR. No TensorFlow needed (synthetic
observations); on real TensorFlow: tests/runtime/test_verify_soundness.py's isolation test.
"""

from __future__ import annotations

import pytest

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import rule_by_code
from tfgraph_lint.runtime.verify.compare import EAGER_TURNED_OFF, compare
from tfgraph_lint.runtime.verify.programs import parse_program, why_no_eager_reference
from tfgraph_lint.runtime.verify.runner import verify_files
from tfgraph_lint.runtime.verify.verdicts import decide

TF1_PROGRAM = '''import tensorflow as tf

tf.compat.v1.disable_eager_execution()

@tf.function
def double(x):
    print("tracing")
    return x * 2

with tf.compat.v1.Session() as sess:
    print(sess.run(double(tf.constant(3.0))))
'''


@pytest.mark.parametrize("source", [
    "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n",
    "import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n",
    "import tensorflow.compat.v1 as tf\ntf.disable_eager_execution()\n",
    "from tensorflow.compat.v1 import disable_eager_execution as off\n\ndef main():\n    off()\n",
    "from tensorflow.python.framework import ops\nops.disable_eager_execution()\n",
    "import tensorflow\ntensorflow.compat.v1.disable_v2_behavior()\n",
])
def test_a_call_that_turns_eager_execution_off_is_seen_in_the_source(source):
    why = why_no_eager_reference(parse_program(source))
    assert why is not None and why.startswith("it turns eager execution off (")
    assert "no eager run to compare" in why


@pytest.mark.parametrize("source", [
    "import tensorflow as tf\nprint('tf.compat.v1.disable_eager_execution()')\n",  # text, not a call
    "import tensorflow as tf\ntf.compat.v1.enable_eager_execution()\n",
    "class Session:\n    def disable_eager_execution(self):\n        pass\n\nSession().disable_eager_execution()\n",
    "import tensorflow as tf\ntf.config.run_functions_eagerly(False)\n",
])
def test_other_calls_and_mentions_do_not_count(source):
    assert why_no_eager_reference(parse_program(source)) is None


def never_submit(job, budget=None):
    raise AssertionError(f"nothing should run: {job}")


def test_a_tf1_program_is_not_run_with_the_reason_on_each_finding(tmp_path):
    script = tmp_path / "tf1_train.py"
    script.write_text(TF1_PROGRAM, encoding="utf-8")
    flagged = Finding(rule_by_code("TFG101"), str(script), 7, 4, 7, 20, "print")
    (result,) = verify_files([script], never_submit, lint=lambda path: [flagged])
    assert result.verdict == "NOT RUN" and result.exit_code == 0
    assert result.note.startswith("it turns eager execution off (tf.compat.v1.disable_eager_execution() on line 3)")
    (finding,) = result.findings
    assert not finding.confirmed and finding.reason == result.note


def test_a_tf1_program_with_nothing_flagged_is_not_clean(tmp_path):
    script = tmp_path / "tf1_plain.py"
    script.write_text(TF1_PROGRAM, encoding="utf-8")
    (result,) = verify_files([script], never_submit, lint=lambda path: [])
    assert result.verdict == "NOT RUN" and result.findings == []


def observation(mode, **fields):
    base = {"mode": mode, "has_main": False, "exception": None, "exit": None, "returned": None, "state": {},
            "functions": [], "effects": [], "prints": [], "stdout": "6.0\n", "stderr": "", "data_output": ""}
    base.update(fields)
    return base


def test_runs_that_turned_eager_execution_off_cannot_be_compared():
    # A helper module's disable_eager_execution(): the source check cannot see it, the runs do.
    changed = [EAGER_TURNED_OFF, "TF2 behaviour: True -> False"]
    comparison = compare(observation("graph", process_changed=changed), observation("eager", process_changed=changed))
    assert comparison.error is not None and "turned eager execution off" in comparison.error
    assert decide([], comparison).verdict == "ERROR"


def test_runs_that_changed_other_settings_are_compared():
    changed = ["keras floatx: 'float32' -> 'float16'"]
    comparison = compare(observation("graph", process_changed=changed), observation("eager", process_changed=changed))
    assert comparison.error is None and decide([], comparison).verdict == "CLEAN"
