"""The fixes are collected from the rules' declarations: each ``fix=`` names a ``fixes/*_fix.py``."""

from __future__ import annotations

from pathlib import Path

from tfgraph_lint.core.registry import RULES
from tfgraph_lint.fixes import _FIXERS, FIXABLE_CODES

FIXES = Path(__file__).resolve().parents[2] / "tfgraph_lint" / "fixes"


def test_every_fix_module_is_named_by_exactly_one_rule():
    modules = sorted(p.stem for p in FIXES.glob("*_fix.py"))
    named = sorted(rule.fix for rule in RULES if rule.fix)
    assert named == modules and len(modules) >= 4
    assert FIXABLE_CODES == {rule.code for rule in RULES if rule.fix}
    assert {rule.code: _FIXERS[rule.code].__module__.rsplit(".", 1)[-1] for rule in RULES if rule.fix} == \
        {rule.code: rule.fix for rule in RULES if rule.fix}
