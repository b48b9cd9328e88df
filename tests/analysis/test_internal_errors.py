"""A bug in tfgraph-lint never ends a run: a rule that raises on a file becomes an internal-error
finding (TFG002) naming the rule and the file, the other rules and files still report, and the
run exits 2. ``--debug`` adds the traceback on stderr. The Pylint plugin contains it the same way.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pylint.lint import Run
from pylint.reporters import CollectingReporter

from tfgraph_lint import engine
from tfgraph_lint.cli import check_flow
from tfgraph_lint.cli.commands import cli
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.registry import INTERNAL_ERROR, RULES
from tfgraph_lint.rules.side_effects import python_print

# TFG101 on line 8 and TFG102 on line 9, so one rule can fail while the other still reports.
TWO_HAZARDS = """\
import numpy as np
import tensorflow as tf


@tf.function
def f(x):
    # graph code
    print(x)
    return x + np.random.rand()
"""
ONE_HAZARD = TWO_HAZARDS.replace("np.random.rand()", "1.0")

PRINT_RULE_FAILED = ("TFG002 tfgraph-internal-error internal error in rule TFG101 python-print-in-graph: "
                     "RuntimeError: rule exploded at test_internal_errors.py:")


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    """Every run lints for real: no findings cached by an earlier test (or by the user)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def explode(context):
    raise RuntimeError("rule exploded")


@pytest.fixture
def files(tmp_path) -> tuple[Path, Path]:
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    first.write_text(TWO_HAZARDS, encoding="utf-8")
    second.write_text(ONE_HAZARD, encoding="utf-8")
    return first, second


def invoke(*args: str):
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(cli, list(args), prog_name="tfgraph-lint")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


# --- command line -------------------------------------------------------------------------------

def test_a_failing_rule_is_a_finding_and_the_run_goes_on(files, monkeypatch):
    first, second = files
    monkeypatch.setattr(python_print, "check", explode)
    result = invoke(str(first), str(second))
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert [line.split(" ", 2)[:2] for line in lines] == [
        [f"{first}:1:1:", "TFG002"],
        [f"{first}:9:16:", "TFG102"],  # the other rules still ran on the failing file
        [f"{second}:1:1:", "TFG002"],  # and the other file was linted
    ]
    assert all(PRINT_RULE_FAILED in line for line in (lines[0], lines[2]))
    assert lines[0].endswith("; the file's other findings are still reported - please report this bug")
    assert "Traceback" not in result.stdout + result.stderr


def test_internal_errors_count_as_files_not_analysed(files, monkeypatch):
    first, _ = files
    monkeypatch.setattr(python_print, "check", explode)
    result = invoke(str(first))
    assert result.stderr.splitlines()[-1] == "Found 1 finding in 1 file (1 file checked); 1 file could not be analysed"


def test_debug_prints_the_traceback_on_stderr(files, monkeypatch):
    first, second = files
    monkeypatch.setattr(python_print, "check", explode)
    result = invoke("--debug", str(first), str(second))
    assert result.exit_code == 2
    assert "Traceback" not in result.stdout
    assert result.stderr.count("Traceback (most recent call last):") == 2
    assert f"tfgraph-lint: debug: traceback of the internal error in {first}:" in result.stderr
    assert 'raise RuntimeError("rule exploded")' in result.stderr
    assert "in explode" in result.stderr and "engine.py" in result.stderr


def test_debug_keeps_json_on_stdout_parseable(files, monkeypatch):
    first, _ = files
    monkeypatch.setattr(python_print, "check", explode)
    result = invoke("--debug", "--format", "json", str(first))
    document = json.loads(result.stdout)
    assert [(item["code"], item["line"]) for item in document] == [("TFG002", 1), ("TFG102", 9)]
    assert "Traceback (most recent call last):" in result.stderr


def test_no_traceback_without_internal_errors(files):
    result = invoke("--debug", *map(str, files))
    assert result.exit_code == 1 and "debug" not in result.stderr


def test_a_failing_index_is_an_internal_error(files, monkeypatch):
    first, second = files

    def broken_index(module, config, *seeds):
        raise KeyError("index")

    monkeypatch.setattr(engine, "GraphIndex", broken_index)
    result = invoke("--debug", str(first), str(second))
    assert result.exit_code == 2
    assert result.stdout.count("internal error in the graph-code index: KeyError: 'index'") == 2
    assert "in broken_index" in result.stderr


def test_a_failure_outside_the_engine_is_an_internal_error(files, monkeypatch):
    first, second = files
    real = check_flow.lint_file

    def failing(path, config=None):
        if path == str(first):
            raise ValueError("outside")
        return real(path, config)

    monkeypatch.setattr(check_flow, "lint_file", failing)
    result = invoke("--debug", str(first), str(second))
    assert result.exit_code == 2
    assert f"{first}:1:1: TFG002 tfgraph-internal-error internal error while linting: ValueError: outside" \
        in result.stdout
    assert f"{second}:8:5: TFG101" in result.stdout
    assert "in failing" in result.stderr


def test_every_rule_is_contained(files, monkeypatch):
    """Whichever rule fails, the finding names it and the others still report."""
    from tfgraph_lint.rules import CHECKS, check_modules

    first, _ = files
    words = sorted({word for _, triggers in check_modules() for word in triggers})
    first.write_text(f"{TWO_HAZARDS}# {' '.join(words)}\n", encoding="utf-8")  # so that every rule runs
    for check in CHECKS:
        with monkeypatch.context() as patch:
            patch.setattr(check, "check", explode)
            findings = engine.lint_file(str(first), Config.every_rule())  # the opt-in rules too
        failed = [f for f in findings if f.rule is INTERNAL_ERROR]
        assert len(failed) == 1 and f"rule {check.RULE.code} {check.RULE.symbol}:" in failed[0].message
        if check.RULE.code != "TFG102":
            assert any(f.code == "TFG102" for f in findings)


# --- Pylint plugin ------------------------------------------------------------------------------

def run_pylint(tmp_path: Path, *paths: Path) -> list:
    rcfile = tmp_path / "pylintrc"
    rcfile.write_text("[MAIN]\n", encoding="utf-8")
    reporter = CollectingReporter()
    symbols = ",".join(rule.symbol for rule in RULES)
    Run([f"--rcfile={rcfile}", "--persistent=n", "--score=n", "--load-plugins=tfgraph_lint",
         "--disable=all", f"--enable={symbols}", *map(str, paths)], reporter=reporter, exit=False)
    return reporter.messages


def test_pylint_reports_a_failing_rule_and_goes_on(files, tmp_path, monkeypatch):
    first, second = files
    monkeypatch.setattr(python_print, "check", explode)
    messages = run_pylint(tmp_path, first, second)
    rows = sorted((Path(m.path).name, m.line, m.symbol) for m in messages)
    assert rows == [
        ("first.py", 1, INTERNAL_ERROR.symbol),
        ("first.py", 9, "python-random-in-graph"),
        ("second.py", 1, INTERNAL_ERROR.symbol),
    ]
    failed = [m for m in messages if m.symbol == INTERNAL_ERROR.symbol]
    assert all(m.msg_id == INTERNAL_ERROR.msgid for m in failed)
    assert all("internal error in rule TFG101 python-print-in-graph: RuntimeError: rule exploded" in m.msg
               for m in failed)


def test_pylint_survives_a_failure_outside_the_rules(files, tmp_path, monkeypatch):
    first, second = files

    def broken_index(module, config, *seeds):
        raise KeyError("index")

    monkeypatch.setattr(engine, "GraphIndex", broken_index)
    messages = run_pylint(tmp_path, first, second)
    assert sorted((Path(m.path).name, m.symbol) for m in messages) == [
        ("first.py", INTERNAL_ERROR.symbol), ("second.py", INTERNAL_ERROR.symbol),
    ]
    assert all("internal error in the graph-code index: KeyError" in m.msg for m in messages)
