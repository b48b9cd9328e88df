"""Generated docs: the README's rules table, one page per rule under docs/ (scripts/build_docs.py),
the documentation site's build, and every fixture README's fixed layout."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys

import pytest

from tfgraph_lint.core.docs import explain_text, rule_page_path, rules_table
from tfgraph_lint.core.registry import RULES, Rule, hazard_rules

from annotated import FIXTURES, REPO

_spec = importlib.util.spec_from_file_location("build_docs", REPO / "scripts" / "build_docs.py")
build_docs = importlib.util.module_from_spec(_spec)
sys.modules["build_docs"] = build_docs
_spec.loader.exec_module(build_docs)

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
        keys = (rule.symbol, rule.msgid, rule.severity) if fmt == "text" else (rule.symbol,)
        assert re.search(rf"{rule.code}\b.*" + ".*".join(map(re.escape, keys)), table), rule.code


def test_markdown_rules_table_links_every_code_to_its_page():
    table = rules_table("markdown")
    for rule in RULES:
        assert f"[{rule.code}](docs/rules/{rule.code}.md)" in table
        assert (REPO / rule_page_path(rule)).is_file()


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


# --- the documentation site ---------------------------------------------------------------------

def test_generated_docs_are_up_to_date():
    """Like ruff's generate-all: the committed rule pages and tables are what the script writes."""
    outdated = [path.relative_to(REPO).as_posix() for path, text in build_docs.expected_files().items()
                if not path.is_file() or path.read_text(encoding="utf-8") != text]
    assert not outdated and not build_docs.stale_pages(), (
        f"out of date: {outdated}, pages of no rule: {build_docs.stale_pages()}; "
        "run: python scripts/build_docs.py")


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_every_rule_has_a_page(rule):
    page = REPO / rule_page_path(rule)
    assert page.is_file(), f"{rule.code} has no page: run python scripts/build_docs.py"
    text = page.read_text(encoding="utf-8")
    assert f"# {rule.code} {rule.symbol}\n" in text
    assert f"[{rule.code}]({rule.code}.md)" in (REPO / "docs" / "rules" / "index.md").read_text(encoding="utf-8")


def test_a_rule_without_a_page_is_caught(monkeypatch, tmp_path):
    """The check above must be able to fail: a registry with one more rule finds a page missing."""
    extra = Rule("TFG399", "made-up-rule", "R8799", "A rule that has no page")
    monkeypatch.setattr(build_docs, "RULES", (*RULES, extra))
    monkeypatch.setattr(build_docs, "fixture_dir", lambda rule: FIXTURES / "TFG101-python-print-in-graph")
    expected = build_docs.expected_files()
    missing = [path for path in expected if not path.is_file()]
    assert missing == [REPO / "docs" / "rules" / "TFG399.md"]


@pytest.mark.parametrize("rule", hazard_rules(), ids=[r.code for r in hazard_rules()])
def test_rule_page_has_examples_default_and_precision(rule):
    text = (REPO / rule_page_path(rule)).read_text(encoding="utf-8")
    folder = FIXTURES / rule.fixture_dir_name
    for name in ("bad.py", "good.py"):
        assert (folder / name).read_text(encoding="utf-8").rstrip() in text
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Options"):
        assert heading in text
    assert "| Default |" in text and "| Measured precision |" in text


def test_precision_on_rule_pages_comes_from_the_accuracy_table():
    rows = build_docs.measured_precision()
    assert rows["TFG306"].findings_shipped == rows["TFG306"].true_shipped > 0
    line = build_docs.precision_line(next(r for r in RULES if r.code == "TFG102"), rows)
    row = rows["TFG102"]
    assert f"{row.true_shipped} true of {row.findings_shipped}" in line and row.date in line
    missing = build_docs.precision_line(next(r for r in RULES if r.code == "TFG206"), rows)
    assert "none measured" in missing
    with pytest.raises(SystemExit):
        build_docs.measured_precision("# Accuracy\n\nno table here\n")


def test_readme_is_short():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines; the rest belongs under docs/"


_HISTORY = [
    re.compile(r"\b(this|last|next|that|previous|first|second|third|fourth|fifth|sixth|"
               r"the day's \w+) session\b", re.I),
    re.compile(r"\bsession's (start|end)\b", re.I),
    re.compile(r"\bissues? #?\d+", re.I),
    re.compile(r"\b(earlier|later) (the same|that) day\b", re.I),
    re.compile(r"\bearlier still\b", re.I),
    re.compile(r"\b(until|since) (this|that|the day's)\b", re.I),
    re.compile(r"\bas the issue asks\b", re.I),
]
_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def _documents():
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


@pytest.mark.parametrize("path", _documents(), ids=lambda p: p.relative_to(REPO).as_posix())
def test_no_development_history(path):
    """README and docs speak of the tool, not of its development: no session or issue talk, and a
    date only where a measurement is dated (a table row or heading, or a line saying "measured")."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for pattern in _HISTORY:
            assert not pattern.search(line), f"{path.name}:{number}: {line.strip()}"
        if _DATE.search(line):
            assert line.lstrip().startswith(("|", "#")) or "easured" in line, (
                f"{path.name}:{number}: a dated entry outside a measurement table: {line.strip()}")


def test_history_check_catches_narrative():
    narrative = ["**Earlier the same day** (the fourth session)", "before issue #17", "until this session"]
    assert all(any(p.search(line) for p in _HISTORY) for line in narrative)


def test_ci_builds_the_site_after_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "mkdocs build --strict" in ci
    assert ci.index("mkdocs build --strict") > ci.index(".venv/bin/pytest")
    extras = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r"^docs = \[\s*\"mkdocs", extras, re.M)


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None and shutil.which("mkdocs") is None,
                    reason="mkdocs is not installed (pip install -e '.[docs]')")
def test_site_builds_strict(tmp_path):
    command = ([sys.executable, "-m", "mkdocs"] if importlib.util.find_spec("mkdocs") else [shutil.which("mkdocs")])
    result = subprocess.run([*command, "build", "--strict", "--site-dir", str(tmp_path / "site")],
                            cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "rules" / "TFG101" / "index.html").is_file()


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_explain_links_to_the_rule_page(rule):
    text = explain_text(rule)
    assert f"Documentation: {rule_page_path(rule)}" in text
    assert (REPO / rule_page_path(rule)).is_file()


_STEPS = """import tensorflow as tf


@tf.function
def run(x, arg):
    return x, arg
"""
_CALLS = {
    "TFG301": "for lr in (0.1, 0.01):\n    run(tf.ones(3), lr)\n",
    "TFG305": "for n in range(3):\n    run(tf.ones(3), [1] * n)\n",
}


@pytest.mark.parametrize("code", sorted(_CALLS))
def test_explain_agrees_with_the_cross_file_call_sites(code, tmp_path):
    """The rule's docs say calls of another file's tf.function are checked: so they are."""
    from test_cli import run

    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "steps.py").write_text(_STEPS, encoding="utf-8")
    (tmp_path / "main.py").write_text("import tensorflow as tf\n\nfrom steps import run\n\n" + _CALLS[code],
                                      encoding="utf-8")
    result = run("--no-cache", "--select", code, str(tmp_path / "main.py"))
    assert f"main.py:6:" in result.stdout and code in result.stdout, result.stdout
    text = " ".join(explain_text(next(r for r in RULES if r.code == code)).split())
    assert "other files of the project" in text
    assert "import from another module is not checked" not in text
    assert "or other modules." not in text
