"""Loops that sum into a name that starts as a Python number: unrolling is what makes them work.

``second_order = 0`` before ``for i in range(n): for j in range(i + 1, n): second_order +=
tf.reduce_sum(v[:, i] * v[:, j], axis=1, keepdims=True)`` (pairwise interactions of a fixed set of
feature fields) works only unrolled. Over ``tf.range`` AutoGraph would make ``second_order`` a loop
variable, which must keep the dtype and shape it starts with, and a Python ``0`` (an int32 scalar)
becomes a float tensor of another shape in the first iteration: tracing raises. The unroll is the
code's structure, not an oversight, so TFG303 reports it LOW and says why. A sum that starts as a
tensor (``tf.zeros_like(x)``) keeps the finding: there ``tf.range`` is a working fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.value_kinds import Kind, value_kind

_ACCUMULATING = frozenset({"+", "-", "*"})


def python_number_accumulator(loop: nodes.For) -> str | None:
    """The name that ``loop``'s body (nested loops included) accumulates into with ``+=``
    (``-=``, ``*=``, or ``s = s + ...``) a tensor, after the function bound it, on every path to
    the loop, to a Python number literal; None when there is none."""
    started = _numbers_bound_before(loop)
    if not started:
        return None
    for node in _body_nodes(loop):
        if isinstance(node, nodes.AugAssign) and node.op[:-1] in _ACCUMULATING \
                and isinstance(node.target, nodes.AssignName) and node.target.name in started \
                and value_kind(node.value).kind == Kind.TENSOR:
            return node.target.name
        if (isinstance(node, nodes.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], nodes.AssignName) and node.targets[0].name in started
                and isinstance(node.value, nodes.BinOp) and node.value.op in _ACCUMULATING
                and isinstance(node.value.left, nodes.Name) and node.value.left.name == node.targets[0].name
                and value_kind(node.value.right).kind == Kind.TENSOR):
            return node.targets[0].name
    return None


def _numbers_bound_before(loop: nodes.For) -> set[str]:
    """Names whose last binding before ``loop``, on every path to it, is a number literal."""
    numbers: dict[str, bool] = {}
    for statement in _run_before(loop):
        if isinstance(statement, nodes.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], nodes.AssignName):
            value = statement.value
            numbers[statement.targets[0].name] = (
                isinstance(value, nodes.Const) and type(value.value) in (int, float))
            continue
        for bound in statement.nodes_of_class(nodes.AssignName):
            numbers[bound.name] = False  # rebound in a branch, loop, with or augmented assignment
    return {name for name, is_number in numbers.items() if is_number}


def _run_before(node: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The statements of ``node``'s function that run before it on every path, in order."""
    function, blocks, child = node.frame(), [], node
    while child is not None and child is not function:
        parent = child.parent
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and child in block:
                blocks.append(block[:block.index(child)])
        child = parent
    return [statement for block in reversed(blocks) for statement in block]


def _body_nodes(loop: nodes.For) -> Iterator[nodes.NodeNG]:
    for statement in [*loop.body, *loop.orelse]:
        for node in statement.nodes_of_class((nodes.AugAssign, nodes.Assign),
                                             skip_klass=(nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            yield node
