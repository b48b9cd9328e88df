"""``tfgraph-lint trace`` end to end on TensorFlow: every expected retrace and cause of the
programs in tests/data/trace_programs (see its README for the markers), exit statuses, bad input.

Each program is a TensorFlow import (seconds), so the programs run concurrently, once per session.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install 'tfgraph-lint[verify]')"),
]

PROGRAMS = Path(__file__).resolve().parents[1] / "data" / "trace_programs"
ROOT = PROGRAMS.parents[2]
MARKER = re.compile(r"#\s*retrace:\s*(.+)$")
EXPLAINED = sorted(p.name for p in PROGRAMS.glob("*.py") if MARKER.search(p.read_text()) and "exits" not in p.name
                   and "raises" not in p.name)


def trace(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_CPP_MIN_LOG_LEVEL="2")
    return subprocess.run([sys.executable, "-m", "tfgraph_lint", "trace", *arguments], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, tuple[subprocess.CompletedProcess, dict]]:
    out = tmp_path_factory.mktemp("trace-reports")
    names = [*EXPLAINED, "raises_error.py", "exits_three.py", "no_tensorflow.py"]

    def run(name: str):
        report = out / f"{name}.json"
        result = trace("--format", "json", "--output", str(report), str(PROGRAMS / name), "one", "two")
        return name, (result, json.loads(report.read_text()) if report.exists() else None)

    with ThreadPoolExecutor(max_workers=3) as pool:
        return dict(pool.map(run, names))


def expected_retraces(path: Path) -> set[tuple[str, int, str, str | None]]:
    expected = set()
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        match = MARKER.search(line)
        if match:
            for part in match[1].split(";"):
                function, kind, *argument = part.split()
                expected.add((function, number, kind, argument[0] if argument else None))
    return expected


def reported_retraces(report: dict, path: Path) -> set[tuple[str, int, str, str | None]]:
    found = set()
    for function in report["functions"]:
        if function["file"] != str(path):
            continue
        for retrace in function["retraces"]:
            assert retrace["call_site"]["file"] == str(path), retrace
            for cause in retrace["causes"]:
                found.add((function["name"].rsplit(".", 1)[-1], retrace["call_site"]["line"], cause["kind"],
                           cause["argument"]))
    return found


@pytest.mark.parametrize("name", [*EXPLAINED, "raises_error.py", "exits_three.py"])
def test_every_retrace_is_explained_at_its_call_site(runs, name):
    result, report = runs[name]
    assert report is not None, result.stderr
    path = PROGRAMS / name
    assert reported_retraces(report, path) == expected_retraces(path)
    for function in report["functions"]:
        assert function["traces"] == len(function["retraces"]) + 1
        for retrace in function["retraces"]:
            assert all(cause["fix"] for cause in retrace["causes"])


def test_the_program_runs_as_python_runs_it(runs):
    result, report = runs["exits_three.py"]
    assert result.returncode == 3
    assert result.stdout == "argv: ['one', 'two']\n"  # its own output, on its own stream
    assert report["exit_code"] == 3 and report["program"][1:] == ["one", "two"]


def test_a_failing_program_keeps_its_status_and_traceback_and_the_report(runs):
    result, report = runs["raises_error.py"]
    assert result.returncode == 1
    assert "RuntimeError: the program failed after two traces" in result.stderr
    assert "tfgraph_lint" not in result.stderr.split("Traceback", 1)[1]  # no frame of ours
    assert report["traces"] == 2


def test_a_program_without_tensorflow(runs):
    result, report = runs["no_tensorflow.py"]
    assert result.returncode == 0 and result.stdout == "plain Python ['one', 'two']\n"
    assert report["tensorflow"] is None and report["functions"] == []


def test_text_report_on_stderr_and_trace_budget():
    script = str(PROGRAMS / "python_values.py")
    result = trace("--max-traces", "train_step=2", script)
    assert result.returncode == 1, result.stderr
    assert "lr: 0.1 -> 0.05  [TFG301 python-scalar-argument]" in result.stderr
    assert "train_step traced 4 times, over its budget of 2 (--max-traces)" in result.stderr
    assert result.stdout == ""


def test_module_mode_and_missing_targets(tmp_path):
    package = tmp_path / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "main.py").write_text(
        "import sys\nimport tensorflow as tf\n\n@tf.function\ndef f(n):\n    return n\n\n"
        "f(1)\nf(2)\nprint(sys.argv[0].endswith('main.py'), __name__)\n")
    result = trace("--format", "json", "-m", "app.main", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "True __main__\n"
    report = json.loads(result.stderr[result.stderr.index("{"):])
    assert report["program"] == ["-m", "app.main"] and report["traces"] == 2

    missing = trace("no_such_script.py", cwd=tmp_path)
    assert missing.returncode == 2 and "no such script: no_such_script.py" in missing.stderr
    no_module = trace("-m", "no_such_module", cwd=tmp_path)
    assert no_module.returncode == 2 and "no module named 'no_such_module'" in no_module.stderr
    assert "Traceback" not in missing.stderr + no_module.stderr
    bad_budget = trace("--max-traces", "x=y", "p.py", cwd=tmp_path)
    assert bad_budget.returncode == 2 and "expected N or NAME=N" in bad_budget.stderr
