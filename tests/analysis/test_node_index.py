"""The one-walk node index answers exactly what astroid's nodes_of_class would."""

from __future__ import annotations

import gc
import inspect
import sys
import weakref
from pathlib import Path

import astroid
import pytest
from astroid import nodes
from astroid.nodes._base_nodes import LookupMixIn

from tfgraph_lint import engine
from tfgraph_lint.analysis import node_index
from tfgraph_lint.analysis.node_index import NodeIndex, descendants
from tfgraph_lint.core.config import Config

_original_stack_walk = node_index._walk_with_a_stack

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "fixtures").glob("*/*.py")) + sorted((ROOT / "tests" / "rules" / "cases").glob("*.py"))
QUERIES = (
    (nodes.Call,),
    (nodes.AssignAttr,),
    (nodes.FunctionDef,),  # AsyncFunctionDef too: a subclass
    (nodes.FunctionDef, nodes.ClassDef, nodes.Call),
    (nodes.Global, nodes.Nonlocal),
    (nodes.Name, nodes.Subscript),
    (nodes.NodeNG,),  # every node
)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_subtree_and_query_matches_nodes_of_class(path: Path):
    module = astroid.parse(path.read_text(encoding="utf-8"), module_name="example")
    index = NodeIndex(module)
    for node in module.nodes_of_class(nodes.NodeNG):
        for types in QUERIES:
            assert index.descendants(node, types) == list(node.nodes_of_class(types)), (node, types)


def test_deeply_nested_code_is_indexed():
    depth = 400
    module = astroid.parse("x = " + "-" * depth + "1\n")
    assert len(descendants(module, nodes.UnaryOp)) == depth


def test_a_node_outside_the_indexed_tree_is_walked_directly():
    module = astroid.parse("def f():\n    g(h(1))\n")
    call = module.body[0].body[0].value
    detached = call.args[0]
    detached.parent = None  # now its own root, not a Module
    assert descendants(detached, nodes.Call) == [detached]


def test_only_the_latest_modules_are_kept():
    modules = [astroid.parse(f"f({i})\n") for i in range(node_index._KEEP + 3)]
    for module in modules:
        assert [call.args[0].value for call in descendants(module, nodes.Call)] == [modules.index(module)]
    assert len(node_index._RECENT) == node_index._KEEP
    # A module dropped from the memo is indexed again, with the same answer.
    assert [call.args[0].value for call in descendants(modules[0], nodes.Call)] == [0]


def test_a_tree_deeper_than_the_stack_allows_is_walked_without_recursion(monkeypatch):
    module = astroid.parse("x = " + "-" * 300 + "1\n")
    depth = len(inspect.stack())
    recursive = []
    monkeypatch.setattr(node_index, "_walk_with_a_stack", lambda m, add: recursive.append("stack")
                        or _original_stack_walk(m, add))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 150)  # enough for this test, not for 300 levels of recursion
    try:
        index = NodeIndex(module)
    finally:
        sys.setrecursionlimit(limit)
    assert recursive == ["stack"]
    assert index.descendants(module, (nodes.UnaryOp,)) == list(module.nodes_of_class(nodes.UnaryOp))


def test_a_child_its_parent_does_not_list_still_gets_its_subtree():
    module = astroid.parse("def f():\n    return g(h(1), k(2))\n")
    outer = module.body[0].body[0].value
    inner = outer.args[0]
    index = NodeIndex(module)
    outer.args = []  # the parent no longer lists it; the walk already numbered it
    assert index.descendants(inner, (nodes.Call,)) == [inner]
    assert index.descendants(inner, (nodes.Const,)) == [inner.args[0]]


def test_linted_modules_are_freed_with_what_was_remembered_about_them(monkeypatch):
    """Memos hold nodes of the module they describe; they must not keep old modules alive."""
    parsed = []
    parse = engine._parse_uncached

    def recording_parse(text, path):
        module = parse(text, path)
        parsed.append(weakref.ref(module))
        return module

    monkeypatch.setattr(engine, "_parse_uncached", recording_parse)
    source = ("import tensorflow as tf\nimport numpy as np\n\n@tf.function\ndef step(x):\n"
              "    helper(x)\n    return x + np.random.rand()\n\ndef helper(y):\n    print(y)\n\n"
              "class Model:\n    def __init__(self):\n        self.fn = tf.function(self._fn)\n\n"
              "    def _fn(self, x):\n        return x\n\n    def run(self):\n"
              "        for i in range(3):\n            self.fn(i)\n")
    for number in range(6):
        assert engine.lint_source(source, f"m{number}.py")  # resolved names, look-ups, callables
    # astroid's own caches hold nodes too: its bounded look-up cache, the object models of the
    # nodes whose special attributes were looked up, and the inference it does while building
    # trees (the class's ``self.fn = ...``); which modules they hold depends on object addresses.
    # Only what we keep is tested here.
    astroid.MANAGER.clear_cache()
    gc.collect()
    alive = [ref for ref in parsed if ref() is not None]
    assert len(parsed) == 6 and len(alive) <= node_index._KEEP


def test_the_engine_forgets_a_module_once_it_is_analysed():
    module = astroid.parse("import tensorflow as tf\n\n@tf.function\ndef f(x):\n    print(x)\n")
    findings = engine.analyze_module(module, "m.py", Config())
    assert [finding.code for finding in findings] == ["TFG101"]
    assert all(entry[0] is not module for entry in node_index._RECENT.values())
    assert node_index._latest is None or node_index._latest.module is not module


def test_the_analysis_leaves_astroids_shared_lookup_cache_alone():
    """Pylint's checkers share astroid's small look-up cache; our look-ups are remembered apart."""
    module = astroid.parse("import tensorflow as tf\nimport numpy as np\n\n@tf.function\ndef f(x):\n"
                           "    y = np.random.rand()\n    print(x, y)\n    return helper(x)\n\n"
                           "def helper(z):\n    return z\n")
    LookupMixIn.lookup.cache_clear()
    findings = engine.analyze_module(module, "m.py", Config())
    assert {finding.code for finding in findings} >= {"TFG101", "TFG102"}
    assert LookupMixIn.lookup.cache_info().currsize == 0


def test_forgetting_the_memos_keeps_the_walk_and_drops_what_was_remembered():
    module = astroid.parse("def f(x):\n    return g(x)\n")
    call = next(module.nodes_of_class(nodes.Call))
    node_index.remembered(call, "lookups")[call] = "found"
    index = node_index.index_of(module)
    node_index.forget_memos(module)
    assert node_index.index_of(module) is index  # not walked again
    assert node_index.remembered(call, "lookups") == {}  # the second analysis starts afresh
    node_index.forget(module)
    assert node_index.index_of(module) is not index


def test_a_second_analysis_keeps_the_tables_the_tree_decides():
    module = astroid.parse("def f(x):\n    return g(x)\n")
    call = next(module.nodes_of_class(nodes.Call))
    node_index.remembered(call, "of the tree", node_index.TREE)[call] = "bound"
    node_index.remembered(call, "of the aliases", node_index.ALIASES)[call] = "tensorflow.function"
    node_index.remembered(call, "of the configuration")[call] = "traced"
    node_index.forget_memos(module, same_aliases=True)
    assert node_index.remembered(call, "of the tree") == {call: "bound"}
    assert node_index.remembered(call, "of the aliases") == {call: "tensorflow.function"}
    assert node_index.remembered(call, "of the configuration") == {}
    node_index.forget_memos(module)  # other aliases: what they decide goes too
    assert node_index.remembered(call, "of the tree") == {call: "bound"}
    assert node_index.remembered(call, "of the aliases") == {}
    node_index.forget(module)


def test_what_the_imports_decide_is_kept_only_when_aliases_and_definitions_are_the_same():
    module = astroid.parse("def f(x):\n    return g(x)\n")
    fn = next(module.nodes_of_class(nodes.FunctionDef))
    for same_aliases, same_definitions, kept in [(True, True, True), (True, False, False), (False, True, False)]:
        node_index.remembered(fn, "of the imports", node_index.IMPORTS)[fn] = "its own nodes"
        node_index.forget_memos(module, same_aliases, same_definitions)
        assert node_index.remembered(fn, "of the imports") == ({fn: "its own nodes"} if kept else {})
    node_index.forget(module)
