"""A call a loop runs only in the one iteration that an ``if`` on the loop's index picks.

``for i in range(n): ... if i == n - 1: step(grads)``: the loop does not repeat the call, so
what changes between its iterations reaches the call once per run of the loop
(:func:`loop_values.enclosing_loops` leaves such a loop out). Only indexes that take each value
once: ``range()``, and the count of ``enumerate()``.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import is_builtin_name


def picks_one_iteration(node: nodes.NodeNG, loop: nodes.For) -> bool:
    """``node`` is in the body of an ``if`` inside ``loop`` that tests the loop's index for
    equality with something else (``if i == num_gpus - 1:``), and the index takes each value
    once (``range()``, or the count of ``enumerate()``)."""
    index = _distinct_index(loop)
    if index is None:
        return False
    child, parent = node, node.parent
    while parent is not None and parent is not loop:
        if isinstance(parent, nodes.If) and child in parent.body and _tests_equal(parent.test, index):
            return True
        child, parent = parent, parent.parent
    return False


def _distinct_index(loop: nodes.For) -> str | None:
    target, iterable = loop.target, loop.iter
    if not (isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name)
            and is_builtin_name(iterable.func)):
        return None
    if iterable.func.name == "range" and isinstance(target, nodes.AssignName):
        return target.name
    if (iterable.func.name == "enumerate" and isinstance(target, nodes.Tuple) and target.elts
            and isinstance(target.elts[0], nodes.AssignName)):
        return target.elts[0].name
    return None


def _tests_equal(test: nodes.NodeNG, index: str) -> bool:
    if not (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] == "=="):
        return False
    sides = (test.left, test.ops[0][1])
    mentions = [any(n.name == index for n in side.nodes_of_class(nodes.Name)) for side in sides]
    is_index = [isinstance(side, nodes.Name) and side.name == index for side in sides]
    return any(is_index) and sum(mentions) == 1
