"""What a function's code plainly shows about a tensor: its dtype and its shape (for the range fix).

Read from libcst nodes only; nothing is run and nothing is guessed: what the code does not show
is None, and the caller then leaves the code alone.
"""

from __future__ import annotations

import libcst as cst

from tfgraph_lint.fixes import FixContext, imports

SCALAR = ("scalar",)
ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power)
_DTYPES = frozenset({"int32", "int64", "float16", "float32", "float64"})
_DTYPE_CALLS = frozenset({"tensorflow.constant", "tensorflow.zeros", "tensorflow.ones", "tensorflow.fill",
                          "tensorflow.cast", "tensorflow.convert_to_tensor"})


class Facts:
    """What the code plainly shows about a tensor in ``function``: its dtype and its shape.

    A name is known only through its bindings in the function: each a plain assignment of a
    TensorFlow call that fixes it, or, for a tensor carried through ``loop``, an update there
    (which ``_loop_safe`` has checked to keep both). Parameters, globals and anything else are
    unknown (None)."""

    def __init__(self, loop: cst.For, function: cst.FunctionDef, context: FixContext) -> None:
        self.loop, self.function, self.context = loop, function, context
        self._visiting: set[tuple[str, str]] = set()

    def dtype(self, expr: cst.CSTNode) -> str | None:
        if isinstance(expr, cst.Name):
            return self._of_name(expr.value, "dtype")
        if isinstance(expr, cst.Call):
            return self._call_dtype(expr)
        return None

    def shape(self, expr: cst.CSTNode):
        """``SCALAR``, ``("name", n)`` for the shape of parameter ``n``, ``("shape", code)`` for
        a literal shape, or None when unknown."""
        if isinstance(expr, (cst.Integer, cst.Float)) or is_name(expr, self.loop.target.value):
            return SCALAR
        if isinstance(expr, cst.UnaryOperation):
            return self.shape(expr.expression)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, ARITHMETIC):
            left, right = self.shape(expr.left), self.shape(expr.right)
            if left is None or right is None:
                return None
            if left == SCALAR:
                return right
            return left if right in (SCALAR, left) else None
        if isinstance(expr, cst.Name):
            if expr.value in self._parameters() and not self._bindings(expr.value):
                return ("name", expr.value)
            return self._of_name(expr.value, "shape")
        if isinstance(expr, cst.Call):
            return self._call_shape(expr)
        return None

    def _parameters(self) -> set[str]:
        params = self.function.params
        return {p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params]}

    def _bindings(self, name: str) -> list[cst.CSTNode]:
        return [statement for node in walk(self.function.body)
                for target, statement in assignment_targets(node)
                if name in (target_names(target) or [])]

    def _of_name(self, name: str, what: str):
        key = (name, what)
        if key in self._visiting or name in self._parameters():
            return None
        self._visiting.add(key)
        try:
            found = set()
            bindings = self._bindings(name)
            carried = any(not _inside(statement, self.loop, self.context) for statement in bindings)
            for statement in bindings:
                if carried and _inside(statement, self.loop, self.context) and is_update(statement, name):
                    continue  # a carried tensor's update in the loop: checked to keep dtype and shape
                if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1
                        and is_name(statement.targets[0].target, name)):
                    return None
                value = statement.value
                found.add(self.dtype(value) if what == "dtype" else self.shape(value))
            return found.pop() if len(found) == 1 else None
        finally:
            self._visiting.discard(key)

    def _call_dtype(self, call: cst.Call) -> str | None:
        name = imports.qualified(call.func, self.context.aliases)
        if name not in _DTYPE_CALLS:
            return None
        dtype = _keyword(call, "dtype")
        if name == "tensorflow.cast":
            positional = [a for a in call.args if a.keyword is None]
            dtype = positional[1].value if len(positional) > 1 else dtype
        elif name in ("tensorflow.constant", "tensorflow.convert_to_tensor") and dtype is None:
            first = call.args[0].value if call.args and call.args[0].keyword is None else None
            if isinstance(first, cst.UnaryOperation) and isinstance(first.operator, cst.Minus):
                first = first.expression
            return "int32" if isinstance(first, cst.Integer) else "float32" if isinstance(first, cst.Float) else None
        elif name in ("tensorflow.zeros", "tensorflow.ones") and dtype is None:
            return "float32"
        if dtype is None:
            return None
        spelled = imports.qualified(dtype, self.context.aliases) or ""
        short = spelled.removeprefix("tensorflow.")
        return short if spelled.startswith("tensorflow.") and short in _DTYPES else None

    def _call_shape(self, call: cst.Call):
        name = imports.qualified(call.func, self.context.aliases) or ""
        first = call.args[0].value if call.args and call.args[0].keyword is None else None
        if first is None:
            return None
        if name in ("tensorflow.zeros_like", "tensorflow.ones_like", "tensorflow.identity", "tensorflow.cast",
                    "tensorflow.roll"):
            return self.shape(first)
        if name in ("tensorflow.constant", "tensorflow.convert_to_tensor") \
                and isinstance(first, (cst.Integer, cst.Float, cst.UnaryOperation)) and _keyword(call, "shape") is None:
            return SCALAR if self.shape(first) == SCALAR else None
        if name in ("tensorflow.zeros", "tensorflow.ones") and isinstance(first, (cst.Tuple, cst.List)) \
                and all(isinstance(e.value, cst.Integer) for e in first.elements):
            dims = tuple(int(e.value.value) for e in first.elements)
            return SCALAR if not dims else ("shape", dims)
        return None


def is_update(statement: cst.CSTNode, name: str) -> bool:
    """``name OP= e`` or ``name = name OP e`` / ``e OP name``."""
    if isinstance(statement, cst.AugAssign):
        return is_name(statement.target, name)
    return (isinstance(statement, cst.Assign) and len(statement.targets) == 1
            and is_name(statement.targets[0].target, name) and isinstance(statement.value, cst.BinaryOperation)
            and (is_name(statement.value.left, name) or is_name(statement.value.right, name)))


def _keyword(call: cst.Call, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return None


def _inside(node: cst.CSTNode, ancestor: cst.CSTNode, context: FixContext) -> bool:
    while node is not None:
        if node is ancestor:
            return True
        node = context.parent(node)
    return False


def is_name(expr: cst.CSTNode, name: str) -> bool:
    return isinstance(expr, cst.Name) and expr.value == name


def walk(node: cst.CSTNode):
    yield node
    for child in node.children:
        yield from walk(child)


def assignment_targets(node: cst.CSTNode):
    if isinstance(node, cst.Assign):
        for target in node.targets:
            yield target.target, node
    elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
        yield node.target, node
    elif isinstance(node, cst.NamedExpr):
        yield node.target, node
    elif isinstance(node, (cst.For, cst.CompFor)):
        yield node.target, node


def target_names(target: cst.BaseExpression) -> list[str] | None:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        names = []
        for element in target.elements:
            inner = target_names(element.value)
            if inner is None:
                return None
            names.extend(inner)
        return names
    if isinstance(target, cst.StarredElement):
        return target_names(target.value)
    return None
