"""The help screens read whole and say what the commands do: no cut-off command summaries, every
option explained, usage lines that name what the description names."""

from __future__ import annotations

import re

import pytest

from test_cli import run


def test_the_command_list_shows_each_summary_whole():
    result = run("--help")
    commands = result.stdout.split("Commands:")[1].strip().splitlines()
    assert {line.split()[0] for line in commands} == {"check", "explain", "rule", "rules", "trace", "verify"}
    assert not [line for line in commands if line.rstrip().endswith("...")]
    assert "The same as explain" in next(line for line in commands if line.split()[0] == "rule")


@pytest.mark.parametrize("command", ["check", "verify", "trace"])
def test_every_option_has_help_and_a_metavar_that_says_what_it_takes(command):
    text = run(command, "--help").stdout
    options = text.split("Options:")[1]
    # An option line whose help is only click's "[default: ...]" says nothing of what it does.
    assert not re.search(r"^\s+--\S+( \S+)?\s+\[default:", options, re.M), options
    assert "INTEGER RANGE" not in options and "FLOAT RANGE" not in options


def test_trace_usage_names_the_script_its_description_runs():
    text = run("trace", "--help").stdout
    assert "Usage: tfgraph-lint trace [OPTIONS] [SCRIPT] [ARGS]..." in text and "Runs SCRIPT" in text


def test_ignore_says_it_adds_to_the_configuration_as_the_docs_do():
    text = " ".join(run("check", "--help").stdout.split())
    assert "--ignore RULES Do not run these rules (same forms as --select), on top of the configuration's ignore" in text


def test_explain_speaks_to_users_not_in_the_projects_words():
    text = run("explain", "TFG101").stdout
    assert "seed hazard" not in text and "Always on, at HIGH and INFERENCE" in text
