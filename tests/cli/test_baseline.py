"""``--baseline FILE`` / ``--write-baseline``: record today's findings, report only new ones, and
keep recognising the recorded ones when unrelated edits move them."""

from __future__ import annotations

import json

import pytest
from test_cli import run

SOURCE = """\
import tensorflow as tf


@tf.function
def f(x):
    print(x)
    print(x)
    return x
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "model.py").write_text(SOURCE, encoding="utf-8")
    return tmp_path


def write_baseline():
    result = run("--baseline", "baseline.json", "--write-baseline", "model.py")
    assert result.exit_code == 0 and result.stdout == ""
    assert "Recorded 2 findings in baseline.json" in result.stderr


def test_written_baseline_hides_the_recorded_findings(project):
    write_baseline()
    document = json.loads((project / "baseline.json").read_text(encoding="utf-8"))
    assert document["tool"] == "tfgraph-lint" and document["version"] == 1
    assert [(e["path"], e["line"], e["code"]) for e in document["findings"]] == [
        ("model.py", 6, "TFG101"), ("model.py", 7, "TFG101")]
    result = run("--baseline", "baseline.json", "model.py")
    assert result.exit_code == 0 and result.stdout == ""
    assert "2 findings hidden by the baseline" in result.stderr


def test_recorded_findings_survive_moved_and_reindented_lines(project):
    write_baseline()
    moved = SOURCE.replace("import tensorflow as tf\n", "import tensorflow as tf\nimport os\n\n\nX = 1\n")
    moved = moved.replace("def f(x):\n", "def f(x):\n    if x is not None:\n        pass\n")
    (project / "model.py").write_text(moved.replace("    print(x)\n    print(x)", "    print(x)\n    print( x )"),
                                      encoding="utf-8")
    result = run("--baseline", "baseline.json", "model.py")
    assert result.exit_code == 1  # ``print( x )`` is a changed line: reported as new
    assert [line.split(":")[1] for line in result.stdout.splitlines()] == ["13"]
    (project / "model.py").write_text(moved, encoding="utf-8")
    assert run("--baseline", "baseline.json", "model.py").exit_code == 0


def test_new_findings_are_reported(project):
    write_baseline()
    (project / "model.py").write_text(SOURCE.replace("    return x", "    print(x)\n    return x"),
                                      encoding="utf-8")
    result = run("--baseline", "baseline.json", "model.py")
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 1  # a third identical print: one more than recorded
    other = project / "other.py"
    other.write_text(SOURCE, encoding="utf-8")
    result = run("--baseline", "baseline.json", "model.py", "other.py")
    assert sorted({line.split(":")[0] for line in result.stdout.splitlines()}) == ["model.py", "other.py"]


def test_baseline_paths_are_relative_to_the_baseline_file(project, monkeypatch):
    write_baseline()
    (project / "sub").mkdir()
    monkeypatch.chdir(project / "sub")
    result = run("--baseline", "../baseline.json", "../model.py")
    assert result.exit_code == 0 and result.stdout == ""


def test_run_diagnostics_are_never_recorded_or_hidden(project):
    (project / "broken.py").write_text("import tensorflow as tf\ndef f(:\n", encoding="utf-8")
    result = run("--baseline", "baseline.json", "--write-baseline", "broken.py", "model.py")
    assert result.exit_code == 2  # a file that could not be analysed still fails the run
    codes = [e["code"] for e in json.loads((project / "baseline.json").read_text())["findings"]]
    assert codes == ["TFG101", "TFG101"]
    result = run("--baseline", "baseline.json", "broken.py", "model.py")
    assert result.exit_code == 2 and "TFG001" in result.stdout


@pytest.mark.parametrize("content, message", [
    (None, "baseline file not found (create it with --write-baseline)"),
    ("{not json", "not a tfgraph-lint baseline (invalid JSON"),
    ('{"findings": []}', "not a tfgraph-lint baseline"),
    ('{"tool": "tfgraph-lint", "version": 99, "findings": []}', "format version 99"),
])
def test_unusable_baseline_is_an_error(project, content, message):
    if content is not None:
        (project / "baseline.json").write_text(content, encoding="utf-8")
    result = run("--baseline", "baseline.json", "model.py")
    assert result.exit_code == 2 and result.stdout == ""
    assert message in result.stderr


@pytest.mark.parametrize("args", [("--write-baseline",), ("--write-baseline", "--baseline", "b.json", "--fix")])
def test_write_baseline_needs_a_file_and_no_fix(project, args):
    result = run(*args, "model.py")
    assert result.exit_code == 2 and "--write-baseline" in result.stderr
