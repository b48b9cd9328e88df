"""Trace counters that their own code checks: a count of traces kept on purpose.

Tests of tracing count how often a function is traced: ``count = 0``, then a traced function
that does ``nonlocal count; count += 1``, then ``assert count == 1`` (or
``self.assertEqual(count, 1)``) after calling it twice. The rebinding runs only while tracing,
as TFG105 says, and that is exactly what the test measures: the enclosing function reads the
name in an assertion. A counter nothing asserts on stays a hazard (the author expects it to count
calls).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.node_index import descendants

# Assertion helpers of unittest and NumPy's testing module, by the method name they are called by.
_ASSERT_PREFIX = "assert"


def asserted_in_enclosing(fn: nodes.NodeNG, name: str) -> bool:
    """The function enclosing ``fn`` (where ``nonlocal name`` points) reads ``name`` in an
    ``assert`` statement or as an argument of an ``assert...`` call, outside ``fn`` itself."""
    outer = fn.parent.scope() if fn.parent is not None else None
    if not isinstance(outer, (nodes.FunctionDef, nodes.AsyncFunctionDef)):
        return False
    for node in descendants(outer, nodes.Name):
        if node.name != name or node.scope() is not outer:
            continue
        if _in_assertion(node, outer):
            return True
    return False


def _in_assertion(node: nodes.NodeNG, outer: nodes.NodeNG) -> bool:
    child, parent = node, node.parent
    while parent is not None and parent is not outer:
        if isinstance(parent, nodes.Assert) and child is parent.test:
            return True
        if isinstance(parent, nodes.Call) and child is not parent.func and _asserting(parent.func):
            return True
        if parent.is_statement:
            return False
        child, parent = parent, parent.parent
    return False


def _asserting(func: nodes.NodeNG) -> bool:
    name = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
    return name.startswith(_ASSERT_PREFIX)
