"""Every rule's fixture folder: bad.py reports exactly its markers, good.py nothing under all rules."""

from __future__ import annotations

import pytest

from tfgraph_lint.core.markers import parse_markers
from tfgraph_lint.core.registry import hazard_rules

from annotated import FIXTURES, check_annotated, reported

RULES = hazard_rules()
IDS = [rule.code for rule in RULES]


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_fixture_folder_is_complete(rule):
    folder = FIXTURES / rule.fixture_dir_name
    assert folder.is_dir(), f"missing fixture folder {folder.name}"
    for name in ("README.md", "bad.py", "good.py"):
        assert (folder / name).is_file(), f"{folder.name}/{name} is missing"
    assert not [p.name for p in FIXTURES.iterdir() if p.is_dir() and not p.name.startswith(("TFG", "_", "."))]


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_bad_reports_exactly_its_markers(rule):
    bad = FIXTURES / rule.fixture_dir_name / "bad.py"
    markers = parse_markers(bad.read_text(encoding="utf-8"))
    assert any(symbol == rule.symbol for _, symbol in markers.expected), "bad.py must show its own rule"
    check_annotated(bad)


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_good_is_silent_under_all_rules(rule):
    good = FIXTURES / rule.fixture_dir_name / "good.py"
    assert reported(good) == set()


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_fixtures_declare_runtime_expectation(rule):
    for name in ("bad.py", "good.py"):
        path = FIXTURES / rule.fixture_dir_name / name
        assert parse_markers(path.read_text(encoding="utf-8")).runtime, f"{name} needs a '# runtime:' line"


def test_every_fixture_folder_belongs_to_a_rule():
    names = {rule.fixture_dir_name for rule in RULES}
    folders = {p.name for p in FIXTURES.iterdir() if p.is_dir() and p.name.startswith("TFG")}
    assert folders <= names, f"fixture folders without a rule: {sorted(folders - names)}"
