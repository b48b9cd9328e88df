"""One decision per file on what is reported (core/reporting_decision): each step hides what it
should and never a run diagnostic."""

from __future__ import annotations

from pathlib import Path

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding
from tfgraph_lint.core.project_config import parse_table
from tfgraph_lint.core.registry import ANALYSIS_FAILED, rule_by_code
from tfgraph_lint.core.reporting_decision import FileDecision, at_levels, without_suppressed

PRINT = rule_by_code("TFG101")
RANGE = rule_by_code("TFG303")


def _finding(rule, line: int = 3, confidence: str = HIGH) -> Finding:
    return Finding(rule, "src/model.py", line, 4, line, 9, "message", confidence)


def _decision(tmp_path: Path, table: dict, path: str = "src/model.py") -> FileDecision:
    return FileDecision(str(tmp_path / path), parse_table(table, tmp_path / "pyproject.toml"))


def test_levels_keep_the_configured_confidences_and_every_diagnostic():
    found = [_finding(PRINT, confidence=LOW), _finding(PRINT, confidence=HIGH), _finding(ANALYSIS_FAILED, 1, LOW)]
    kept = at_levels(found, Config(confidences=frozenset({HIGH, INFERENCE})))
    assert kept == found[1:]


def test_per_file_ignores_hide_their_rules_in_the_files_they_match(tmp_path):
    found = [_finding(PRINT), _finding(RANGE), _finding(ANALYSIS_FAILED, 1)]
    decision = _decision(tmp_path, {"per-file-ignores": {"src/**": ["TFG1"]}})
    assert [f.code for f in decision.reported(found)] == ["TFG303", "TFG001"]
    elsewhere = _decision(tmp_path, {"per-file-ignores": {"src/**": ["TFG1"]}}, "tests/model.py")
    assert elsewhere.reported(found) == found


def test_exclude_decides_whether_the_file_is_linted(tmp_path):
    assert _decision(tmp_path, {"exclude": ["src"]}).excluded
    assert not _decision(tmp_path, {"exclude": ["tests"]}).excluded
    assert not _decision(tmp_path, {}).excluded


def test_comments_hide_per_line_and_per_file_but_pylint_pragmas_only_when_asked():
    found = [_finding(PRINT, 3), _finding(RANGE, 4), _finding(ANALYSIS_FAILED, 1)]
    text = "# tfgraph-lint: noqa: TFG303\nimport tensorflow as tf\nprint(x)  # pylint: disable=python-print-in-graph\n"
    assert [f.code for f in without_suppressed(found, text)] == ["TFG001"]
    assert [f.code for f in without_suppressed(found, text, pylint_pragmas=False)] == ["TFG101", "TFG001"]
    noqa = "# tfgraph-lint: noqa\n\nprint(x)\nfor i in range(3): pass\n"
    assert [f.code for f in without_suppressed(found, noqa)] == ["TFG001"]
