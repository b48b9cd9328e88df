"""The README's promises: two set-up commands, CI running the test one, an example that is true."""

from __future__ import annotations

import re

from tfgraph_lint.engine import lint_source
from tfgraph_lint.output.reporters import text_lines

from annotated import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
SETUP = README.split("## Set up", 1)[1].split("\n## ", 1)[0]
COMMANDS = re.findall(r"```sh\n(.+?)\n```", SETUP)


def test_set_up_gives_exactly_two_commands_for_a_fresh_venv():
    assert len(COMMANDS) == 2, COMMANDS
    run, test = COMMANDS
    for command in COMMANDS:
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install ")
    assert "tfgraph-lint fixtures/" in run and (REPO / run.rsplit(" ", 1)[1]).is_file()
    assert test.endswith(".venv/bin/pytest")


def test_ci_runs_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    test_command = COMMANDS[1].replace("python3 -m venv", '"$python" -m venv')
    assert test_command in ci


def test_the_readme_example_reports_what_the_readme_shows():
    source = re.search(r"```python\n(.+?)```", README, re.S).group(1)
    shown = re.search(r"\$ tfgraph-lint example\.py --why\n(.+?)\nFound", README, re.S).group(1)
    findings = lint_source(source, "example.py")
    assert "\n".join(line for f in findings for line in text_lines(f, why=True)) == shown
