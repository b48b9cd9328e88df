"""Where the rule fixtures live: inside the installed package, or ./fixtures in a checkout."""

from __future__ import annotations

from pathlib import Path

from tfgraph_lint.registry import Rule


def fixtures_root() -> Path:
    packaged = Path(__file__).parent / "fixtures"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "fixtures"  # editable install / checkout


def fixture_dir(rule: Rule) -> Path:
    return fixtures_root() / rule.fixture_dir_name
