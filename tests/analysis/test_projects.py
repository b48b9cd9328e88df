"""Graph code across the files of a project (tests/data/projects, see its README): linted whole, a
file at a time, in any order, on any number of processes, cold and warm, the findings are the
markers of every file, with the chain across files in --why."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.cli.commands import cli
from tfgraph_lint.core.markers import parse_markers
from tfgraph_lint.core.registry import lookup

PROJECTS = Path(__file__).resolve().parents[1] / "data" / "projects"
NAMES = sorted(p.name for p in PROJECTS.iterdir() if p.is_dir())


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        return CliRunner()


# The markers are what the rules find when chosen: every rule, at HIGH and INFERENCE unless a test
# asks for other levels (the defaults a user gets unasked are narrower: core/measured_defaults).
EVERY_RULE = ("--select", "TFG", "--confidence", "HIGH,INFERENCE")


def findings(*args: str) -> list[dict]:
    every_rule = EVERY_RULE if "--confidence" not in args else EVERY_RULE[:2]
    result = _runner().invoke(cli, ["check", "--format", "json", *every_rule, *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def found_lines(*args: str) -> set[int]:
    """The lines of ``findings(*args)``."""
    return {f["line"] for f in findings(*args)}


def found(*args: str) -> set[tuple[str, int, str]]:
    return {(Path(f["path"]).resolve().as_posix(), f["line"], f["symbol"]) for f in findings(*args)}


def marked(project: Path, low: bool = False) -> set[tuple[str, int, str]]:
    """The ``# [symbol]`` markers of every file (and the ``# low:`` ones when ``low``)."""
    expected = set()
    for path in sorted(project.rglob("*.py")):
        markers = parse_markers(path.read_text(encoding="utf-8"))
        assert not markers.todo, f"{path}: a known miss belongs in README's Known problems too"
        assert all(lookup(symbol) for _, symbol in markers.expected | markers.low)
        wanted = markers.expected | markers.low if low else markers.expected
        expected |= {(path.resolve().as_posix(), line, symbol) for line, symbol in wanted}
    return expected


@pytest.fixture
def project(request, tmp_path) -> Path:
    """A copy, so that the result cache and the file order cannot leak between tests."""
    copy = tmp_path / request.param
    shutil.copytree(PROJECTS / request.param, copy)
    return copy


@pytest.mark.parametrize("project", NAMES, indirect=True)
def test_the_whole_project_reports_every_helper_hazard(project):
    expected = marked(project)
    assert expected, "each project marks at least one hazard in a helper"
    assert found("--no-cache", str(project)) == expected
    assert found("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", str(project)) == marked(project, low=True)


@pytest.mark.parametrize("project", NAMES, indirect=True)
def test_one_changed_file_alone_knows_what_the_project_says(project):
    expected = marked(project)
    for path in sorted({Path(file) for file, _, _ in expected}):
        mine = {item for item in expected if item[0] == path.as_posix()}
        assert found("--no-cache", str(path)) == mine, path.name


@pytest.mark.parametrize("project", NAMES, indirect=True)
def test_same_findings_on_any_processes_order_and_cache(project):
    files = sorted(str(p) for p in project.rglob("*.py"))
    expected = found("--no-cache", "-j", "1", *files)
    assert found("--no-cache", "-j", "3", *reversed(files)) == expected
    assert found(*files) == expected  # cold cache
    assert found(*reversed(files)) == expected  # warm


@pytest.mark.parametrize("project", ["training"], indirect=True)
def test_why_shows_the_chain_across_files(project):
    by_file = {Path(f["path"]).name: f for f in findings("--no-cache", str(project))}
    assert by_file["data.py"]["traced_because"] == ["'augment' is passed to Dataset.map in train.py:15"]
    assert by_file["metrics.py"]["traced_because"] == [
        "'summarize' is called from 'augment' in data.py:17, which is passed to Dataset.map in train.py:15"]


@pytest.mark.parametrize("project", ["training"], indirect=True)
def test_an_edit_elsewhere_changes_a_cached_file_findings(project):
    assert ("utils.py", 2) in {(Path(f["path"]).name, f["line"]) for f in findings(str(project / "utils.py"))}
    train = project / "train.py"
    train.write_text(train.read_text().replace("    utils.log_step(x)\n", ""))
    assert findings(str(project / "utils.py")) == []  # the same utils.py text, now unreached


@pytest.mark.parametrize("project", ["logged_arguments"], indirect=True)
def test_what_another_file_passes_keys_a_cached_file_findings(project):
    ops = (project / "ops.py").read_text().splitlines()
    line = next(i for i, text in enumerate(ops, 1) if '"reshape to height %s"' in text)
    reported = {f["line"] for f in findings(str(project / "ops.py"))}
    assert line not in reported  # reshape_to_2d gets a layer attribute: LOW
    model = project / "model.py"
    model.write_text(model.read_text().replace("height=self.height", "height=tf.shape(inputs)[0]"))
    assert line in {f["line"] for f in findings(str(project / "ops.py"))}  # now a tensor: reported


@pytest.mark.parametrize("project", ["reexported_tf"], indirect=True)
def test_what_the_package_hands_on_keys_a_cached_file_findings(project):
    data = project / "speechkit" / "data.py"
    assert {f["line"] for f in findings(str(data))} == {8}
    package = project / "speechkit" / "__init__.py"
    package.write_text(package.read_text().replace("import tensorflow as tf", "import numpy as tf"))
    assert findings(str(data)) == []  # the same data.py text: its ``tf`` is NumPy now


def test_a_file_without_a_project_stands_alone(tmp_path):
    lonely = tmp_path / "lonely.py"
    lonely.write_text("import numpy as np\n\n\ndef noisy(x):\n    return x + np.random.uniform()\n")
    assert findings(str(lonely)) == []


def test_files_of_two_projects_each_get_their_own_view(tmp_path):
    """A monorepo: one .git, a pyproject.toml per package. Pre-commit passes changed files of
    both packages in one run; each is seen with its own project, in either order."""
    (tmp_path / ".git").mkdir()
    for name in ("training", "package_relative"):
        shutil.copytree(PROJECTS / name, tmp_path / name)
    data = tmp_path / "training" / "data.py"
    scaling = tmp_path / "package_relative" / "pkg" / "scaling.py"
    expected = {item for name in ("training", "package_relative") for item in marked(tmp_path / name)
                if item[0] in (data.resolve().as_posix(), scaling.resolve().as_posix())}
    assert {Path(file).name for file, _, _ in expected} == {"data.py", "scaling.py"}
    assert found("--no-cache", str(data), str(scaling)) == expected
    assert found("--no-cache", str(scaling), str(data)) == expected


PACKAGE = {
    "lib/pkg/__init__.py": "",
    "lib/pkg/train.py": "import tensorflow as tf\nfrom pkg.data import augment\n\n\ndef make(ds):\n    return ds.map(augment)\n",
    "lib/pkg/data.py": 'def augment(x):\n    print("augmenting", x)  # [python-print-in-graph]\n    return x\n',
    # Another package called pkg, outside the folder lib/pkg is imported from: never the one
    # lib/pkg/train.py imports, though it holds the same function.
    "pkg/__init__.py": "",
    "pkg/data.py": 'def augment(x):\n    print("augmenting", x)\n    return x\n',
    "other/script.py": "def main():\n    return 1\n",
}


@pytest.mark.parametrize("marker", [None, "pyproject.toml", ".git"])
def test_a_package_gets_the_same_findings_however_it_is_linted(tmp_path, marker):
    """Its imports are resolved from the file (the folder its package is imported from, its
    project's marker), never from the other paths on the command line: alone, beside another
    path, from a folder above it, a file at a time, nested under lib/ in a project."""
    repo = tmp_path / "repo"
    for name, text in PACKAGE.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, encoding="utf-8")
    if marker == ".git":
        (repo / ".git").mkdir()
    elif marker:
        (repo / marker).write_text("[project]\nname = 'repo'\n", encoding="utf-8")
    expected = {item for item in marked(repo) if "/lib/pkg/" in item[0]}
    assert expected
    runs = {"the package alone": [repo / "lib" / "pkg"],
            "beside another path": [repo / "lib" / "pkg", repo / "other"],
            "beside the other package": [repo / "pkg", repo / "lib" / "pkg"],
            "from a folder above it": [repo / "lib"],
            "the whole tree": [repo],
            "the changed file alone": [repo / "lib" / "pkg" / "data.py"]}
    messages = set()
    for label, paths in runs.items():
        reported = findings("--no-cache", *map(str, paths))
        assert {(Path(f["path"]).resolve().as_posix(), f["line"], f["symbol"]) for f in reported} == expected, label
        messages |= {f["message"] for f in reported}
    assert len(messages) == 1, messages  # the chain names the same file, however it was linted
