"""The analysis's trees are built from the file's text alone, without astroid's inference."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from astroid.manager import AstroidManager

from tfgraph_lint.analysis.names import lookup
from tfgraph_lint.analysis.parsing import lexical_builtins, parse_module

# Each line makes astroid.parse infer, and so read another module: a star import (the module's
# names), an enum base (its brain transform walks the bases), `self.x = ...` (instance attributes).
INFERRING = textwrap.dedent(
    """
    import enum
    from json import *
    import tensorflow as tf

    class Colour(enum.Enum):
        RED = 1

    class Block(tf.keras.layers.Layer):
        def build(self, shape):
            self.width = shape[-1]
    """
)


def test_building_a_tree_reads_no_other_module():
    cache = AstroidManager().astroid_cache
    before = set(cache)
    module = parse_module(INFERRING, "inferring", "inferring.py")
    assert set(cache) == before, "astroid read (or cached) modules while building the tree"
    assert {"enum", "tf", "Colour", "Block"} <= set(module.locals)
    assert "dumps" not in module.locals  # a star import's names are not read, so not bound


def test_lookups_reach_builtins_and_leave_no_stand_in_behind():
    module = parse_module("def f(x):\n    print(x)\n    return undefined_name\n", "m", "m.py")
    call = module.body[0].body[0].value
    cache = AstroidManager().astroid_cache
    had_builtins = "builtins" in cache
    with lexical_builtins():
        scope, bound = lookup(call.func, "print")
        assert scope is not None and scope.name == "builtins" and bound
        scope, bound = lookup(call.func, "undefined_name")
        assert scope is not None and scope.name == "builtins" and not bound
    assert ("builtins" in cache) == had_builtins


# In a fresh interpreter: lint a file, then let astroid infer as Pylint would in the same process.
FRESH_PROCESS = textwrap.dedent(
    """
    import astroid
    from astroid import raw_building
    from tfgraph_lint import engine

    findings = engine.lint_source(
        "import tensorflow as tf\\n\\n@tf.function\\ndef f(x):\\n    print(x)\\n    return len(x)\\n", "f.py")
    assert [f.code for f in findings] == ["TFG101"], findings
    assert not raw_building.InspectBuilder.bootstrapped, "astroid built its model of builtins"
    assert astroid.extract_node("len([1, 2])").inferred()[0].value == 2
    print("ok")
    """
)


def test_linting_needs_no_builtins_model_and_later_inference_still_works():
    run = subprocess.run([sys.executable, "-c", FRESH_PROCESS], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr


def test_a_tree_is_astroid_s_but_for_the_positions_of_def_and_class_headers():
    import astroid

    text = ("# type: ignore\nclass Net:\n    @staticmethod\n    async def run(x):  # type: (int) -> int\n"
            "        return [y for y in x]\n\n\ndef build():\n    return Net()\n")
    ours = parse_module(text, "pkg.__init__", "pkg/__init__.py")
    theirs = astroid.parse(text, "pkg.__init__", "pkg/__init__.py")
    kinds = (astroid.nodes.ClassDef, astroid.nodes.FunctionDef)
    headers = list(theirs.nodes_of_class(kinds))
    assert [node.position is not None for node in headers] == [True, True, True]  # what an editor highlights
    for node in headers:
        node.position = None
    assert ours.repr_tree(include_linenos=True) == theirs.repr_tree(include_linenos=True)
    assert (ours.name, ours.package, ours.file, ours.file_bytes) == (theirs.name, theirs.package, theirs.file,
                                                                     theirs.file_bytes)
    assert [node.position for node in ours.nodes_of_class(kinds)] == [None, None, None]


def test_text_python_cannot_parse_raises_astroid_s_syntax_error():
    from astroid.exceptions import AstroidSyntaxError

    with pytest.raises(AstroidSyntaxError) as raised:
        parse_module("def f(:\n    pass\n", "broken", "broken.py")
    assert isinstance(raised.value.error, SyntaxError) and raised.value.error.lineno == 1
