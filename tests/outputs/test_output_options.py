"""Output details of ``check``: --statistics, --show-source, color and the progress line."""

from __future__ import annotations

import io
import json

from test_cli import PRINT_IN_GRAPH, bad, run  # noqa: F401 - bad is a fixture

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import rule_by_code
from tfgraph_lint.output import reporters


def test_statistics_counts_findings_per_rule(tmp_path):
    path = tmp_path / "many.py"
    path.write_text(PRINT_IN_GRAPH.replace("    print(x)", "    print(x)\n    print(x)\n"
                                           "    for i in range(50):\n        x += 1"), encoding="utf-8")
    result = run("--statistics", str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == ["2  TFG101  python-print-in-graph", "1  TFG303  python-range-loop"]
    assert "Found 3 findings" in result.stderr
    as_json = json.loads(run("--statistics", "--format", "json", str(path)).stdout)
    assert as_json == [{"code": "TFG101", "symbol": "python-print-in-graph", "count": 2},
                       {"code": "TFG303", "symbol": "python-range-loop", "count": 1}]


def test_statistics_with_sarif_is_a_usage_error(bad):
    result = run("--statistics", "--format", "sarif", str(bad))
    assert result.exit_code == 2 and "--statistics works with --output-format concise, full or json" in result.stderr


def test_show_source_draws_a_caret_under_the_flagged_code(bad):
    result = run("--show-source", str(bad))
    assert result.stdout.splitlines()[1:] == [
        "  6 |     print(x)",
        "    |     ^~~~~~~~",
    ]


def test_caret_counts_characters_and_keeps_tabs():
    rule = rule_by_code("TFG101")
    finding = Finding(rule, "a.py", 3, len("\té = ".encode()), 3, len("\té = print(x)".encode()), "m")
    assert reporters.source_excerpt(finding, "\té = print(x)") == ["  3 | \té = print(x)", "    | \t    ^" + "~" * 7]
    multi_line = Finding(rule, "a.py", 3, 4, 5, 1, "m")
    assert reporters.source_excerpt(multi_line, "    print(")[1] == "    |     ^" + "~" * 5


def test_color_only_on_a_terminal_and_never_with_no_color():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    assert reporters.use_color(Terminal(), {}) is True
    assert reporters.use_color(Terminal(), {"NO_COLOR": "1"}) is False
    assert reporters.use_color(io.StringIO(), {}) is False


def test_colored_line_has_the_same_text(bad):
    finding = Finding(rule_by_code("TFG201"), "a.py", 1, 0, 1, 3, "message")
    plain = reporters.text_lines(finding)
    colored = reporters.text_lines(finding, color=True)
    assert colored != plain and "\x1b[31m" in colored[0]
    import click

    assert [click.unstyle(line) for line in colored] == plain
    assert "\x1b[" not in run(str(bad)).stdout  # not a terminal: no escape codes


def test_progress_shows_on_a_terminal_after_a_delay_and_clears():
    stream = io.StringIO()
    progress = reporters.Progress(3, stream=stream, enabled=True)
    progress.update(1, "a.py")
    assert stream.getvalue() == ""  # short runs never show it
    progress._started -= 5  # as if the run had taken five seconds
    progress.update(2, "b.py")
    assert stream.getvalue() == "\r\x1b[K[2/3] b.py"
    progress.clear()
    assert stream.getvalue().endswith("\r\x1b[K")
    silent = reporters.Progress(3, stream=io.StringIO(), enabled=False)
    silent._started -= 5
    silent.update(1, "a.py")
    assert silent.stream.getvalue() == ""
