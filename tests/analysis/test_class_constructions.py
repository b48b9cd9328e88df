"""Constructions of a class in other files of the project decide its self attributes
(tests/data/projects/constructed_elsewhere: analysis/class_constructions): a branch on a
constructor option every construction in blocks.py leaves off is LOW, however the project is
linted; a file that makes the class with the option on, hands it over, derives from it, spreads
``**kwargs`` into it, spells it in a way the view cannot follow, star-imports its module, or a
notebook that names it, brings the finding back, and the warm cache follows such edits."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tfgraph_lint.analysis.module_edges import imports_only
from tests.analysis.test_projects import PROJECTS, findings

# ``Causal``'s branch on ``self.causal``: blocks.py makes it only as ``Causal(name="causal")``.
CAUSAL_LINE = 33
MADE = '        self.causal = Causal(name="causal")\n'


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "constructed_elsewhere"
    shutil.copytree(PROJECTS / "constructed_elsewhere", copy)
    return copy


def _confidence(project: Path, *extra: str, cache: bool = False) -> str | None:
    """The confidence of the finding at Causal's branch, attention.py linted alone."""
    every = findings(*([] if cache else ["--no-cache"]), "--confidence", "HIGH,INFERENCE,LOW", *extra,
                     str(project / "attention.py"))
    return next((f["confidence"] for f in every if f["line"] == CAUSAL_LINE), None)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_the_option_every_construction_leaves_off_decides_the_branch(project):
    assert _confidence(project) == "LOW"
    message = next(f["message"] for f in findings("--no-cache", "--confidence", "LOW", str(project))
                   if f["line"] == CAUSAL_LINE)
    assert "'if self.causal' (line 32) is false for every construction of 'Causal' in the project" in message


@pytest.mark.parametrize("made", [
    '        self.causal = Causal(causal=True)\n',  # the option on
    '        self.causal = Causal(name="causal", causal=1)\n',  # on, as a number
    '        self.causal = Causal(True)\n',  # on, by position
    '        self.causal = Causal(causal=options["causal"])\n',  # not a literal
    '        self.causal = Causal(*options)\n',  # spread
    '        self.causal = Causal(**options)\n',
    '        self.causal = Causal.from_config(options)\n',  # made by a class method
    '        self.causal = make(Causal)\n',  # handed over
])
def test_a_construction_that_may_turn_it_on_keeps_the_finding(project, made):
    assert _confidence(project) == "LOW"
    _edit(project / "blocks.py", MADE, made)
    assert _confidence(project) == "INFERENCE"


def test_a_subclass_in_another_file_keeps_the_finding(project):
    assert _confidence(project) == "LOW"
    (project / "more.py").write_text("from attention import Causal\n\n\nclass Windowed(Causal):\n    pass\n")
    assert _confidence(project) == "INFERENCE"


@pytest.mark.parametrize("text", [
    "import sub\n\nlayer = sub.layers.Causal(causal=True)\n",  # a spelling not followed
    "from attention import *\n\nlayer = Causal(causal=True)\n",  # a star import
])
def test_a_file_whose_names_the_view_cannot_follow_keeps_the_finding(project, text):
    assert _confidence(project) == "LOW"
    (project / "sub").mkdir()
    (project / "sub" / "__init__.py").write_text("from . import layers\n")
    (project / "sub" / "layers.py").write_text("from attention import Causal\n")  # handed on by name
    (project / "more.py").write_text(text)
    assert _confidence(project) == "INFERENCE"


def test_a_notebook_that_names_the_class_keeps_the_finding(project):
    assert _confidence(project) == "LOW"
    cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
            "source": ["from attention import Causal\n", "layer = Causal(causal=True)\n"]}
    (project / "explore.ipynb").write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4,
                                                        "nbformat_minor": 5}))
    assert _confidence(project) == "INFERENCE"


def test_the_warm_cache_follows_what_another_file_passes(project):
    assert _confidence(project, cache=True) == "LOW"
    _edit(project / "blocks.py", MADE, '        self.causal = Causal(causal=True)\n')
    assert _confidence(project, cache=True) == "INFERENCE"


def test_a_file_records_the_literals_its_constructions_pass():
    from tfgraph_lint.analysis.class_constructions import text_constructions

    text = ("import attention as att\nimport keras\nfrom attention import Causal, helper\nfrom attention import Rated as R\n\n"
            "a = Causal(True, -2, name='c', rate=0.5, extra=None)\nb = att.Rated(x, 1e400)\nc = R()\n"
            "d = keras.layers.Dense(4)\ne = helper(1)\nf = att.Handed\ng = att.Spread(**kw)\nh = Causal.from_config({})\n")
    found = text_constructions(text, imports_only(text))
    assert found == {"Causal": None,  # also named as ``Causal.from_config``
                     "att.Rated": [[[[], []], []]],  # a name and an infinite float: no literals
                     "R": [[[], []]], "att.Handed": None, "att.Spread": None}
    without_class_method = text.replace("h = Causal.from_config({})\n", "")
    assert text_constructions(without_class_method, imports_only(text))["Causal"] == [
        [[[True], [-2]], [["name", ["c"]], ["rate", [0.5]], ["extra", [None]]]]]


def test_only_the_calls_of_names_the_record_keeps_are_read_for_their_arguments(monkeypatch):
    from tfgraph_lint.analysis import class_constructions

    read = []
    shape = class_constructions._shape
    monkeypatch.setattr(class_constructions, "_shape", lambda call: read.append(call) or shape(call))
    text = ("import numpy as np\nfrom attention import Causal, helper\n\n"
            "a = Causal(np.ones(3), rate=0.5)\nb = helper(1)\nc = np.sum(a)\nd = len(print(b))\n")
    found = class_constructions.text_constructions(text, imports_only(text))
    assert found == {"Causal": [[[[]], [["rate", [0.5]]]]]}
    assert [call.lineno for call in read] == [4]


def test_a_star_import_of_the_project_spells_the_names_it_binds():
    from tfgraph_lint.analysis.class_constructions import text_constructions

    text = "from attention import *\nfrom tensorflow.keras.layers import Dense\n\nx = Causal(True)\ny = Dense(2)\n"
    assert text_constructions(text, imports_only(text)) == {"*.Causal": [[[[True]], []]]}
    library = text.replace("from attention import *", "from tensorflow.keras.layers import *")
    assert text_constructions(library, imports_only(library)) == {}
