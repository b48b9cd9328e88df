"""What kind of value an expression holds: a tensor, a Python scalar, a Python collection, ...

Lexical and cheap: literals, TensorFlow calls resolved through imports, builtins, and the
bindings of names (assignments, loop targets) in the user's own code. Whatever cannot be told
is UNKNOWN, and rules stay silent or lower their confidence on UNKNOWN, never guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.names import (
    annotation_of,
    assigned_value,
    bindings,
    call_qualname,
    is_builtin_name,
    made_only_by_calls,
)
from tfgraph_lint.analysis.node_index import remembered
from tfgraph_lint.core import tf_api
from tfgraph_lint.core.findings import HIGH, INFERENCE, weakest

_MAX_DEPTH = 6


class Kind(Enum):
    TENSOR = "tensor"
    PYTHON_SCALAR = "Python scalar"  # int, float, bool, str, bytes, complex
    PYTHON_COLLECTION = "Python collection"  # list, dict, set, tuple and their relatives
    NUMPY = "NumPy value"
    TF_OBJECT = "TensorFlow object"  # Variable, TensorArray, Dataset, Keras object, Generator
    NONE = "None"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class ValueKind:
    kind: Kind
    confidence: str = HIGH
    # A parameter the value comes from, when that is all that can be said (rules may look at
    # call sites of the function to learn more).
    parameter: nodes.AssignName | None = None

    @property
    def is_python(self) -> bool:
        return self.kind in (Kind.PYTHON_SCALAR, Kind.PYTHON_COLLECTION, Kind.NUMPY, Kind.NONE)


UNKNOWN = ValueKind(Kind.UNKNOWN, INFERENCE)

_SCALAR_BUILTINS = frozenset({"int", "float", "bool", "str", "len", "round", "abs", "ord", "hash", "complex"})
_COLLECTION_BUILTINS = frozenset({"list", "dict", "set", "tuple", "sorted", "frozenset"})
_COLLECTION_FACTORIES = frozenset({
    "collections.defaultdict", "collections.OrderedDict", "collections.deque", "collections.Counter",
})
_PYTHON_ITERATORS = frozenset({"range", "enumerate", "zip", "reversed"})


def value_kind(expr: nodes.NodeNG | None, _depth: int = 0) -> ValueKind:
    if expr is None or _depth > _MAX_DEPTH:
        return UNKNOWN
    if isinstance(expr, nodes.Const):
        if expr.value is None:
            return ValueKind(Kind.NONE)
        if isinstance(expr.value, (int, float, complex, str, bytes)):
            return ValueKind(Kind.PYTHON_SCALAR)
        return UNKNOWN
    if isinstance(expr, (nodes.List, nodes.Tuple, nodes.Dict, nodes.Set,
                         nodes.ListComp, nodes.DictComp, nodes.SetComp)):
        return ValueKind(Kind.PYTHON_COLLECTION)
    if isinstance(expr, nodes.Call):
        return _call_kind(expr, _depth)
    if isinstance(expr, nodes.Name):
        return _name_kind(expr, _depth)
    if isinstance(expr, nodes.Attribute):
        return _attribute_kind(expr, _depth)
    if isinstance(expr, nodes.BinOp):
        return _combine(value_kind(expr.left, _depth + 1), value_kind(expr.right, _depth + 1))
    if isinstance(expr, nodes.UnaryOp):
        inner = value_kind(expr.operand, _depth + 1)
        return inner if inner.kind in (Kind.TENSOR, Kind.PYTHON_SCALAR) else UNKNOWN
    if isinstance(expr, nodes.Subscript):
        inner = value_kind(expr.value, _depth + 1)
        return inner if inner.kind == Kind.TENSOR else UNKNOWN
    if isinstance(expr, nodes.IfExp):
        body, orelse = value_kind(expr.body, _depth + 1), value_kind(expr.orelse, _depth + 1)
        return body if body.kind == orelse.kind and body.parameter is None else UNKNOWN
    return UNKNOWN


def _combine(left: ValueKind, right: ValueKind) -> ValueKind:
    if Kind.TENSOR in (left.kind, right.kind):
        tensor = left if left.kind == Kind.TENSOR else right
        return ValueKind(Kind.TENSOR, tensor.confidence)
    if left.kind == right.kind and left.kind in (Kind.PYTHON_SCALAR, Kind.PYTHON_COLLECTION):
        if left.parameter is None and right.parameter is None:
            return ValueKind(left.kind, weakest(left.confidence, right.confidence))
    return UNKNOWN


def tensorflow_call_kind(qualname: str) -> Kind:
    """What a TensorFlow or Keras API returns, told from its name alone."""
    last = qualname.rsplit(".", 1)[-1]
    if qualname.startswith("keras.backend.") and qualname.count(".") == 2 and last in tf_api.KERAS_BACKEND_TENSOR_FUNCTIONS:
        return Kind.TENSOR  # ``K.sum(x)``: Keras 2's backend computes tensors
    if qualname.startswith(("keras.", "tensorflow.data.", "tensorflow.distribute.")):
        return Kind.TF_OBJECT
    if last[:1].isupper() or qualname.startswith("tensorflow.random.Generator"):
        return Kind.TF_OBJECT  # classes: tf.Variable, tf.TensorArray, tf.TensorSpec, ...
    if qualname in tf_api.LIST_RETURNING:
        return Kind.PYTHON_COLLECTION  # tf.unstack, tf.split: a Python list of tensors
    if qualname == tf_api.TF_FUNCTION or not tf_api.returns_one_tensor(qualname):
        return Kind.UNKNOWN
    return Kind.TENSOR


def _call_kind(call: nodes.Call, depth: int) -> ValueKind:
    func = call.func
    if isinstance(func, nodes.Name) and is_builtin_name(func):
        if func.name in _SCALAR_BUILTINS:
            return ValueKind(Kind.PYTHON_SCALAR)
        if func.name in _COLLECTION_BUILTINS:
            return ValueKind(Kind.PYTHON_COLLECTION)
        if func.name in ("min", "max", "sum") and call.args:
            kinds = [value_kind(arg, depth + 1) for arg in call.args]
            if all(k.kind == Kind.PYTHON_SCALAR and k.parameter is None for k in kinds):
                return ValueKind(Kind.PYTHON_SCALAR, weakest(*(k.confidence for k in kinds)))
        return UNKNOWN
    name = call_qualname(call)
    if name is None:
        return UNKNOWN
    if name in _COLLECTION_FACTORIES:
        return ValueKind(Kind.PYTHON_COLLECTION)
    if name.startswith("numpy."):
        return ValueKind(Kind.NUMPY)
    if name.startswith(("tensorflow.", "keras.")):
        kind = tensorflow_call_kind(name)
        return ValueKind(kind) if kind != Kind.UNKNOWN else UNKNOWN
    return UNKNOWN


def _name_kind(name: nodes.Name, depth: int) -> ValueKind:
    reaching = bindings(name, name.name)
    # ``i += 1`` keeps the kind the other bindings give (``i = tf.constant(0)`` stays a tensor);
    # only a name bound by augmented assignment alone is judged by its step.
    plain = [b for b in reaching if not isinstance(b.parent, nodes.AugAssign)]
    found = [binding_kind(binding, depth + 1) for binding in (plain or reaching)]
    if not found:
        return UNKNOWN
    first = found[0]
    if all(k.kind == first.kind and k.parameter is first.parameter for k in found):
        return ValueKind(first.kind, weakest(*(k.confidence for k in found)), first.parameter)
    return UNKNOWN


def binding_kind(binding: nodes.NodeNG, depth: int = 0) -> ValueKind:
    """The kind of value a binding statement gives its name."""
    if not isinstance(binding, nodes.AssignName):
        return UNKNOWN  # imports, defs, classes
    parent = binding.parent
    if isinstance(parent, nodes.Arguments):
        return ValueKind(Kind.UNKNOWN, INFERENCE, parameter=binding)
    value = assigned_value(binding)
    if value is not None:
        return value_kind(value, depth + 1)
    if isinstance(parent, (nodes.Assign, nodes.AnnAssign)):
        return UNKNOWN  # tuple unpacking: the element's kind is not the value's
    if isinstance(parent, nodes.AugAssign):  # ``n += 1``: a Python number stays one
        step = value_kind(parent.value, depth + 1)
        return step if step.kind == Kind.PYTHON_SCALAR and step.parameter is None else UNKNOWN
    if isinstance(parent, (nodes.For, nodes.Comprehension)) and parent.target is binding:
        return loop_target_kind(parent.iter, depth + 1)
    return UNKNOWN


def loop_target_kind(iterable: nodes.NodeNG, depth: int = 0) -> ValueKind:
    """The kind of the loop variable of ``for x in iterable`` (for a plain, single target)."""
    if isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name):
        if iterable.func.name == "range" and is_builtin_name(iterable.func):
            kinds = [value_kind(arg, depth + 1) for arg in iterable.args]
            if any(k.kind == Kind.TENSOR for k in kinds):
                return ValueKind(Kind.TENSOR)  # AutoGraph turns it into tf.range
            if kinds and all(k.kind == Kind.PYTHON_SCALAR and k.parameter is None for k in kinds):
                return ValueKind(Kind.PYTHON_SCALAR, weakest(*(k.confidence for k in kinds)))
            return UNKNOWN
    if isinstance(iterable, (nodes.List, nodes.Tuple, nodes.Set)):
        kinds = [value_kind(element, depth + 1) for element in iterable.elts]
        if kinds and all(k.kind == Kind.PYTHON_SCALAR and k.parameter is None for k in kinds):
            return ValueKind(Kind.PYTHON_SCALAR)
        return UNKNOWN
    kind = value_kind(iterable, depth + 1)
    if kind.kind == Kind.TENSOR:
        return ValueKind(Kind.TENSOR, kind.confidence)  # iterating a tensor yields tensors
    if made_only_by_calls(iterable, tf_api.LIST_RETURNING, depth + 1, _MAX_DEPTH):
        return ValueKind(Kind.TENSOR)  # ``for s in tf.unstack(x)``: a Python loop over tensors
    return UNKNOWN


def _attribute_kind(attribute: nodes.Attribute, depth: int) -> ValueKind:
    """``self.x``: the kind every ``self.x = ...`` in the class agrees on (INFERENCE at best)."""
    cls = self_class(attribute.expr)
    if cls is None:
        return UNKNOWN
    values = attribute_values(cls, attribute.attrname)
    if any(value is None for value in values):
        return UNKNOWN
    kinds = [value_kind(value, depth + 1) for value in values]
    if kinds and all(k.kind == kinds[0].kind and k.parameter is None for k in kinds) and kinds[0].kind != Kind.UNKNOWN:
        return ValueKind(kinds[0].kind, INFERENCE)
    return UNKNOWN


# -- values fixed while tracing ------------------------------------------------------------------

# Tensor attributes known while tracing (static shape, dtype, name), and the like of layers.
STATIC_ATTRIBUTES = frozenset({"shape", "dtype", "name", "ndim", "rank", "__name__", "__class__"})
# Methods of static values that give static values: ``x.shape.as_list()``, ``d.keys()``.
_STATIC_METHODS = frozenset({"as_list", "num_elements"})
_PYTHON_SCALAR_HINTS = frozenset({"int", "float", "bool", "str"})
# Builtins that give a static value from static arguments.
_STATIC_BUILTINS = frozenset({"int", "float", "str", "repr", "abs", "min", "max", "round", "list", "tuple"})
# Functions that apply a function to every leaf of a structure: static leaves give a static result.
_STRUCTURE_MAPS = frozenset({"tensorflow.nest.map_structure"})


def known_at_trace_time(expr: nodes.NodeNG, _depth: int = 0) -> bool:
    """A value fixed while tracing, so printing or logging it shows nothing symbolic: literals,
    static tensor attributes (``x.shape``, ``.dtype``, ``.name``, ``x.shape.as_list()``), Python
    scalars, parameters annotated as Python numbers or strings (or tuples of them) or that the
    function compares with string literals or uses as keys of its own dicts, strings
    formatted from such values, what a local lambda or ``tf.nest.map_structure`` of a lambda
    returns from such values (``lambda d: tf.nest.map_structure(lambda x: list(x.shape), d)``),
    and names every binding of which gives one."""
    if _depth > 4:
        return False
    depth = _depth + 1
    if isinstance(expr, nodes.Const):
        return True
    if isinstance(expr, nodes.JoinedStr):
        return all(known_at_trace_time(v.value if isinstance(v, nodes.FormattedValue) else v, depth)
                   for v in expr.values)
    if isinstance(expr, (nodes.Tuple, nodes.List)):
        return all(known_at_trace_time(element, depth) for element in expr.elts)
    if isinstance(expr, nodes.BinOp):
        return known_at_trace_time(expr.left, depth) and known_at_trace_time(expr.right, depth)
    if isinstance(expr, nodes.Attribute):
        base = expr.expr
        return expr.attrname in STATIC_ATTRIBUTES or _module_constant(expr) or (
            isinstance(base, nodes.Attribute) and base.attrname in STATIC_ATTRIBUTES)
    if isinstance(expr, nodes.Subscript):  # ``x.shape[0]``
        return known_at_trace_time(expr.value, depth)
    if isinstance(expr, (nodes.ListComp, nodes.SetComp, nodes.GeneratorExp)):
        return known_at_trace_time(expr.elt, depth)  # ``[v.name for v in variables]``
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and is_builtin_name(expr.func):
        if expr.func.name == "type":
            return True  # a value's Python type is fixed while tracing
        if expr.func.name in _STATIC_BUILTINS:
            return bool(expr.args) and all(known_at_trace_time(a, depth) for a in expr.args)
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and not is_builtin_name(expr.func):
        # ``shape(inputs)`` with ``shape = lambda d: ...``: what the lambda returns
        made = [assigned_value(b) for b in bindings(expr.func, expr.func.name)]
        return bool(made) and all(isinstance(m, nodes.Lambda) and known_at_trace_time(m.body, depth) for m in made)
    if (isinstance(expr, nodes.Call) and expr.args and isinstance(expr.args[0], nodes.Lambda)
            and call_qualname(expr) in _STRUCTURE_MAPS):
        return known_at_trace_time(expr.args[0].body, depth)  # the same structure of static values
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Attribute):
        method, base = expr.func.attrname, expr.func.expr
        if method == "format":
            return known_at_trace_time(base, depth) and all(known_at_trace_time(a, depth) for a in expr.args)
        if method == "keys" and not expr.args:
            return True  # a mapping's keys are Python structure, whatever its values are
        return method in _STATIC_METHODS and known_at_trace_time(base, depth)
    if isinstance(expr, nodes.Name):
        kind = value_kind(expr)
        if kind.kind in (Kind.PYTHON_SCALAR, Kind.NONE) and kind.parameter is None:
            return True
        if _narrowed_to_falsy(expr):
            return True
        found = bindings(expr, expr.name)
        return bool(found) and all(_binding_known_at_trace_time(binding, depth) for binding in found)
    return False


def _module_constant(expr: nodes.Attribute) -> bool:
    """``logging.WARNING``, ``config.MAX_LEN``: an UPPER_CASE name of an imported module, which by
    Python's naming convention is a constant (a log level, a size), fixed while tracing."""
    if not (isinstance(expr.expr, nodes.Name) and expr.attrname.isupper()):
        return False
    found = bindings(expr.expr, expr.expr.name)
    return bool(found) and all(isinstance(binding, (nodes.Import, nodes.ImportFrom)) for binding in found)


def _narrowed_to_falsy(name: nodes.Name) -> bool:
    """``x`` in the body of ``if not x:`` or ``if x is None:``, not rebound there before its use:
    ``x`` is None or empty on that path (a tensor test would be a ``tf.cond`` whose branch still
    runs once per trace), so logging it shows a fixed Python value."""
    child, node = name, name.parent
    while node is not None and not isinstance(node, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
        if isinstance(node, nodes.If) and child in node.body and _tests_falsy(node.test, name.name):
            start, use = node.body[0].fromlineno, name.fromlineno
            rebound = any(start <= binding.fromlineno < use for binding in bindings(name, name.name))
            return not rebound
        child, node = node, node.parent
    return False


def _tests_falsy(test: nodes.NodeNG, name: str) -> bool:
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return isinstance(test.operand, nodes.Name) and test.operand.name == name
    if isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] in ("is", "=="):
        right = test.ops[0][1]
        return (isinstance(test.left, nodes.Name) and test.left.name == name
                and isinstance(right, nodes.Const) and right.value is None)
    return False


def _binding_known_at_trace_time(binding: nodes.NodeNG, depth: int) -> bool:
    if isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments):
        hint = annotation_of(binding)
        return (hint is not None and _annotates_python_scalars(hint)) or used_as_python_string(binding)
    if _enumerated(binding, depth):
        return True
    target = binding.parent
    if isinstance(target, nodes.Tuple) and isinstance(target.parent, nodes.Assign) and target in target.parent.targets:
        # ``_, height, width = x.shape.as_list()``: the items of a static sequence are static
        return known_at_trace_time(target.parent.value, depth)
    value = assigned_value(binding)
    return value is not None and known_at_trace_time(value, depth)


def used_as_python_string(parameter: nodes.AssignName) -> bool:
    """The function's own code shows the parameter is a Python string: it compares it with a
    string literal (``if name == "v0":``, ``name in ("a", "b")``) or looks it up in a dict it
    builds (``policies[name]`` with ``policies = {"v0": ...}``; a tensor is not hashable). Only
    when nothing rebinds it."""
    memo = remembered(parameter, "parameters used as Python strings")  # a walk of the function each
    found = memo.get(parameter)
    if found is None:
        found = memo[parameter] = _used_as_python_string(parameter)
    return found


def _used_as_python_string(parameter: nodes.AssignName) -> bool:
    fn = parameter.scope()
    if len(fn.locals.get(parameter.name, ())) != 1:
        return False
    for node in fn.nodes_of_class((nodes.Compare, nodes.Subscript)):
        if isinstance(node, nodes.Compare) and len(node.ops) == 1:
            op, right = node.ops[0]
            sides = (node.left, right)
            if op in ("==", "!=", "in", "not in") and any(_is_name(side, parameter.name) for side in sides) \
                    and any(_is_string_literal(side) for side in sides):
                return True
        elif (isinstance(node, nodes.Subscript) and _is_name(node.slice, parameter.name)
              and isinstance(node.value, nodes.Name)
              and any(isinstance(assigned_value(b), nodes.Dict) for b in fn.locals.get(node.value.name, ()))):
            return True
    return False


def _is_name(node: nodes.NodeNG, name: str) -> bool:
    return isinstance(node, nodes.Name) and node.name == name


def _is_string_literal(node: nodes.NodeNG) -> bool:
    if isinstance(node, nodes.Const):
        return isinstance(node.value, str)
    return isinstance(node, (nodes.Tuple, nodes.List, nodes.Set)) and bool(node.elts) and all(
        isinstance(e, nodes.Const) and isinstance(e.value, str) for e in node.elts)


def _enumerated(binding: nodes.NodeNG, depth: int) -> bool:
    """``i`` (or ``w``) of ``for i, w in enumerate(items)`` over a Python collection (of static
    values, for ``w``): Python values while tracing, unlike the counter over a dataset."""
    target = binding.parent
    loop = target.parent if isinstance(target, nodes.Tuple) else None
    if not (isinstance(loop, nodes.For) and loop.target is target and len(target.elts) == 2):
        return False
    iterable = loop.iter
    if not (isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name)
            and iterable.func.name == "enumerate" and is_builtin_name(iterable.func) and iterable.args):
        return False
    items = iterable.args[0]
    if binding is target.elts[0]:
        kind = value_kind(items)
        return isinstance(items, (nodes.List, nodes.Tuple)) or (
            kind.kind == Kind.PYTHON_COLLECTION and kind.parameter is None)
    return isinstance(items, (nodes.List, nodes.Tuple)) and all(
        known_at_trace_time(element, depth) for element in items.elts)


def _annotates_python_scalars(hint: nodes.NodeNG) -> bool:
    """``int``, ``str``, ``Tuple[int, int]``, ``tuple[int, ...]``."""
    if isinstance(hint, nodes.Name):
        return hint.name in _PYTHON_SCALAR_HINTS
    if isinstance(hint, nodes.Subscript) and isinstance(hint.value, (nodes.Name, nodes.Attribute)):
        container = hint.value.name if isinstance(hint.value, nodes.Name) else hint.value.attrname
        inner = hint.slice.elts if isinstance(hint.slice, nodes.Tuple) else [hint.slice]
        return container in ("Tuple", "tuple", "Sequence", "List", "list") and all(
            isinstance(part, nodes.Const) and part.value is Ellipsis or _annotates_python_scalars(part)
            for part in inner)
    return False
