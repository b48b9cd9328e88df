"""Configuration found per file, as ruff finds it: the closest tfgraph-lint.toml, or pyproject.toml
with [tool.tfgraph-lint], above each linted file; --show-settings, --isolated, and the command
line winning over the file. The Pylint plugin finds the same file."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli import PRINT_IN_GRAPH, run
from test_pylint_plugin import empty_rcfile, run_pylint  # noqa: F401 - a fixture, used by name

# TFG101 on line 6 and TFG303 (a Python range loop over a tensor's steps) on line 9.
TWO_RULES = PRINT_IN_GRAPH.replace("    return x\n", """\
    total = tf.constant(0.0)
    for i in range(100):
        total += x
    return total
""")


@pytest.fixture
def parent(tmp_path, monkeypatch) -> Path:
    """parent/proj/model.py with a finding, run from parent/ (which has no configuration)."""
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "model.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _ignore_print(folder: Path, name: str = "pyproject.toml") -> Path:
    path = folder / name
    header = '[project]\nname = "demo"\n\n[tool.tfgraph-lint]\n' if name == "pyproject.toml" else ""
    path.write_text(header + 'ignore = ["TFG101"]\n', encoding="utf-8")
    return path


def test_the_file_closest_to_the_linted_file_is_used_from_a_parent_folder(parent):
    result = run("proj")
    assert result.exit_code == 1 and " TFG101 " in result.stdout  # no configuration: the finding
    _ignore_print(parent / "proj")
    result = run("proj")
    assert result.exit_code == 0 and " TFG101 " not in result.stdout


def test_a_deeper_configuration_wins_over_one_higher_up(parent):
    (parent / "pyproject.toml").write_text('[tool.tfgraph-lint]\nselect = ["TFG3"]\n', encoding="utf-8")
    result = run("proj")
    assert result.exit_code == 0 and " TFG101 " not in result.stdout  # the parent's: TFG3 only
    (parent / "proj" / "pyproject.toml").write_text('[tool.tfgraph-lint]\nselect = ["TFG1"]\n', encoding="utf-8")
    result = run("proj")
    assert result.exit_code == 1 and " TFG101 " in result.stdout  # the project's own


def test_a_pyproject_without_the_table_is_passed_over(parent):
    (parent / "proj" / "pyproject.toml").write_text('[project]\nname = "demo"\n', encoding="utf-8")
    _ignore_print(parent)
    result = run("proj")
    assert result.exit_code == 0 and " TFG101 " not in result.stdout  # the parent's table applies


def test_tfgraph_lint_toml_wins_over_pyproject_in_the_same_folder(parent):
    (parent / "proj" / "pyproject.toml").write_text('[tool.tfgraph-lint]\nselect = ["TFG1"]\n', encoding="utf-8")
    result = run("proj")
    assert result.exit_code == 1 and " TFG101 " in result.stdout
    _ignore_print(parent / "proj", "tfgraph-lint.toml")
    result = run("proj")
    assert result.exit_code == 0 and " TFG101 " not in result.stdout


def test_files_of_two_projects_each_use_their_own(parent):
    (parent / "other").mkdir()
    (parent / "other" / "model.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    _ignore_print(parent / "proj")
    result = run("proj", "other")
    assert result.exit_code == 1
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [str(Path("other") / "model.py")]


def test_isolated_ignores_every_configuration_file(parent):
    _ignore_print(parent / "proj")
    result = run("--isolated", "proj")
    assert result.exit_code == 1 and " TFG101 " in result.stdout


def test_the_command_line_wins_over_the_file(parent):
    _ignore_print(parent / "proj")
    for options in (("--extend-select", "TFG101"), ("--select", "TFG1")):
        result = run(*options, "proj")
        assert result.exit_code == 1 and " TFG101 " in result.stdout, options


def test_a_broken_configuration_file_is_a_clear_error(parent):
    (parent / "proj" / "tfgraph-lint.toml").write_text("selct = []\n", encoding="utf-8")
    result = run("proj")
    assert result.exit_code == 2 and "unknown key 'selct'" in result.stderr and "did you mean" in result.stderr


def test_show_settings_names_the_file_and_the_resolved_settings(parent):
    source = _ignore_print(parent / "proj")
    result = run("--show-settings", "proj/model.py")
    assert result.exit_code == 0 and result.stdout.startswith("Settings for proj/model.py\n")
    assert f"configuration file: {source.resolve()}" in result.stdout
    rules = next(line for line in result.stdout.splitlines() if line.strip().startswith("rules:"))
    assert "TFG101" not in rules and "TFG102" in rules
    assert "configuration file: none (defaults)" in run("--isolated", "--show-settings", "proj/model.py").stdout
    assert "TFG101" in run("--extend-select", "TFG101", "--show-settings", "proj/model.py").stdout


def test_pylint_uses_the_configuration_closest_to_each_module(parent, empty_rcfile):
    assert [m.symbol for m in run_pylint([parent / "proj"], empty_rcfile)] == ["python-print-in-graph"]
    _ignore_print(parent / "proj")
    assert run_pylint([parent / "proj"], empty_rcfile) == []


def test_pylint_honours_a_file_wide_exemption(parent, empty_rcfile):
    path = parent / "proj" / "model.py"
    path.write_text(TWO_RULES.replace("import tensorflow as tf\n", "import tensorflow as tf\n"
                                      "# tfgraph-lint: noqa: python-print-in-graph\n"), encoding="utf-8")
    symbols = [m.symbol for m in run_pylint([path], empty_rcfile, "--tfgraph-select=TFG")]
    cli_symbols = [line.split()[2] for line in run("--select", "TFG", str(path)).stdout.splitlines()]
    assert "python-print-in-graph" not in symbols and symbols and symbols == cli_symbols
