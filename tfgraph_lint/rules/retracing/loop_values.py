"""Which Python scalars vary between the repetitions of a call site, and how.

TFG301 (a varying Python number passed to a tf.function) and TFG305 (a Python collection built
from varying values) ask the same question of a call inside loops: which loops repeat it
(``enclosing_loops``), and whether an argument is a loop variable, a counter updated in the
loop, or a value computed from one (:class:`LoopAnalysis`). TFG302 asks the first part too.
"""

from __future__ import annotations

from collections import defaultdict

from astroid import nodes

from tfgraph_lint.analysis.constant_values import number
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_name, lookup
from tfgraph_lint.analysis.value_kinds import Kind, loop_target_kind, value_kind
from tfgraph_lint.core.findings import HIGH, weakest
from tfgraph_lint.core.records import Record
from tfgraph_lint.rules.retracing.enclosing_loops import contains

_MAX_DEPTH = 8
_SCOPES = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef, nodes.Module)
_NUMBER_TYPES = ("int", "float", "number")


# -- what a loop yields --------------------------------------------------------------------------

class _Elements(Record):
    __slots__ = ("type_name", "confidence", "distinct")
    type_name: str
    confidence: str
    distinct: int | None  # how many different values, when it can be counted

    def __init__(self, type_name: str, confidence: str = HIGH, distinct: int | None = None) -> None:
        self.type_name = type_name
        self.confidence = confidence
        self.distinct = distinct


def _target_path(target: nodes.NodeNG, name: str, path: tuple[int, ...] = ()) -> tuple[int, ...] | None:
    """Where ``name`` sits in a loop target: ``()`` for ``i``, ``(0,)`` for ``i`` in ``i, x``."""
    if isinstance(target, nodes.AssignName):
        return path if target.name == name else None
    if isinstance(target, (nodes.Tuple, nodes.List)):
        for position, element in enumerate(target.elts):
            found = _target_path(element, name, (*path, position))
            if found is not None:
                return found
    return None


def _target_binding(target: nodes.NodeNG, path: tuple[int, ...]) -> nodes.NodeNG:
    for position in path:
        target = target.elts[position]
    return target


class LoopAnalysis:
    """Which Python scalars vary between the repetitions of one call site's loops."""

    def __init__(self, context, loops: list[nodes.NodeNG], assignments: dict) -> None:
        self.context = context
        self.loops = loops
        self._assignments = assignments  # shared between call sites: (scope, name) -> AssignNames
        self._resolving: set[tuple[nodes.NodeNG, str]] = set()

    def describe(self, expr: nodes.NodeNG, depth: int = 0) -> LoopValue | None:
        """The Python scalar ``expr`` holds, and what makes it vary; None when not known."""
        if depth > _MAX_DEPTH:
            return None
        if isinstance(expr, nodes.Const):
            return _constant(expr.value)
        if isinstance(expr, nodes.Name):
            return self._name(expr, depth)
        if isinstance(expr, nodes.BinOp):
            return self._binop(expr, depth)
        if isinstance(expr, nodes.UnaryOp):
            operand = self.describe(expr.operand, depth + 1)
            if operand is None:
                return None
            # ``not i`` takes two values at most, like a mode switch: not reported
            return operand.fixed().retyped("bool") if expr.op == "not" else operand
        if isinstance(expr, nodes.Call):
            return self._call(expr, depth)
        if isinstance(expr, nodes.Subscript):
            return self._subscript(expr, depth)
        if isinstance(expr, nodes.IfExp):
            # only the branches' values count: a condition alone picks from two fixed values
            body, orelse = self.describe(expr.body, depth + 1), self.describe(expr.orelse, depth + 1)
            if body is None or orelse is None:
                return None
            return LoopValue.join(body, orelse)
        if isinstance(expr, nodes.JoinedStr):
            parts = [self.describe(part.value, depth + 1)
                     for part in expr.values if isinstance(part, nodes.FormattedValue)]
            if any(part is None for part in parts):
                return LoopValue("str")
            return LoopValue.join(LoopValue("str"), *parts).retyped("str")
        return _from_value_kind(expr)

    # -- names ---------------------------------------------------------------------------------

    def _name(self, name: nodes.Name, depth: int) -> LoopValue | None:
        visible = bindings(name, name.name)
        if not visible:
            return None  # a builtin or an undefined name
        scope, _ = lookup(name, name.name)
        if scope is None:
            return None
        key = (scope, name.name)
        if key in self._resolving:
            return LoopValue("")  # the counter's own previous value, while its updates are checked
        loop_value = self._loop_variable(name, visible)
        if loop_value is not None:
            return loop_value if loop_value is not _UNKNOWN_LOOP else None
        self._resolving.add(key)
        try:
            counter = self._counter(name, scope, depth)
            if counter is not None:
                return counter if counter is not _UNKNOWN_LOOP else None
            values = [self._binding(binding, depth) for binding in visible]
        finally:
            self._resolving.discard(key)
        if any(value is None for value in values):
            return None
        return LoopValue.join(*values)

    def _loop_variable(self, name: nodes.Name, visible: list[nodes.NodeNG]) -> LoopValue | None:
        for loop in self.loops:
            if isinstance(loop, nodes.While):
                continue
            path = _target_path(loop.target, name.name)
            if path is None:
                continue
            if _target_binding(loop.target, path) not in visible:
                return None  # rebound in the body before the call: the rebinding says
            elements = self._elements(loop.iter, path, self._in_graph(loop))
            if elements is None:
                return _UNKNOWN_LOOP
            if elements.distinct is not None and elements.distinct <= 1:
                return LoopValue(elements.type_name, confidence=elements.confidence)
            return LoopValue(elements.type_name, name.name, "loop variable", elements.confidence)
        return None

    def _counter(self, name: nodes.Name, scope: nodes.NodeNG, depth: int) -> LoopValue | None:
        """A name updated from its own value inside a loop around the call: ``step += 1``."""
        own = self._scope_assignments(scope).get(name.name, [])
        updates = [
            assign for assign in own
            if _is_update(assign) and any(contains(loop, assign) for loop in self.loops)
        ]
        if not updates:
            return None
        values = []
        for assign in own:
            parent = assign.parent
            if isinstance(parent, nodes.AugAssign):
                values.append(self.describe(parent.value, depth + 1))
            else:
                value = self._binding(assign, depth)
                values.append(value.fixed() if value is not None else None)
        if any(value is None for value in values):
            return _UNKNOWN_LOOP
        joined = LoopValue.join(*values)
        if joined.type_name not in (*_NUMBER_TYPES, "str", "value", ""):
            return _UNKNOWN_LOOP
        return LoopValue(joined.type_name or "number", name.name, "counter", joined.confidence)

    def _scope_assignments(self, scope: nodes.NodeNG) -> dict[str, list[nodes.AssignName]]:
        """Every name ``scope`` binds itself, with its binding nodes (computed once per scope)."""
        found = self._assignments.get(scope)
        if found is None:
            found = defaultdict(list)
            for assign in scope.nodes_of_class(nodes.AssignName, skip_klass=_SCOPES):
                if assign.scope() is scope:
                    found[assign.name].append(assign)
            self._assignments[scope] = found
        return found

    def _binding(self, binding: nodes.NodeNG, depth: int) -> LoopValue | None:
        """What a binding statement gives its name, varying only if the loops repeat it."""
        value = assigned_value(binding)  # ``lr = 0.1``, and ``step, lr = 0, 0.1`` element by element
        if value is None:
            return None  # parameters, other unpacking, other loops' targets, ``with ... as``
        described = self.describe(value, depth + 1)
        if described is None:
            return None
        repeated = any(contains(loop, binding) for loop in self.loops)
        return described if repeated else described.fixed()

    # -- expressions ---------------------------------------------------------------------------

    def _binop(self, expr: nodes.BinOp, depth: int) -> LoopValue | None:
        # Deferred: only a loop over Python values needs it.
        from tfgraph_lint.rules.retracing.python_scalars import binop_scalar_type

        left, right = self.describe(expr.left, depth + 1), self.describe(expr.right, depth + 1)
        if left is None or right is None:
            return None
        joined = LoopValue.join(left, right)
        return joined.retyped(binop_scalar_type(expr.op, left.type_name, right.type_name))

    def _call(self, call: nodes.Call, depth: int) -> LoopValue | None:
        func = call.func
        if call.keywords or any(isinstance(arg, nodes.Starred) for arg in call.args):
            return _from_value_kind(call)
        if isinstance(func, nodes.Name) and is_builtin_name(func):
            if func.name in ("int", "float", "bool", "str") and len(call.args) == 1:
                inner = self.describe(call.args[0], depth + 1)  # int(x) is a Python int, whatever x is
                if inner is None or func.name == "bool":  # a bool takes two values at most
                    return LoopValue(func.name)
                return inner.retyped(func.name)
            if func.name == "round" and call.args:
                parts = [self.describe(arg, depth + 1) for arg in call.args]
                if any(part is None for part in parts):
                    return LoopValue("int" if len(call.args) == 1 else "float")
                return LoopValue.join(*parts).retyped("int" if len(call.args) == 1 else "float")
            if func.name in ("abs", "min", "max", "pow") and call.args:
                parts = [self.describe(arg, depth + 1) for arg in call.args]
                if any(part is None for part in parts):
                    return None
                return LoopValue.join(*parts)
            return _from_value_kind(call)
        name = call_qualname(call)
        if name is not None and name.startswith("math.") and call.args:
            parts = [self.describe(arg, depth + 1) for arg in call.args]
            if any(part is None for part in parts):
                return None
            returns_int = name in ("math.floor", "math.ceil", "math.trunc", "math.factorial", "math.gcd")
            return LoopValue.join(*parts).retyped("int" if returns_int else "float")
        return _from_value_kind(call)

    def _subscript(self, expr: nodes.Subscript, depth: int) -> LoopValue | None:
        """``schedule[epoch]`` on a literal list of Python scalars."""
        elements = self._elements(expr.value, (), in_graph=False)
        if elements is None:
            return None
        index = self.describe(expr.slice, depth + 1)
        if index is None:
            return None
        value = LoopValue(elements.type_name, confidence=elements.confidence)
        if index.origin is None or (elements.distinct is not None and elements.distinct <= 1):
            return value
        return LoopValue(elements.type_name, index.origin, index.origin_kind,
                      weakest(index.confidence, elements.confidence))

    # -- loops ---------------------------------------------------------------------------------

    def _in_graph(self, loop: nodes.NodeNG) -> bool:
        frame = loop.frame()
        return isinstance(frame, (nodes.FunctionDef, nodes.Lambda)) and (
            self.context.index.traced_function(frame) is not None
        )

    def _elements(self, iterable: nodes.NodeNG, path: tuple[int, ...], in_graph: bool,
                  depth: int = 0) -> _Elements | None:
        """The Python scalars ``for ... in iterable`` puts at ``path`` of its target."""
        if depth > 4:
            return None
        if isinstance(iterable, (nodes.List, nodes.Tuple, nodes.Set)):
            return _literal_elements(iterable.elts, path)
        if isinstance(iterable, nodes.Name):
            found = bindings(iterable, iterable.name)
            if len(found) != 1 or not isinstance(found[0], nodes.AssignName):
                return None
            assign = found[0].parent
            if not (isinstance(assign, nodes.Assign) and len(assign.targets) == 1):
                return None
            if not isinstance(assign.value, (nodes.List, nodes.Tuple)):
                return None
            return _literal_elements(assign.value.elts, path)
        if not (isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name)
                and is_builtin_name(iterable.func) and not iterable.keywords):
            return None
        builtin, args = iterable.func.name, iterable.args
        if builtin == "range" and not path:
            return _range_elements(iterable, in_graph)
        if builtin == "enumerate" and args and path:
            if path[0] == 1:
                return self._elements(args[0], path[1:], in_graph, depth + 1)
            if len(path) == 1:
                inner = self._elements(args[0], (), in_graph, depth + 1)
                if in_graph and inner is None and value_kind(args[0]).kind != Kind.PYTHON_COLLECTION:
                    return None  # AutoGraph enumerates tensors and datasets as tensors
                return _Elements("int")
        if builtin == "zip" and path and path[0] < len(args):
            return self._elements(args[path[0]], path[1:], in_graph, depth + 1)
        if builtin in ("reversed", "sorted") and len(args) == 1:
            return self._elements(args[0], path, in_graph, depth + 1)
        return None


# -- values --------------------------------------------------------------------------------------

class LoopValue(Record):
    """A Python scalar: its type ("int", "float", "number", "bool", "str", "value"; "" not yet
    known) and, when it differs between loop iterations, the name that makes it vary."""
    __slots__ = ("type_name", "origin", "origin_kind", "confidence")

    type_name: str
    origin: str | None  # the loop variable or counter it is computed from
    origin_kind: str  # "loop variable" or "counter"
    confidence: str

    def __init__(self, type_name: str, origin: str | None = None, origin_kind: str = "",
                 confidence: str = HIGH) -> None:
        self.type_name = type_name
        self.origin = origin
        self.origin_kind = origin_kind
        self.confidence = confidence

    def retyped(self, type_name: str) -> LoopValue:
        return LoopValue(type_name, self.origin, self.origin_kind, self.confidence)

    def fixed(self) -> LoopValue:
        return LoopValue(self.type_name, confidence=self.confidence)

    @staticmethod
    def join(*values: LoopValue) -> LoopValue:
        # Deferred: only a loop over Python values needs it.
        from tfgraph_lint.rules.retracing.python_scalars import join_scalar_types

        type_name = ""
        for value in values:
            type_name = join_scalar_types(type_name, value.type_name)
        varying = next((value for value in values if value.origin is not None), None)
        confidence = weakest(HIGH, *(value.confidence for value in values))
        if varying is None:
            return LoopValue(type_name, confidence=confidence)
        return LoopValue(type_name, varying.origin, varying.origin_kind, confidence)


_UNKNOWN_LOOP = LoopValue("unknown")  # sentinel: a loop or counter of values that cannot be told


def _constant(value) -> LoopValue | None:
    if isinstance(value, (bool, int, float, str, bytes, complex)):
        return LoopValue(type(value).__name__)
    return None


def _from_value_kind(expr: nodes.NodeNG) -> LoopValue | None:
    """Anything else: a fixed Python scalar if value_kind says so, else unknown."""
    kind = value_kind(expr)
    if kind.kind == Kind.PYTHON_SCALAR and kind.parameter is None:
        return LoopValue("value", confidence=kind.confidence)
    return None


def _is_update(assign: nodes.AssignName) -> bool:
    """``n += 1``, or ``n = n * 0.9``: a new value computed from the previous one."""
    parent = assign.parent
    if isinstance(parent, nodes.AugAssign):
        return True
    if isinstance(parent, nodes.Assign) and len(parent.targets) == 1 and parent.targets[0] is assign:
        return any(name.name == assign.name for name in parent.value.nodes_of_class(nodes.Name))
    return False


def _literal_elements(elements: list[nodes.NodeNG], path: tuple[int, ...]) -> _Elements | None:
    # Deferred: only a loop over Python values needs it.
    from tfgraph_lint.rules.retracing.python_scalars import join_scalar_types

    values = []
    for element in elements:
        for position in path:
            if not isinstance(element, (nodes.Tuple, nodes.List)) or position >= len(element.elts):
                return None
            element = element.elts[position]
        literal = number(element)
        if literal is None:
            if not (isinstance(element, nodes.Const) and isinstance(element.value, (bool, str, bytes))):
                return None
            literal = element.value
        values.append(literal)
    if not values:
        return None
    type_name = ""
    for value in values:
        type_name = join_scalar_types(type_name, type(value).__name__)
    distinct = len({(type(value) is bool, value) for value in values})
    return _Elements(type_name, HIGH, distinct)


def _range_elements(call: nodes.Call, in_graph: bool) -> _Elements | None:
    args = call.args
    if any(isinstance(arg, nodes.Starred) for arg in args) or not 1 <= len(args) <= 3:
        return None
    literals = [arg.value for arg in args if isinstance(arg, nodes.Const) and type(arg.value) is int]
    distinct = len(range(*literals)) if len(literals) == len(args) else None
    if not in_graph:
        return _Elements("int", HIGH, distinct)  # outside graph code range() always yields ints
    kind = loop_target_kind(call)
    if kind.kind != Kind.PYTHON_SCALAR:
        return None  # range over a tensor in graph code is tf.range: its values are tensors
    return _Elements("int", kind.confidence, distinct)
