"""Project functions that only ask TensorFlow's execution mode (analysis/mode_guards): which
bodies are read as mode guards, decided by what they do, never by their names."""

from __future__ import annotations

import ast

import pytest

from tests.analysis.test_projects import found_lines
from tfgraph_lint.analysis.mode_guards import file_mode_guards, guards_called

_OPTIONAL = "try:\n    import tensorflow as tf\nexcept ImportError:\n    tf = None\n\n"


@pytest.mark.parametrize("text, expected", [
    (_OPTIONAL + "def g():\n    if tf is None:\n        return False\n    return not tf.executing_eagerly()\n",
     {"g": "orelse"}),
    ("import tensorflow as tf\n\ndef g():\n    return tf.executing_eagerly()\n", {"g": "body"}),
    ("import tensorflow as tf\n\ndef g(strict=True):\n    return tf.inside_function()\n", {"g": "orelse"}),
    # a name that says the mode, a body that asks something else
    ("import tensorflow as tf\n\ndef in_tf_function():\n    return tf.is_tensor(x)\n", {}),
    # more than the mode test
    ("import tensorflow as tf\n\ndef g():\n    print('asked')\n    return tf.executing_eagerly()\n", {}),
    ("import tensorflow as tf\n\ndef g(flag):\n    return not tf.executing_eagerly()\n", {}),
    # a ``tf`` that is not TensorFlow
    ("import mylib as tf\n\ndef g():\n    return tf.executing_eagerly()\n", {}),
    # decorated: the decorator may change what it returns
    ("import tensorflow as tf\n\n@cache\ndef g():\n    return tf.executing_eagerly()\n", {}),
])
def test_which_defs_are_mode_guards(text, expected):
    assert file_mode_guards(ast.parse(text)) == expected


def test_the_calls_in_if_tests_are_the_candidates():
    tree = ast.parse("if not a or m.b():\n    pass\nif c(1):\n    pass\nx = d() if e() else 0\nf()\n")
    assert sorted(guards_called(tree)) == ["e", "m.b"]


def test_a_guard_that_stops_asking_the_mode_changes_a_cached_file(tmp_path):
    import shutil
    from pathlib import Path

    project = tmp_path / "project"
    shutil.copytree(Path(__file__).resolve().parents[1] / "data" / "projects" / "mode_guards", project)
    layers = str(project / "lib" / "layers.py")
    line = next(i for i, text in enumerate(Path(layers).read_text().splitlines(), 1)
                if "return random.random() * inputs" in text and "low" not in text and "[" not in text)
    assert line not in found_lines(layers)
    modes = project / "lib" / "modes.py"
    modes.write_text(modes.read_text().replace("    return not tf.executing_eagerly()\n",
                                               "    return not tf.is_tensor(1)\n", 1))
    assert line in found_lines(layers)  # the same layers.py text, its findings from the cache before
