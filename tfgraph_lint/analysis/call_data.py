"""Does a value in graph code change from call to call? Told from where it comes from.

What differs between two calls of a traced function is what TensorFlow passes in: the arguments
of the functions it traces (and what graph code computes from them, tensors). A value built only
from the object's attributes, closures, globals, literals and Python loops over them is what
tracing saw, the same on every call the graph serves. TFG103 uses this: logging such a value
once per trace loses nothing but repetitions of the same line (on the review corpus, every such
finding was configuration logged on purpose), so it is LOW.

Conservative: a value whose origin cannot be followed counts as changing.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings
from tfgraph_lint.analysis.value_kinds import (
    STATIC_ATTRIBUTES,
    Kind,
    known_at_trace_time,
    used_as_python_string,
    value_kind,
)

_MAX_DEPTH = 12
_SELF_NAMES = frozenset({"self", "cls"})
_COMPOSITES = (nodes.BinOp, nodes.BoolOp, nodes.Compare, nodes.UnaryOp, nodes.IfExp, nodes.JoinedStr,
               nodes.FormattedValue, nodes.Tuple, nodes.List, nodes.Set, nodes.Dict, nodes.Starred)


def changes_per_call(expr: nodes.NodeNG, index, _depth: int = 0) -> bool:
    """Whether ``expr`` may hold something that differs between calls of the traced function:
    a tensor, or (something made from) an argument of a function the index says is traced."""
    if _depth > _MAX_DEPTH:
        return True
    depth = _depth + 1
    if isinstance(expr, (nodes.Const, nodes.Lambda)) or known_at_trace_time(expr):
        return False
    if value_kind(expr).kind == Kind.TENSOR:
        return True
    if isinstance(expr, nodes.Name):
        found = bindings(expr, expr.name)
        return not found or any(_binding_changes(binding, index, depth) for binding in found)
    if isinstance(expr, nodes.Attribute):
        return expr.attrname not in STATIC_ATTRIBUTES and changes_per_call(expr.expr, index, depth)
    if isinstance(expr, nodes.Subscript):
        return changes_per_call(expr.value, index, depth) or changes_per_call(expr.slice, index, depth)
    if isinstance(expr, nodes.Call):
        parts = [*expr.args, *(keyword.value for keyword in expr.keywords or ())]
        if isinstance(expr.func, nodes.Attribute):
            parts.append(expr.func.expr)  # ``config.get(k)``: as the object it is called on
        return any(changes_per_call(part, index, depth) for part in parts)
    if isinstance(expr, _COMPOSITES):
        return any(changes_per_call(child, index, depth) for child in expr.get_children())
    return True


def _binding_changes(binding: nodes.NodeNG, index, depth: int) -> bool:
    if isinstance(binding, (nodes.Import, nodes.ImportFrom, nodes.FunctionDef, nodes.ClassDef)):
        return False
    parent = binding.parent
    if isinstance(binding, nodes.AssignName) and isinstance(parent, nodes.Arguments):
        fn = parent.parent
        if binding.name in _SELF_NAMES or not index.in_traced_code(fn):
            return False  # the object itself, or a closure's value captured while tracing
        return not used_as_python_string(binding)
    if isinstance(parent, nodes.For) and parent.target is binding:
        return changes_per_call(parent.iter, index, depth)
    if isinstance(parent, nodes.Tuple) and isinstance(parent.parent, nodes.For) and parent.parent.target is parent:
        return changes_per_call(parent.parent.iter, index, depth)
    value = assigned_value(binding)
    if value is not None:
        return changes_per_call(value, index, depth)
    if isinstance(parent, nodes.Tuple) and isinstance(parent.parent, nodes.Assign):
        return changes_per_call(parent.parent.value, index, depth)
    return True
