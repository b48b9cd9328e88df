"""``verify`` reads each script's configuration as ``check`` does: a file that cannot be used ends
the run before any worker starts, with ``check``'s words; the settings that say what is graph code
are honoured, and every rule still runs whatever the file selects. No run of TensorFlow: the
command stops before its workers start, and the view is static.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.cli.commands import cli
from tfgraph_lint.cli.verify_view import ProjectView

SCRIPT = '''import mylib


@mylib.compiled
def step(x):
    print("value", x)
    return x


if __name__ == "__main__":
    step(1)
'''


@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                    reason="verify says TensorFlow is missing before it reads any configuration")
@pytest.mark.parametrize("table", [
    '[tool.tfgraph-lint]\nselect = [\n',  # not valid TOML
    '[tool.tfgraph-lint]\nno-such-key = 1\n',
    '[tool.tfgraph-lint]\nkeras-methods = "yes"\n',
])
def test_a_configuration_that_cannot_be_used_ends_verify_as_it_ends_check(tmp_path, monkeypatch, table):
    (tmp_path / "pyproject.toml").write_text(table, encoding="utf-8")
    (tmp_path / "train.py").write_text(SCRIPT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    checked = CliRunner().invoke(cli, ["check", "--no-cache", "train.py"])
    verified = CliRunner().invoke(cli, ["verify", "train.py"])
    assert checked.exit_code == verified.exit_code == 2
    assert verified.exception is None or isinstance(verified.exception, SystemExit)  # no traceback
    reason = checked.stderr.strip().removeprefix("tfgraph-lint: error: ")
    assert reason and verified.stderr.strip() == f"tfgraph-lint verify: error: {reason}"


def test_a_usable_configuration_is_no_problem(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.tfgraph-lint]\nselect = ["TFG102"]\n', encoding="utf-8")
    (tmp_path / "train.py").write_text(SCRIPT, encoding="utf-8")
    assert ProjectView().configuration_problem([str(tmp_path / "train.py")]) is None


def findings(folder: Path) -> set[tuple[str, int]]:
    return {(f.code, f.line) for f in ProjectView().findings(str(folder / "train.py"))}


def test_the_scripts_graph_code_settings_are_honoured_and_every_rule_runs(tmp_path):
    configured, plain = tmp_path / "configured", tmp_path / "plain"
    for folder in (configured, plain):
        folder.mkdir()
        (folder / "train.py").write_text(SCRIPT, encoding="utf-8")
    # It selects another rule only: verify judges every rule's findings all the same.
    (configured / "pyproject.toml").write_text(
        '[tool.tfgraph-lint]\nselect = ["TFG102"]\nfunction-decorators = ["mylib.compiled"]\n', encoding="utf-8")
    (plain / "pyproject.toml").write_text('[tool.tfgraph-lint]\nselect = ["TFG102"]\n', encoding="utf-8")
    assert ("TFG101", 6) in findings(configured)
    assert findings(plain) == set()  # the twin: mylib.compiled is not graph code unless configured
