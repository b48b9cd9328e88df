"""The command line on notebooks: text/JSON/SARIF/GitHub locations, --fix/--diff on cell sources,
discovery in folders (and leaving notebooks out), pragmas, per-file-ignores, exclude, baseline,
cache, and ``verify`` (TensorFlow)."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest
from test_cli import run

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "notebooks"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLES / "train.ipynb", tmp_path / "train.ipynb")
    return tmp_path


def _set_cell(path: Path, index: int, lines: list[str]) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    document["cells"][index]["source"] = lines
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _found(stdout: str) -> list[tuple[str, str]]:
    """(location, code) of each finding line of the text output."""
    return [re.match(r"(.*?:\d+:\d+:) (TFG\d+) ", line).groups() for line in stdout.splitlines()]


def test_issue_example_reports_three_hazards_with_cell_locations_and_exits_1(project):
    result = run("train.ipynb")
    assert result.exit_code == 1
    assert _found(result.stdout) == [
        ("train.ipynb:cell 3:3:5:", "TFG101"), ("train.ipynb:cell 3:4:13:", "TFG102"),
        ("train.ipynb:cell 4:2:10:", "TFG301")]


def test_json_has_the_cell_and_the_line_in_it(project):
    items = json.loads(run("--format", "json", "train.ipynb").stdout)
    assert [(i["cell"], i["line"], i["end_line"], i["code"]) for i in items] == [
        (3, 3, 3, "TFG101"), (3, 4, 4, "TFG102"), (4, 2, 2, "TFG301")]


def test_show_source_shows_the_cell_line(project):
    lines = run("--show-source", "--select", "TFG101", "train.ipynb").stdout.splitlines()
    assert lines[1] == '  3 |     print("value", x)  # [python-print-in-graph]'


def test_sarif_and_github_point_at_the_line_of_the_ipynb_file(project):
    file_lines = (project / "train.ipynb").read_text(encoding="utf-8").splitlines()
    sarif = json.loads(run("--format", "sarif", "train.ipynb").stdout)
    results = sarif["runs"][0]["results"]
    github = run("--format", "github", "train.ipynb").stdout.splitlines()
    for result, annotation, flagged in zip(results, github, ["print(", "np.random.rand()", "step(i)"]):
        line = result["locations"][0]["physicalLocation"]["region"]["startLine"]
        assert flagged in file_lines[line - 1]
        assert result["message"]["text"].startswith(f"cell {result['properties']['cell']}, line ")
        assert f",line={line},endLine={line}," in annotation and "::cell " in annotation


def test_fix_repairs_the_print_and_keeps_outputs_and_metadata(project):
    path = project / "train.ipynb"
    before = json.loads(path.read_text(encoding="utf-8"))
    result = run("--fix", "train.ipynb")
    assert result.exit_code == 1 and "Fixed 1 finding in 1 file" in result.stderr
    after = json.loads(path.read_text(encoding="utf-8"))
    assert '    tf.print("value", x)  # [python-print-in-graph]\n' in after["cells"][3]["source"]
    assert [c.get("outputs") for c in after["cells"]] == [c.get("outputs") for c in before["cells"]]
    assert after["metadata"] == before["metadata"]
    assert [c for i, c in enumerate(after["cells"]) if i != 3] == [c for i, c in enumerate(before["cells"]) if i != 3]
    assert [code for _, code in _found(result.stdout)] == ["TFG102", "TFG301"]  # rand(): no safe fix


def test_fix_with_nothing_to_fix_leaves_the_file_byte_identical(project):
    data = (project / "train.ipynb").read_bytes()
    assert run("--fix", "--select", "TFG301", "train.ipynb").exit_code == 1
    assert (project / "train.ipynb").read_bytes() == data


def test_diff_shows_the_change_in_the_file_and_writes_nothing(project):
    data = (project / "train.ipynb").read_bytes()
    result = run("--diff", "--select", "TFG101", "train.ipynb")
    assert result.exit_code == 1
    assert '-    "    print(\\"value\\", x)  # [python-print-in-graph]\\n",' in result.stdout
    assert '+    "    tf.print(\\"value\\", x)  # [python-print-in-graph]\\n",' in result.stdout
    assert (project / "train.ipynb").read_bytes() == data


def test_folders_include_notebooks_unless_left_out(project):
    (project / "pkg").mkdir()
    shutil.move("train.ipynb", project / "pkg" / "train.ipynb")
    assert run("pkg").exit_code == 1
    assert run("--no-notebooks", "pkg").exit_code == 0
    (project / "pyproject.toml").write_text("[tool.tfgraph-lint]\nnotebooks = false\n", encoding="utf-8")
    assert run("pkg").exit_code == 0
    assert run("--notebooks", "pkg").exit_code == 1
    assert run("pkg/train.ipynb").exit_code == 1, "a notebook named on the command line is linted"


def test_pragmas_in_cells_are_honoured(project):
    _set_cell(project / "train.ipynb", 3, ["@tf.function\n", "def step(x):\n",
                                           "    print(x)  # pylint: disable=python-print-in-graph\n",
                                           "    return x + np.random.rand()  # noqa: TFG102\n"])
    result = run("train.ipynb")
    assert [code for _, code in _found(result.stdout)] == ["TFG301"]


def test_per_file_ignores_and_exclude_match_notebooks(project):
    (project / "pyproject.toml").write_text('[tool.tfgraph-lint]\nper-file-ignores = {"*.ipynb" = ["TFG1"]}\n',
                                            encoding="utf-8")
    assert [code for _, code in _found(run("train.ipynb").stdout)] == ["TFG301"]
    (project / "pyproject.toml").write_text('[tool.tfgraph-lint]\nexclude = ["*.ipynb"]\n', encoding="utf-8")
    result = run(".")
    assert result.exit_code == 0 and result.stdout == ""


def test_baseline_hides_recorded_notebook_findings_and_sees_new_ones(project):
    assert run("--baseline", "b.json", "--write-baseline", "train.ipynb").exit_code == 0
    assert run("--baseline", "b.json", "train.ipynb").exit_code == 0
    _set_cell(project / "train.ipynb", 2, ["def scale(x):\n", "    return x * 2\n", "\n",
                                           "@tf.function\n", "def other(x):\n", "    print(x)\n", "    return x"])
    result = run("--baseline", "b.json", "train.ipynb")
    assert result.exit_code == 1 and result.stdout.startswith("train.ipynb:cell 2:6:5: TFG101")


def test_cached_findings_keep_their_cells(project):
    first = run("--format", "json", "train.ipynb").stdout
    second = run("--format", "json", "train.ipynb").stdout  # from the cache
    assert first == second and json.loads(second)[0]["cell"] == 3


def test_standard_input_named_as_a_notebook_is_read_as_one(project):
    from click.testing import CliRunner

    from tfgraph_lint.cli.commands import cli

    text = (project / "train.ipynb").read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["--stdin-filename", "train.ipynb", "-"], input=text)
    assert result.exit_code == 1 and "train.ipynb:cell 3:3:5: TFG101" in result.output


@pytest.mark.tensorflow
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed")
def test_verify_runs_the_code_cells_and_reports_by_cell(project):
    result = run("verify", "--format", "json", "train.ipynb")
    (report,) = json.loads(result.stdout)
    assert report["verdict"] == "CONFIRMED"
    retrace = next(f for f in report["findings"] if f["code"] == "TFG301")
    assert (retrace["cell"], retrace["line"], retrace["confirmed"]) == (4, 2, True)


def test_the_documented_notebook_example_is_what_the_command_prints(monkeypatch):
    page = (Path(__file__).resolve().parents[2] / "docs" / "notebooks.md").read_text(encoding="utf-8")
    block = page.split("```\n", 2)[1]
    command, *shown = block.rstrip("\n").splitlines()
    assert command == "$ tfgraph-lint train.ipynb --why"
    monkeypatch.chdir(EXAMPLES)
    result = run("train.ipynb", "--why")
    assert result.stdout.splitlines() + result.stderr.splitlines() == shown


def test_a_pragma_naming_no_rule_is_warned_about_at_its_cell(project):
    _set_cell(project / "train.ipynb", 2, ["def scale(x):\n", "    return x * 2  # noqa: TFG999\n"])
    result = run("train.ipynb")
    assert "train.ipynb:cell 2:2:" in result.stderr and "TFG999" in result.stderr


def test_a_notebook_skipped_whole_says_the_cell_of_the_pragma(project):
    _set_cell(project / "train.ipynb", 2, ["def scale(x):\n", "    return x * 2\n", "# pylint: skip-file\n"])
    result = run("train.ipynb", "--info")
    assert result.exit_code == 0
    assert result.stdout.startswith("train.ipynb:cell 2:3:1: I0013 file-ignored Ignoring entire file: "
                                    "'# pylint: skip-file' in cell 2, line 3")
