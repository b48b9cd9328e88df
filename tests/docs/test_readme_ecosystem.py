"""The README's ecosystem examples work: the pre-commit and Pylint configurations and the
[tool.tfgraph-lint] example (see also test_project_config), and the GitHub Actions workflow
without the action, which docs/integrations.md gives."""

from __future__ import annotations

import re
import shlex

import pytest
import yaml
from test_cli import PRINT_IN_GRAPH, run

from annotated import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
INTEGRATIONS = (REPO / "docs" / "integrations.md").read_text(encoding="utf-8")


def _block(language: str, containing: str, text: str = README) -> str:
    for body in re.findall(rf"```{language}\n(.+?)```", text, re.S):
        if containing in body:
            return body
    raise AssertionError(f"no ```{language} block with {containing!r} in the page")


def test_workflow_lints_and_uploads_sarif(tmp_path, monkeypatch):
    workflow = yaml.safe_load(_block("yaml", "setup-python", INTEGRATIONS))
    steps = workflow["jobs"]["tfgraph-lint"]["steps"]
    assert workflow["jobs"]["tfgraph-lint"]["permissions"]["security-events"] == "write"
    upload = next(step for step in steps if "upload-sarif" in step.get("uses", ""))
    commands = [step["run"] for step in steps if "run" in step and step["run"].startswith("tfgraph-lint")]
    assert len(commands) == 2
    monkeypatch.chdir(tmp_path)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bad.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    for command in commands:
        argv = shlex.split(command.split(" > ")[0])
        result = run(*argv[1:])
        assert result.exit_code == 1, (command, result.stderr)
        if "sarif" in argv:
            assert upload["with"]["sarif_file"] == command.split(" > ")[1].split()[0]
            assert result.stdout.startswith("{")
        else:
            assert result.stdout.startswith("::warning file=src/bad.py,line=6,")


def test_pre_commit_example_names_the_shipped_hook():
    config = yaml.safe_load(_block("yaml", "repos:"))
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert config["repos"][0]["hooks"][0]["id"] in {hook["id"] for hook in hooks}


def test_pylint_example_configuration_runs(tmp_path):
    from test_pylint_plugin import run_pylint

    example = _block("toml", "[tool.pylint.main]")
    (tmp_path / "pyproject.toml").write_text(example, encoding="utf-8")
    path = tmp_path / "bad.py"
    path.write_text(PRINT_IN_GRAPH, encoding="utf-8")
    messages = run_pylint([path], tmp_path / "pyproject.toml")
    assert [(m.line, m.symbol) for m in messages] == [(6, "python-print-in-graph")]


@pytest.mark.parametrize("option", ["--format", "--statistics", "--show-source", "--config", "--fix",
                                    "--diff", "--baseline", "--write-baseline"])
def test_documented_options_exist(option):
    assert f"`{option}" in README
    assert option in run("check", "--help").stdout


CONFIGURATION_OPTIONS = ["--output-format", "--extend-ignore", "--extend-exclude", "--show-files", "--show-settings",
                         "--isolated", "--respect-gitignore", "--no-respect-gitignore", "--add-noqa", "--info",
                         "--stdin-filename", "--config"]


@pytest.mark.parametrize("page", ["docs/cli.md", "docs/configuration.md"])
def test_every_option_the_reference_names_exists(page):
    text = (REPO / page).read_text(encoding="utf-8")
    named = set(re.findall(r"`(--[a-zA-Z][\w-]*)", text))
    assert named, page
    help_text = run("check", "--help").stdout
    missing = [option for option in sorted(named) if not re.search(rf"(^|[\s,/]){re.escape(option)}\b", help_text, re.M)]
    assert not missing, f"{page} names options that `tfgraph-lint check --help` does not have: {missing}"


@pytest.mark.parametrize("option", CONFIGURATION_OPTIONS)
def test_the_command_line_reference_documents_each_option(option):
    assert f"`{option}" in (REPO / "docs" / "cli.md").read_text(encoding="utf-8")


def _uses_blocks(text: str) -> list[dict]:
    workflows = [yaml.safe_load(body) for body in re.findall(r"```yaml\n(.+?)```", text, re.S) if "/tfgraph-lint@" in body]
    return [step for workflow in workflows for job in workflow["jobs"].values() for step in job["steps"]
            if "/tfgraph-lint@" in step.get("uses", "")]


@pytest.mark.parametrize("page", ["README.md", "docs/integrations.md"])
def test_the_action_snippet_passes_only_the_actions_inputs(page, tmp_path, monkeypatch):
    steps = _uses_blocks((REPO / page).read_text(encoding="utf-8"))
    assert steps, f"{page} shows no `uses: <owner>/tfgraph-lint@...` step"
    inputs = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))["inputs"]
    monkeypatch.chdir(tmp_path)
    for step in steps:
        assert set(step.get("with", {})) <= set(inputs), step
        paths = str(step.get("with", {}).get("paths", ".")).split()
        for folder in paths:
            (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / paths[0] / "bad.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
        # The action's annotation step: its args and paths make a valid command that finds the example.
        args = shlex.split(str(step.get("with", {}).get("args", "")))
        result = run("--output-format", "github", *args, *paths)
        assert result.exit_code == 1, (step, result.stderr)


def test_every_option_in_the_readme_table_exists():
    section = README.split("## Command line", 1)[1].split("\n## ", 1)[0]
    first_cells = re.findall(r"^\| (`.+?) \|", section, re.M)
    options = {option for cell in first_cells for option in re.findall(r"`(--?[a-zA-Z][\w-]*)", cell)}
    assert {"--select", "--why", "--fix", "--baseline"} <= options
    help_text = run("check", "--help").stdout
    for option in sorted(options):
        assert re.search(rf"(^|[\s,/]){re.escape(option)}\b", help_text, re.M), option
