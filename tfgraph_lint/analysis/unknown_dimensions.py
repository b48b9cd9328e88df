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

Which tensors carry a batch the trace does not know, and how sure that is, is
``analysis/batch_carriers``. On the review corpora, Keras layers taken to be traced with an unknown
batch (INFERENCE) were also layers only an eager loop calls and models fed batches of a fixed
size (``batch(..., drop_remainder=True)``); ``rules/graph_errors/unknown_static_dimension`` says
which levels are reported unasked.

Evidence, all of it required:
1. the read is of dimension 0 (an index 0, a slice from the start, the whole shape, the first
   name of an unpacking);
2. the tensor carries an unknown batch (``batch_carriers.batch_carrier``);
3. the read reaches, through names, list/tuple displays, ``+`` and arithmetic, an argument of a
   TensorFlow op that needs the shape as known ints (``_SHAPE_ARGUMENTS``);
4. the function does not test the name it is held in for None (``if b is None: b = tf.shape(x)[0]``)
   nor replace its entries, nor fall back on the dynamic shape (``x.shape[0] or tf.shape(x)[0]``).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes
from astroid.const import Context

from tfgraph_lint.analysis.batch_carriers import batch_carrier, own_bindings, static_shape_of
from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.names import assigned_value, call_qualname
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.traced import TracedFunction
from tfgraph_lint.core.records import Record

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
_ARITHMETIC = frozenset({"+", "-", "*", "//", "/"})
_MAX_DEPTH = 8


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


def unknown_dimensions(call: nodes.Call, traced: TracedFunction, index=None) -> Iterator[UnknownDimension]:
    """Static batch entries of tensors that reach ``call``'s shape argument unknown (with the
    module's graph index, also through what other files' graph code passes a helper)."""
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
        carrier = batch_carrier(tensor, traced, index=index)
        if carrier is not None:
            yield UnknownDimension(read, tensor, spelled, op, carrier.confidence, carrier.why)


# -- where a static shape is read -----------------------------------------------------------

def _held_shape(expr: nodes.NodeNG, fn: nodes.NodeNG) -> nodes.NodeNG | None:
    """``expr`` is a static shape, or a name the function binds once to one: its tensor."""
    tensor = static_shape_of(expr)
    if tensor is not None or not isinstance(expr, nodes.Name) or _tested_for_none(fn, expr.name):
        return tensor
    found = own_bindings(expr, fn)
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
    if whole is not None and _tested_for_none(fn, _shape_key(whole)):
        return  # ``if x.shape[0] is not None: tf.reshape(t, x.shape)``
    if whole is not None:
        read = expr if static_shape_of(expr) is not None else assigned_value(own_bindings(expr, fn)[0])
        yield read, whole, read.as_string()
        return
    if isinstance(expr, nodes.Subscript):
        tensor = _held_shape(expr.value, fn)
        if tensor is not None and _covers_first(expr.slice) and not _tested_for_none(fn, _shape_key(tensor)):
            yield expr, tensor, expr.as_string()
        return
    if isinstance(expr, (nodes.List, nodes.Tuple)):
        for element in expr.elts:
            yield from _reads(element, fn, depth)
    elif isinstance(expr, nodes.BinOp) and expr.op in _ARITHMETIC:
        yield from _reads(expr.left, fn, depth)
        yield from _reads(expr.right, fn, depth)
    elif isinstance(expr, nodes.Name) and not _tested_for_none(fn, expr.name):
        for binding in own_bindings(expr, fn):
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


def _tested_for_none(fn: nodes.NodeNG, name: str) -> bool:
    """``if b is None:`` / ``if shape[i] is None:`` / ``b or tf.shape(x)[0]`` in ``fn``, a truth
    test of it (``if x.shape[0]:``, ``y if not b else z``: None is false), or an entry of the
    held shape replaced (``shape[i] = tf.shape(x)[i]``): the code already handles an unknown
    dimension held in ``name``."""
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
    for branch in (*descendants(fn, nodes.If), *descendants(fn, nodes.IfExp), *descendants(fn, nodes.While)):
        found.update(filter(None, map(_named, _truth_tested(branch.test))))
    return frozenset(found)


def _truth_tested(test: nodes.NodeNG) -> list[nodes.NodeNG]:
    """The values a branch's test takes the truth of: itself, under ``not``, and each operand
    of ``and``/``or``."""
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return _truth_tested(test.operand)
    if isinstance(test, nodes.BoolOp):
        return [value for operand in test.values for value in _truth_tested(operand)]
    return [test]


def _named(expr: nodes.NodeNG) -> str | None:
    """The name ``expr`` is, or holds an entry of (``name[i]``), or ``x.shape`` for an entry of
    the static shape of the name ``x`` (``x.shape[0] is None``); None for anything else."""
    if isinstance(expr, nodes.Subscript):
        expr = expr.value
        tensor = static_shape_of(expr)
        if tensor is not None:
            return _shape_key(tensor)
    return expr.name if isinstance(expr, nodes.Name) else None


def _shape_key(tensor: nodes.NodeNG) -> str:
    """How :func:`_named` records a test of an entry of ``tensor``'s static shape."""
    return f"{tensor.as_string()}.shape"
