"""The ``verify`` command end to end on TensorFlow: JSON output, exit codes, ``--device gpu``.

Each invocation starts its own workers (a TensorFlow import each), so there are few of them.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.cli.commands import cli
from tfgraph_lint.runtime.verify.command import verify_command

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install -e '.[verify]')"),
]

SCRIPTS = Path(__file__).resolve().parents[1] / "data" / "verify_scripts"


def test_json_output_and_exit_status():
    paths = [str(SCRIPTS / n) for n in ("diverge_print.py", "same_tf_print.py", "error_both_modes.py")]
    result = CliRunner().invoke(verify_command, [*paths, "--format", "json", "--jobs", "2"])
    assert result.exit_code == 2, result.output  # the ERROR script: exit 2
    entries = {Path(e["path"]).name: e for e in json.loads(result.stdout)}
    assert {name: e["verdict"] for name, e in entries.items()} == {
        "diverge_print.py": "CONFIRMED", "same_tf_print.py": "CLEAN", "error_both_modes.py": "ERROR"}
    assert entries["error_both_modes.py"]["error"] == "fails in both modes: RuntimeError: this example is broken"
    printed = entries["diverge_print.py"]
    assert printed["findings"][0]["code"] == "TFG101" and printed["findings"][0]["line"] == 7
    assert printed["findings"][0]["evidence"][0] == "print (line 7) ran 1 time in graph mode, 3 times eagerly"
    assert printed["duration"] > 0 and printed["summary"]["runs"]["graph"]["functions"][0]["traces"] == 1


def test_text_output_passes_for_confirmed_and_clean():
    paths = [str(SCRIPTS / n) for n in ("diverge_retrace.py", "same_tensor_loop.py")]
    result = CliRunner().invoke(verify_command, paths)
    assert result.exit_code == 0, result.output
    assert "diverge_retrace.py: CONFIRMED" in result.stdout
    assert "argument 'n' was a Python int (1, 2, 3, 4)" in result.stdout
    assert "\r" not in result.output  # no progress line when stderr is not a terminal


def test_device_gpu_fails_clearly_without_a_gpu():
    result = CliRunner().invoke(verify_command, [str(SCRIPTS / "same_no_main.py"), "--device", "gpu", "--jobs", "1"])
    if result.exit_code == 0:
        pytest.skip("this machine has a GPU")
    assert result.exit_code == 2
    assert "--device gpu: TensorFlow" in result.output and "sees no GPU" in result.output


def test_no_path_verifies_the_current_folder_and_what_did_not_run_is_never_clean(tmp_path, monkeypatch):
    (tmp_path / "latin.py").write_bytes(b'import tensorflow as tf\nname = "caf\xe9"\nprint(name)\n')
    (tmp_path / "broken.ipynb").write_text('{"cells": [{"cell_type": "code", "source": ["import tensorflow"',
                                           encoding="utf-8")
    (tmp_path / "syntax.py").write_text("import tensorflow as tf\ndef f(:\n    pass\n", encoding="utf-8")
    (tmp_path / "utils.py").write_text('import tensorflow as tf\n\n\n@tf.function\ndef scale(x):\n'
                                       '    print("scaling", x)\n    return x * 2\n', encoding="utf-8")
    (tmp_path / "train.py").write_text("import tensorflow as tf\n\nfrom utils import scale\n\n"
                                       "for i in range(3):\n    scale(tf.constant(float(i)))\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    # Through the command line's group, which gives verify its project view (helper modules).
    result = CliRunner().invoke(cli, ["verify", "--format", "json", "--jobs", "2"])
    assert result.exit_code == 2, result.output  # ERROR files
    entries = {e["path"]: e for e in json.loads(result.stdout)}
    assert {path: e["verdict"] for path, e in entries.items()} == {
        "broken.ipynb": "ERROR", "latin.py": "ERROR", "syntax.py": "ERROR", "train.py": "CONFIRMED",
        "utils.py": "NOT RUN"}
    assert entries["latin.py"]["error"].startswith("it did not run: Python cannot read it: invalid utf-8 at byte")
    assert "invalid JSON" in entries["broken.ipynb"]["error"]
    assert entries["syntax.py"]["error"] == "it did not run: SyntaxError: invalid syntax (line 2)"
