"""The composite GitHub Action (action.yml): it parses, its steps install, lint with SARIF and
upload it, and annotate; the inputs its header documents exist; and its lint commands, run as the
runner would run them, give SARIF and GitHub annotations."""

from __future__ import annotations

import json
import shlex

import pytest
import yaml
from test_cli import PRINT_IN_GRAPH, run

from annotated import REPO

ACTION = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
STEPS = {step["name"]: step for step in ACTION["runs"]["steps"]}


def test_it_is_a_composite_action_with_named_steps():
    assert ACTION["runs"]["using"] == "composite"
    assert list(STEPS) == ["Set up Python", "Install tfgraph-lint", "Write the SARIF report",
                           "Upload the SARIF report", "Lint and annotate"]
    assert all(step.get("shell") == "bash" for step in STEPS.values() if "run" in step)
    assert STEPS["Upload the SARIF report"]["uses"].startswith("github/codeql-action/upload-sarif@")
    assert STEPS["Install tfgraph-lint"]["run"].endswith('pip install --quiet "$GITHUB_ACTION_PATH"')


def test_every_input_has_a_description_and_the_steps_use_only_these():
    inputs = ACTION["inputs"]
    assert set(inputs) == {"paths", "args", "python-version", "upload-sarif", "sarif-file"}
    assert all(spec["description"] and "default" in spec for spec in inputs.values())
    text = (REPO / "action.yml").read_text(encoding="utf-8")
    used = {part.split("}}")[0].strip() for part in text.split("${{ inputs.")[1:]}
    used |= {part.split()[0] for part in text.split("if: inputs.")[1:]}
    assert used <= set(inputs)


def _argv(step: dict, tmp_path) -> list[str]:
    env = {"TFGRAPH_LINT_PATHS": ACTION["inputs"]["paths"]["default"],
           "TFGRAPH_LINT_ARGS": "--select TFG1",
           "TFGRAPH_LINT_SARIF": str(tmp_path / ACTION["inputs"]["sarif-file"]["default"])}
    assert set(step["env"]) <= set(env)
    return _expand(step["run"].split(" || ")[0], env)


def _expand(command: str, env: dict[str, str]) -> list[str]:
    """The argv bash makes of the command: quoted variables stay one word, bare ones split."""
    argv = []
    for word in shlex.split(command.replace('"$', "'$QUOTED_").replace('" ', "' ")):
        if word.startswith("$QUOTED_"):
            argv.append(env[word.removeprefix("$QUOTED_").rstrip("'")])
        elif word.startswith("$"):
            argv.extend(env[word[1:]].split())
        else:
            argv.append(word)
    return argv


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bad.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    return tmp_path


def test_the_sarif_step_writes_the_report_the_upload_step_reads(checkout):
    argv = _argv(STEPS["Write the SARIF report"], checkout)
    assert argv[0] == "tfgraph-lint"
    result = run(*argv[1:])
    assert result.exit_code == 0  # --exit-zero: the annotation step decides the job's result
    report = json.loads((checkout / "tfgraph-lint.sarif").read_text(encoding="utf-8"))
    assert [r["ruleId"] for r in report["runs"][0]["results"]] == ["TFG101"]
    assert STEPS["Upload the SARIF report"]["with"]["sarif_file"] == "${{ inputs.sarif-file }}"


def test_the_annotation_step_fails_the_job_on_findings(checkout):
    argv = _argv(STEPS["Lint and annotate"], checkout)
    result = run(*argv[1:])
    assert result.exit_code == 1
    assert result.stdout.startswith("::warning file=src/bad.py,line=6,")
