"""Shared helpers: lint an annotated example file and compare with its markers."""

from __future__ import annotations

from pathlib import Path

from tfgraph_lint.core import records
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import CONFIDENCES
from tfgraph_lint.core.markers import parse_markers
from tfgraph_lint.core.registry import lookup
from tfgraph_lint.engine import lint_source

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"
CASES = Path(__file__).resolve().parent / "rules" / "cases"

# What each rule can find when it is chosen: every rule, the opt-in ones too, at HIGH and
# INFERENCE for all (the defaults a user gets unasked are narrower: core/measured_defaults).
EVERY_RULE = Config.every_rule()


def reported(path: Path, config: Config | None = None) -> set[tuple[int, str]]:
    findings = lint_source(path.read_text(encoding="utf-8"), str(path), config or EVERY_RULE)
    return {(f.line, f.symbol) for f in findings}


def check_annotated(path: Path, config: Config | None = None) -> None:
    """The file reports exactly its ``# [symbol]`` markers, and none of its ``# todo:`` ones;
    its ``# low:`` markers only when LOW confidence is asked for."""
    markers = parse_markers(path.read_text(encoding="utf-8"))
    unknown = {symbol for _, symbol in markers.expected | markers.todo | markers.low if lookup(symbol) is None}
    assert not unknown, f"{path.name}: markers name unknown symbols {sorted(unknown)}"
    config = config or EVERY_RULE
    _compare(path, markers, markers.expected, config)
    if markers.low:
        _compare(path, markers, markers.expected | markers.low,
                 records.replace(config, confidences=frozenset(CONFIDENCES)))


def _compare(path: Path, markers, expected: frozenset, config: Config) -> None:
    actual = reported(path, config)
    missing = sorted(expected - actual)
    unexpected = sorted(actual - expected)
    assert not missing and not unexpected, (
        f"{path.relative_to(REPO)}\n  expected but not reported: {missing}\n"
        f"  reported but not expected: {unexpected}"
    )
    fixed_todos = sorted(markers.todo & actual)
    assert not fixed_todos, f"{path.name}: todo markers now reported, flip them to [symbol]: {fixed_todos}"
