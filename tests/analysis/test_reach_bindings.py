"""What binds a name, for the project view's reach (analysis/code_reach): a store through
``globals()["name"]`` binds the module's ``name`` to what it stores and reads nothing, and an
annotation alone (``y: int``) binds nothing. Each harmless case has a twin the file does not show
(tests/data/projects/eager_keras: the classes its programs make are LOW only while nothing traced
may reach them)."""

from __future__ import annotations

import pytest

from tests.analysis.test_eager_tracing_reach import DATA, MADE, project  # noqa: F401 (a fixture)
from tests.analysis.test_projects import found, marked

from tfgraph_lint.analysis.project_tracing import tracing_shown

HEAD = "import tensorflow as tf\nfrom nets import Net\n\n"
MAP = "\n\ntf.data.Dataset.range(3).map(apply)\n"


# (a mapped function whose reach the file shows, its twin that reads what the file does not show)
PAIRS = {
    "a constant key stored through globals()": (
        "def apply(x):\n    globals()['LAST'] = 1\n    return x\n" + MAP,
        "def apply(x):\n    globals()['net'] = make()\n    return net(x)\n" + MAP),
    "a name bound through globals() elsewhere": (
        "def setup():\n    globals()['net'] = Net()\n\n\ndef apply(x):\n    return net(x)\n" + MAP,
        "def setup(key):\n    globals()[key] = make()\n\n\nnet = Net()\n\n\ndef apply(x):\n    return net(x)\n" + MAP),
    "an annotation alone": (
        "def apply(x):\n    y: int\n    y = 2\n    return x * y\n" + MAP,
        "def apply(x):\n    y: int\n    y = make()\n    return y(x)\n" + MAP),
}


@pytest.mark.parametrize("shown, unknown", PAIRS.values(), ids=PAIRS.keys())
def test_what_binds_a_name_the_reach_follows(shown, unknown):
    assert isinstance(tracing_shown(HEAD + shown), list)
    assert tracing_shown(HEAD + unknown) is True


def test_globals_read_for_a_value_is_not_shown():
    assert tracing_shown(HEAD + "def apply(x):\n    return globals()['net'](x)\n" + MAP) is True


# (a program whose mapped function keeps a seed through globals() or annotates a local, its twin
# whose mapped function runs the model the program made)
PROJECT_PAIRS = {
    "globals() store": ("def apply(x):\n    globals()['SEED'] = 0\n    return x\n\n\n",
                        "def apply(x):\n    globals()['SEED'] = 0\n    return model(x)\n\n\n"),
    "annotation alone": ("def apply(x):\n    y: float\n    y = 2.0\n    return x * y\n\n\n",
                         "def apply(x):\n    y: float\n    y = model\n    return y(x)\n\n\n"),
}


@pytest.mark.parametrize("harmless, twin", PROJECT_PAIRS.values(), ids=PROJECT_PAIRS.keys())
def test_a_mapped_function_that_binds_names_so_leaves_the_classes_eager(project, harmless, twin):  # noqa: F811
    train = project / "train.py"
    train.write_text(MADE + harmless + f"{DATA}.map(apply)\n")
    assert found("--no-cache", str(project)) == marked(project)  # the eager classes' hazards LOW
    train.write_text(MADE + twin + f"{DATA}.map(apply)\n")
    assert found("--no-cache", str(project)) == marked(project, low=True)
