"""A base class's tf.function setter stores its tensor argument on ``self``, and only subclasses in
other files of the project read the attribute (analysis/subclass_reads): the store is reported in
the base's file (TFG105); an attribute no subclass reads, and a class whose subclasses elsewhere
read other attributes, stay silent.

In the shape of https://github.com/alpha-davidson/TensorBNN/issues/2: ``Layer.updateParameters``
(``layer.py``) sets ``self.parameters``; the activation layers of ``activations.py`` read it."""

from __future__ import annotations

import ast
import json

from click.testing import CliRunner

from tfgraph_lint.analysis.subclass_reads import file_self_reads
from tfgraph_lint.cli.commands import cli

BASES = """import tensorflow as tf


class Unit(object):
    def __init__(self, seed):
        self.seed = seed

    @tf.function
    def update_parameters(self, tensors):
        self.parameters = tensors

    @tf.function
    def update_scratch(self, tensors):
        self.scratch = tensors


class Plain(object):
    @tf.function
    def update_parameters(self, tensors):
        self.parameters = tensors
"""

SUBCLASSES = """import tensorflow as tf

from pkg.bases import Plain, Unit


class Leaky(Unit):
    def predict(self, x):
        return tf.nn.leaky_relu(x, self.parameters[0])


class Other(Plain):
    def predict(self, x):
        return x * self.seed
"""


def _stored_lines(tmp_path) -> set[int]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pkg'\n")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    bases = package / "bases.py"
    bases.write_text(BASES)
    (package / "activations.py").write_text(SUBCLASSES)
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(cli, ["check", "--no-cache", "--format", "json", str(bases)])
    assert result.exit_code in (0, 1), result.output
    return {f["line"] for f in json.loads(result.stdout) if f["code"] == "TFG105"}


def test_a_store_that_only_subclasses_in_other_files_read_is_reported(tmp_path):
    lines = BASES.splitlines()
    read = lines.index("        self.parameters = tensors") + 1  # Unit's, read by Leaky
    assert _stored_lines(tmp_path) == {read}


def _self_reads(source: str) -> dict[str, list[str]]:
    tree = ast.parse(source)
    return file_self_reads(tree, list(ast.walk(tree)))


def test_which_attributes_classes_read_of_self():
    assert _self_reads(SUBCLASSES) == {"Leaky": ["parameters"], "Other": ["seed"]}
    assert _self_reads("class Free:\n    def f(self):\n        return self.x\n") == {}


def test_reads_are_given_to_the_class_whose_lines_hold_them():
    """A function between two classes reads ``self`` too; a class's decorator is part of it."""
    source = ("class A(Base):\n    def f(self):\n        return self.a\n\n\n"
              "def helper(self):\n    return self.outside\n\n\n"
              "@register(self.decorated)\nclass B(Base):\n    def g(self):\n        return self.b\n")
    assert _self_reads(source) == {"A": ["a"], "B": ["b", "decorated"]}
