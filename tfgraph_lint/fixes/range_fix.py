"""TFG303: ``for i in range(n)`` -> ``for i in tf.range(n)``, where the loop is tensor-safe.

With ``tf.range`` AutoGraph builds one ``tf.while_loop`` instead of unrolling the body, and that
loop has rules a Python loop does not: the loop variable is a tensor, every variable the body
changes must exist before the loop with a fixed dtype, and names first bound in the body do not
exist after it. The fix is made only when the loop plainly keeps them:

- no ``else:``, and no ``return``, ``yield``, ``raise``, ``try``, ``with``, ``del``, ``global``,
  ``nonlocal``, nested ``def``/``class``/``lambda`` or imports in the body;
- no Python collection is mutated (``.append()``, ``x[i] = ...``, ``self.x = ...``);
- each variable that the body rebinds and that exists before the loop is a tensor made there by
  a TensorFlow call (``total = tf.constant(0.0)``), and the body only adds, subtracts,
  multiplies or divides into it (``total += ...``, ``total = total * ...``), so its dtype holds;
- names first bound in the body, and the loop variable, are not used after the loop;
- no ``if``/``while`` in the body tests the loop variable (it would become a tensor condition).
A body that changes a carried tensor's shape by broadcasting is still possible; TensorFlow then
reports it when tracing, loudly.
"""

from __future__ import annotations

import libcst as cst

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.fixes import FixContext, attribute, imports

CODE = "TFG303"
_FORBIDDEN = (cst.Return, cst.Yield, cst.Raise, cst.Try, cst.TryStar, cst.With, cst.Del, cst.Global,
              cst.Nonlocal, cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Import, cst.ImportFrom,
              cst.Await)
_MUTATORS = frozenset({
    "append", "extend", "insert", "pop", "remove", "clear", "update", "add", "discard",
    "setdefault", "popitem", "sort", "reverse", "write", "assign", "assign_add", "assign_sub",
})
_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide)
_ARITHMETIC_AUG = (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign, cst.DivideAssign)


def plan(context: FixContext, finding: Finding, column: int):
    for node in context.at(finding.line, column):
        if isinstance(node, cst.For) and _is_range_call(node.iter):
            if not _tensor_safe(node, context):
                return None
            tf = context.tf()
            if tf is None:
                return None
            return node.iter, lambda updated: updated.with_changes(func=attribute(f"{tf}.range"))
    return None


def _is_range_call(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "range"


def _tensor_safe(loop: cst.For, context: FixContext) -> bool:
    if loop.orelse is not None or loop.asynchronous is not None or not isinstance(loop.target, cst.Name):
        return False
    function = _enclosing_function(loop, context)
    if function is None:
        return False
    target = loop.target.value
    body_nodes = list(_walk(loop.body))
    if any(isinstance(node, _FORBIDDEN) for node in body_nodes):
        return False
    assigned: dict[str, list[cst.CSTNode]] = {}
    for node in body_nodes:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in _MUTATORS:
            return False
        if isinstance(node, (cst.If, cst.While)) and _mentions(node.test, target):
            return False
        if isinstance(node, cst.IfExp) and _mentions(node.test, target):
            return False
        for target_expr, statement in _assignment_targets(node):
            names = _target_names(target_expr)
            if names is None:
                return False  # x[i] = ..., self.x = ...
            for name in names:
                assigned.setdefault(name, []).append(statement)
    loop_range = context.positions[loop]
    before = _bindings_before(function, loop_range.start, context)
    for name, statements in assigned.items():
        if name == target:
            return False
        if name in before:
            values = before[name]
            if any(value is None or not _is_tensorflow_call(value, context) for value in values):
                return False
            if not all(_keeps_dtype(statement, name) for statement in statements):
                return False
        elif _used_after(function, name, loop_range.end, context):
            return False  # first bound in a tf.while_loop body: gone after the loop
    return not _used_after(function, target, loop_range.end, context)


def _enclosing_function(node: cst.CSTNode, context: FixContext) -> cst.FunctionDef | None:
    parent = context.parent(node)
    while parent is not None and not isinstance(parent, cst.FunctionDef):
        parent = context.parent(parent)
    return parent


def _walk(node: cst.CSTNode):
    yield node
    for child in node.children:
        yield from _walk(child)


def _mentions(expr: cst.CSTNode, name: str) -> bool:
    return any(isinstance(node, cst.Name) and node.value == name for node in _walk(expr))


def _assignment_targets(node: cst.CSTNode):
    if isinstance(node, cst.Assign):
        for target in node.targets:
            yield target.target, node
    elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
        yield node.target, node
    elif isinstance(node, cst.NamedExpr):
        yield node.target, node
    elif isinstance(node, (cst.For, cst.CompFor)):
        yield node.target, node


def _target_names(target: cst.BaseExpression) -> list[str] | None:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        names = []
        for element in target.elements:
            inner = _target_names(element.value)
            if inner is None:
                return None
            names.extend(inner)
        return names
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return None


def _bindings_before(function: cst.FunctionDef, start, context: FixContext) -> dict[str, list]:
    """Names bound in ``function`` before ``start``: name -> assigned values (None: not a plain
    assignment, e.g. a parameter, a loop target or an augmented assignment)."""
    found: dict[str, list] = {}
    params = function.params
    for param in [*params.posonly_params, *params.params, *params.kwonly_params]:
        found.setdefault(param.name.value, []).append(None)
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            found.setdefault(star.name.value, []).append(None)
    for node in _walk(function.body):
        for target, statement in _assignment_targets(node):
            where = context.positions.get(statement)
            if where is None or (where.end.line, where.end.column) > (start.line, start.column):
                continue
            plain = isinstance(statement, cst.Assign) and isinstance(target, cst.Name)
            for name in _target_names(target) or []:
                found.setdefault(name, []).append(statement.value if plain else None)
    return found


def _is_tensorflow_call(value: cst.BaseExpression, context: FixContext) -> bool:
    """``tf.constant(0.0)``, ``tf.zeros([3])``: a tensor (a lower-case TensorFlow function)."""
    if not isinstance(value, cst.Call):
        return False
    name = imports.qualified(value.func, context.aliases) or ""
    last = name.rsplit(".", 1)[-1]
    return name.startswith("tensorflow.") and last[:1].islower() and last not in ("function", "py_function",
                                                                                   "numpy_function")


def _keeps_dtype(statement: cst.CSTNode, name: str) -> bool:
    if isinstance(statement, cst.AugAssign):
        return isinstance(statement.operator, _ARITHMETIC_AUG)
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
        value = statement.value
        return (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, _ARITHMETIC)
                and any(isinstance(side, cst.Name) and side.value == name for side in (value.left, value.right)))
    return False


def _used_after(function: cst.FunctionDef, name: str, end, context: FixContext) -> bool:
    for node in _walk(function.body):
        if isinstance(node, cst.Name) and node.value == name:
            where = context.positions.get(node)
            if where is not None and (where.start.line, where.start.column) >= (end.line, end.column):
                return True
    return False
