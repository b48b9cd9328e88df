"""The hint that says what the defaults hide comes from one place (CheckRun.hint_lines) for the
text summary and for stderr beside the other formats: the same lines, under the same conditions."""

from __future__ import annotations

import pytest

from test_cli import run
from test_hidden_findings import LEVEL_HINT, RULE_HINT, SOURCE


def _closing(tmp_path, output_format: str, *options: str) -> list[str]:
    path = tmp_path / "model.py"
    path.write_text(SOURCE, encoding="utf-8")
    result = run("check", "--no-cache", "--format", output_format, *options, str(path))
    assert result.exit_code == 0, result.stderr
    return [line for line in result.stderr.splitlines() if "more finding" in line]


@pytest.mark.parametrize("output_format", ["json", "sarif", "github", "junit", "full"])
def test_every_format_gives_the_hint_the_text_summary_gives(tmp_path, output_format):
    text = _closing(tmp_path, "text")
    assert text == [LEVEL_HINT, RULE_HINT]
    assert _closing(tmp_path, output_format) == text


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_no_hint_when_writing_a_baseline_or_showing_fixes_whatever_the_format(tmp_path, output_format):
    baseline = tmp_path / "baseline.json"
    assert _closing(tmp_path, output_format, "--write-baseline", "--baseline", str(baseline)) == []
    assert _closing(tmp_path, output_format, "--diff") == []
