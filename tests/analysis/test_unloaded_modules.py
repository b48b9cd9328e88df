"""A module that no file of a project names, and that runs no code of its own, is never loaded: its
classes are made by no code, even a decorated one whose name a used class shares (a backup copy of
a loss: tests/data/projects/unmade_classes, with such a file added). A file that names the module
in an import or a string, or code of the module's own, brings its findings back; a commented-out
import does not."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tfgraph_lint.analysis.class_mentions import class_mentions
from tests.analysis.test_projects import PROJECTS, findings

BACKUP = '''"""A backup copy of a layer that the training script imports from heads.py."""
import tensorflow as tf


@tf.keras.utils.register_keras_serializable()
class Used(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()
'''
LINE = 8  # the .numpy() of the backup's call
REASON = ("no file of this project imports or names heads_backup.py, which holds 'Used' and runs no code "
          "of its own, and the project ships no package")


@pytest.fixture
def project(tmp_path) -> Path:
    copy = tmp_path / "unmade_classes"
    shutil.copytree(PROJECTS / "unmade_classes", copy)
    (copy / "heads_backup.py").write_text(BACKUP)
    return copy


def _backup_findings(project: Path) -> list[dict]:
    every = findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", str(project))
    return [f for f in every if Path(f["path"]).name == "heads_backup.py" and f["line"] == LINE]


def test_a_module_nothing_loads_makes_no_class(project):
    [finding] = _backup_findings(project)
    assert finding["confidence"] == "LOW" and REASON in finding["message"]


@pytest.mark.parametrize("edit", [
    ("train.py", "import heads_backup\n"),
    ("train.py", "from heads_backup import *\n"),
    ("train.py", "def old():\n    from heads_backup import Used\n    return Used\n"),
    ("scripts.py", "MODULES = ['heads_backup']\n"),
    ("heads_backup.py", "\nif __name__ == '__main__':\n    tf.keras.Sequential([Used()]).predict(tf.ones((2, 4)))\n"),
])
def test_a_module_named_elsewhere_or_running_code_of_its_own_keeps_them(project, edit):
    name, text = edit
    path = project / name
    path.write_text((path.read_text() if path.exists() else "") + text)
    [finding] = _backup_findings(project)
    assert finding["confidence"] != "LOW"


def test_a_commented_out_import_loads_nothing(project):
    train = project / "train.py"
    train.write_text(train.read_text() + "# from heads_backup import Used\n")
    [finding] = _backup_findings(project)
    assert finding["confidence"] == "LOW"


def test_a_top_folder_imported_by_dotted_path_is_a_library_s_namespace_package(tmp_path):
    """A root holding one folder with no ``__init__.py``, whose files import each other as
    ``lib.…``: a library laid out as a namespace package; its modules are for users to import,
    though no file of it does. Its twin, a folder of scripts no file imports by dotted path, is
    judged."""
    root = tmp_path / "proj"
    for folder, other in (("lib", "from lib.tools import helper\n"), ("scripts", "from tools import helper\n")):
        (root / folder / "optim").mkdir(parents=True, exist_ok=True)
        (root / folder / "optim" / "backup.py").write_text(BACKUP)
        (root / folder / "tools.py").write_text("def helper():\n    return 1\n")
        (root / folder / "run.py").write_text(other + "\nprint(helper())\n")
        (root / ".git").mkdir(exist_ok=True)
        every = findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", str(root / folder))
        [finding] = [f for f in every if Path(f["path"]).name == "backup.py"]
        assert (finding["confidence"] == "LOW") is (folder == "scripts"), finding
        shutil.rmtree(root / folder)


def test_locals_in_a_function_that_imports_nothing_looks_up_no_class():
    assert class_mentions("def make(a, b):\n    return Net(**locals())\n")["dynamic"] is False
    assert class_mentions("make = lambda a: Net(**locals())\n")["dynamic"] is False
    assert class_mentions("def make(name):\n    from nets import Net\n    return locals()[name]()\n")["dynamic"]
    assert class_mentions("registry = locals()\n")["dynamic"] is True  # the module's namespace
    assert class_mentions("class Holder:\n    names = locals()\n")["dynamic"] is True


def test_a_package_folder_whose_programs_import_siblings_by_bare_name_is_the_scripts_own(tmp_path):
    """A folder with an ``__init__.py`` whose training script imports its siblings by bare name
    (``from heads import ...``, run as ``python train.py`` from there) is the scripts' own: its
    classes no code makes are judged. The twin imports them through the package (``from
    exp.heads import ...``), as a library's code does: not judged."""
    for bare in (True, False):
        root = tmp_path / ("bare" if bare else "dotted")
        shutil.copytree(PROJECTS / "unmade_classes", root / "exp", ignore=shutil.ignore_patterns("pyproject.toml"))
        (root / ".git").mkdir()
        (root / "exp" / "__init__.py").write_text("")
        (root / "tools").mkdir()
        (root / "tools" / "plot.py").write_text("def plot(x):\n    return x\n")
        train = root / "exp" / "train.py"
        if not bare:
            train.write_text(train.read_text().replace("from heads import", "from exp.heads import")
                             .replace("from blocks import", "from exp.blocks import"))
        every = findings("--no-cache", "--confidence", "HIGH,INFERENCE,LOW", str(root))
        lines = (root / "exp" / "heads.py").read_text().splitlines()
        only_left_over = {lines.index("def draw(x):") + 2, lines.index("class LeftOver(tf.keras.layers.Layer):") + 3}
        left_over = [f for f in every if Path(f["path"]).name == "heads.py" and f["line"] in only_left_over]
        assert left_over and all((f["confidence"] == "LOW") is bare for f in left_over), left_over
