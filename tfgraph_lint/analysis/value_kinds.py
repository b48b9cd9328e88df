"""What kind of value an expression holds: a tensor, a Python scalar, a Python collection, ...

Lexical and cheap: literals, TensorFlow calls resolved through imports, builtins, and the
bindings of names (assignments, loop targets) in the user's own code. Whatever cannot be told
is UNKNOWN, and rules stay silent or lower their confidence on UNKNOWN, never guess.
"""

from __future__ import annotations

from enum import Enum

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.names import (
    assigned_value,
    bindings,
    call_qualname,
    is_builtin_name,
    made_only_by_calls,
    unpacked_value,
)
from tfgraph_lint.core import tf_api
from tfgraph_lint.core.findings import HIGH, INFERENCE, weakest
from tfgraph_lint.core.records import Record

_MAX_DEPTH = 6


class Kind(Enum):
    TENSOR = "tensor"
    PYTHON_SCALAR = "Python scalar"  # int, float, bool, str, bytes, complex
    PYTHON_COLLECTION = "Python collection"  # list, dict, set, tuple and their relatives
    NUMPY = "NumPy value"
    TF_OBJECT = "TensorFlow object"  # Variable, TensorArray, Dataset, Keras object, Generator
    NONE = "None"
    UNKNOWN = "unknown"


class ValueKind(Record):
    __slots__ = ("kind", "confidence", "parameter")
    kind: Kind
    confidence: str
    # A parameter the value comes from, when that is all that can be said (rules may look at
    # call sites of the function to learn more).
    parameter: nodes.AssignName | None

    def __init__(self, kind: Kind, confidence: str = HIGH, parameter: nodes.AssignName | None = None) -> None:
        self.kind = kind
        self.confidence = confidence
        self.parameter = parameter

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
        if isinstance(expr.slice, nodes.Slice):
            # ``bs[:]``: a slice of a Python list is one (the same value's kind: no step deeper)
            inner = value_kind(expr.value, _depth)
            return inner if inner.kind in (Kind.TENSOR, Kind.PYTHON_COLLECTION) else UNKNOWN
        if made_only_by_calls(expr.value, tf_api.TENSOR_TUPLE_RETURNING, _depth + 1, _MAX_DEPTH):
            return ValueKind(Kind.TENSOR)  # ``tf.unique(x)[0]``: an item of a tuple of tensors
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
    # Deferred: only a call of no builtin whose value is asked needs these.
    from tfgraph_lint.analysis.optimizer_hyperparameters import hyperparameter_read
    from tfgraph_lint.analysis.tape_results import tape_result
    from tfgraph_lint.analysis.variable_reads import reads_variable

    if reads_variable(call):
        return ValueKind(Kind.TENSOR)  # ``v.read_value()`` of a variable (analysis/variable_reads)
    hyperparameter = hyperparameter_read(call)
    if hyperparameter is not None:  # ``self._get_hyper("decay", dtype)`` in a Keras 2 optimizer
        return ValueKind(Kind.TENSOR, hyperparameter)
    if tape_result(call, lambda sources: _one_tensor(sources, depth)):
        return ValueKind(Kind.TENSOR, INFERENCE)  # ``tape.jacobian(y, x)`` (analysis/tape_results)
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


def _one_tensor(expr: nodes.NodeNG, depth: int) -> bool:
    found = value_kind(expr, depth + 1)
    return found.kind == Kind.TENSOR and found.parameter is None


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
    unpacked = unpacked_value(binding)
    if unpacked is not None:  # ``h, w = tf.shape(x)``: unpacking iterates, and a tensor's items are tensors
        return unpacked_item_kind(unpacked[0], depth + 1)
    if isinstance(parent, (nodes.Assign, nodes.AnnAssign)):
        return UNKNOWN
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


def unpacked_item_kind(value: nodes.NodeNG, depth: int = 0) -> ValueKind:
    """The kind of the items of ``a, b = value``: tensors when ``value`` is surely one tensor
    (not a structure an op returns), tf.unstack's list of them or a tuple of tensors an op
    returns (``y, idx = tf.unique(x)``); UNKNOWN otherwise."""
    if made_only_by_calls(value, tf_api.LIST_RETURNING | tf_api.TENSOR_TUPLE_RETURNING, depth + 1, _MAX_DEPTH):
        return ValueKind(Kind.TENSOR)
    kind = value_kind(value, depth + 1)
    if kind.kind == Kind.TENSOR and surely_one_tensor(value):
        return ValueKind(Kind.TENSOR, kind.confidence)
    return UNKNOWN


def surely_one_tensor(expr: nodes.NodeNG, _depth: int = 0) -> bool:
    """``expr`` is one tensor, not a structure, by what made it: an op that always returns one
    (``tf.shape(x)``), a subscript of one, or a name every binding of which is one. Stricter
    than ``value_kind``, which takes any lower-case TensorFlow function for a tensor op."""
    if _depth > _MAX_DEPTH:
        return False
    if isinstance(expr, nodes.Subscript):
        return surely_one_tensor(expr.value, _depth + 1)
    if isinstance(expr, nodes.Call):
        return call_qualname(expr) in tf_api.ONE_TENSOR_FOR_SURE
    if isinstance(expr, nodes.Name):
        values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
        return bool(values) and all(value is not None and surely_one_tensor(value, _depth + 1) for value in values)
    return False
