"""The one-walk node index answers exactly what astroid's nodes_of_class would."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import astroid
import pytest
from astroid import nodes

from tfgraph_lint import node_index
from tfgraph_lint.node_index import NodeIndex, descendants

_original_stack_walk = node_index._walk_with_a_stack

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "fixtures").glob("*/*.py")) + sorted((ROOT / "tests" / "cases").glob("*.py"))
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
