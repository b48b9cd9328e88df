"""The project view asks a file with no graph code what it does with the instances it makes only
where that can weigh a finding: the class may be a Keras class with methods Keras traces; and a
marker seed alone (``Cls.<made, run eagerly>``) costs a file with no graph code no analysis."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tfgraph_lint import engine
from tfgraph_lint.analysis import module_edges
from tfgraph_lint.analysis.project_graph import ProjectGraph
from tfgraph_lint.analysis.screen import may_define_keras_methods
from tfgraph_lint.cli.view_bases import project_bases
from tfgraph_lint.cli.view_instance_targets import instance_files
from tfgraph_lint.core import records
from tfgraph_lint.core.config import Config

NETS = ("import tensorflow as tf\n\n\nclass Policy(tf.keras.Model):\n"
        "    def call(self, x):\n        print(x)\n        return x\n")
SETTINGS = "import dataclasses\n\n\n@dataclasses.dataclass\nclass Settings:\n    size: int = 2\n"
FILES = {
    "nets.py": NETS,
    "settings.py": SETTINGS,
    "pkg/__init__.py": "from nets import Policy\nfrom settings import Settings\n",
    "plain/__init__.py": "from settings import Settings\n",
    "makes_policy.py": "from nets import Policy\n\nmodel = Policy()\n",
    "makes_policy_through_a_package.py": "from pkg import Policy\n\nmodel = Policy()\n",
    "makes_from_the_package_module.py": "import pkg\n\nmodel = pkg.Policy()\n",
    "makes_settings.py": "from settings import Settings\n\nsettings = Settings()\n",
    "makes_settings_through_a_package.py": "import plain\n\nsettings = plain.Settings()\n",
    "lower_case_name.py": "from nets import Policy as policy\n\nmodel = policy()\n",
}


def _asked(tmp_path: Path) -> set[str]:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    root = os.path.realpath(tmp_path)
    texts = {os.path.join(root, name): text for name, text in FILES.items()}
    graph = ProjectGraph(root, {real: module_edges.imports_only(text) for real, text in texts.items()},
                         lambda real: module_edges.summary(texts[real]))
    bases = {real: project_bases(graph, real) for real in texts}
    found = instance_files(graph, bases, lambda real: may_define_keras_methods(texts[real], Config()))
    return {os.path.relpath(real, root) for real in found}


def test_only_files_that_may_make_a_keras_class_with_traced_methods_are_asked(tmp_path):
    assert _asked(tmp_path) == {"makes_policy.py", "makes_policy_through_a_package.py",
                                "makes_from_the_package_module.py", "pkg/__init__.py"}


def test_the_keras_module_test_needs_a_traced_method_and_the_screen():
    assert may_define_keras_methods(NETS, Config())
    assert not may_define_keras_methods(NETS.replace("def call", "def helper"), Config())
    assert not may_define_keras_methods(NETS, Config(keras_methods=False))
    assert not may_define_keras_methods("class Policy:\n    def call(self, x):\n        return x\n", Config())


@pytest.mark.parametrize("seed, analysed", [("Policy.<made, run eagerly>", False), ("helper", True)])
def test_a_marker_seed_alone_asks_no_analysis_of_a_file_with_no_graph_code(tmp_path, monkeypatch, seed, analysed):
    path = tmp_path / "helpers.py"
    text = "import tensorflow as tf\n\n\ndef helper(x):\n    return x\n"
    path.write_text(text)
    config = records.replace(Config(), imported_seeds=((os.path.realpath(path), ((seed, "graph code elsewhere"),)),))
    parsed = []
    real_lint = engine._lint_parsed
    monkeypatch.setattr(engine, "_lint_parsed", lambda *args, **kwargs: parsed.append(args) or real_lint(*args, **kwargs))
    assert engine.lint_source(text, str(path), config) == []
    assert bool(parsed) is analysed
