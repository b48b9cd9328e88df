"""Shared helpers: lint an annotated example file and compare with its markers."""

from __future__ import annotations

from pathlib import Path

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.markers import parse_markers
from tfgraph_lint.core.registry import lookup
from tfgraph_lint.engine import lint_source

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"
CASES = Path(__file__).resolve().parent / "cases"


def reported(path: Path, config: Config | None = None) -> set[tuple[int, str]]:
    findings = lint_source(path.read_text(encoding="utf-8"), str(path), config)
    return {(f.line, f.symbol) for f in findings}


def check_annotated(path: Path, config: Config | None = None) -> None:
    """The file reports exactly its ``# [symbol]`` markers, and none of its ``# todo:`` ones."""
    markers = parse_markers(path.read_text(encoding="utf-8"))
    unknown = {symbol for _, symbol in markers.expected | markers.todo if lookup(symbol) is None}
    assert not unknown, f"{path.name}: markers name unknown symbols {sorted(unknown)}"
    actual = reported(path, config)
    missing = sorted(markers.expected - actual)
    unexpected = sorted(actual - markers.expected)
    assert not missing and not unexpected, (
        f"{path.relative_to(REPO)}\n  expected but not reported: {missing}\n"
        f"  reported but not expected: {unexpected}"
    )
    fixed_todos = sorted(markers.todo & actual)
    assert not fixed_todos, f"{path.name}: todo markers now reported, flip them to [symbol]: {fixed_todos}"
