"""Static shape entries that are None while tracing, read where a known Python int is needed.

``x.shape[0]``, ``b, h, w, c = x.shape`` and ``x.get_shape().as_list()[0]`` are the *static*
shape: fixed when the function is traced, and None for a dimension the trace does not know. A
tf.function whose ``input_signature`` gives a parameter ``tf.TensorSpec([None, ...])`` is traced
with that first dimension unknown. TensorFlow 2.21, traced with an unknown batch:

- ``tf.reshape(x, [x.shape[0], -1])``, ``tf.tile(t, [x.shape[0], 1])``, ``tf.zeros([x.shape[0], 3])``,
  ``tf.broadcast_to(t, (b, 2, d))``, ``tf.random.uniform([s[0]] + [1] * 3)`` and
  ``x.shape[0] * 3`` inside such a shape raise TypeError (None cannot become a tensor, or take
  part in arithmetic);
- ``tf.reshape(x, x.shape)`` and ``tf.range(x.shape[0])`` raise ValueError.

A Keras layer is built symbolically with the batch unknown when it is placed in a functional or
Sequential model, and ``fit`` traces its ``call`` with the batch unknown (a dataset's last batch
may be partial). A layer that defines ``get_config`` or ``compute_output_shape`` is written to be
placed in such models (Keras rebuilds saved models from ``get_config`` and asks
``compute_output_shape`` while building them): the required positional inputs of its ``call`` are
taken to carry an unknown batch. TensorFlow 2.21 with Keras 3: ``tf.reshape(x, [x.shape[0], -1])``
in such a layer's ``call`` raises TypeError in ``keras.Input``-built models and under ``fit``. That
sign is weak (LOW): on the review corpora its findings were layers only an eager loop calls and
models fed batches of a fixed size (``batch(..., drop_remainder=True)``), none true, while in
bug reports it finds attention layers that failed under ``fit``.

A plain ``@tf.function`` without a signature is traced with the shapes it is called with (known,
a new trace per shape), so it gives no evidence here; nor does ``Dataset.map``, whose element
shapes depend on where the map sits in the pipeline.

todo: a layer without that sign is still traced with an unknown batch under ``fit`` and in a
functional model. Taken as evidence (any Keras method's parameters without a default), on the
review corpora it reported code none of which was shown to run with an unknown batch: VAEs, GANs,
RL and detection networks run eagerly or by custom loops of fixed-size batches, and callers that
reshape to fixed sizes. Such layers give no evidence until the code shows Keras runs them with an
unknown batch (the model they are part of built from ``keras.Input``, or fitted).

Evidence, all of it required:
1. the read is of dimension 0 (an index 0, a slice from the start, the whole shape, the first
   name of an unpacking);
2. the tensor carries the batch dimension: a signed parameter of the tf.function, a positional
   input of a symbolically built layer's ``call``, or a value computed from one (any TensorFlow or
   layer call whose arguments include it), or a parameter of a helper that graph code calls with one;
3. the read reaches, through names, list/tuple displays, ``+`` and arithmetic, an argument of a
   TensorFlow op that needs the shape as known ints (``_SHAPE_ARGUMENTS``);
4. the function does not test the name it is held in for None (``if b is None: b = tf.shape(x)[0]``)
   nor replace its entries.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes
from astroid.const import Context

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.classes import is_instance_method
from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, qualified_name
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.analysis.traced import TracedFunction, TraceKind
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, weakest
from tfgraph_lint.core.records import Record, replace

# TensorFlow ops whose argument (position, keyword) must be a shape of known ints.
_SHAPE_ARGUMENTS: dict[str, tuple[int, str]] = {
    "tensorflow.reshape": (1, "shape"),
    "tensorflow.tile": (1, "multiples"),
    "tensorflow.broadcast_to": (1, "shape"),
    "tensorflow.zeros": (0, "shape"),
    "tensorflow.ones": (0, "shape"),
    "tensorflow.fill": (0, "dims"),
    "tensorflow.eye": (0, "num_rows"),
    "tensorflow.range": (0, "start"),
    "tensorflow.random.uniform": (0, "shape"),
    "tensorflow.random.normal": (0, "shape"),
    "tensorflow.random.truncated_normal": (0, "shape"),
    "tensorflow.random_uniform": (0, "shape"),
    "tensorflow.random_normal": (0, "shape"),
    "tensorflow.truncated_normal": (0, "shape"),
}
# Keras functions returning the static shape as a tuple (None for unknown dimensions).
_STATIC_SHAPE_FUNCTIONS = frozenset({"keras.backend.int_shape"})
# Ops whose result's static shape is known whatever their input's: tf.shape(x) is [rank].
_SHAPE_OPS = frozenset({"tensorflow.shape", "tensorflow.shape_n", "tensorflow.rank", "tensorflow.size"})
_ARITHMETIC = frozenset({"+", "-", "*", "//", "/"})
_MAX_DEPTH = 8
_MAX_CALLER_HOPS = 3


class UnknownDimension(Record):
    __slots__ = ("read", "tensor", "spelled", "op", "confidence", "why")
    read: nodes.NodeNG  # where the static entry is read: ``x.shape[0]``, ``b, h = x.shape``
    tensor: nodes.NodeNG  # the tensor whose static shape it is
    spelled: str  # how the message shows the read
    op: str  # the TensorFlow op that needs it known, "tf.reshape"
    confidence: str
    why: str  # why the batch is unknown while tracing, for the message

    def __init__(self, read: nodes.NodeNG, tensor: nodes.NodeNG, spelled: str, op: str, confidence: str,
                 why: str) -> None:
        self.read, self.tensor, self.spelled = read, tensor, spelled
        self.op, self.confidence, self.why = op, confidence, why


class _Carrier(Record):
    """A tensor holds the unknown batch: how sure that is, and where the batch comes from."""
    __slots__ = ("confidence", "why")
    confidence: str
    why: str

    def __init__(self, confidence: str, why: str) -> None:
        self.confidence, self.why = confidence, why

    def computed(self) -> _Carrier:
        """A value computed from the carrier (a reduction could drop the batch)."""
        return replace(self, confidence=weakest(self.confidence, INFERENCE))


_SIGNED = _Carrier(HIGH, "the input_signature leaves it unknown")
_SYMBOLIC_LAYER = _Carrier(
    LOW, "the layer defines get_config or compute_output_shape, so it is placed in models Keras "
    "builds and fits with the batch unknown")
# Methods by which a layer shows it is written to be placed in models Keras builds symbolically.
_SYMBOLIC_LAYER_METHODS = frozenset({"get_config", "compute_output_shape"})


def shape_argument(call: nodes.Call) -> tuple[nodes.NodeNG, str] | None:
    """The argument of a TensorFlow op that must be known ints, with the op's short name."""
    name = call_qualname(call)
    place = _SHAPE_ARGUMENTS.get(name or "")
    if place is None:
        return None
    position, keyword = place
    for kw in call.keywords or ():
        if kw.arg == keyword:
            return kw.value, "tf." + name.removeprefix("tensorflow.")
    args = call.args
    if len(args) > position and not any(isinstance(a, nodes.Starred) for a in args[:position + 1]):
        return args[position], "tf." + name.removeprefix("tensorflow.")
    return None


def unknown_dimensions(call: nodes.Call, traced: TracedFunction) -> Iterator[UnknownDimension]:
    """Static batch entries of tensors that reach ``call``'s shape argument unknown."""
    found = shape_argument(call)
    if found is None:
        return
    argument, op = found
    fn = traced.node
    seen: set[nodes.NodeNG] = set()
    for read, tensor, spelled in _reads(argument, fn, 0):
        if read in seen:
            continue
        seen.add(read)
        carrier = _batch_carrier(tensor, traced, 0)
        if carrier is not None:
            yield UnknownDimension(read, tensor, spelled, op, carrier.confidence, carrier.why)


# -- where a static shape is read -----------------------------------------------------------

def static_shape_of(expr: nodes.NodeNG) -> nodes.NodeNG | None:
    """The tensor whose static shape ``expr`` is: ``x.shape``, ``x.get_shape()``, either with
    ``.as_list()``, ``K.int_shape(x)``."""
    if isinstance(expr, nodes.Call) and not expr.args and not expr.keywords \
            and isinstance(expr.func, nodes.Attribute):
        if expr.func.attrname == "as_list":
            return static_shape_of(expr.func.expr)
        if expr.func.attrname == "get_shape":
            return expr.func.expr
        return None
    if isinstance(expr, nodes.Attribute) and expr.attrname == "shape":
        return expr.expr
    if isinstance(expr, nodes.Call) and len(expr.args) == 1 and not expr.keywords \
            and qualified_name(expr.func) in _STATIC_SHAPE_FUNCTIONS:
        return expr.args[0]
    return None


def _held_shape(expr: nodes.NodeNG, fn: nodes.NodeNG) -> nodes.NodeNG | None:
    """``expr`` is a static shape, or a name the function binds once to one: its tensor."""
    tensor = static_shape_of(expr)
    if tensor is not None or not isinstance(expr, nodes.Name) or _tested_for_none(fn, expr.name):
        return tensor
    found = _own_bindings(expr, fn)
    if len(found) != 1:
        return None
    value = assigned_value(found[0])
    return static_shape_of(value) if value is not None else None


def _reads(expr: nodes.NodeNG, fn: nodes.NodeNG, depth: int) -> Iterator[tuple[nodes.NodeNG, nodes.NodeNG, str]]:
    """The reads of dimension 0 of a static shape that flow into ``expr``."""
    if depth > _MAX_DEPTH:
        return
    depth += 1
    whole = _held_shape(expr, fn)
    if whole is not None:
        read = expr if static_shape_of(expr) is not None else assigned_value(_own_bindings(expr, fn)[0])
        yield read, whole, read.as_string()
        return
    if isinstance(expr, nodes.Subscript):
        tensor = _held_shape(expr.value, fn)
        if tensor is not None and _covers_first(expr.slice):
            yield expr, tensor, expr.as_string()
        return
    if isinstance(expr, (nodes.List, nodes.Tuple)):
        for element in expr.elts:
            yield from _reads(element, fn, depth)
    elif isinstance(expr, nodes.BinOp) and expr.op in _ARITHMETIC:
        yield from _reads(expr.left, fn, depth)
        yield from _reads(expr.right, fn, depth)
    elif isinstance(expr, nodes.Name) and not _tested_for_none(fn, expr.name):
        for binding in _own_bindings(expr, fn):
            value = assigned_value(binding)
            if value is not None:
                yield from _reads(value, fn, depth)
                continue
            unpacked = _first_of_unpacked_shape(binding)
            if unpacked is not None:
                assign, tensor = unpacked
                yield assign, tensor, f"{binding.name}, ... = {assign.value.as_string()}"


def _covers_first(index: nodes.NodeNG) -> bool:
    if isinstance(index, nodes.Const):
        return index.value == 0 and not isinstance(index.value, bool)
    if isinstance(index, nodes.Slice):
        lower = index.lower
        return (index.step is None and (lower is None or (isinstance(lower, nodes.Const) and lower.value == 0)))
    return False


def _first_of_unpacked_shape(binding: nodes.AssignName) -> tuple[nodes.Assign, nodes.NodeNG] | None:
    """``b, h, w = x.shape``: the assignment and ``x`` when ``binding`` is the first name."""
    parent = binding.parent
    if not isinstance(parent, (nodes.Tuple, nodes.List)) or not parent.elts or parent.elts[0] is not binding:
        return None
    assign = parent.parent
    if not isinstance(assign, nodes.Assign) or assign.targets != [parent]:
        return None
    tensor = static_shape_of(assign.value)
    return (assign, tensor) if tensor is not None else None


def _own_bindings(name: nodes.Name, fn: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The bindings of ``name`` inside ``fn`` itself (none when it comes from outside)."""
    found = bindings(name, name.name)
    return [b for b in found if b.scope() is fn]


def _tested_for_none(fn: nodes.NodeNG, name: str) -> bool:
    """``if b is None:`` / ``if shape[i] is None:`` / ``b or tf.shape(x)[0]`` in ``fn``, or an
    entry of the held shape replaced (``shape[i] = tf.shape(x)[i]``): the code already handles an
    unknown dimension held in ``name``."""
    tested = remembered(fn, "names tested for None")  # asked per name and per read: one walk of fn
    found = tested.get(fn)
    if found is None:
        found = tested[fn] = _names_tested_for_none(fn)
    return name in found


def _names_tested_for_none(fn: nodes.NodeNG) -> frozenset[str]:
    """Every name :func:`_tested_for_none` says yes to in ``fn``."""
    found: set[str] = set()
    for compare in descendants(fn, nodes.Compare):
        operands = [compare.left, *(operand for _, operand in compare.ops)]
        if any(op in ("is", "is not", "==", "!=") for op, _ in compare.ops) and any(is_none(o) for o in operands):
            found.update(filter(None, map(_named, operands)))
    found.update(filter(None, (_named(subscript.value) for subscript in descendants(fn, nodes.Subscript)
                               if subscript.ctx == Context.Store)))
    found.update(filter(None, (_named(boolop.values[0]) for boolop in descendants(fn, nodes.BoolOp)
                               if boolop.op == "or")))
    return frozenset(found)


def _named(expr: nodes.NodeNG) -> str | None:
    """The name ``expr`` is, or holds an entry of (``name[i]``); None for anything else."""
    if isinstance(expr, nodes.Subscript):
        expr = expr.value
    return expr.name if isinstance(expr, nodes.Name) else None


# -- which tensors carry the batch dimension ------------------------------------------------

def _batch_carrier(expr: nodes.NodeNG, traced: TracedFunction, depth: int, hops: int = 0) -> _Carrier | None:
    """When ``expr`` (in ``traced``) holds what Keras or a signed tf.function passes in with an
    unknown batch, or a value computed from it. ``depth`` counts names followed,
    ``hops`` callers."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Name):
        for binding in _own_bindings(expr, traced.node):
            found = _binding_carrier(binding, traced, depth + 1, hops)
            if found is not None:
                return found
        return None
    if isinstance(expr, nodes.Subscript):
        return _batch_carrier(expr.value, traced, depth, hops)  # inputs[0], features["audio"]
    if isinstance(expr, nodes.Call):
        if static_shape_of(expr) is not None or call_qualname(expr) in _SHAPE_OPS:
            return None  # tf.shape(x) has a known static shape: its rank
        for argument in [*expr.args, *(kw.value for kw in expr.keywords or ())]:
            found = _batch_carrier(argument, traced, depth, hops)
            if found is not None:
                return found.computed()
        return None
    if isinstance(expr, nodes.BinOp):
        return _batch_carrier(expr.left, traced, depth, hops) or _batch_carrier(expr.right, traced, depth, hops)
    return None


def _binding_carrier(binding: nodes.NodeNG, traced: TracedFunction, depth: int, hops: int) -> _Carrier | None:
    if not isinstance(binding, nodes.AssignName):
        return None
    parent = binding.parent
    if isinstance(parent, nodes.Arguments):
        return _parameter_carrier(binding, traced, depth, hops)
    value = assigned_value(binding)
    if value is None and isinstance(parent, (nodes.Tuple, nodes.List)) and isinstance(parent.parent, nodes.Assign):
        value = parent.parent.value  # x, a = inputs
    if value is None:
        return None
    return _batch_carrier(value, traced, depth, hops)


def _parameter_carrier(parameter: nodes.AssignName, traced: TracedFunction, depth: int, hops: int) -> _Carrier | None:
    fn = traced.node
    if parameter.parent.parent is not fn or _is_self(parameter, fn):
        return None
    kind = traced.reason.kind
    if kind == TraceKind.DECORATOR and _signed_with_unknown_batch(fn, parameter):
        return _SIGNED
    if kind == TraceKind.KERAS and not traced.reason.handed_to_keras and _symbolic_layer_input(fn, parameter):
        return _SYMBOLIC_LAYER
    via = traced.reason.via
    if kind == TraceKind.CALLED and via is not None and hops < _MAX_CALLER_HOPS \
            and isinstance(fn, nodes.FunctionDef):
        for call in via.node.nodes_of_class(nodes.Call):
            if fn not in resolve_callables(call.func):
                continue
            argument = argument_for(call, fn, parameter)
            found = _batch_carrier(argument, via, 0, hops + 1) if argument is not None else None
            if found is not None:
                return found.computed()
    return None


def _symbolic_layer_input(fn: nodes.NodeNG, parameter: nodes.AssignName) -> bool:
    """A positional input without a default of the ``call`` of a layer written to be placed in
    models Keras builds symbolically (its class, or a class of this module it derives from,
    defines ``get_config`` or ``compute_output_shape``)."""
    if not isinstance(fn, nodes.FunctionDef) or fn.name != "call" or not isinstance(fn.parent, nodes.ClassDef):
        return False
    positional = [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]
    required = positional[1:len(positional) - len(fn.args.defaults or ())]
    if parameter not in required:
        return False
    seen: set[nodes.ClassDef] = set()
    found = keras_base(fn.parent, seen)
    if found is None or found[1] != "layer":
        return False
    return any(isinstance(member, nodes.FunctionDef) and member.name in _SYMBOLIC_LAYER_METHODS
               for cls in seen for member in cls.body)


def _is_self(parameter: nodes.AssignName, fn: nodes.NodeNG) -> bool:
    positional = [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]
    return bool(positional) and positional[0] is parameter and is_instance_method(fn)


def _signed_with_unknown_batch(fn: nodes.NodeNG, parameter: nodes.AssignName) -> bool:
    """``@tf.function(input_signature=[tf.TensorSpec([None, ...])])`` for this parameter."""
    if not isinstance(fn, nodes.FunctionDef) or not fn.decorators:
        return False
    positional = [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]
    if is_instance_method(fn):
        positional = positional[1:]
    for decorator in fn.decorators.nodes:
        if not isinstance(decorator, nodes.Call):
            continue
        signature = next((kw.value for kw in decorator.keywords or () if kw.arg == "input_signature"), None)
        if not isinstance(signature, (nodes.List, nodes.Tuple)):
            continue
        for param, spec in zip(positional, signature.elts):
            if param is parameter and isinstance(spec, nodes.Call) \
                    and call_qualname(spec) == "tensorflow.TensorSpec" and _first_unknown(spec):
                return True
    return False


def _first_unknown(spec: nodes.Call) -> bool:
    shape = spec.args[0] if spec.args else next((kw.value for kw in spec.keywords or () if kw.arg == "shape"), None)
    return (isinstance(shape, (nodes.List, nodes.Tuple)) and bool(shape.elts)
            and is_none(shape.elts[0]))
