"""Issue #17: behave like the linters people already use (ruff, Pylint, flake8).

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
    result = run(str(tmp_path / "skipped.py"), str(tmp_path / "clean.py"))
    assert result.exit_code == 0  # a skipped file is not a finding
    assert "skipped.py:6:1: I0013 file-ignored Ignoring entire file: '# pylint: disable=all'" in result.stdout
    assert "clean.py" not in result.stdout
    assert "All checks passed" not in result.stderr
    assert "1 file ignored entirely by a pragma" in result.stderr


def test_skip_file_is_a_note_in_json(tmp_path):
    path = tmp_path / "skipped.py"
    path.write_text("# pylint: skip-file\n" + PRINT_IN_GRAPH, encoding="utf-8")
    result = run("--format", "json", str(path))
    assert result.exit_code == 0
    [entry] = json.loads(result.stdout)
    assert (entry["code"], entry["symbol"], entry["severity"], entry["line"]) == ("I0013", "file-ignored", "info", 1)


def test_file_skipped_reads_comments_only():
    assert pragmas.file_skipped(SKIPPED) == (6, "# pylint: disable=all")
    assert pragmas.file_skipped('s = "# pylint: skip-file"\n') is None
    assert pragmas.file_skipped(PRINT_IN_GRAPH) is None
