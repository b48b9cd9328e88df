"""The fixes are collected from their modules: each ``fixes/*_fix.py`` declares the rule it fixes."""

from __future__ import annotations

from pathlib import Path

from tfgraph_lint.core.registry import lookup
from tfgraph_lint.fixes import _FIXERS, FIXABLE_CODES

FIXES = Path(__file__).resolve().parents[2] / "tfgraph_lint" / "fixes"


def test_every_fix_module_is_collected_under_a_rule_it_names():
    modules = sorted(p.stem for p in FIXES.glob("*_fix.py"))
    assert len(modules) == len(_FIXERS) >= 4
    assert all(lookup(code) is not None and lookup(code).code == code for code in FIXABLE_CODES)
    assert {_FIXERS[code].__module__.rsplit(".", 1)[-1] for code in FIXABLE_CODES} == set(modules)
