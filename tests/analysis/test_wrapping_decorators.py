"""Decorators of one file that wrap tf.function, applied in another (analysis/wrapping_decorators,
analysis/project_classes): which forms are read, and a cached file follows the decorator's file."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from tests.analysis.test_projects import found_lines
from tfgraph_lint.analysis import module_edges
from tfgraph_lint.analysis.wrapping_decorators import decorators_used, tf_function_wrappers

PROJECT = Path(__file__).resolve().parents[1] / "data" / "projects" / "wrapping_decorators"


def _wrappers(text: str) -> dict[str, list[str]]:
    return tf_function_wrappers(ast.parse(text), module_edges.imports_only(text))


@pytest.mark.parametrize("text, expected", [
    ("import tensorflow as tf\n\ndef d(fn):\n    return tf.function(fn)\n", {"d": ["bare"]}),
    ("from tensorflow import function\n\ndef d(fn):\n    return function(fn, jit_compile=True)\n", {"d": ["bare"]}),
    ("import tensorflow as tf\n\ndef d(fn=None, **kw):\n    if fn is None:\n        return lambda f: d(f, **kw)\n"
     "    return tf.function(fn, **kw)\n", {"d": ["bare", "called"]}),
    ("import tensorflow as tf\n\ndef d(jit):\n    def wrap(fn):\n        return tf.function(fn, jit_compile=jit)\n"
     "    return wrap\n", {"d": ["called"]}),
    # a name that says tf.function, a body that does not
    ("import tensorflow as tf\n\ndef function(fn):\n    return fn\n", {}),
    # tf.function of something else than its function
    ("import tensorflow as tf\n\ndef d(fn):\n    return tf.function(lambda x: x)\n", {}),
    # the function itself returned on some path
    ("import tensorflow as tf\n\ndef d(fn, on=True):\n    if not on:\n        return fn\n    return tf.function(fn)\n", {}),
    # the parameter rebound before it is wrapped
    ("import tensorflow as tf\n\ndef d(fn):\n    fn = other\n    return tf.function(fn)\n", {}),
    # no TensorFlow: a ``tf`` of its own
    ("import mylib as tf\n\ndef d(fn):\n    return tf.function(fn)\n", {}),
])
def test_the_forms_that_wrap_tf_function(text, expected):
    assert _wrappers(text) == expected


def test_decorators_are_listed_as_written():
    tree = ast.parse("@a\n@b.c(1)\n@d[0]\ndef f():\n    pass\n\nclass K:\n    @a\n    def m(self):\n        pass\n")
    assert decorators_used(tree) == [["a", "bare"], ["b.c", "called"]]


def test_a_decorator_that_stops_wrapping_changes_a_cached_file(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(PROJECT, project)
    ops = str(project / "lib" / "ops.py")
    before = found_lines(ops)
    assert 9 in before and 15 in before
    compile_py = project / "lib" / "compile.py"
    compile_py.write_text(compile_py.read_text().replace("    return tf.function(func, **kwargs)", "    return func"))
    after = found_lines(ops)  # the same ops.py text, from the cache
    assert 9 not in after and 15 not in after
    assert after == before - {9, 15}
