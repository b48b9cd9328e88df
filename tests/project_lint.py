"""Shared helpers: write a small project into a folder and lint it whole, every rule at every level."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tfgraph_lint.cli.commands import cli

EVERY_LEVEL = ("--select", "TFG", "--confidence", "HIGH,INFERENCE,LOW", "--no-cache")


def write_project(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` (relative name -> text) under ``root``; returns ``root``."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def lint_project(root: Path) -> list[dict]:
    """The JSON findings of ``tfgraph-lint check`` on ``root`` (it must exit 0 or 1)."""
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(cli, ["check", "--format", "json", *EVERY_LEVEL, str(root)])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def project_findings(root: Path) -> set[tuple[str, int, str, str]]:
    """(file name, line, code, confidence) of each finding on ``root``."""
    return {(Path(f["path"]).name, f["line"], f["code"], f["confidence"]) for f in lint_project(root)}
