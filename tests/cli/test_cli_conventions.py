"""The command line's conventions, as ruff's: .gitignore respected in folders, file-wide
exemptions, --add-noqa, the output formats, --extend-ignore/--extend-exclude/--show-files, a
syntax error as an error of the run, and standard input linted with its file's project."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest
from test_cli import JSON_KEYS, PRINT_IN_GRAPH, run
from test_config_discovery import TWO_RULES
from test_pylint_plugin import empty_rcfile, run_pylint  # noqa: F401 - a fixture, used by name


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _paths(result) -> list[str]:
    return sorted({Path(line.split(":")[0]).as_posix() for line in result.stdout.splitlines()})


# --------------------------------------------------------------------------- .gitignore

@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_gitignore_is_respected_in_folders(here):
    subprocess.run(["git", "init", "-q", str(here)], check=True)
    _write(here, ".gitignore", "generated/\nscratch_*.py\n")
    for name in ("src/model.py", "generated/model.py", "src/scratch_1.py"):
        _write(here, name, PRINT_IN_GRAPH)
    assert _paths(run(".")) == ["src/model.py"]
    assert _paths(run("--no-respect-gitignore", ".")) == ["generated/model.py", "src/model.py", "src/scratch_1.py"]
    assert _paths(run("src/scratch_1.py")) == ["src/scratch_1.py"]  # named: linted all the same


def test_without_git_a_gitignore_changes_nothing(here):
    _write(here, ".gitignore", "generated/\n")
    _write(here, "generated/model.py", PRINT_IN_GRAPH)
    assert _paths(run(".")) == ["generated/model.py"]


# --------------------------------------------------------------------------- file-wide exemptions

def test_file_wide_noqa_exempts_the_whole_file(here):
    path = _write(here, "model.py", "# tfgraph-lint: noqa\n" + TWO_RULES)
    result = run("--select", "TFG", str(path))
    assert result.exit_code == 0 and result.stdout == ""
    assert "1 file ignored entirely by a pragma" in result.stderr
    assert "I0013" in run("--select", "TFG", "--info", str(path)).stdout


def test_file_wide_noqa_with_rules_exempts_those_rules_only(here):
    path = _write(here, "model.py", "# tfgraph-lint: noqa: TFG101\n" + TWO_RULES)
    codes = [line.split()[1] for line in run("--select", "TFG", str(path)).stdout.splitlines()]
    assert codes and "TFG101" not in codes
    path.write_text(TWO_RULES, encoding="utf-8")
    assert "TFG101" in run("--select", "TFG", str(path)).stdout


def test_file_wide_noqa_in_a_string_is_not_a_comment(here):
    path = _write(here, "model.py", TWO_RULES + 's = "# tfgraph-lint: noqa"\n')
    assert " TFG101 " in run(str(path)).stdout


def test_file_wide_noqa_never_hides_a_syntax_error(here):
    path = _write(here, "broken.py", "# tfgraph-lint: noqa\nimport tensorflow as tf\ndef f(:\n")
    assert run(str(path)).exit_code == 2


def test_a_misspelt_rule_in_a_file_wide_noqa_is_warned_about(here):
    path = _write(here, "model.py", "# tfgraph-lint: noqa: TFG999\n" + PRINT_IN_GRAPH)
    result = run(str(path))
    assert "TFG999" in result.stderr and "suppresses nothing" in result.stderr


# --------------------------------------------------------------------------- --add-noqa

def test_add_noqa_writes_pylint_pragmas_that_accept_the_findings(here, empty_rcfile):
    path = _write(here, "model.py", TWO_RULES.replace("    print(x)\n", "    print(x)  # keep\n"))
    result = run("--select", "TFG", "--add-noqa", str(path))
    assert result.exit_code == 0 and result.stderr.splitlines()[0] == "Added 2 pragmas in 1 file"
    text = path.read_text(encoding="utf-8")
    assert "    print(x)  # keep  # pylint: disable=python-print-in-graph\n" in text
    assert "    for i in range(100):  # pylint: disable=" in text
    again = run("--select", "TFG", str(path))
    assert again.exit_code == 0 and again.stdout == ""
    assert run("--select", "TFG", "--add-noqa", str(path)).stderr.startswith("Added 0 pragmas")
    assert run_pylint([path], empty_rcfile, "--tfgraph-select=TFG") == []  # Pylint reads them too


def test_add_noqa_extends_an_existing_disable_list(here):
    path = _write(here, "model.py", PRINT_IN_GRAPH.replace("    print(x)\n", "    print(x)  # pylint: disable=foo\n"))
    run("--add-noqa", str(path))
    assert "print(x)  # pylint: disable=foo,python-print-in-graph\n" in path.read_text(encoding="utf-8")


def test_add_noqa_counts_lines_as_python_does(here):
    # A form feed is a line break to str.splitlines, not to Python: the pragma goes on the print.
    path = _write(here, "model.py", "\x0c" + PRINT_IN_GRAPH.replace("import tensorflow as tf\n", "import tensorflow as tf  # \x0c\n"))
    run("--add-noqa", str(path))
    assert "    print(x)  # pylint: disable=python-print-in-graph\n" in path.read_text(encoding="utf-8")


def test_add_noqa_leaves_a_backslash_continued_line_reported(here):
    source = PRINT_IN_GRAPH.replace("    print(x)\n", "    print(x,\\\n          x)\n")
    path = _write(here, "model.py", source)
    result = run("--add-noqa", str(path))
    assert path.read_text(encoding="utf-8") == source and result.exit_code == 1 and " TFG101 " in result.stdout
    assert result.stderr.splitlines() == ["Added 0 pragmas in 0 files", "Found 1 finding in 1 file (1 file checked)"]


# --------------------------------------------------------------------------- output formats

def test_concise_is_the_default_and_text_an_older_name(here):
    _write(here, "model.py", PRINT_IN_GRAPH)
    default = run("model.py").stdout
    assert default == run("--output-format", "concise", "model.py").stdout == run("--format", "text", "model.py").stdout
    assert default.startswith("model.py:6:5: TFG101 python-print-in-graph ") and len(default.splitlines()) == 1


def test_full_shows_the_flagged_source_line(here):
    path = _write(here, "model.py", PRINT_IN_GRAPH)
    lines = run("--output-format", "full", str(path)).stdout.splitlines()
    assert lines[1:] == ["  6 |     print(x)", "    |     ^~~~~~~~"]


def test_json_lines_has_the_json_objects_one_per_line(here):
    path = _write(here, "model.py", TWO_RULES)
    listed = json.loads(run("--select", "TFG", "--output-format", "json", str(path)).stdout)
    lines = run("--select", "TFG", "--output-format", "json-lines", str(path)).stdout.splitlines()
    assert len(lines) == len(listed) == 2 and [json.loads(line) for line in lines] == listed
    assert all(list(json.loads(line)) == JSON_KEYS for line in lines)


def test_pylint_format(here):
    _write(here, "model.py", PRINT_IN_GRAPH)
    line = run("--output-format", "pylint", "model.py").stdout.strip()
    assert line.startswith("model.py:6: [TFG101(python-print-in-graph), ] ")


def test_junit_has_one_failure_per_finding(here):
    path = _write(here, "model.py", TWO_RULES)
    result = run("--select", "TFG", "--output-format", "junit", str(path))
    root = ElementTree.fromstring(result.stdout.split("\n", 1)[1])
    assert result.exit_code == 1 and root.get("failures") == "2"
    cases = root.findall("./testsuite/testcase")
    assert [case.get("name").split()[0] for case in cases] == ["TFG101", "TFG303"]
    assert all(case.find("failure") is not None for case in cases)
    clean = ElementTree.fromstring(run("--output-format", "junit", str(_write(here, "c.py", "x = 1\n"))).stdout
                                   .split("\n", 1)[1])
    assert clean.get("failures") == "0"


# --------------------------------------------------------------------------- selection and files

def test_extend_ignore_and_extend_exclude(here):
    _write(here, "src/model.py", PRINT_IN_GRAPH)
    _write(here, "legacy/model.py", PRINT_IN_GRAPH)
    _write(here, "pyproject.toml", '[tool.tfgraph-lint]\nexclude = ["legacy"]\n')
    assert _paths(run(".")) == ["src/model.py"]
    assert _paths(run("--extend-exclude", "src", ".")) == []
    assert run("--extend-ignore", "TFG101", ".").stdout == ""


def test_show_files_lists_what_would_be_linted(here):
    _write(here, "src/model.py", PRINT_IN_GRAPH)
    _write(here, "src/notes.txt", "")
    _write(here, "legacy/model.py", PRINT_IN_GRAPH)
    result = run("--show-files", "--extend-exclude", "legacy", ".")
    assert result.exit_code == 0 and result.stdout.splitlines() == [str(Path("src") / "model.py")]


# --------------------------------------------------------------------------- errors of the run

def test_a_syntax_error_is_an_error_of_the_run_not_a_finding(here):
    path = _write(here, "broken.py", "import tensorflow as tf\ndef f(:\n")
    result = run(str(path))
    assert result.exit_code == 2 and " TFG001 " in result.stdout
    assert result.stderr.strip() == "No findings in 1 file; 1 file could not be analysed"


# --------------------------------------------------------------------------- standard input

HELPER = 'def log(x):\n    print("value", x)\n'
TRAIN = """\
import tensorflow as tf
from helpers import log


@tf.function
def step(x):
    log(x)
    return x
"""


def test_stdin_is_linted_with_its_files_project(here):
    _write(here, "proj/pyproject.toml", '[project]\nname = "demo"\n')
    _write(here, "proj/helpers.py", HELPER)
    _write(here, "proj/train.py", TRAIN)
    from click.testing import CliRunner

    from tfgraph_lint.cli.commands import cli

    def stdin_run(name: str):
        try:
            runner = CliRunner(mix_stderr=False)
        except TypeError:
            runner = CliRunner()
        return runner.invoke(cli, ["-", "--stdin-filename", name, *levels], input=HELPER)

    levels = ("--no-cache", "--confidence", "HIGH,INFERENCE")  # reached from another file: INFERENCE
    on_disk = run(*levels, "proj/helpers.py").stdout
    assert on_disk.startswith("proj/helpers.py:2:5: TFG101 ")
    assert stdin_run("proj/helpers.py").stdout == on_disk
    _write(here, "alone/helpers.py", HELPER)
    assert stdin_run("alone/helpers.py").stdout == ""  # no project reaches it: eager code
