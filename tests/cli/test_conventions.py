"""A report: behave like the linters people already use (ruff, Pylint, flake8).

noqa comments, files skipped by a pragma, the usual command-line flags, stdin, ``rule CODE``,
one configuration for the command and the Pylint plugin, and imports kept off the fast paths.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from test_cli import CLEAN, PRINT_IN_GRAPH, run

from tfgraph_lint.core import pragmas
from tfgraph_lint.engine import lint_source

# --------------------------------------------------------------------------- noqa

NOQA_CASES = """\
import tensorflow as tf


@tf.function
def f(x):
    print("a", x)  # noqa
    print("b", x)  # noqa: TFG101
    print("c", x)  # noqa: E501, python-print-in-graph
    print("d", x)  # NOQA:TFG1
    print("e", x)  # noqa: TFG102  [reported]
    print("f", x)  # noqa: E501 - TFG101 after prose is not a code  [reported]
    print(  # noqa: TFG101
        "g", x)
    print(  # [reported]
        "h", x)  # noqa: TFG101
    s = "#noqa"; print("i", x)  # [reported]  (in a string, not a comment)
    print("j", x)  # pylint: disable=python-print-in-graph
    return x
"""


def _marked_lines(text: str) -> list[int]:
    return [number for number, line in enumerate(text.splitlines(), 1) if "[reported]" in line]


def test_noqa_suppresses_on_the_line_a_finding_starts_on():
    found = [f.line for f in lint_source(NOQA_CASES, "noqa_cases.py")]
    assert found == _marked_lines(NOQA_CASES)


def test_without_the_suppressions_every_print_is_reported():
    # The case above must be able to fail: without those comments, all ten prints are reported.
    import re

    text = re.sub(r"  # (noqa|NOQA|pylint)[^\n]*", "", NOQA_CASES)
    assert "noqa" not in text.replace('"#noqa"', "") and len(lint_source(text, "noqa_cases.py")) == 10


def test_noqa_never_hides_a_file_that_could_not_be_analysed():
    findings = lint_source("import tensorflow as tf\ndef f(:  # noqa\n", "broken.py")
    assert [f.code for f in findings] == ["TFG001"]


# --------------------------------------------------------------------------- files skipped whole

SKIPPED = PRINT_IN_GRAPH.replace("    print(x)\n", "    print(x)  # pylint: disable=all\n")


def test_disable_all_is_reported_as_an_ignored_file(tmp_path):
    (tmp_path / "skipped.py").write_text(SKIPPED, encoding="utf-8")
    (tmp_path / "clean.py").write_text(CLEAN, encoding="utf-8")
    quiet = run(str(tmp_path / "skipped.py"), str(tmp_path / "clean.py"))
    assert "I0013" not in quiet.stdout  # informational messages are off by default, as in Pylint
    assert "1 file ignored entirely by a pragma" in quiet.stderr  # but the summary still says so
    result = run("--info", str(tmp_path / "skipped.py"), str(tmp_path / "clean.py"))
    assert result.exit_code == 0  # a skipped file is not a finding
    assert "skipped.py:6:1: I0013 file-ignored Ignoring entire file: '# pylint: disable=all'" in result.stdout
    assert "clean.py" not in result.stdout
    assert "All checks passed" not in result.stderr
    assert "1 file ignored entirely by a pragma" in result.stderr


def test_skip_file_is_a_note_in_json(tmp_path):
    path = tmp_path / "skipped.py"
    path.write_text("# pylint: skip-file\n" + PRINT_IN_GRAPH, encoding="utf-8")
    assert json.loads(run("--format", "json", str(path)).stdout) == []
    result = run("--format", "json", "--info", str(path))
    assert result.exit_code == 0
    [entry] = json.loads(result.stdout)
    assert (entry["code"], entry["symbol"], entry["severity"], entry["line"]) == ("I0013", "file-ignored", "info", 1)


def test_file_skipped_reads_comments_only():
    assert pragmas.file_skipped(SKIPPED) == (6, "# pylint: disable=all")
    assert pragmas.file_skipped('s = "# pylint: skip-file"\n') is None
    assert pragmas.file_skipped(PRINT_IN_GRAPH) is None


# --------------------------------------------------------------------------- command-line flags


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A project in the current folder: src/bad.py (one TFG101), tests/bad_helper.py (the same; not
    named like a test module, where printing is LOW)."""
    monkeypatch.chdir(tmp_path)
    for name in ("src/bad.py", "tests/bad_helper.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(PRINT_IN_GRAPH, encoding="utf-8")
    return tmp_path


def _paths(result) -> list[str]:
    return sorted(line.split(":")[0] for line in result.stdout.splitlines() if "TFG" in line)


def test_no_path_lints_the_current_folder(tree):
    result = run()
    assert result.exit_code == 1
    assert _paths(result) == ["src/bad.py", "tests/bad_helper.py"]


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    from importlib.metadata import version

    result = run(flag)
    assert result.exit_code == 0 and result.stdout == f"tfgraph-lint {version('tfgraph-lint')}\n"


def test_exit_zero_keeps_the_findings_and_errors(tree):
    result = run("--exit-zero", "src")
    assert result.exit_code == 0 and _paths(result) == ["src/bad.py"]
    assert run("--exit-zero", "src", "missing.py").exit_code == 2  # an error is still an error


def test_output_format_is_format(tree):
    result = run("--output-format", "json", "src")
    assert [entry["code"] for entry in json.loads(result.stdout)] == ["TFG101"]


def test_output_file(tree):
    result = run("--format", "json", "--output-file", "out.json", "src")
    assert result.exit_code == 1 and result.stdout == ""
    assert [e["path"] for e in json.loads((tree / "out.json").read_text(encoding="utf-8"))] == ["src/bad.py"]
    result = run("-o", str(tree / "no" / "such" / "dir.txt"), "src")
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_quiet_prints_findings_only(tree):
    (tree / "src" / "warned.py").write_text("x = 1  # pylint: disable=python-print-in-grap\n", encoding="utf-8")
    loud = run("src")
    assert "Found 1 finding" in loud.stderr and "warning:" in loud.stderr
    quiet = run("-q", "src")
    assert quiet.stderr == "" and quiet.stdout == loud.stdout


@pytest.mark.parametrize(("args", "env", "colored"), [
    ((), {}, False),  # not a terminal
    ((), {"FORCE_COLOR": "1"}, True),
    ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
    (("--color", "always"), {"NO_COLOR": "1"}, True),
    (("--color", "never"), {"FORCE_COLOR": "1"}, False),
    (("--color=always", "--format", "json"), {}, False),  # color is for text only
])
def test_color(tree, monkeypatch, args, env, colored):
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = run(*args, "src")
    assert ("\x1b[" in result.stdout) is colored


def test_bad_color_is_a_usage_error(tree):
    result = run("--color", "sometimes", "src")
    assert result.exit_code == 2 and "sometimes" in result.stderr


def _stdin(*args: str, text: str = PRINT_IN_GRAPH):
    from test_cli import _runner

    from tfgraph_lint.cli.commands import cli

    result = _runner().invoke(cli, list(args), input=text.encode("utf-8"), prog_name="tfgraph-lint")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_stdin_uses_the_stdin_filename(tree):
    result = _stdin("-", "--stdin-filename", "src/editor.py")
    assert result.exit_code == 1 and result.stdout.startswith("src/editor.py:6:5: TFG101")
    assert _stdin("-").stdout.startswith("-:6:5: TFG101")
    assert _stdin("-", text=CLEAN).exit_code == 0
    assert _stdin("--stdin-filename", "x.py").exit_code == 1  # no PATH: standard input as well


def test_stdin_filename_is_matched_against_exclude_and_per_file_ignores(tree):
    (tree / "pyproject.toml").write_text(
        '[tool.tfgraph-lint]\nexclude = ["generated"]\n[tool.tfgraph-lint.per-file-ignores]\n"tests/**" = ["TFG1"]\n',
        encoding="utf-8")
    assert _stdin("-", "--stdin-filename", "src/x.py").exit_code == 1
    assert _stdin("-", "--stdin-filename", "tests/test_x.py").exit_code == 0
    excluded = _stdin("-", "--stdin-filename", "generated/x.py")
    assert excluded.exit_code == 0 and excluded.stdout == ""


def test_stdin_problems_are_clear(tree):
    assert _stdin("-", "--stdin-filename", "x.py", text="def f(:\n").stdout.startswith("x.py:1:1: TFG001")
    for args in (["-", "src"], ["--stdin-filename", "x.py", "src"], ["-", "--fix"]):
        result = _stdin(*args)
        assert result.exit_code == 2 and "Traceback" not in result.stderr and "Error" in result.stderr


def test_stdin_diff_and_pragmas(tree):
    text = PRINT_IN_GRAPH.replace("print(x)", "print(x)  # pylint: disable=python-print-in-graph")
    assert _stdin("-", "--stdin-filename", "a.py", text=text).exit_code == 0
    result = _stdin("-", "--stdin-filename", "a.py", "--diff")
    assert result.exit_code == 1 and "+    tf.print(x)" in result.stdout


def test_extend_select(tree):
    assert run("--select", "TFG2", "src").exit_code == 0
    assert run("--select", "TFG2", "--extend-select", "python-print-in-graph", "src").exit_code == 1


def test_exclude_on_the_command_line(tree):
    assert _paths(run("--exclude", "tests")) == ["src/bad.py"]
    assert _paths(run("--exclude", "src/*.py,tests/**")) == []
    assert _paths(run("--exclude", "tests", "tests/bad_helper.py")) == []  # also when named


def test_per_file_ignores_on_the_command_line(tree):
    assert _paths(run("--per-file-ignores", "tests/**:TFG1")) == ["src/bad.py"]
    assert _paths(run("--per-file-ignores", "*.py:TFG3,python-print-in-graph")) == []
    assert _paths(run("--per-file-ignores", "*.py:TFG3")) == ["src/bad.py", "tests/bad_helper.py"]
    for bad in ("tests", "tests/**:", "tests/**:TFG999", "tests/**:TFG0"):
        result = run("--per-file-ignores", bad)
        assert result.exit_code == 2 and "--per-file-ignores" in result.stderr, bad


def test_rule_is_explain():
    assert run("rule", "TFG102").stdout == run("explain", "python-random-in-graph").stdout
    assert run("rule", "TFG102").stdout.startswith("# TFG102 python-random-in-graph")


def test_explain_a_prefix_lists_the_family():
    from tfgraph_lint.core.registry import RULES

    result = run("explain", "TFG2")
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.stdout.splitlines() if line.startswith("  ")]
    assert listed == [rule.code for rule in RULES if rule.code.startswith("TFG2")]
    assert run("explain", "TFG9").exit_code == 2


# --------------------------------------------------------------------------- one configuration

RANDOM_AND_PRINT = PRINT_IN_GRAPH.replace("    print(x)\n", "    print(x)\n    y = np.random.rand()\n").replace(
    "import tensorflow as tf\n", "import numpy as np\nimport tensorflow as tf\n")


@pytest.fixture
def pylint_project(tmp_path, monkeypatch):
    from test_pylint_plugin import run_pylint

    monkeypatch.chdir(tmp_path)
    (tmp_path / "pylintrc").write_text("[MAIN]\n", encoding="utf-8")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "mod.py").write_text(RANDOM_AND_PRINT, encoding="utf-8")

    def symbols(*options: str, table: str | None = None) -> list[str]:
        if table is not None:
            (tmp_path / "pyproject.toml").write_text(f"[tool.tfgraph-lint]\n{table}\n", encoding="utf-8")
        messages = run_pylint([tmp_path / "src" / "mod.py"], tmp_path / "pylintrc", *options)
        return sorted(m.symbol for m in messages)

    return symbols


def test_pylint_plugin_reads_tool_tfgraph_lint(pylint_project):
    assert pylint_project() == ["python-print-in-graph", "python-random-in-graph"]  # no table: all
    assert pylint_project(table='ignore = ["TFG101"]') == ["python-random-in-graph"]
    assert pylint_project(table='select = ["python-print-in-graph"]') == ["python-print-in-graph"]
    assert pylint_project(table='[tool.tfgraph-lint.per-file-ignores]\n"src/**" = ["TFG1"]') == []
    assert pylint_project(table='exclude = ["src"]') == []


def test_pylint_options_win_over_the_table(pylint_project):
    assert pylint_project("--tfgraph-ignore=TFG102", table='ignore = ["TFG101"]') == ["python-print-in-graph"]
    assert pylint_project("--tfgraph-select=TFG1", table='select = ["TFG3"]') == [
        "python-print-in-graph", "python-random-in-graph"]


def test_pylint_plugin_reads_confidence_and_keras_methods_from_the_table(tmp_path, monkeypatch):
    from test_pylint_plugin import run_pylint

    monkeypatch.chdir(tmp_path)
    (tmp_path / "pylintrc").write_text("[MAIN]\n", encoding="utf-8")
    (tmp_path / "layer.py").write_text(textwrap.dedent("""\
        import tensorflow as tf


        class Block(tf.keras.layers.Layer):
            def call(self, x):
                print(x)
                return x
        """), encoding="utf-8")

    def count(table: str, *options: str) -> int:
        (tmp_path / "pyproject.toml").write_text(f"[tool.tfgraph-lint]\n{table}\n", encoding="utf-8")
        return len(run_pylint([tmp_path / "layer.py"], tmp_path / "pylintrc", *options))

    inference = 'confidence = ["HIGH", "INFERENCE"]'  # print() in a Keras call(): INFERENCE
    assert count(inference) == 1
    assert count(inference + "\nkeras-methods = false") == 0
    assert count(inference + "\nkeras-methods = false", "--tfgraph-keras-methods=y") == 1
    assert count('confidence = ["HIGH"]') == 0
    assert count("") == 1  # TFG101, a seed hazard, reports HIGH and INFERENCE unasked (measured_defaults)
    assert count('confidence = ["HIGH"]', "--tfgraph-confidence=HIGH,INFERENCE") == 1


def test_pylint_plugin_bad_table_is_a_usage_error(pylint_project):
    with pytest.raises(SystemExit) as exit_info:
        pylint_project(table='ignore = ["TFG999"]')
    assert exit_info.value.code == 32


# --------------------------------------------------------------------------- imports kept off fast paths

_LOADED = """\
import sys
from tfgraph_lint.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("LOADED", *sorted(name for name in ("astroid", "pylint", "libcst", "tfgraph_lint.engine",
                                          "concurrent.futures") if name in sys.modules), file=sys.stderr)
"""


def _loaded(*args: str, cwd=None, env=None) -> set[str]:
    result = subprocess.run([sys.executable, "-c", _LOADED, *args], capture_output=True, text=True,
                            cwd=cwd, env=env, timeout=120, check=False)
    [line] = [line for line in result.stderr.splitlines() if line.startswith("LOADED")]
    return set(line.split()[1:])


@pytest.mark.parametrize("args", [["--version"], ["-V"], ["--help"], ["check", "--help"], ["rules"],
                                  ["explain", "TFG101"]])
def test_help_and_version_import_no_analysis(args):
    assert _loaded(*args) == set()


def test_a_file_without_tensorflow_needs_no_astroid(tmp_path):
    (tmp_path / "plain.py").write_text("import os\n\nprint(os.getcwd())\n", encoding="utf-8")
    assert _loaded("--no-cache", str(tmp_path / "plain.py")) == {"tfgraph_lint.engine"}


def test_a_tensorflow_file_needs_astroid_but_not_pylint_or_libcst(tmp_path):
    (tmp_path / "bad.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    assert _loaded("--no-cache", str(tmp_path / "bad.py")) == {"tfgraph_lint.engine", "astroid"}
    # The checker must be able to fail: --diff does need libcst.
    assert "libcst" in _loaded("--no-cache", "--diff", str(tmp_path / "bad.py"))


def test_a_cached_file_needs_no_astroid(tmp_path):
    import os

    (tmp_path / "bad.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    assert "astroid" in _loaded(str(tmp_path / "bad.py"), env=env)  # fills the cache
    assert "astroid" not in _loaded(str(tmp_path / "bad.py"), env=env)


@pytest.mark.parametrize("args", [
    ["--extend-select", "TFG999"], ["--extend-select", "python-print-in-grph"], ["--color", "yes"],
    ["--per-file-ignores", ":TFG1"], ["--output-format", "xml"], ["-o", "."],
])
def test_bad_new_options_are_a_clear_exit_2(tree, args):
    result = run(*args, "src")
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert "rror" in result.stderr
