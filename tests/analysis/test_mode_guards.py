"""Project functions that only ask TensorFlow's execution mode (analysis/mode_guards): which
bodies are read as mode guards, decided by what they do, never by their names."""

from __future__ import annotations

import ast

import pytest

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
