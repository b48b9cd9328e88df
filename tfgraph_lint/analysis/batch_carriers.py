"""Which tensors of traced code carry a batch dimension the trace does not know, and how sure that is.

A dimension read from a static shape (``x.shape[0]``) is None while tracing when the trace was
made with it unknown. What the code shows of that, strongest first:

- a tf.function whose ``input_signature`` gives the parameter ``tf.TensorSpec([None, ...])`` is
  traced with that dimension unknown (HIGH);
- a tf.function made with ``reduce_retracing=True`` (``experimental_relax_shapes=True`` before it)
  retraces with the dimensions that changed between calls relaxed to None; the batch is the one
  that usually changes, but the code does not show it does (INFERENCE);
- Keras traces a layer's or model's ``call`` with the batch unknown when it is placed in a model
  built from ``keras.Input`` and under ``fit`` (the last batch of a dataset may be partial), and
  ``train_step``/``test_step``/``predict_step`` with the batch of the dataset's element spec; a
  custom loop of fixed-size batches would know it, so this is one step the code does not show
  (INFERENCE);
- a plain ``@tf.function`` is traced with the shapes of the tensors it is called with, known
  (TensorFlow 2.21 traces ``f(tf.ones([n, 3]))`` with ``(n, 3)`` for each new n); only a caller
  that is itself traced with an unknown batch passes one in (LOW).

A value computed from such a tensor (any TensorFlow or layer call whose arguments include it)
carries the batch too, unless a reduction dropped it: at most INFERENCE. A parameter of a helper
that traced code calls carries what the caller passes: in this file, or in another, where the
project view's call shapes say what those calls pass (:func:`carrier_bits`, analysis/call_shapes).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.call_shapes import CARRIER_BITS, CARRIER_SHIFT, imported_shapes, passed_flag
from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.classes import is_instance_method
from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, qualified_name
from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.analysis.traced import TracedFunction, TraceKind
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, weakest
from tfgraph_lint.core.records import Record, replace

# Keras functions returning the static shape as a tuple (None for unknown dimensions).
_STATIC_SHAPE_FUNCTIONS = frozenset({"keras.backend.int_shape"})
# Ops whose result's static shape is known whatever their input's: tf.shape(x) is [rank].
_SHAPE_OPS = frozenset({"tensorflow.shape", "tensorflow.shape_n", "tensorflow.rank", "tensorflow.size"})
# Keras methods that receive a batch: a layer's inputs, a model's step data.
_KERAS_BATCH_METHODS = frozenset({"call", "train_step", "test_step", "predict_step"})
# tf.function keywords that relax the shapes of a retrace to None where calls differ.
_RELAXING_KEYWORDS = frozenset({"reduce_retracing", "experimental_relax_shapes"})
_MAX_DEPTH = 8
_MAX_CALLER_HOPS = 3


class Carrier(Record):
    """A tensor holds an unknown batch: how sure that is, and where the batch comes from."""
    __slots__ = ("confidence", "why")
    confidence: str
    why: str

    def __init__(self, confidence: str, why: str) -> None:
        self.confidence, self.why = confidence, why

    def computed(self) -> Carrier:
        """A value computed from the carrier (a reduction could drop the batch)."""
        return replace(self, confidence=weakest(self.confidence, INFERENCE))


_SIGNED = Carrier(HIGH, "the input_signature leaves it unknown")
_RELAXED = Carrier(INFERENCE, "the tf.function relaxes the shapes of a retrace (reduce_retracing), "
                              "leaving a batch that changed between calls unknown")
_KERAS_INPUT = Carrier(INFERENCE, "Keras traces it with the batch unknown in a model built from "
                                  "keras.Input and under fit")
_PLAIN_FUNCTION = Carrier(LOW, "a caller traced with an unknown batch passes it in unknown")
# How sure a carrier is, as two bits of a call shape's flag (analysis/call_shapes).
_CONFIDENCE_BITS = {HIGH: 3, INFERENCE: 2, LOW: 1}


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


def own_bindings(name: nodes.Name, fn: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The bindings of ``name`` inside ``fn`` itself (none when it comes from outside)."""
    found = bindings(name, name.name)
    return [b for b in found if b.scope() is fn]


def batch_carrier(expr: nodes.NodeNG, traced: TracedFunction, depth: int = 0, hops: int = 0,
                  index=None) -> Carrier | None:
    """When ``expr`` (in ``traced``) holds a tensor traced with an unknown batch, or a value
    computed from one. ``depth`` counts names followed, ``hops`` callers; with the module's graph
    index, a helper's parameter also carries what other files' graph code passes it."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Name):
        for binding in own_bindings(expr, traced.node):
            found = _binding_carrier(binding, traced, depth + 1, hops, index)
            if found is not None:
                return found
        return None
    if isinstance(expr, nodes.Subscript):
        return batch_carrier(expr.value, traced, depth, hops, index)  # inputs[0], features["audio"]
    if isinstance(expr, nodes.Call):
        if static_shape_of(expr) is not None or call_qualname(expr) in _SHAPE_OPS:
            return None  # tf.shape(x) has a known static shape: its rank
        for argument in [*expr.args, *(kw.value for kw in expr.keywords or ())]:
            found = batch_carrier(argument, traced, depth, hops, index)
            if found is not None:
                return found.computed()
        return None
    if isinstance(expr, nodes.BinOp):
        return (batch_carrier(expr.left, traced, depth, hops, index)
                or batch_carrier(expr.right, traced, depth, hops, index))
    return None


def carrier_bits(expr: nodes.NodeNG, traced: TracedFunction | None, index) -> int:
    """What a call shape's flag says of ``expr``, an argument graph code in ``traced`` passes to a
    function of another file: how sure it carries an unknown batch (0: not shown)."""
    found = batch_carrier(expr, traced, index=index) if traced is not None else None
    return _CONFIDENCE_BITS[found.confidence] << CARRIER_SHIFT if found is not None else 0


def _binding_carrier(binding: nodes.NodeNG, traced: TracedFunction, depth: int, hops: int,
                     index) -> Carrier | None:
    if not isinstance(binding, nodes.AssignName):
        return None
    parent = binding.parent
    if isinstance(parent, nodes.Arguments):
        return _parameter_carrier(binding, traced, hops, index)
    value = assigned_value(binding)
    if value is None and isinstance(parent, (nodes.Tuple, nodes.List)) and isinstance(parent.parent, nodes.Assign):
        value = parent.parent.value  # x, a = inputs
    if value is None:
        return None
    return batch_carrier(value, traced, depth, hops, index)


def _parameter_carrier(parameter: nodes.AssignName, traced: TracedFunction, hops: int, index) -> Carrier | None:
    fn = traced.node
    if parameter.parent.parent is not fn or not isinstance(fn, nodes.FunctionDef) or _is_self(parameter, fn):
        return None
    kind = traced.reason.kind
    if kind == TraceKind.DECORATOR:
        return _decorated_carrier(fn, parameter)
    if kind == TraceKind.KERAS:
        return _KERAS_INPUT if not traced.reason.handed_to_keras and _keras_batch_input(fn, parameter) else None
    if kind == TraceKind.IMPORTED and index is not None:
        return _imported_carrier(fn, parameter, index)
    via = traced.reason.via
    if kind == TraceKind.CALLED and via is not None and hops < _MAX_CALLER_HOPS:
        for call in via.node.nodes_of_class(nodes.Call):
            if fn not in resolve_callables(call.func):
                continue
            argument = argument_for(call, fn, parameter)
            found = batch_carrier(argument, via, 0, hops + 1, index) if argument is not None else None
            if found is not None:
                return found.computed()
    return None


def _imported_carrier(fn: nodes.FunctionDef, parameter: nodes.AssignName, index) -> Carrier | None:
    """What the calls of another file's graph code pass ``parameter`` of ``fn``, a helper they
    reach (the project view's call shapes): the surest carrier any of them passes, as a value
    computed from it."""
    found = None
    for shape in imported_shapes(fn, index) or ():
        bits = ((passed_flag(shape, fn, parameter) or 0) >> CARRIER_SHIFT) & CARRIER_BITS
        confidence = next((level for level, value in _CONFIDENCE_BITS.items() if value == bits), None)
        if confidence is not None and (found is None or _CONFIDENCE_BITS[confidence] > _CONFIDENCE_BITS[found]):
            found = confidence
    if found is None:
        return None
    return Carrier(found, "graph code of another file passes it a tensor traced with an unknown batch").computed()


def _keras_batch_input(fn: nodes.FunctionDef, parameter: nodes.AssignName) -> bool:
    """A positional input without a default of a Keras layer's or model's method that receives
    the batch (``call``, ``train_step`` ...)."""
    if fn.name not in _KERAS_BATCH_METHODS or not isinstance(fn.parent, nodes.ClassDef):
        return False
    positional = _positional(fn)
    required = positional[1:len(positional) - len(fn.args.defaults or ())]
    if parameter not in required:
        return False
    found = keras_base(fn.parent, set())
    return found is not None and found[1] == "layer"


def _positional(fn: nodes.FunctionDef) -> list[nodes.AssignName]:
    return [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]


def _is_self(parameter: nodes.AssignName, fn: nodes.FunctionDef) -> bool:
    positional = _positional(fn)
    return bool(positional) and positional[0] is parameter and is_instance_method(fn)


def _decorated_carrier(fn: nodes.FunctionDef, parameter: nodes.AssignName) -> Carrier | None:
    """What the tf.function decorator says of this parameter's first dimension: None in its
    ``input_signature``, relaxed by ``reduce_retracing``, else whatever its callers pass."""
    positional = _positional(fn)
    if is_instance_method(fn):
        positional = positional[1:]
    if parameter not in positional:
        return None
    relaxed = False
    for decorator in fn.decorators.nodes if fn.decorators else ():
        if not isinstance(decorator, nodes.Call):
            continue
        for keyword in decorator.keywords or ():
            signature = _held_display(keyword.value) if keyword.arg == "input_signature" else None
            if signature is not None:
                specs = signature.elts
                index = positional.index(parameter)
                spec = specs[index] if index < len(specs) else None
                return _SIGNED if _first_unknown(spec) else None
            if keyword.arg in _RELAXING_KEYWORDS and isinstance(keyword.value, nodes.Const) \
                    and keyword.value.value is True:
                relaxed = True
    return _RELAXED if relaxed else _PLAIN_FUNCTION


def _held_display(expr: nodes.NodeNG) -> nodes.List | nodes.Tuple | None:
    """A list or tuple display, or a name bound once to one (``SIGNATURE = [tf.TensorSpec(...)]``)."""
    if isinstance(expr, nodes.Name):
        found = bindings(expr, expr.name)
        expr = assigned_value(found[0]) if len(found) == 1 else None
    return expr if isinstance(expr, (nodes.List, nodes.Tuple)) else None


def _first_unknown(spec: nodes.NodeNG | None) -> bool:
    """``tf.TensorSpec([None, ...])``: a spec whose first dimension is None."""
    if not isinstance(spec, nodes.Call) or call_qualname(spec) != "tensorflow.TensorSpec":
        return False
    shape = spec.args[0] if spec.args else next((kw.value for kw in spec.keywords or () if kw.arg == "shape"), None)
    return (isinstance(shape, (nodes.List, nodes.Tuple)) and bool(shape.elts)
            and is_none(shape.elts[0]))
