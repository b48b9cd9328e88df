"""TensorFlow that a file takes from a project module by star import (``from ops import *``, ops
doing ``import tensorflow as tf``): the project view says what ``tf`` is there (analysis/reexports,
names), so its tf.functions are graph code; a name the module binds to something else is not."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tfgraph_lint.analysis import module_edges
from tfgraph_lint.analysis.reexports import project_aliases
from tfgraph_lint.cli.commands import cli

TRAIN = """from tensorflow.python.data.experimental import AUTOTUNE
from ops import *


class Trainer:
    def __init__(self, weight):
        self.weight = weight

    @{decorator}
    def step(self, x):
        return self.weight * x

    def train(self, batches):
        for index, x in enumerate(batches):
            self.weight = 1.0 / (1 + index)
            self.step(x)
"""


def _lines(root: Path) -> set[int]:
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(cli, ["check", "--no-cache", "--format", "json", str(root / "train.py")])
    assert result.exit_code in (0, 1), result.output
    return {f["line"] for f in json.loads(result.stdout)}


def _project(tmp_path: Path, ops: str, decorator: str = "tf.function") -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'gan'\n")
    (tmp_path / "ops.py").write_text(ops)
    (tmp_path / "train.py").write_text(TRAIN.format(decorator=decorator))
    return tmp_path


def test_tensorflow_star_imported_from_a_project_module_is_tensorflow(tmp_path):
    root = _project(tmp_path, "import numpy as np\nimport tensorflow as tf\n\n\ndef lrelu(x):\n    return tf.nn.leaky_relu(x)\n")
    assert _lines(root) == {11}  # self.weight, rebound by train() between calls


def test_a_name_the_module_binds_to_something_else_is_not(tmp_path):
    root = _project(tmp_path, "import numpy as tf\n")
    assert _lines(root) == set()


class _Graph:
    imports: dict = {}

    def resolve_module(self, importer: str, module: str, level: int) -> str | None:
        return "ops.py" if module == "ops" else None


def test_only_public_names_bound_to_tensorflow_or_keras_are_handed_on():
    texts = {"train.py": "from ops import *\nfrom numpy import *\n",
             "ops.py": "import tensorflow as tf\nimport tensorflow as _tf\nimport numpy as np\nfrom tensorflow import keras\n"}
    found = project_aliases(_Graph(), "train.py", lambda real: module_edges.exports(texts[real]),
                            lambda real, name: True)
    assert found == {"*.tf": "tensorflow", "*.keras": "keras"}
