"""Rule documentation generated from the registry and the fixture folders.

The registry is the only source of a rule's identity and the fixture folder the only source of its
prose and examples, so the rules table (in the README and ``tfgraph-lint rules``) and
``tfgraph-lint explain`` are assembled here rather than written by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from tfgraph_lint.core.findings import DEFAULT_CONFIDENCES
from tfgraph_lint.core.fixtures_dir import fixture_dir
from tfgraph_lint.core.measured_defaults import ALWAYS_ON, OPT_IN, default_levels
from tfgraph_lint.core.registry import FAMILY_TITLES, RULES, Rule

TABLE_FORMATS = ("text", "markdown")
_COLUMNS = ("Code", "Symbol", "Default", "Summary")
# Where the rule pages live in the repository (scripts/build_docs.py writes them there).
RULE_PAGES_DIR = "docs/rules"
# The project URL label in the package metadata whose value is the published documentation site.
DOCUMENTATION_LABEL = "documentation"


def rule_page_path(rule: Rule) -> str:
    """The rule's documentation page, as a path from the repository root: ``docs/rules/TFG101.md``."""
    return f"{RULE_PAGES_DIR}/{rule.code}.md"


def rule_docs_link(rule: Rule) -> str:
    """Where a reader finds the rule's page: on the published site when the package metadata names
    it (``[project.urls]`` ``Documentation``, an http(s) address; MkDocs serves ``rules/TFG101.md``
    at ``rules/TFG101/``), else its path in the repository. Never a local ``file://`` URL: code
    scanning and other readers of the output cannot open one."""
    base = _project_urls().get(DOCUMENTATION_LABEL)
    if base:
        return f"{base.rstrip('/')}/rules/{rule.code}/"
    return rule_page_path(rule)


@lru_cache(maxsize=1)
def _project_urls() -> dict[str, str]:
    """``[project.urls]`` of the installed distribution, by lower-case label, http(s) ones only."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        entries = metadata("tfgraph-lint").get_all("Project-URL") or []
    except PackageNotFoundError:
        return {}
    urls = {}
    for entry in entries:
        label, _, url = entry.partition(",")
        if url.strip().startswith(("https://", "http://")):
            urls.setdefault(label.strip().lower(), url.strip())
    return urls


def default_state(rule: Rule) -> str:
    """What runs unasked (core/measured_defaults): ``on``, ``on, HIGH only``, ``opt-in``; run
    diagnostics are ``always``."""
    if not rule.is_hazard:
        return "always"
    if rule.code in OPT_IN:
        return "opt-in"
    levels = default_levels(rule.code)
    if levels == DEFAULT_CONFIDENCES:
        return "on"
    return "on, " + "/".join(sorted(levels)) + " only"


def rules_by_family() -> Iterator[tuple[str, list[Rule]]]:
    """(family title, its rules by code), in family order, families without rules left out."""
    for family, title in sorted(FAMILY_TITLES.items()):
        rules = sorted((r for r in RULES if r.family == family), key=lambda r: r.code)
        if rules:
            yield title, rules


def rules_table(fmt: str = "text", link_prefix: str = RULE_PAGES_DIR + "/") -> str:
    """Every rule by family. ``markdown`` (the README's and the docs' table) links each code to its
    page: ``link_prefix`` + ``TFG101.md``, from the repository root by default."""
    if fmt == "markdown":
        return _markdown_table(link_prefix)
    if fmt == "text":
        return _text_table()
    raise ValueError(f"unknown table format {fmt!r}; expected one of {TABLE_FORMATS}")


def _markdown_table(link_prefix: str) -> str:
    rows = ["| " + " | ".join(_COLUMNS) + " |", "|" + "---|" * len(_COLUMNS)]
    for _title, rules in rules_by_family():
        for rule in rules:
            summary = rule.summary.replace("|", "\\|")
            rows.append(f"| [{rule.code}]({link_prefix}{rule.code}.md) | `{rule.symbol}` | {default_state(rule)} "
                        f"| {summary} |")
    return "\n".join(rows) + "\n"


def _text_table() -> str:
    symbol_width = max(len(rule.symbol) for rule in RULES)
    default_width = max(len(default_state(rule)) for rule in RULES)
    blocks = []
    for title, rules in rules_by_family():
        lines = [title]
        for rule in rules:
            lines.append(f"  {rule.code}  {rule.symbol:<{symbol_width}}  {rule.msgid}  "
                         f"{rule.severity:<8}  {default_state(rule):<{default_width}}  {rule.summary}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def _default_note(rule: Rule) -> str:
    state = default_state(rule)
    if state == "opt-in":
        return (f" Opt-in: its measured precision on real code is below the target (docs/accuracy.md), "
                f"so it runs only when chosen: `--extend-select {rule.code}`.")
    if state != "on":
        levels = state.removeprefix("on, ").removesuffix(" only")
        return (f" Unasked, only its {levels} findings are reported (the README says why); "
                "`--confidence HIGH,INFERENCE` reports the others too.")
    if rule.code in ALWAYS_ON:
        return (" Always on, at HIGH and INFERENCE: one of the hazards users hit first; the shapes that read "
                "as deliberate are reported at LOW, by evidence in the code (see Known problems).")
    return ""


def diagnostic_text(rule: Rule) -> str:
    """What a run diagnostic (TFG0xx) is, for ``explain`` and its page."""
    return (f"Pylint message {rule.msgid} ({rule.severity}). This is a diagnostic about the run "
            "itself, not a hazard in the code: the command line always reports it (it cannot be "
            "selected off or silenced by a pragma), because a file that was not analysed must "
            "not pass silently, and it makes the run exit 2.")


def explain_text(rule: Rule) -> str:
    """The rule's README, then bad.py as "Example" and good.py as "Use instead" (ruff's layout)."""
    folder = fixture_dir(rule)
    page = f"Documentation: {rule_docs_link(rule)}"
    identity = (f"Pylint message {rule.msgid} ({rule.severity}); "
                f"silence it with `# pylint: disable={rule.symbol}`.{_default_note(rule)}\n\n{page}")
    if not rule.is_hazard:
        return (f"# {rule.code} {rule.symbol}\n\n{rule.summary}.\n\n{diagnostic_text(rule)}\n\n{page}\n")
    try:
        readme = (folder / "README.md").read_text(encoding="utf-8")
        bad = (folder / "bad.py").read_text(encoding="utf-8")
        good = (folder / "good.py").read_text(encoding="utf-8")
    except OSError:
        # A damaged install or a rule whose docs are still being written: say what exists.
        return (f"# {rule.code} {rule.symbol}\n\n{rule.summary}.\n\n{identity}\n\n"
                f"(No documentation found in {folder}.)\n")
    title, _, body = readme.strip().partition("\n")
    return (f"{title}\n\n{identity}\n\n{body.strip()}\n\n"
            f"## Example\n\n```python\n{bad.rstrip()}\n```\n\n"
            f"## Use instead\n\n```python\n{good.rstrip()}\n```\n")
