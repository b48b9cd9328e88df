"""Attribute values that the trace key already decides: rebinding them never leaves a stale graph.

A tf.function traces anew for every new shape and dtype of its tensor arguments and every new
value of its Python arguments. ``self.i = tf.zeros(x.shape[0])`` followed, in the same method, by
``self.step(x, ...)`` gives ``self.i`` a value made only from the shape of ``x``; a call with
another shape of ``x`` is another trace, which reads the new ``self.i``, and a call with the same
shape reuses a graph whose captured ``self.i`` is equal to the new one. So the captured value is
never stale.

Shown when the new value is made of literals, calls of TensorFlow functions and builtins, and of
the shape, dtype or rank of names (``x.shape``, ``x.dtype``, ``x.ndim``, ``len(x)``) that the same
method passes to the traced function (positionally or by keyword). A tensor's values are not in
the key, so a value read from them (``self.y = tf.argmax(model(x))``) stays reported.

The other way round: graph code that reads only the structure of an attribute (``len(self.states)``,
``self.states.shape``) while the method rebinding it hands ``self.states`` itself to the traced
method (``self.states = self.step(self.states)``, an MCMC chain's state list) reads what the trace
key holds: a list argument's length and a tensor argument's shape and dtype are in it, so a new
structure is a new trace. A read of the values (``self.states[0]``) stays reported.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import call_qualname, is_builtin_name, qualified_name
from tfgraph_lint.analysis.node_index import remembered

_SHAPE_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "rank"})
_SHAPE_BUILTINS = frozenset({"len", "int", "tuple", "list"})


def keyed_by_trace(target: nodes.AssignAttr, traced_names: set[str]) -> bool:
    """``target``'s new value depends only on what the trace key of the traced methods named
    ``traced_names`` holds, given the calls of them in the rebinding method."""
    assign = target.parent
    if not isinstance(assign, nodes.Assign):
        return False
    method = target.scope()
    passed = _passed_to(method, traced_names)
    if not passed:
        return False
    return _from_key(assign.value, passed)


def reads_structure(node: nodes.Attribute) -> bool:
    """``node`` (``self.x``) is read only for its structure: ``len(self.x)``, ``self.x.shape``."""
    parent = node.parent
    if isinstance(parent, nodes.Attribute):
        return parent.attrname in _SHAPE_ATTRIBUTES
    return (isinstance(parent, nodes.Call) and parent.args == [node] and not parent.keywords
            and isinstance(parent.func, nodes.Name) and parent.func.name == "len" and is_builtin_name(parent.func))


def passes_itself(target: nodes.AssignAttr, traced_names: set[str]) -> bool:
    """The method rebinding ``self.<attr>`` (``target``) hands ``self.<attr>`` itself to a call of
    the traced methods named ``traced_names``: the attribute's structure is in their trace key."""
    spelled = target.as_string()
    return any(isinstance(call.func, nodes.Attribute) and call.func.attrname in traced_names
               and any(arg.as_string() == spelled for arg in [*call.args, *(k.value for k in call.keywords or ())])
               for call in target.scope().nodes_of_class(nodes.Call))


def _passed_to(method: nodes.NodeNG, traced_names: set[str]) -> set[str]:
    """Names the method hands to a call of ``self.<traced>(...)``: asked for each attribute the
    method rebinds, so remembered per method."""
    memo = remembered(method, "names passed to traced methods")
    key = (method, frozenset(traced_names))
    if key not in memo:
        memo[key] = _names_passed(method, traced_names)
    return memo[key]


def _names_passed(method: nodes.NodeNG, traced_names: set[str]) -> set[str]:
    names: set[str] = set()
    for call in method.nodes_of_class(nodes.Call):
        func = call.func
        if isinstance(func, nodes.Attribute) and func.attrname in traced_names:
            for arg in [*call.args, *(keyword.value for keyword in call.keywords or ())]:
                if isinstance(arg, nodes.Name):
                    names.add(arg.name)
    return names


def _from_key(expr: nodes.NodeNG, passed: set[str]) -> bool:
    if isinstance(expr, nodes.Const):
        return True
    if isinstance(expr, nodes.Attribute):
        if expr.attrname in _SHAPE_ATTRIBUTES and isinstance(expr.expr, nodes.Name):
            return expr.expr.name in passed
        return (qualified_name(expr) or "").startswith("tensorflow.")  # ``tf.int32``
    if isinstance(expr, nodes.Subscript):
        return _from_key(expr.value, passed) and _from_key(expr.slice, passed)
    if isinstance(expr, (nodes.Tuple, nodes.List)):
        return all(_from_key(element, passed) for element in expr.elts)
    if isinstance(expr, nodes.BinOp):
        return _from_key(expr.left, passed) and _from_key(expr.right, passed)
    if isinstance(expr, nodes.Call):
        func = expr.func
        if isinstance(func, nodes.Name) and func.name in _SHAPE_BUILTINS and is_builtin_name(func):
            if func.name == "len":
                return len(expr.args) == 1 and isinstance(expr.args[0], nodes.Name) and expr.args[0].name in passed
        elif not (call_qualname(expr) or "").startswith("tensorflow."):
            return False
        return all(_from_key(arg, passed) for arg in [*expr.args, *(k.value for k in expr.keywords or ())])
    return False
