"""A project that ships no package (tests/data/projects/unmade_classes): findings in Keras classes
no code of it makes, and in helpers only their methods call, are LOW with the reason, however
the project is linted; a package description, a file that makes the class (a script, a notebook,
an excluded file, one Python cannot parse) or looks classes up by a computed name brings them
back, and the warm cache follows such edits."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tfgraph_lint.analysis.class_mentions import class_mentions
from tests.analysis.test_projects import PROJECTS, findings, found, marked

REASON = "which no code of this project makes"
OWN_REASON = "is made by no code of this project, which ships no package"


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "unmade_classes"
    shutil.copytree(PROJECTS / "unmade_classes", copy)
    return copy


def _heads(project: Path, low: bool = False) -> set:
    return {item for item in marked(project, low=low) if item[0].endswith("heads.py")}


def _low(project: Path, *paths: Path) -> list[dict]:
    every = findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", *(str(p) for p in paths or [project]))
    return [f for f in every if f["confidence"] == "LOW"]


def test_classes_made_nowhere_are_low_with_the_reason_their_twins_stay_reported(project):
    assert found("--no-cache", str(project)) == marked(project)
    low = _low(project)
    assert {(Path(f["path"]).name, f["line"]) for f in low} == {
        (Path(p).name, line) for p, line, _ in marked(project, low=True) - marked(project)}
    by_line = {f["line"]: f["message"] for f in low}
    assert "'LeftOver' is made by no code of this project, which ships no package" in by_line[16]
    assert "it runs only in methods of 'LeftOver', which no code of this project makes" in by_line[7]
    assert all(OWN_REASON in message or REASON in message for message in by_line.values())


def test_the_module_alone_gets_the_findings_of_the_whole_project(project):
    assert found("--no-cache", str(project / "heads.py")) == _heads(project)


@pytest.mark.parametrize("edit", [
    ("pyproject.toml", "[project]\nname = 'heads'\nversion = '0'\n"),
    ("pyproject.toml", "[build-system]\nrequires = ['setuptools']\n"),
    ("setup.cfg", "[metadata]\nname = heads\n"),
    ("setup.py", "from setuptools import setup\n\nsetup(name='heads')\n"),
])
def test_a_project_that_ships_a_package_keeps_them(project, edit):
    name, text = edit
    path = project / name
    path.write_text((path.read_text() if path.exists() else "") + text)
    assert found("--no-cache", str(project / "heads.py")) == _heads(project, low=True)


def test_a_setup_cfg_of_tool_settings_alone_is_no_package(project):
    (project / "setup.cfg").write_text("[flake8]\nmax-line-length = 100\n")
    assert found("--no-cache", str(project / "heads.py")) == _heads(project)


@pytest.mark.parametrize("code", [
    "from heads import LeftOver, Held, ImportedOnly\n\nLeftOver()\nHeld()\nImportedOnly()\n",
    "import heads\n\n\ndef make(name):\n    return getattr(heads, name)()\n",
    "registry = globals()\n",
    "NAMES = ['heads.LeftOver', 'Held', 'ImportedOnly']\n",
    # A subclass made makes its bases (and what they hold); a class body's statements run.
    "from heads import LeftOver, LeftOverModel, ImportedOnly\n\n\nclass Bigger(LeftOverModel):\n    pass\n\n\n"
    "class Keeper:\n    default = ImportedOnly()\n\n\nBigger()\nprint(LeftOver)\n",
])
def test_a_file_that_makes_or_looks_them_up_brings_them_back(project, code):
    (project / "other.py").write_text(code)
    assert found("--no-cache", str(project / "heads.py")) == _heads(project, low=True)


def test_a_notebook_an_excluded_file_or_an_unparsable_one_brings_them_back(project):
    made = "from heads import LeftOver, Held, ImportedOnly\nLeftOver()\nHeld()\nImportedOnly()\n"
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": made.splitlines(keepends=True)}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (project / "demo.ipynb").write_text(json.dumps(notebook))
    assert found("--no-cache", str(project / "heads.py")) == _heads(project, low=True)
    (project / "demo.ipynb").unlink()
    (project / "pyproject.toml").write_text(
        (project / "pyproject.toml").read_text() + '\n[tool.tfgraph-lint]\nexclude = ["scripts"]\n')
    (project / "scripts").mkdir()
    (project / "scripts" / "run.py").write_text(made)
    assert found("--no-cache", str(project / "heads.py")) == _heads(project, low=True)
    (project / "scripts" / "run.py").write_text(made + "def broken(:\n")
    assert found("--no-cache", str(project / "heads.py")) == _heads(project, low=True)
    (project / "scripts" / "run.py").write_text("def broken(:\n")
    assert found("--no-cache", str(project / "heads.py")) == _heads(project)


def test_the_warm_cache_follows_an_edit_of_the_file_that_makes_the_class(project):
    assert found(str(project)) == marked(project)  # cold
    train = project / "train.py"
    original = train.read_text()
    train.write_text(original.replace("[Used(), Child(), UsedModel()]", "[Used(), Child(), UsedModel(), ImportedOnly()]"))
    lines = (project / "heads.py").read_text().splitlines()
    line = lines.index("class ImportedOnly(tf.keras.layers.Layer):") + 3  # its call's finding
    assert (Path(project / "heads.py").resolve().as_posix(), line, "eager-only-call-in-graph") in found(
        str(project / "heads.py"))
    train.write_text(original)
    assert found(str(project / "heads.py")) == _heads(project)  # warm again: made nowhere again
    (project / "pyproject.toml").write_text("[project]\nname = 'heads'\nversion = '0'\n")
    assert found(str(project / "heads.py")) == _heads(project, low=True)  # a package now


def test_what_a_file_reads_and_which_class_holds_it():
    found = class_mentions(
        "import m\nfrom n import Unused\n\n\nclass Holder(m.Base):\n    default = Made()\n\n"
        "    def __init__(self):\n        self.part = Part()\n        self.name = 'Holder'\n\n\n"
        "@register\nclass Other:\n    pass\n\n\nKEY = 'pkg.Named'\n")
    assert found["classes"] == {"Holder": False, "Other": True}
    assert [None, "Made", 5] in found["reads"] and ["Holder", "Part", 5] in found["reads"]
    assert ["Holder", "Base", 5] in found["reads"] and ["Holder", "m", 5] in found["reads"]
    assert all(name != "Unused" for _, name, _line in found["reads"])
    assert found["strings"] == ["Named"]  # 'Holder' names its own class: no use
    assert not found["dynamic"]
    assert class_mentions("from .a import Unused\n")["reads"] == []  # a package's re-export makes nothing
    assert class_mentions("from utils import eval\neval(model)\n")["dynamic"] is False
    looked = class_mentions("import mod\ngetattr(mod, name)()\n")  # (the view asks what mod binds)
    assert looked["dynamic"] is False and looked["lookups"] == [[0, "mod"]]
    assert class_mentions("from . import mod\ngetattr(mod, name)()\n")["lookups"] == [[1, "mod"]]
    assert class_mentions("import sys\ngetattr(sys.modules[__name__], name)()\n")["dynamic"] is True
    assert class_mentions("from model import *\n")["stars"] == [[0, "model"]]
    assert class_mentions("getattr(self, name)()\n")["dynamic"] is False
    assert class_mentions("def broken(:\n  Net\n") == {"words": ["Net", "broken", "def"]}


def _line_of(project: Path, text: str) -> int:
    return (project / "heads.py").read_text().splitlines().index(text) + 3  # its call's finding


def test_a_class_made_only_after_an_import_that_raises_stays_low(project):
    (project / "agent.py").write_text("from heads import LeftOver, NotInHeads\n\nLeftOver()\n")
    assert found("--no-cache", str(project / "heads.py")) == _heads(project)
    line = _line_of(project, "class LeftOver(tf.keras.layers.Layer):")
    message = next(f["message"] for f in _low(project, project / "heads.py") if f["line"] == line)
    assert ("'LeftOver' is made only by code after an import that raises ImportError "
            "(agent.py:1 asks heads.py for 'NotInHeads', which it does not define)") in message


@pytest.mark.parametrize("agent", [
    "from heads import LeftOver\nLeftOver()\nfrom heads import NotInHeads\n",  # made before it
    "try:\n    from heads import LeftOver, NotInHeads\nexcept ImportError:\n    from heads import LeftOver\n"
    "LeftOver()\n",  # caught
    "from heads import LeftOver, Defined\n\nLeftOver()\n",  # defined in a branch of heads.py
    "from heads import LeftOver, Lazy\n\nLeftOver()\n",  # heads.py's __getattr__ may give it
    "import sys\nsys.path.insert(0, '..')\nfrom heads import LeftOver, NotInHeads\n\nLeftOver()\n",  # elsewhere
])
def test_an_import_that_may_not_raise_keeps_what_follows(project, agent):
    heads = project / "heads.py"
    heads.write_text(heads.read_text() + "\nif tf.__version__:\n    Defined = 1\n")
    if "Lazy" in agent:
        heads.write_text(heads.read_text() + "\n\ndef __getattr__(name):\n    return None\n")
    (project / "agent.py").write_text(agent)
    made = {item for item in _heads(project, low=True) - _heads(project)
            if item[1] in (_line_of(project, "class LeftOver(tf.keras.layers.Layer):"), 7)}
    assert made <= found("--no-cache", str(heads)) and len(made) == 2


def test_what_a_module_defines_at_its_top_level():
    from tfgraph_lint.analysis.class_mentions import class_mentions as mentions

    found = mentions("from a import b, c\nimport d.e\nif x:\n    f = 1\nelse:\n    from g import *\n"
                     "for h in []:\n    pass\n\n\ndef i():\n    j = 2\n\n\nclass K:\n    m = 3\n")
    assert found["defines"] == ["K", "b", "c", "d", "f", "h", "i"]
    assert found["open"] is True  # the star import
    assert found["imports"] == [[0, "a", ["b", "c"], 1]]
    assert mentions("def f():\n    global g\n    g = 1\n")["open"] is True
    assert mentions("def __getattr__(name):\n    pass\n")["open"] is True
    assert mentions("from . import x\n")["imports"] == [[1, "", ["x"], 1]]


def test_a_root_holding_packages_alone_is_a_library_s_layout(tmp_path):
    (tmp_path / "pyproject.toml").write_text("# packages alone at the root, as a wheel unpacks\n")
    shutil.copytree(PROJECTS / "unmade_classes", tmp_path / "pkg", ignore=shutil.ignore_patterns("pyproject.toml"))
    (tmp_path / "pkg" / "__init__.py").write_text("")
    low = {line for _path, line, _symbol in _heads(tmp_path / "pkg", low=True)}
    assert {f["line"] for f in findings("--no-cache", str(tmp_path / "pkg" / "heads.py"))} == low


def test_a_folder_of_scripts_below_the_root_is_no_library_s_layout(tmp_path):
    """The twin of the test above: the same folder with no ``__init__.py`` holds scripts run by
    path (research code's ``experiments/``), which no installed library has."""
    (tmp_path / "pyproject.toml").write_text("# a folder of scripts below the root\n")
    shutil.copytree(PROJECTS / "unmade_classes", tmp_path / "scripts", ignore=shutil.ignore_patterns("pyproject.toml"))
    assert _heads(tmp_path / "scripts", low=True) != _heads(tmp_path / "scripts")
    assert found("--no-cache", str(tmp_path / "scripts" / "heads.py")) == _heads(tmp_path / "scripts")


def test_a_project_with_no_program_of_its_own_keeps_them(project):
    """A folder of layers with no script is a collection that other code makes (a library of
    optimizers copied into users' projects): "made by no code of it" says nothing there."""
    (project / "train.py").write_text(
        "import tensorflow as tf\n\nfrom heads import Used\n\n\ndef build():\n    return tf.keras.Sequential([Used()])\n")
    assert found("--no-cache", str(project / "heads.py")) == _heads(project, low=True)


@pytest.mark.parametrize(("source", "runs"), [
    ("def main():\n    pass\n\n\nif __name__ == '__main__':\n    main()\n", True),
    ("def main():\n    pass\n\n\nmain()\n", True),
    ("import tensorflow as tf\nmodel = tf.keras.Sequential()\nmodel.fit(x, y)\n", True),
    ("for step in range(3):\n    pass\n", True),
    ("import warnings\nimport tensorflow as tf\nwarnings.filterwarnings('ignore')\ntf.random.set_seed(0)\n", False),
    ("class Optimizer:\n    def step(self):\n        pass\n", False),
])
def test_what_runs_a_program(source, runs):
    assert class_mentions(source)["runs"] is runs


LAYERS = ("import tensorflow as tf\n\n\nclass Head(tf.keras.layers.Layer):\n    def call(self, x):\n"
          "        print('head', x)\n        return x\n\n\nclass Tail(tf.keras.layers.Layer):\n"
          "    def call(self, x):\n        return x\n")


@pytest.mark.parametrize(("script", "kept"), [
    ("from layers import Tail\n\nfit(Tail())\n", False),  # its own folder's Head is made nowhere
    ("import layers\n\nfit(layers.Head())\n", True),  # a spelling: any class of that name
    ("from layers import Head\n\nfit(Head())\n", True),
])
def test_a_class_imported_by_name_is_the_one_its_module_defines(tmp_path, script, kept):
    """Two folders of scripts each define ``Head``: ``from layers import Head`` in one makes that
    folder's class, not the other's, which no code makes when its own script does not."""
    (tmp_path / ".git").mkdir()
    fit = "import tensorflow as tf\n\n\ndef fit(layer):\n    tf.keras.Sequential([layer]).fit([1.0], [1.0])\n"
    for folder, text in (("first", "from layers import Head\n\nfit(Head())\n"), ("second", script)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "layers.py").write_text(LAYERS)
        (tmp_path / folder / "train.py").write_text(f"from fitting import fit\n{text}")
        (tmp_path / folder / "fitting.py").write_text(fit)
    every = findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", str(tmp_path))
    levels = {Path(f["path"]).parent.name: f["confidence"] for f in every if f["line"] == 6}
    assert levels == {"first": "INFERENCE", "second": "INFERENCE" if kept else "LOW"}
    assert all(OWN_REASON in f["message"] for f in every if f["confidence"] == "LOW")


def _experiment(root: Path, description: str = "") -> Path:
    """The project's files as one experiment of a repository that keeps several: the scripts in
    ``exp/src/``, the layers in their own package ``exp/src/modules/`` (shaped like
    https://github.com/an-seunghwan/generative, where ``ddpm/src/train*.py`` import ``modules``)."""
    (root / "pyproject.toml").write_text("# a repository of experiments, no package\n")
    src = root / "exp" / "src"
    (src / "modules").mkdir(parents=True)
    shutil.copy(PROJECTS / "unmade_classes" / "heads.py", src / "modules" / "heads.py")
    (src / "modules" / "__init__.py").write_text("")
    train = (PROJECTS / "unmade_classes" / "train.py").read_text(encoding="utf-8")
    (src / "train.py").write_text(train.replace("from heads import", "from modules.heads import"))
    if description:
        (src / "setup.py").write_text(description)
    return src / "modules"


def test_a_package_beside_the_scripts_that_import_it_is_theirs(tmp_path):
    package = _experiment(tmp_path)
    assert _heads(package, low=True) != _heads(package)
    assert found("--no-cache", str(package / "heads.py")) == _heads(package)
    assert found("--no-cache", str(tmp_path)) == _heads(package)


def test_a_package_beside_a_setup_py_is_a_library_s_layout(tmp_path):
    """The twin: the same folder describing a package is what a library's users install."""
    package = _experiment(tmp_path, "from setuptools import setup\n\nsetup(name='heads')\n")
    assert found("--no-cache", str(package / "heads.py")) == _heads(package, low=True)


def test_a_package_with_no_program_beside_it_stays_a_library_s_layout(tmp_path):
    """The twin: the folder it is imported from holds modules but no program (the scripts live in
    another folder of no package), as a library's source folder does."""
    package = _experiment(tmp_path)
    (tmp_path / "runs").mkdir()
    (package.parent / "train.py").rename(tmp_path / "runs" / "train.py")
    (package.parent / "config.py").write_text("def settings():\n    return {}\n")
    assert found("--no-cache", str(package / "heads.py")) == _heads(package, low=True)
