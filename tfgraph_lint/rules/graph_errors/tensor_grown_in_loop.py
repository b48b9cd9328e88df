"""TFG209 tensor-grown-in-loop: a tensor grown by concatenation inside a loop AutoGraph converts.

With AutoGraph on, ``for i in tf.range(n)``, ``for x in <tensor>``, ``for x in <dataset>`` and
``while <tensor condition>`` become ``tf.while_loop``s, whose loop variables must keep their shape
from one iteration to the next. ``x = tf.concat([x, y], 0)`` (or ``tf.stack``, NumPy-style
``append``/``concatenate``/``vstack``/``hstack`` of ``tf.experimental.numpy``) on a tensor bound
before the loop changes its shape on every iteration, and tracing raises ValueError: "'x' has
shape (1,) before the loop, but shape (2,) after one iteration. Use
tf.autograph.experimental.set_loop_options to set shape invariants."

Silent: a loop AutoGraph leaves to Python (``range`` over Python ints is unrolled, every
iteration a new tensor); a tensor first bound inside the loop body; a loop whose body declares
the tensor's shape with ``tf.autograph.experimental.set_loop_options(shape_invariants=...)``.
The loop's confidence (a dataset known only by its name) is the finding's.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.grown_tensors import grown_name
from tfgraph_lint.analysis.names import bindings, call_qualname
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core.findings import Finding, shorten
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG209",
    symbol="tensor-grown-in-loop",
    msgid="E8729",
    summary="A tensor grown with tf.concat/tf.stack in a loop AutoGraph converts changes shape: tracing raises",
    default=Default.ON,
)

# Its findings are tensors grown inside a converted loop, which is a ``for`` or ``while`` loop
# (enclosing_converted_loops): a file without either word never imports this module.
TRIGGER_WORDS = ("for", "while")

_SET_LOOP_OPTIONS = "tensorflow.autograph.experimental.set_loop_options"


def check(context) -> Iterator[Finding]:
    for assign, traced in context.in_graph(nodes.Assign):
        if not traced.autograph:
            continue  # no loop conversion: a tensor loop raises at once (TFG203)
        grown = grown_name(assign)
        if grown is None:
            continue
        target, call = grown
        for loop, description, confidence in context.evidence.enclosing_converted_loops(assign, traced):
            if not _bound_before(target, loop) or _has_shape_invariant(loop, target.name):
                continue
            yield context.finding(RULE, assign, _message(target.name, call, description, traced),
                                  confidence=confidence, traced=traced)
            break


def _message(name: str, call: nodes.Call, loop: str, traced: TracedFunction) -> str:
    return (
        f"'{name}' grows with {shorten(call.func.as_string())}() inside {loop} in {traced.subject}: "
        f"AutoGraph turns the loop into a tf.while_loop, whose loop variables must keep their shape, "
        f"so tracing raises ValueError ('{name}' has shape (1,) before the loop, but shape (2,) after "
        f"one iteration); accumulate with tf.TensorArray (ta = ta.write(i, x), ta.stack() after the "
        f"loop), or declare the growing dimension with tf.autograph.experimental.set_loop_options("
        f"shape_invariants=[({name}, tf.TensorShape([None, ...]))])"
    )


def _bound_before(target: nodes.AssignName, loop: nodes.NodeNG) -> bool:
    """The name is bound before the loop (and not again inside it) by something other than growth:
    a tensor made inside the body is new on every iteration."""
    others = [b for b in bindings(target, target.name) if b is not target and not _is_growth(b)]
    return bool(others) and not any(loop.parent_of(b) for b in others)


def _is_growth(binding: nodes.NodeNG) -> bool:
    return isinstance(binding.parent, nodes.Assign) and grown_name(binding.parent) is not None


def _has_shape_invariant(loop: nodes.NodeNG, name: str) -> bool:
    """The loop body calls ``set_loop_options(shape_invariants=[(name, ...)])``."""
    for call in descendants(loop, nodes.Call):
        if call_qualname(call) != _SET_LOOP_OPTIONS:
            continue
        for keyword in call.keywords or ():
            if keyword.arg == "shape_invariants" and any(
                    isinstance(n, nodes.Name) and n.name == name for n in keyword.value.nodes_of_class(nodes.Name)):
                return True
    return False
