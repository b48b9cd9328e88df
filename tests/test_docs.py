"""Generated docs: the README's rules table and every fixture README's fixed layout."""

from __future__ import annotations

import re

import pytest

from tfgraph_lint.core.docs import explain_text, rules_table
from tfgraph_lint.core.registry import RULES, hazard_rules

from annotated import FIXTURES, REPO

START, END = "<!-- rules-table:start -->", "<!-- rules-table:end -->"
README_HEADINGS = ("## What it does", "## Why is this bad?", "## Runtime evidence", "## Known problems",
                   "## Options", "## References")
_FENCE = re.compile(r"^\s*(```|~~~)")


def test_readme_rules_table_is_generated_from_the_registry():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert readme.count(START) == 1 and readme.count(END) == 1, f"README.md needs one {START} ... {END} section"
    section = readme.split(START, 1)[1].split(END, 1)[0]
    assert section.strip() == rules_table("markdown").strip(), (
        "README.md's rules table is out of date: replace the lines between the rules-table markers "
        "with the output of `tfgraph-lint rules --format markdown`"
    )


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_rules_table_lists_every_rule_with_its_keys(fmt):
    table = rules_table(fmt)
    for rule in RULES:
        assert re.search(rf"{rule.code}\b.*{re.escape(rule.symbol)}.*{rule.msgid}.*{rule.severity}", table), rule.code


def test_rules_table_is_ordered_by_family_then_code():
    table = rules_table("text")
    positions = [table.index(rule.code) for rule in sorted(RULES, key=lambda r: r.code)]
    assert positions == sorted(positions)


def test_rules_table_rejects_unknown_format():
    with pytest.raises(ValueError):
        rules_table("html")


def _fixture_readme(rule):
    return (FIXTURES / rule.fixture_dir_name / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("rule", hazard_rules(), ids=[r.code for r in hazard_rules()])
def test_fixture_readme_has_the_fixed_headings_in_order(rule):
    lines = _fixture_readme(rule).splitlines()
    headings = [line.rstrip() for line in lines if re.match(r"#{1,2} ", line)]
    assert headings == [f"# {rule.code} {rule.symbol}", *README_HEADINGS], (
        f"{rule.fixture_dir_name}/README.md must have exactly these # and ## headings, in order: "
        f"{[f'# {rule.code} {rule.symbol}', *README_HEADINGS]}"
    )
    assert lines[0].rstrip() == f"# {rule.code} {rule.symbol}", "the title must be the first line"


@pytest.mark.parametrize("rule", hazard_rules(), ids=[r.code for r in hazard_rules()])
def test_fixture_readme_pastes_no_code(rule):
    fenced = [n for n, line in enumerate(_fixture_readme(rule).splitlines(), 1) if _FENCE.match(line)]
    assert not fenced, (f"{rule.fixture_dir_name}/README.md has fenced code at lines {fenced}: "
                        "`tfgraph-lint explain` inserts bad.py and good.py, so the README must not repeat them")


@pytest.mark.parametrize("rule", hazard_rules(), ids=[r.code for r in hazard_rules()])
def test_explain_is_readme_then_example_then_use_instead(rule):
    folder = FIXTURES / rule.fixture_dir_name
    _fixture_readme(rule)
    text = explain_text(rule)
    bad = (folder / "bad.py").read_text(encoding="utf-8").rstrip()
    good = (folder / "good.py").read_text(encoding="utf-8").rstrip()
    assert text.startswith(f"# {rule.code} {rule.symbol}\n")
    assert rule.msgid in text
    order = [text.index(h) for h in (*README_HEADINGS, "## Example", "## Use instead")]
    assert order == sorted(order)
    assert f"## Example\n\n```python\n{bad}\n```" in text
    assert f"## Use instead\n\n```python\n{good}\n```" in text


@pytest.mark.parametrize("rule", [r for r in RULES if not r.is_hazard], ids=lambda r: r.code)
def test_explain_run_diagnostics_without_fixture(rule):
    text = explain_text(rule)
    assert text.startswith(f"# {rule.code} {rule.symbol}\n")
    assert "always reports it" in text and rule.msgid in text and "Example" not in text
