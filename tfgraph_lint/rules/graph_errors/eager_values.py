"""TFG202 eager-only-call-in-graph, second part: code that needs a tensor's concrete value.

Graph code has only symbolic tensors, and these calls need the value behind one, so they raise
while tracing (checked on TF 2.21, tests/data/verify_user_code/):

- a NumPy or SciPy function given a tensor (``np.argmax(y_pred)``, ``scipy.special.xlogy(y_true,
  y_pred)``), or a Python list holding one (``np.mean(np.array(losses))`` after
  ``losses.append(loss)``, analysis/tensor_lists): NumPy converts its arguments to arrays, and a
  symbolic tensor cannot be one ("Cannot convert a symbolic tf.Tensor to a NumPy array",
  NotImplementedError);
- TF1's ``tensor.eval()`` and Keras's ``K.eval(x)`` / ``K.get_value(x)``: they ask a session, or
  eager execution, for the value;
- ``tensor.decode()``: bytes have it, a string tensor does not (AttributeError);
- TF1 sessions: ``tf.compat.v1.Session()`` made in graph code, and ``sess.run(...)`` on a session
  the code shows being made (``sess = tf.compat.v1.Session()``, ``with ... as sess``,
  ``K.get_session()``, ``self.sess`` that every ``self.sess = ...`` of the class makes, or
  ``K.get_session().run(x)`` directly): a session runs graphs it owns, not the tensors of the graph
  being traced. A receiver called ``sess``/``session`` that the code does not show being made is
  LOW.

A value counts as a tensor on evidence only (tensor_evidence's ``of_or_builder_argument``:
TensorFlow ops, comparisons, parameters that an input_signature, a call site, a graph builder or
Keras fill with tensors). In a
branch that only values other than tensors take (``if isinstance(x, (np.ndarray, list)):``, see
tensor_type_branches) it is LOW; so is a NumPy conversion in a ``try:`` whose handler catches its
TypeError or NotImplementedError (or everything): an eager-only path meant to fail while tracing
(analysis/guarded_tracing_errors).
``K.eval``/``K.get_value`` need no evidence: their argument is a tensor or variable by contract.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.guarded_tracing_errors import ARRAY_CONVERSION_ERRORS, guarded_message, guarding_try
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.tensor_type_branches import in_non_tensor_branch
from tfgraph_lint.core.findings import HIGH, LOW, Finding, shorten
from tfgraph_lint.core.registry import rule_by_code

RULE = rule_by_code("TFG202")

_ARRAY_LIBRARIES = ("numpy.", "scipy.")
_KERAS_VALUE_FUNCTIONS = frozenset({"keras.backend.eval", "keras.backend.get_value"})
# What gives a TF1 session (canonical names: tf.compat.v1.Session is tensorflow.Session).
_SESSION_MAKERS = frozenset({"tensorflow.Session", "tensorflow.InteractiveSession", "keras.backend.get_session"})
_SESSION_NAMES = frozenset({"sess", "session"})
# NumPy functions that take a Python list as it is, without converting its items to an array.
_KEEPING_ITEMS = frozenset({"numpy.random.shuffle", "numpy.iterable", "numpy.isscalar"})


def check(context: ModuleContext) -> Iterator[Finding]:
    for call, traced in context.in_graph(nodes.Call):
        found = _check_call(context, call, traced)
        if found is not None:
            message, confidence = found
            yield context.finding(RULE, call, message, confidence=confidence, traced=traced)


def _check_call(context: ModuleContext, call: nodes.Call, traced: TracedFunction) -> tuple[str, str] | None:
    evidence = context.evidence
    name = call_qualname(call)
    session = _session_call(call, name, traced)
    if session is not None:
        return session
    if name in _KERAS_VALUE_FUNCTIONS:
        shown = shorten(call.func.as_string())
        return (f"{shown}() in {traced.subject} asks for the concrete value of a tensor, which graph "
                f"code does not have: it raises while tracing; compute with the tensor itself "
                f"(tf.shape(x), tf.reduce_*), or use tf.print() to see it"), HIGH
    if name is not None and name.startswith(_ARRAY_LIBRARIES):
        for argument in [*call.args, *(kw.value for kw in call.keywords or ())]:
            confidence = evidence.of_or_builder_argument(argument, traced)
            held = None
            if confidence is None and name not in _KEEPING_ITEMS:
                confidence = held = context.held_tensor(argument)  # a Python list of tensors
            if (confidence is not None and isinstance(argument, nodes.Name)
                    and in_non_tensor_branch(call, argument.name)):
                confidence = LOW  # ``if isinstance(x, (np.ndarray, list)):``: no tensor takes this branch
            if confidence is not None:
                library = name.split(".", 1)[0]
                guard = guarding_try(call, ARRAY_CONVERSION_ERRORS)
                if guard is not None:
                    confidence = LOW  # an eager-only path the author expects to fail while tracing
                kind = 'NumPy' if library == 'numpy' else 'SciPy'
                what = (f"the tensors held in '{shorten(argument.as_string())}' to {kind} values" if held else
                        f"the tensor '{shorten(argument.as_string())}' to a {kind} array")
                return (f"{shorten(call.func.as_string())}() in {traced.subject} converts {what}, "
                        f"which a symbolic tensor cannot be: it raises while tracing; use the "
                        f"TensorFlow op (tf.math, tf.experimental.numpy), or tf.numpy_function "
                        f"for code that needs NumPy" + (guarded_message(guard) if guard else "")), confidence
        return None
    func = call.func
    if isinstance(func, nodes.Attribute) and func.attrname in ("eval", "decode"):
        if func.attrname == "eval" and (call.args or call.keywords):
            return None
        confidence = evidence.of_or_builder_argument(func.expr, traced)
        if confidence is None:
            return None
        if func.attrname == "eval":
            return (f"'{shorten(func.expr.as_string())}.eval()' in {traced.subject} is TF1's way to "
                    f"get a tensor's value from a session; graph code has no value to give: it "
                    f"raises while tracing; use the tensor itself"), confidence
        return (f"'{shorten(func.expr.as_string())}.decode()' in {traced.subject}: a string tensor "
                f"has no decode() (bytes do), so it raises while tracing; use "
                f"tf.strings ops, or tf.numpy_function for Python string handling"), confidence
    return None


def _session_call(call: nodes.Call, name: str | None, traced: TracedFunction) -> tuple[str, str] | None:
    if name in _SESSION_MAKERS and name != "keras.backend.get_session":
        return (f"{shorten(call.func.as_string())}() in {traced.subject} makes a TF1 session while "
                f"tracing; a session runs graphs of its own, not the tensors of this function: "
                f"compute with the tensors directly (graph code needs no session)"), HIGH
    func = call.func
    if not (isinstance(func, nodes.Attribute) and func.attrname == "run"):
        return None
    receiver = func.expr
    made, name = _session_values(receiver)
    if made and all(isinstance(v, nodes.Call) and call_qualname(v) in _SESSION_MAKERS for v in made):
        confidence = HIGH
    elif (name is not None and name.lower() in _SESSION_NAMES
          and not all(isinstance(v, nodes.Call) for v in made)):
        confidence = LOW  # a name alone; what it is made from is not shown (a parameter)
    else:
        return None
    return (f"'{shorten(receiver.as_string())}.run()' in {traced.subject} asks a TF1 session for values, but graph "
            f"code has symbolic tensors of the graph being traced, which no session runs: it raises "
            f"while tracing; use the tensors themselves (return them, or tf.print them)"), confidence


def _session_values(receiver: nodes.NodeNG) -> tuple[list[nodes.NodeNG | None], str | None]:
    """What the receiver of ``.run()`` is made from, and its name: ``sess`` (every binding of the
    name, ``with ... as sess`` included), ``self.sess`` (every ``self.sess = ...`` of the class), or
    the call itself (``K.get_session().run(x)``)."""
    if isinstance(receiver, nodes.Call):
        return [receiver], None
    if isinstance(receiver, nodes.Name):
        return [assigned_value(b) if not isinstance(b.parent, nodes.With) else _with_value(b)
                for b in bindings(receiver, receiver.name)], receiver.name
    if isinstance(receiver, nodes.Attribute):
        cls = self_class(receiver.expr)
        return (attribute_values(cls, receiver.attrname) if cls is not None else []), receiver.attrname
    return [], None


def _with_value(binding: nodes.NodeNG) -> nodes.NodeNG | None:
    """The context manager whose ``as`` target ``binding`` is: ``with tf.Session() as sess``."""
    return next((item for item, target in binding.parent.items if target is binding), None)
