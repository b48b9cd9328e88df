"""Loop bodies that create no TensorFlow op: unrolling them while tracing adds nothing to the graph.

``for i in range(n - 1): for j in range(i + 1, n): row.append(i); col.append(j)`` builds Python
index lists that a later ``tf.gather(x, row)`` or ``[xs[k] for k in row]`` reads: the loop runs in
Python while tracing and leaves no copy of anything in the graph, and ``tf.range`` would break
the indexing (a symbolic index cannot index a Python list). Likewise a loop over Python data that
builds a row of numbers per element (``[0.99 if i == label else 0.01 for i in range(n)]``,
appended to a list one ``tf.constant`` reads after the loop). The loop's variable is a Python
value either way (the rules ask about loops over a Python range or Python data), and so is that
of a loop or comprehension in the body over a Python range.

A body creates no op when everything it calls is known to be plain Python (the builtins below,
and the mutators of a Python list, dict or set), and no arithmetic, comparison or subscript in it
reads a value not shown to be a Python one (a literal, a Python number, list or dict, None): a
parameter of traced code may be a tensor. A call of anything else (a ``tf.*`` function, a layer, a
model, a helper) may create ops, so it keeps the loop reported.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, is_builtin_call, is_builtin_name
from tfgraph_lint.analysis.value_kinds import Kind, value_kind

# Builtins that take and give Python values only (on a tensor argument they would raise or
# iterate it, which the arithmetic check below already sees as a tensor read).
_PYTHON_BUILTINS = frozenset({
    "len", "range", "enumerate", "zip", "min", "max", "abs", "sum", "int", "float", "bool", "str",
    "list", "tuple", "dict", "set", "sorted", "reversed", "divmod", "round", "isinstance",
})
# Methods of a Python list, dict or set that only change or read the container.
_COLLECTION_METHODS = frozenset({
    "append", "extend", "insert", "add", "update", "pop", "setdefault", "get", "index", "count",
    "remove", "discard", "keys", "values", "items",
})
_OPERATIONS = (nodes.BinOp, nodes.UnaryOp, nodes.Compare, nodes.AugAssign, nodes.Subscript)


def creates_no_op(loop: nodes.For) -> bool:
    """True when ``loop``'s body (``else`` included) is shown to create no TensorFlow op."""
    counters = {loop.target.name} if isinstance(loop.target, nodes.AssignName) else set()
    for statement in [*loop.body, *loop.orelse]:
        for inner in statement.nodes_of_class((nodes.For, nodes.Comprehension)):
            if not (_is_range(inner.iter) and isinstance(inner.target, nodes.AssignName)
                    and all(_python_value(arg, counters) for arg in inner.iter.args)):
                return False  # a loop over data, or over a bound that may be a tensor (a tf.while_loop)
            counters.add(inner.target.name)
    for statement in [*loop.body, *loop.orelse]:
        for node in statement.nodes_of_class((nodes.Call, *_OPERATIONS, nodes.FunctionDef, nodes.Lambda)):
            if isinstance(node, (nodes.FunctionDef, nodes.Lambda)):
                return False  # a function made per iteration: what it does is not followed
            if isinstance(node, nodes.Call):
                if not _plain_python_call(node):
                    return False
            elif not all(_python_value(operand, counters) for operand in _operands(node)):
                return False
    return True


def _is_range(expr: nodes.NodeNG) -> bool:
    return is_builtin_call(expr, "range") and 0 < len(expr.args) <= 3 and not expr.keywords


def _plain_python_call(call: nodes.Call) -> bool:
    func = call.func
    if isinstance(func, nodes.Name):
        return func.name in _PYTHON_BUILTINS and is_builtin_name(func)
    return (isinstance(func, nodes.Attribute) and func.attrname in _COLLECTION_METHODS
            and value_kind(func.expr).kind == Kind.PYTHON_COLLECTION)


_PYTHON_KINDS = (Kind.PYTHON_SCALAR, Kind.PYTHON_COLLECTION, Kind.NONE)


def _python_value(expr: nodes.NodeNG | None, counters: set[str]) -> bool:
    """Shown to be a Python value; ``counters`` are the loop variables of Python ranges."""
    if expr is None:
        return False
    if isinstance(expr, (nodes.Const, nodes.Slice)):
        return True
    if isinstance(expr, nodes.Name) and expr.name in counters:
        return True
    if isinstance(expr, (nodes.Tuple, nodes.List)):
        return all(_python_value(element, counters) for element in expr.elts)
    if isinstance(expr, nodes.BinOp):
        return _python_value(expr.left, counters) and _python_value(expr.right, counters)
    kind = value_kind(expr)
    return kind.kind in _PYTHON_KINDS and kind.parameter is None


def _operands(node: nodes.NodeNG) -> list[nodes.NodeNG]:
    if isinstance(node, nodes.BinOp):
        return [node.left, node.right]
    if isinstance(node, nodes.UnaryOp):
        return [node.operand]
    if isinstance(node, nodes.Compare):
        return [node.left, *(right for _, right in node.ops)]
    if isinstance(node, nodes.AugAssign):
        return [node.value, _earlier_value(node.target) if isinstance(node.target, nodes.AssignName) else None]
    return [node.value, node.slice]  # Subscript


def _earlier_value(target: nodes.AssignName) -> nodes.NodeNG | None:
    """What an augmented assignment's target holds before it, when one plain binding says
    (``count = 0`` before ``count += 1``); None when not shown (a parameter, several bindings)."""
    found = bindings(target, target.name)
    if any(isinstance(binding.parent, nodes.Arguments) for binding in found):
        return None
    known = [value for value in map(assigned_value, found) if value is not None]
    return known[0] if len(known) == 1 else None
