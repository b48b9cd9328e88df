"""TFG303: ``for i in range(n)`` -> ``for i in tf.range(n)``, where the loop is tensor-safe.

With ``tf.range`` AutoGraph builds one ``tf.while_loop`` instead of unrolling the body, and that
loop has rules a Python loop does not: the loop variable is a tensor, every variable the body
changes must exist before the loop with a fixed dtype, and names first bound in the body do not
exist after it. The fix is made only when the loop plainly keeps them:

- no ``else:``, and no ``return``, ``yield``, ``raise``, ``try``, ``with``, ``del``, ``global``,
  ``nonlocal``, nested ``def``/``class``/``lambda`` or imports in the body;
- no Python collection is mutated (``.append()``, ``x[i] = ...``, ``self.x = ...``);
- each variable that the body rebinds and that exists before the loop is a tensor made there by
  a TensorFlow call (``total = tf.constant(0.0)``), and the body only updates it in ways that
  plainly keep its dtype and shape (``tf.while_loop`` refuses a carried tensor that changes
  either): ``total += e`` / ``total = total OP e`` with ``OP`` one of ``+ - *`` (``/`` and ``**``
  only on a float tensor), where ``e`` is a scalar (numbers, the loop variable, ``tf.cast`` of
  it) or has the very shape ``total`` was made with (``total = tf.zeros_like(x)`` and
  ``e = x * i``: both the shape of ``x``);
- names first bound in the body, and the loop variable, are not used after the loop;
- no ``if``/``while`` in the body tests the loop variable (it would become a tensor condition);
- every use of the loop variable keeps its meaning when the Python int becomes a tensor. A Python
  int takes the dtype of the tensor it meets; a ``tf.range`` tensor has one dtype of its own
  (int32, or the ``dtype=`` asked for), so ``x * i`` with a float ``x`` would raise. A use is
  classified after folding int-literal arithmetic around it (``i + 1``, ``2 * i``) as:
  an argument TensorFlow takes as an int32 tensor (``tf.cast(i, ...)``, the indices of
  ``tf.gather``/``tf.one_hot``, the ``shift`` of ``tf.roll``), or an operand of ``+ - * / **``
  (or ``total += i``) whose other operand is a tensor whose dtype the code shows
  (``tf.constant(0)``, ``tf.constant(..., dtype=tf.float32)``, ``tf.cast(..., tf.float64)``,
  ``tf.zeros(...)``, ``tf.ones(..., dtype=...)``). When every use is of the first kind or
  arithmetic with int32 tensors, the loop becomes ``tf.range(...)``; when every use is
  arithmetic with one float dtype, ``tf.range(..., dtype=tf.float32)`` (or float64). Any other
  use (a parameter of unknown dtype, ``xs[i]``, ``float(i)``, ``f"{i}"``, a comparison) keeps the
  Python loop, and the finding stays.
"""

from __future__ import annotations

import libcst as cst

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.fixes import FixContext, attribute, imports, tensor_facts
from tfgraph_lint.fixes.tensor_facts import (ARITHMETIC, SCALAR, assignment_targets, is_name, target_names,
                                             walk)

_FORBIDDEN = (cst.Return, cst.Yield, cst.Raise, cst.Try, cst.TryStar, cst.With, cst.Del, cst.Global,
              cst.Nonlocal, cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Import, cst.ImportFrom,
              cst.Await)
_MUTATORS = frozenset({
    "append", "extend", "insert", "pop", "remove", "clear", "update", "add", "discard",
    "setdefault", "popitem", "sort", "reverse", "write", "assign", "assign_add", "assign_sub",
})


def plan(context: FixContext, finding: Finding, column: int):
    for node in context.at(finding.line, column):
        if isinstance(node, cst.For) and _is_range_call(node.iter):
            dtype = _tensor_safe(node, context)
            if dtype is None:
                return None
            tf = context.tf()
            if tf is None:
                return None
            return node.iter, lambda updated: _tf_range(updated, tf, dtype)
    return None


def _tf_range(call: cst.Call, tf: str, dtype: str) -> cst.Call:
    args = list(call.args)
    if dtype != _INT32:
        args.append(cst.Arg(value=attribute(f"{tf}.{dtype}"), keyword=cst.Name("dtype"),
                            equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
    return call.with_changes(func=attribute(f"{tf}.range"), args=args)


def _is_range_call(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "range"


def _tensor_safe(loop: cst.For, context: FixContext) -> str | None:
    """The dtype the ``tf.range`` must have for the loop to keep its meaning; None: no rewrite."""
    if loop.orelse is not None or loop.asynchronous is not None or not isinstance(loop.target, cst.Name):
        return None
    if any(arg.keyword is not None or arg.star for arg in loop.iter.args):
        return None
    function = _enclosing_function(loop, context)
    if function is None:
        return None
    if not _loop_safe(loop, function, context):
        return None
    return _loop_variable_dtype(loop, function, context)


def _loop_safe(loop: cst.For, function: cst.FunctionDef, context: FixContext) -> bool:
    target = loop.target.value
    body_nodes = list(walk(loop.body))
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
        for target_expr, statement in assignment_targets(node):
            names = target_names(target_expr)
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
            if not all(_keeps_dtype_and_shape(statement, name, loop, function, context)
                       for statement in statements):
                return False
        elif _used_after(function, name, loop_range.end, context):
            return False  # first bound in a tf.while_loop body: gone after the loop
    return not _used_after(function, target, loop_range.end, context)


def _enclosing_function(node: cst.CSTNode, context: FixContext) -> cst.FunctionDef | None:
    parent = context.parent(node)
    while parent is not None and not isinstance(parent, cst.FunctionDef):
        parent = context.parent(parent)
    return parent


def _mentions(expr: cst.CSTNode, name: str) -> bool:
    return any(isinstance(node, cst.Name) and node.value == name for node in walk(expr))


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
    for node in walk(function.body):
        for target, statement in assignment_targets(node):
            where = context.positions.get(statement)
            if where is None or (where.end.line, where.end.column) > (start.line, start.column):
                continue
            plain = isinstance(statement, cst.Assign) and isinstance(target, cst.Name)
            for name in target_names(target) or []:
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


def _keeps_dtype_and_shape(statement: cst.CSTNode, name: str, loop: cst.For, function: cst.FunctionDef,
                           context: FixContext) -> bool:
    """``name OP= e`` or ``name = name OP e`` that leaves the carried tensor's dtype and shape."""
    if isinstance(statement, cst.AugAssign):
        operator, other = _AUG_TO_BINARY.get(type(statement.operator)), statement.value
    elif isinstance(statement, cst.Assign) and len(statement.targets) == 1 \
            and isinstance(statement.value, cst.BinaryOperation):
        value = statement.value
        operator = type(value.operator)
        if is_name(value.left, name):
            other = value.right
        elif is_name(value.right, name) and operator in (cst.Add, cst.Multiply):
            other = value.left
        else:
            return False
    else:
        return False
    facts = tensor_facts.Facts(loop, function, context)
    if operator in (cst.Add, cst.Subtract, cst.Multiply):
        pass
    elif operator in (cst.Divide, cst.Power):
        if facts.dtype(cst.Name(name)) not in _FLOATS:
            return False  # int32 / int32 is float64: the carried tensor would change dtype
    else:
        return False
    shape = facts.shape(other)
    return shape == SCALAR or (shape is not None and shape == facts.shape(cst.Name(name)))


_INT32 = "int32"
_FLOATS = ("float16", "float32", "float64")
_AUG_TO_BINARY = {cst.AddAssign: cst.Add, cst.SubtractAssign: cst.Subtract, cst.MultiplyAssign: cst.Multiply,
                  cst.DivideAssign: cst.Divide, cst.PowerAssign: cst.Power}
_INT_FOLD = (cst.Add, cst.Subtract, cst.Multiply)
# TensorFlow functions -> (position, keyword) of an argument that takes an int32 tensor exactly as
# it takes a Python int.
_INT_ARGUMENTS = {
    "tensorflow.cast": (0, "x"),
    "tensorflow.gather": (1, "indices"),
    "tensorflow.one_hot": (0, "indices"),
    "tensorflow.roll": (1, "shift"),
}
def _loop_variable_dtype(loop: cst.For, function: cst.FunctionDef, context: FixContext) -> str | None:
    """int32 when every use of the loop variable takes an int32 tensor as it takes the Python int;
    a float dtype when every use is arithmetic with tensors of that one dtype; None otherwise."""
    target = loop.target.value
    facts = tensor_facts.Facts(loop, function, context)
    kinds = set()
    for node in walk(loop.body):
        if not is_name(node, target):
            continue
        expr = node
        while isinstance(parent := context.parent(expr), cst.BinaryOperation) \
                and isinstance(parent.operator, _INT_FOLD) \
                and _is_int_literal(parent.right if parent.left is expr else parent.left):
            expr = parent  # i + 1, 2 * i: still an int, or a tensor of the loop variable's dtype
        parent = context.parent(expr)
        if isinstance(parent, cst.Arg) and parent.value is expr and _int_argument(parent, context):
            kinds.add(_INT32)
        elif isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, ARITHMETIC):
            other = parent.right if parent.left is expr else parent.left
            kinds.add(facts.dtype(other))
        elif isinstance(parent, cst.AugAssign) and parent.value is expr \
                and type(parent.operator) in _AUG_TO_BINARY:
            kinds.add(facts.dtype(parent.target))
        else:
            return None
    if not kinds:
        return _INT32
    if None in kinds or len(kinds) != 1:
        return None
    (dtype,) = kinds
    return dtype if dtype == _INT32 or dtype in _FLOATS else None


def _is_int_literal(expr: cst.CSTNode) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    return isinstance(expr, cst.Integer)


def _int_argument(arg: cst.Arg, context: FixContext) -> bool:
    call = context.parent(arg)
    if not isinstance(call, cst.Call) or arg.star:
        return False
    spec = _INT_ARGUMENTS.get(imports.qualified(call.func, context.aliases) or "")
    if spec is None:
        return False
    position, keyword = spec
    if arg.keyword is not None:
        return arg.keyword.value == keyword
    positional = [a for a in call.args if a.keyword is None]
    return position < len(positional) and positional[position] is arg


def _used_after(function: cst.FunctionDef, name: str, end, context: FixContext) -> bool:
    for node in walk(function.body):
        if isinstance(node, cst.Name) and node.value == name:
            where = context.positions.get(node)
            if where is not None and (where.start.line, where.start.column) >= (end.line, end.column):
                return True
    return False
