"""A tf.function setter's stored tensor, read by a sibling class whose shared base is imported:
from a module of the project it makes a family (reported), from a library it does not (silent)."""

from __future__ import annotations

from tfgraph_lint.core.config import Config
from tfgraph_lint.engine import lint_source

SIBLINGS = '''
import tensorflow as tf
from {module} import Unit


class Leaky(Unit):
    def predict(self, x):
        return tf.nn.leaky_relu(x, self.parameters[0])


class Prelu(Unit):
    @tf.function
    def update_parameters(self, slopes):
        self.parameters = [slopes[0]]
'''


def _stored(tmp_path, module: str) -> list[int]:
    path = tmp_path / "models" / "activations.py"
    findings = lint_source(SIBLINGS.format(module=module), str(path), Config.every_rule())
    return [finding.line for finding in findings if finding.rule.code == "TFG105"]


def test_a_base_from_a_module_of_the_project_makes_a_family(tmp_path):
    package = tmp_path / "models"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text("class Unit:\n    parameters = ()\n")
    (package / "activations.py").write_text(SIBLINGS.format(module="models.base"))
    setter = SIBLINGS.splitlines().index("        self.parameters = [slopes[0]]") + 1
    assert _stored(tmp_path, "models.base") == [setter]


def test_a_base_from_a_library_makes_none(tmp_path):
    (tmp_path / "models").mkdir()
    assert _stored(tmp_path, "somelibrary.base") == []
