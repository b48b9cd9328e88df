"""One process, two working directories: a relative file name means each folder's own file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
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


@pytest.mark.parametrize("cache", [["--no-cache"], []], ids=["no-cache", "cached"])
def test_same_relative_name_from_two_folders_gets_each_folders_result(tmp_path, monkeypatch, cache):
    make_project(tmp_path / "first", blank_lines=2)
    make_project(tmp_path / "second", blank_lines=0)
    lines = {}
    # Cached: both runs share one result cache (the test's own), so the second must not take the first's.
    for folder in ("first", "second", "first"):
        monkeypatch.chdir(tmp_path / folder)
        # Every confidence level, so the cross-file finding does not hang on the measured defaults.
        result = CliRunner().invoke(cli, ["check", *cache, "-j", "1", "-q", "--confidence", "HIGH,INFERENCE,LOW",
                                         "helper.py", "main.py"])
        assert result.exit_code == 1, (folder, result.output)
        found = [line.split(" ", 1)[0] for line in result.output.splitlines() if "TFG101" in line]
        assert lines.setdefault(folder, found) == found, folder
    assert lines == {"first": ["helper.py:4:5:"], "second": ["helper.py:2:5:"]}
    if cache == []:  # the cached path was taken (conftest gives each test its own XDG_CACHE_HOME)
        assert any((Path(os.environ["XDG_CACHE_HOME"]) / "tfgraph-lint").rglob("*"))
