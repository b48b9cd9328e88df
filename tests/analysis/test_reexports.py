"""What a project module hands on as TensorFlow or Keras (analysis/reexports), on module texts."""

from __future__ import annotations

from tfgraph_lint.analysis import module_edges
from tfgraph_lint.analysis.reexports import import_key, project_aliases

SHIM = """import os

if os.environ.get("KERAS_CORE"):
    from keras_core.random import *  # noqa: F403
else:
    from keras.random import *  # noqa: F403
"""
# The shim plus functions of its own (keras-team/keras-cv's keras_cv/src/backend/random.py).
SHIM_WITH_OWN_FUNCTIONS = SHIM + """

def uniform(shape, seed=None):
    return _draw(seed)
"""


class _Graph:
    """The two questions project_aliases asks of the project: imports, and where a module is."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts
        self.imports = {"layer.py": {"noise": ("pkg", 0, "noise")}}

    def resolve_module(self, importer: str, module: str, level: int) -> str | None:
        return "pkg/noise.py" if module == "pkg.noise" else None


def _aliases(noise_text: str) -> dict[str, str]:
    graph = _Graph({"pkg/noise.py": noise_text})
    return project_aliases(graph, "layer.py", lambda real: module_edges.exports(graph.texts[real]),
                           lambda real, name: real in graph.texts)


def test_a_module_that_is_keras_random_by_star_import_is_keras_random():
    assert _aliases(SHIM) == {"pkg.noise": "keras.random"}


def test_a_module_that_adds_its_own_functions_is_not():
    assert module_edges.exports(SHIM_WITH_OWN_FUNCTIONS)["defines"]
    assert _aliases(SHIM_WITH_OWN_FUNCTIONS) == {}


class _RelativeGraph:
    """``pkg/features.py`` imports ``tf`` from its sibling ``pkg/base.py`` by a relative import."""

    def __init__(self) -> None:
        self.texts = {"pkg/base.py": "import numpy as np\nimport tensorflow as tf\n"}
        self.imports = {"pkg/features.py": {"tf": ("base", 1, "tf"), "np": ("base", 1, "np"),
                                            "helpers": ("", 1, "helpers")}}

    def resolve_module(self, importer: str, module: str, level: int) -> str | None:
        return "pkg/base.py" if (module, level) == ("base", 1) else None


def test_tensorflow_through_a_relative_import_is_keyed_with_its_dots():
    graph = _RelativeGraph()
    aliases = project_aliases(graph, "pkg/features.py", lambda real: module_edges.exports(graph.texts[real]),
                              lambda real, name: real in graph.texts)
    assert aliases == {".base.tf": "tensorflow"}  # NumPy and the package's own module: not TensorFlow


def test_an_import_key_keeps_the_level_apart_from_absolute_names():
    assert import_key("base", 1, "tf") == ".base.tf"
    assert import_key("", 2, "tf") == "..tf"
    assert import_key("pkg.base", 0, "tf") == "pkg.base.tf"
    assert import_key("tensorflow", 0, None) == "tensorflow"
