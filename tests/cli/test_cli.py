"""The command line: commands, options, output formats and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.cli import check_flow
from tfgraph_lint.cli.commands import cli
from tfgraph_lint.core.registry import RULES

from annotated import FIXTURES

PRINT_IN_GRAPH = """\
import tensorflow as tf


@tf.function
def f(x):
    print(x)
    return x
"""
CLEAN = """\
import tensorflow as tf


@tf.function
def f(x):
    tf.print(x)
    return x
"""
JSON_KEYS = ["path", "line", "column", "end_line", "end_column", "code", "symbol", "message",
             "confidence", "severity", "traced_because", "cell"]


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:  # click >= 8.2 keeps stdout and stderr apart on its own
        return CliRunner()


def run(*args: str):
    result = _runner().invoke(cli, list(args), prog_name="tfgraph-lint")
    # SystemExit is how click ends every command; anything else escaping is a crash.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


@pytest.fixture
def bad(tmp_path) -> Path:
    path = tmp_path / "bad.py"
    path.write_text(PRINT_IN_GRAPH, encoding="utf-8")
    return path


@pytest.fixture
def good(tmp_path) -> Path:
    path = tmp_path / "good.py"
    path.write_text(CLEAN, encoding="utf-8")
    return path


# --- commands ----------------------------------------------------------------------------------

def test_help_lists_the_commands():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("check", "rules", "explain"):
        assert command in result.stdout


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.startswith("tfgraph-lint ")


def test_paths_alone_fall_through_to_check(bad):
    plain, explicit = run(str(bad)), run("check", str(bad))
    assert plain.exit_code == explicit.exit_code == 1
    assert plain.stdout == explicit.stdout != ""


def test_options_first_fall_through_to_check(bad):
    result = run("--select", "TFG1", str(bad))
    assert result.exit_code == 1 and "TFG101" in result.stdout


def test_no_path_lints_the_current_folder(bad, monkeypatch):
    # As ruff does (it used to be a usage error); tests/cli/test_conventions.py has more.
    monkeypatch.chdir(bad.parent)
    for args in ((), ("check",)):
        result = run(*args)
        assert result.exit_code == 1 and result.stdout.startswith("bad.py:6:5: TFG101")


# --- check: output and exit codes --------------------------------------------------------------

def test_finding_line_is_path_line_col_code_symbol_message(bad):
    result = run(str(bad))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{bad}:6:5: TFG101 python-print-in-graph print() in tf.function 'f'")
    assert result.stderr.strip() == "Found 1 finding in 1 file (1 file checked)"


def test_clean_file_exits_0_with_summary(good):
    result = run(str(good))
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr.strip() == "All checks passed (1 file)"


def test_quiet_drops_the_summary(bad, good):
    assert run("--quiet", str(good)).stderr == ""
    result = run("-q", str(bad))
    assert result.exit_code == 1 and result.stderr == "" and "TFG101" in result.stdout


def test_directory_lints_its_python_files(tmp_path, bad, good):
    (tmp_path / "notes.txt").write_text("print(x)\n", encoding="utf-8")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "vendored.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    result = run(str(tmp_path))
    assert result.exit_code == 1
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [str(bad)]
    assert "(2 files checked)" in result.stderr


def test_several_files_in_sorted_order(tmp_path, bad):
    other = tmp_path / "a_first.py"
    other.write_text(PRINT_IN_GRAPH, encoding="utf-8")
    result = run(str(bad), str(other))
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [str(other), str(bad)]
    assert "Found 2 findings in 2 files (2 files checked)" in result.stderr


def test_no_python_files_is_an_error(tmp_path):
    result = run(str(tmp_path))
    assert result.exit_code == 2 and "error: no Python files found" in result.stderr


def test_why_prints_the_traced_because_chain(tmp_path):
    path = tmp_path / "helper.py"
    path.write_text(
        "import tensorflow as tf\n\n\ndef helper(x):\n    print(x)\n\n\n"
        "@tf.function\ndef f(x):\n    helper(x)\n    return x\n",
        encoding="utf-8",
    )
    result = run("--why", str(path))
    assert result.stdout.splitlines() == [
        result.stdout.splitlines()[0],
        "    because 'helper' is called from 'f' at line 10",
        "    because 'f' is decorated with @tf.function (line 8)",
        "    see docs/rules/TFG101.md",
    ]
    assert "because" not in run(str(path)).stdout and "docs/rules" not in run(str(path)).stdout


# --- check: selection --------------------------------------------------------------------------

@pytest.mark.parametrize("selector", ["TFG101", "tfg101", "TFG1", "TFG", "python-print-in-graph", "W8701",
                                      "TFG3,TFG101", " TFG3 , python-print-in-graph "])
def test_select_includes_print_rule(bad, selector):
    result = run("--select", selector, str(bad))
    assert result.exit_code == 1 and "TFG101" in result.stdout


@pytest.mark.parametrize("args", [
    ("--select", "TFG3"),
    ("--select", "python-range-loop"),
    ("--ignore", "TFG101"),
    ("--ignore", "TFG1"),
    ("--ignore", "python-print-in-graph"),
    ("--select", "TFG1", "--ignore", "TFG101"),
    ("--ignore", "TFG2", "--ignore", "TFG101,TFG3"),
])
def test_select_and_ignore_exclude_print_rule(bad, args):
    result = run(*args, str(bad))
    assert result.exit_code == 0 and result.stdout == ""


@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_unknown_selector_is_a_usage_error(bad, option):
    result = run(option, "TFG101,python-prnt-in-graph", str(bad))
    assert result.exit_code == 2 and result.stdout == ""
    assert "unknown rule 'python-prnt-in-graph'" in result.stderr
    assert "did you mean python-print-in-graph" in result.stderr


def test_run_diagnostics_cannot_be_ignored(bad):
    result = run("--ignore", "TFG001", str(bad))
    assert result.exit_code == 2 and "always reported" in result.stderr


def test_run_diagnostics_stay_on_when_not_selected(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("import tensorflow as tf\ndef f(:\n", encoding="utf-8")
    result = run("--select", "TFG3", str(broken))
    assert result.exit_code == 2 and "TFG001" in result.stdout


def test_function_decorator_and_keras_method_options(tmp_path):
    # A package's module: its users may make the layer (in a project shipping none, a class no
    # code makes is LOW: tests/analysis/test_unmade_classes.py).
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'custom'\nversion = '0'\n", encoding="utf-8")
    path = tmp_path / "custom.py"
    path.write_text(
        "import tensorflow as tf\nimport mylib.deco\n\n\n@mylib.deco.traced\ndef f(x):\n    print(x)\n\n\n"
        "class Layer(tf.keras.layers.Layer):\n    def call(self, x):\n        print(x)\n        return x\n",
        encoding="utf-8",
    )

    def lines(*args):  # print() in a Keras method is INFERENCE, not reported for TFG101 unasked
        return [line.split(":")[1] for line in run("--confidence", "HIGH,INFERENCE", *args, str(path)).stdout.splitlines()]

    assert lines() == ["12"]
    assert lines("--no-keras-methods") == []
    assert lines("--function-decorator", "mylib.deco.traced") == ["7", "12"]
    assert lines("--function-decorator", "mylib.deco.traced", "--no-keras-methods") == ["7"]
    result = run("--function-decorator", "not a name", str(path))
    assert result.exit_code == 2 and "--function-decorator" in result.stderr


# --- check: JSON -------------------------------------------------------------------------------

def test_json_is_a_list_of_stable_objects_with_1_based_columns(bad, good):
    result = run("--format", "json", str(bad), str(good))
    assert result.exit_code == 1
    findings = json.loads(result.stdout)  # nothing but the document on stdout
    assert len(findings) == 1
    finding = findings[0]
    assert list(finding) == JSON_KEYS
    assert finding["path"] == str(bad)
    assert (finding["line"], finding["column"], finding["end_line"], finding["end_column"]) == (6, 5, 6, 13)
    assert (finding["code"], finding["symbol"], finding["severity"]) == ("TFG101", "python-print-in-graph", "warning")
    assert finding["traced_because"] == ["'f' is decorated with @tf.function (line 4)"]


def test_json_without_findings_is_an_empty_list(good):
    result = run("--format", "json", str(good))
    assert result.exit_code == 0 and json.loads(result.stdout) == []


# --- check: paths and files that cannot be analysed --------------------------------------------

def test_missing_path_is_reported_and_the_others_still_linted(tmp_path, bad):
    missing = tmp_path / "gone.py"
    result = run(str(missing), str(bad))
    assert result.exit_code == 2
    assert f"tfgraph-lint: error: path not found: {missing}" in result.stderr
    assert "TFG101" in result.stdout


def test_missing_path_with_json_keeps_stdout_parseable(tmp_path, good):
    result = run("--format", "json", str(tmp_path / "gone.py"), str(good))
    assert result.exit_code == 2 and json.loads(result.stdout) == []
    assert "path not found" in result.stderr


@pytest.mark.parametrize("content, reason", [
    (b"import tensorflow as tf\n\n@tf.function\ndef f(x:\n    print(x)\n", "syntax error"),
    (b"import tensorflow as tf\x00\x01\x02", "binary file"),
    (b"import tensorflow as tf\nname = '\xff\xfe'\n", "invalid utf-8"),
])
def test_unanalysable_file_is_a_tfg001_finding_and_exit_2(tmp_path, bad, content, reason):
    broken = tmp_path / "broken.py"
    broken.write_bytes(content)
    result = run(str(broken), str(bad))
    assert result.exit_code == 2
    failed = [line for line in result.stdout.splitlines() if "TFG001" in line]
    assert len(failed) == 1 and failed[0].startswith(f"{broken}:")
    assert f"TFG001 tfgraph-analysis-failed could not analyse: {reason}" in failed[0]
    assert "TFG101" in result.stdout  # the other file is still linted
    assert "1 file could not be analysed" in result.stderr


def test_a_crash_outside_the_rules_is_a_tfg002_finding(monkeypatch, bad, good):
    def explode(path, config):
        if path == str(bad):
            raise RuntimeError("boom\nsecond line")
        return []

    monkeypatch.setattr(check_flow, "lint_file", explode)
    result = run(str(bad), str(good))
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        f"{bad}:1:1: TFG002 tfgraph-internal-error internal error while linting: RuntimeError: boom second line; "
        "please report this bug"
    ]


# --- rules and explain -------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_rules_lists_every_registry_code(fmt):
    result = run("rules", "--format", fmt)
    assert result.exit_code == 0
    for rule in RULES:
        assert rule.code in result.stdout and rule.symbol in result.stdout
        # The markdown table is the README's (code, symbol, default, summary, linked to the rule's page).
        assert (rule.msgid in result.stdout) if fmt == "text" else (f"docs/rules/{rule.code}.md" in result.stdout)


@pytest.mark.parametrize("key", ["TFG101", "tfg101", "python-print-in-graph"])
def test_explain_prints_readme_example_and_use_instead(key):
    result = run("explain", key)
    assert result.exit_code == 0
    text = result.stdout
    assert text.startswith("# TFG101 python-print-in-graph\n")
    assert text.index("## What it does") < text.index("## Example") < text.index("## Use instead")
    assert 'print("Python execution:", x)' in text.split("## Use instead")[0]
    assert 'tf.print("Python execution:", x)' in text.split("## Use instead")[1]


def test_explain_unknown_key_suggests_close_matches():
    result = run("explain", "python-print-in-grph")
    assert result.exit_code == 2 and result.stdout == ""
    assert "unknown rule 'python-print-in-grph'" in result.stderr
    assert "did you mean python-print-in-graph" in result.stderr


# --- the installed console script --------------------------------------------------------------

@pytest.mark.slow
def test_installed_console_script_on_the_print_fixture():
    script = Path(sys.executable).parent / ("tfgraph-lint.exe" if sys.platform == "win32" else "tfgraph-lint")
    if not script.exists():
        pytest.skip(f"console script not installed next to {sys.executable}")
    folder = FIXTURES / "TFG101-python-print-in-graph"
    bad = subprocess.run([str(script), str(folder / "bad.py")], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1, bad.stderr
    assert f"{folder / 'bad.py'}:8:5: TFG101 python-print-in-graph " in bad.stdout
    good = subprocess.run([str(script), str(folder / "good.py")], capture_output=True, text=True, timeout=120)
    assert good.returncode == 0, good.stdout + good.stderr
    assert good.stdout == "" and "All checks passed (1 file)" in good.stderr
