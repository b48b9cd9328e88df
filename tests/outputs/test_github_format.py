"""``--format github``: one GitHub Actions workflow command per finding."""

from __future__ import annotations

from test_cli import bad, run  # noqa: F401 - bad is a fixture

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import rule_by_code
from tfgraph_lint.output.github_format import github_line


def test_one_warning_command_per_finding(bad):
    result = run("--format", "github", str(bad))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"::warning file={bad},line=6,col=5,endLine=6,endColumn=13,title=TFG101 python-print-in-graph::"
        "print() in tf.function 'f' runs only while tracing, not on every call, and shows symbolic tensors; "
        "use tf.print()"
    ]
    assert result.stderr == ""  # no summary: the log shows annotations only


def test_error_rules_are_errors():
    finding = Finding(rule_by_code("TFG201"), "a.py", 3, 4, 3, 9, "created")
    assert github_line(finding).startswith("::error file=a.py,line=3,col=5,endLine=3,endColumn=10,"
                                           "title=TFG201 variable-created-in-graph::")
    refactor = Finding(rule_by_code("TFG303"), "a.py", 3, 4, 3, 9, "unrolled")
    assert github_line(refactor).startswith("::warning ")


def test_values_are_escaped():
    finding = Finding(rule_by_code("TFG101"), "dir,with:odd%name.py", 1, 0, 1, 5, "100% done\nnext: line")
    line = github_line(finding)
    assert "file=dir%2Cwith%3Aodd%25name.py," in line
    assert line.endswith("::100%25 done%0Anext: line")
    assert "\n" not in line


def test_analysis_failure_is_an_error_annotation(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("import tensorflow as tf\ndef f(:\n", encoding="utf-8")
    result = run("--format", "github", str(broken))
    assert result.exit_code == 2
    assert result.stdout.startswith(f"::error file={broken},line=2,")
