"""One process, two working directories: a relative file name means each folder's own file."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tfgraph_lint.cli.commands import cli

MAIN = "import tensorflow as tf\nfrom helper import step\n\n\n@tf.function\ndef train(x):\n    return step(x)\n"
HELPER = "def step(x):\n    print(x)\n    return x\n"


def make_project(root: Path, blank_lines: int) -> None:
    root.mkdir()
    (root / "pyproject.toml").write_text("", encoding="utf-8")
    (root / "main.py").write_text(MAIN, encoding="utf-8")
    # The print() sits on a different line in each folder, so each run's finding says whose file it read.
    (root / "helper.py").write_text("\n" * blank_lines + HELPER, encoding="utf-8")


def test_same_relative_name_from_two_folders_gets_each_folders_result(tmp_path, monkeypatch):
    make_project(tmp_path / "first", blank_lines=2)
    make_project(tmp_path / "second", blank_lines=0)
    lines = {}
    for folder in ("first", "second"):
        monkeypatch.chdir(tmp_path / folder)
        # Every confidence level, so the cross-file finding does not hang on the measured defaults.
        result = CliRunner().invoke(cli, ["check", "--no-cache", "-j", "1", "-q", "--confidence", "HIGH,INFERENCE,LOW",
                                         "helper.py", "main.py"])
        assert result.exit_code == 1, (folder, result.output)
        lines[folder] = [line.split(" ", 1)[0] for line in result.output.splitlines() if "TFG101" in line]
    assert lines == {"first": ["helper.py:4:5:"], "second": ["helper.py:2:5:"]}
