"""``verify`` across the files of a project: a script whose hazards sit in a helper
module it imports, with tests/data/verify_projects/.

The marked lines of each project's files are the findings that must be judged (statically, no
TensorFlow needed); on TensorFlow, each must be CONFIRMED at the helper's own file and line,
and the correct twin must be CLEAN. The attribution rules themselves are checked on synthetic
observations, as in test_verify_units.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.cli.commands import cli
from tfgraph_lint.cli.verify_view import ProjectView
from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.markers import parse_markers
from tfgraph_lint.core.registry import rule_by_code
from tfgraph_lint.runtime.verify.compare import compare
from tfgraph_lint.runtime.verify.verdicts import decide

PROJECTS = Path(__file__).resolve().parents[1] / "data" / "verify_projects"
HAZARDS = PROJECTS / "helper_hazards"
TWIN = PROJECTS / "helper_hazards_fixed"

no_tensorflow = pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                                   reason="TensorFlow is not installed (pip install -e '.[verify]')")


def marked(project: Path) -> set[tuple[str, int, str]]:
    """(file, line, symbol) of every marker in the project's Python files."""
    return {(path.name, line, symbol) for path in project.glob("*.py")
            for line, symbol in parse_markers(path.read_text(encoding="utf-8")).expected}


# --------------------------------------------------------------------------- static: no TensorFlow

@pytest.mark.parametrize("project", [HAZARDS, TWIN], ids=lambda p: p.name)
def test_the_view_finds_the_helper_module(project):
    assert ProjectView().helpers(str(project / "train.py")) == [str((project / "helpers.py").resolve())]


@pytest.mark.parametrize("project", [HAZARDS, TWIN], ids=lambda p: p.name)
def test_the_view_lints_the_helper_as_graph_code_reached_from_the_script(project):
    findings = ProjectView().findings(str(project / "train.py"))
    assert {(Path(f.path).name, f.line, f.symbol) for f in findings} == marked(project)


def test_the_view_is_of_the_files_the_script_runs(tmp_path):
    # helpers.shout is graph code for other.py, which imports it too, but not for a run of train.py.
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "helpers.py").write_text('def shout(x):\n    print("loud", x)\n\n\ndef quiet(x):\n    return x\n')
    (tmp_path / "other.py").write_text("import tensorflow as tf\nfrom helpers import shout\n\n\n"
                                       "@tf.function\ndef other_step(x):\n    shout(x)\n    return x\n")
    (tmp_path / "train.py").write_text("import tensorflow as tf\nfrom helpers import quiet\n\n\n"
                                       "@tf.function\ndef step(x):\n    return quiet(x)\n")
    assert [(Path(f.path).name, f.line) for f in ProjectView().findings(str(tmp_path / "other.py"))] == [
        ("helpers.py", 2)]
    assert ProjectView().helpers(str(tmp_path / "train.py")) == [str((tmp_path / "helpers.py").resolve())]
    assert ProjectView().findings(str(tmp_path / "train.py")) == []


def test_the_example_has_hazards_only_in_its_helper():
    assert marked(HAZARDS) and {file for file, _, _ in marked(HAZARDS)} == {"helpers.py"}


# --------------------------------------------------------------------------- attribution rules

def obs(mode, effects, **fields):
    base = {"mode": mode, "has_main": False, "exception": None, "exit": None, "returned": None, "state": {},
            "functions": [], "effects": effects, "stdout": "", "stderr": ""}
    return {**base, **fields}


def effect(count, line, file=None, via=None):
    found = {"what": "print", "line": line, "count": count}
    if file is not None:
        found.update(file=file, via=via)
    return found


def at(path, code, line):
    return Finding(rule_by_code(code), str(path), line, 0, line, 1, "message")


def judge(findings, graph, eager, tmp_path):
    script = tmp_path / "train.py"
    return decide(findings, compare(graph, eager), graph, eager, "", str(script))


def test_an_effect_in_a_helper_confirms_the_helper_finding_at_its_line(tmp_path):
    graph, eager = obs("graph", [effect(1, 6, "helpers.py", 9)]), obs("eager", [effect(3, 6, "helpers.py", 9)])
    decision = judge([at(tmp_path / "helpers.py", "TFG101", 6)], graph, eager, tmp_path)
    assert decision.verdict == "CONFIRMED"
    (entry,) = decision.findings
    assert (entry.file, entry.line, entry.confirmed) == ("helpers.py", 6, True)
    assert entry.evidence == ["print (helpers.py:6, reached from line 9) ran 1 time in graph mode, 3 times eagerly"]
    assert decision.divergences[0].flagged_by == ["TFG101:helpers.py:6"]
    assert decision.divergences[0].to_json()["places"] == [{"file": "helpers.py", "line": 6}]


def test_the_same_line_number_in_another_file_is_not_evidence(tmp_path):
    # A script finding on line 6 does not own the helper's line 6, nor a helper finding the script's.
    in_helper = obs("graph", [effect(1, 6, "helpers.py", 9)]), obs("eager", [effect(3, 6, "helpers.py", 9)])
    assert judge([at(tmp_path / "train.py", "TFG101", 6)], *in_helper, tmp_path).verdict == "MISSED"
    in_script = obs("graph", [effect(1, 6)]), obs("eager", [effect(3, 6)])
    assert judge([at(tmp_path / "helpers.py", "TFG101", 6)], *in_script, tmp_path).verdict == "MISSED"
    elsewhere = obs("graph", [effect(1, 6, "other.py", 9)]), obs("eager", [effect(3, 6, "other.py", 9)])
    assert judge([at(tmp_path / "helpers.py", "TFG101", 6)], *elsewhere, tmp_path).verdict == "MISSED"


def test_a_helper_finding_without_evidence_is_not_judged_by_the_scripts_functions(tmp_path):
    # The recorded tf.function spans lines 5-9 of the script; the helper's line 6 is not in it.
    record = {"id": 1, "name": "step", "def_line": 5, "end_line": 9, "created_line": 5, "clone_of": None,
              "calls": [], "tracing_count": 0, "loops": [], "graphs": 0, "ops": 0}
    graph, eager = obs("graph", [], functions=[record]), obs("eager", [], functions=[record])
    (entry,) = judge([at(tmp_path / "helpers.py", "TFG101", 6)], graph, eager, tmp_path).findings
    assert entry.reason == "no divergence observed"


def test_a_tf_functions_frozen_results_are_evidence_of_the_draw_in_its_helper(tmp_path):
    def run(mode, draws, outputs):
        calls = [{"line": 20, "args": [], "traced": 0, "nested": False, "raised": None, "output": o} for o in outputs]
        record = {"id": 1, "name": "step", "def_line": 5, "end_line": 9, "created_line": 5, "clone_of": None,
                  "calls": calls, "tracing_count": 1, "loops": [], "graphs": 1, "ops": 3}
        return obs(mode, [{"what": "numpy.random.normal", "line": 10, "count": draws, "file": "helpers.py", "via": 8}],
                   functions=[record])

    graph, eager = run("graph", 1, [0.5, 0.5, 0.5]), run("eager", 3, [0.5, 0.1, 0.9])
    decision = judge([at(tmp_path / "helpers.py", "TFG102", 10)], graph, eager, tmp_path)
    kinds = {d.divergence.kind: d.flagged_by for d in decision.divergences}
    assert kinds == {"effects": ["TFG102:helpers.py:10"], "frozen": ["TFG102:helpers.py:10"]}


# --------------------------------------------------------------------------- on TensorFlow

@pytest.fixture(scope="module")
def verified():
    # The project folders, as a user runs them: the helper modules are NOT RUN, judged in train.py.
    result = CliRunner().invoke(cli, ["verify", str(HAZARDS), str(TWIN), "--format", "json", "--jobs", "2"])
    entries = {Path(entry["path"]).parent.name + ("" if entry["path"].endswith("train.py") else "/helpers"): entry
               for entry in json.loads(result.stdout)}
    return result.exit_code, entries


@pytest.mark.tensorflow
@no_tensorflow
def test_verify_passes(verified):
    assert verified[0] == 0, verified[1]


@pytest.mark.tensorflow
@no_tensorflow
@pytest.mark.parametrize("mark", sorted(marked(HAZARDS)), ids=lambda m: f"{m[0]}:{m[1]}")
def test_verify_confirms_each_helper_finding_at_its_own_line(verified, mark):
    file, line, symbol = mark
    entry = verified[1][HAZARDS.name]
    assert entry["verdict"] == "CONFIRMED"
    found = [f for f in entry["findings"] if (f.get("file"), f["line"], f["symbol"]) == (file, line, symbol)]
    assert found and found[0]["confirmed"], entry["findings"]
    located = [d for d in entry["divergences"] if {"file": file, "line": line} in d.get("places", ())]
    assert located and all(d["flagged_by"] for d in located), entry["divergences"]


@pytest.mark.tensorflow
@no_tensorflow
def test_verify_flags_every_divergence_of_the_example(verified):
    assert all(d["flagged_by"] for d in verified[1][HAZARDS.name]["divergences"])


@pytest.mark.tensorflow
@no_tensorflow
def test_verify_finds_the_twin_clean(verified):
    assert verified[1][TWIN.name]["verdict"] == "CLEAN", verified[1][TWIN.name]


@pytest.mark.tensorflow
@no_tensorflow
@pytest.mark.parametrize("project", [HAZARDS, TWIN], ids=lambda p: p.name)
def test_a_helper_module_in_a_folder_run_is_not_run_and_judged_through_its_script(verified, project):
    entry = verified[1][project.name + "/helpers"]
    assert entry["verdict"] == "NOT RUN" and entry["note"].startswith("a module, not a program")
    assert entry["note"].endswith(verified[1][project.name]["path"])  # "judged in the runs of .../train.py"

