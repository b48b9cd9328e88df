"""Where the rule fixtures live: inside the installed package, or ./fixtures in a checkout."""

from __future__ import annotations

from pathlib import Path

from tfgraph_lint.core.registry import Rule

_PACKAGE = Path(__file__).resolve().parent.parent  # tfgraph_lint/


def fixtures_root() -> Path:
    packaged = _PACKAGE / "fixtures"
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / "fixtures"  # editable install / checkout


def fixture_dir(rule: Rule) -> Path:
    return fixtures_root() / rule.fixture_dir_name
