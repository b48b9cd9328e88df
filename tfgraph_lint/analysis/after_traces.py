"""Evidence that a method of a class runs after one of the class's tf.functions has been traced.

Whether a method that rebinds or re-creates what graph code reads runs before the first trace
(setting up) or after it (the graph then keeps the old value) is not known statically. Two things
the code can show: the method itself goes on to call the traced method (``self.items = items;
return self.total()``), or it makes, through a helper of the class, a fresh tf.function of another
method only (``self._reset_cache()`` doing ``self.query = tf.function(self.query.python_function)``):
the class then expects it to run after traces, and resets that traced path, not the reader's; or,
for a loss or metric handed to ``self.model.compile(...)``, it calls ``self.model.fit``/
``train_on_batch`` ..., which run the step Keras traced with it.
TFG109 and TFG208 raise their confidence on any of these; both also share what counts as set-up
or as a reset (``sets_up_or_resets``).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import method_named, only_called_while_setting_up, self_class, self_method
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.trace_entries import keras_base
from tfgraph_lint.core import tf_api

# Methods that run before anything is traced: Keras sets optimizers and losses in compile().
SET_UP_METHODS = frozenset({"__init__", "build", "compile", "__new__", "setUp", "__post_init__", "__setstate__"})


# A Keras layer's own conversion steps (quantized_build runs from build or quantize): Keras'
# Model.quantize drops the model's traced train, test and predict functions after quantizing its
# layers, so the next call traces anew.
_KERAS_SET_UP = frozenset({"quantize", "quantized_build"})


def sets_up_or_resets(method: nodes.FunctionDef, index) -> bool:
    """What ``method`` rebinds cannot go stale in a trace: it is set-up (``__init__``, ``build``
    ..., a Keras layer's ``quantize``, or a helper only they call), graph code itself, or it makes
    a fresh tf.function, whose old traces are dropped (``self.run = tf.function(self._run)``).
    TFG109 and TFG208 skip it."""
    set_up = (SET_UP_METHODS | _KERAS_SET_UP) if _keras_class(method.parent) else SET_UP_METHODS
    return (method.name in set_up or index.in_traced_code(method)
            or only_called_while_setting_up(method, set_up, index)
            or any(call_qualname(call) == "tensorflow.function" for call in descendants(method, nodes.Call)))


def _keras_class(cls: nodes.NodeNG) -> bool:
    return isinstance(cls, nodes.ClassDef) and keras_base(cls, set()) is not None


def runs_after_traces(method: nodes.FunctionDef, cls: nodes.ClassDef, root: TracedFunction,
                      target: nodes.AssignAttr | None = None) -> bool:
    """Any kind of evidence, for the traced function ``root`` whose graph reads the value
    (``target``, when given, the rebinding: its method's own call of ``root`` is no evidence
    when it runs ``root`` inline right after binding, see rebound_then_run_inline)."""
    calls = calls_root(method, cls, root.node) and not (
        target is not None and rebound_then_run_inline(target, cls, root))
    return calls or _resets_other_functions(method, cls, root.node) or _runs_compiled_step(method, root)


# Roots with a graph of their own: a call of one runs its traced graph, not its Python.
_OWN_GRAPH = (TraceKind.DECORATOR, TraceKind.WRAPPER)


def rebound_then_run_inline(target: nodes.AssignAttr, cls: nodes.ClassDef, root: TracedFunction) -> bool:
    """The rebinding method binds the attribute by a statement of its own body (not in a branch
    or loop that may not run), and only later statements of that body call ``root`` on ``self``,
    with nothing between binding the attribute again, where ``root`` has no graph of its own (a
    Keras method: the Keras optimizer's ``self.grads = grads; self.update_step(grads, ...)``).
    Such a call runs ``root``'s Python inside whatever runs the method, in the same trace: what
    ``root`` reads there is what the method has just bound, fresh on each run, never a value an
    earlier trace kept."""
    method, statement = target.scope(), target.statement()
    if root.reason.kind in _OWN_GRAPH or not isinstance(method, nodes.FunctionDef) or statement.parent is not method:
        return False
    if not (isinstance(statement, nodes.Assign) and target in statement.targets):
        return False
    position = method.body.index(statement)
    calls = [call for call in descendants(method, nodes.Call) if _calls_method(call, cls, root.node)]
    if not calls or any(earlier is call.statement() or earlier.parent_of(call)
                        for earlier in method.body[:position + 1] for call in calls):
        return False  # a call before the binding (or in it) reads what was there before
    for later in method.body[position + 1:]:
        if any(later is call.statement() or later.parent_of(call) for call in calls):
            return True
        if any(isinstance(node, nodes.AssignAttr) and node.attrname == target.attrname
               and node.expr.as_string() == target.expr.as_string() for node in later.nodes_of_class(nodes.AssignAttr)):
            return False  # bound again to something else before the call
    return False


def _calls_method(call: nodes.Call, cls: nodes.ClassDef, method: nodes.NodeNG) -> bool:
    return self_method(call.func, cls) is method


def _runs_compiled_step(method: nodes.FunctionDef, root: TracedFunction) -> bool:
    """``root`` is a loss or metric handed to ``self.model.compile(...)``, and the rebinding
    method goes on to call ``self.model.train_on_batch(...)`` (or ``fit``, ``evaluate`` ...) on
    the same receiver: Keras runs the step it traced with the loss, so the stale trace is
    certain to be used (Huixxi/TensorFlow2.0-for-Deep-Reinforcement-Learning: importance
    weights set on ``self`` before every ``train_on_batch``, read by the compiled loss)."""
    reason = root.reason
    if reason.kind != TraceKind.KERAS or not reason.handed_to_keras.endswith("of compile()"):
        return False
    compiled = {call.func.expr.as_string() for call in descendants(root.node.root(), nodes.Call)
                if call.lineno == reason.line and isinstance(call.func, nodes.Attribute)
                and call.func.attrname == "compile"}
    return any(isinstance(call.func, nodes.Attribute) and call.func.attrname in tf_api.KERAS_STEP_RUNNERS
               and call.func.expr.as_string() in compiled for call in descendants(method, nodes.Call))


def calls_root(method: nodes.FunctionDef, cls: nodes.ClassDef, root: nodes.NodeNG) -> bool:
    """``self.total()`` in the rebinding method, where ``total`` is the traced function whose
    graph reads the attribute: the stale trace is then certain to be used."""
    return any(_calls_method(call, cls, root) for call in descendants(method, nodes.Call))


def _resets_other_functions(method: nodes.FunctionDef, cls: nodes.ClassDef, root: nodes.NodeNG) -> bool:
    """The rebinding method, through a helper of the class it calls, makes a fresh tf.function of
    another method (``self._reset_cache()`` doing ``self.query = tf.function(self.query.python_function)``):
    the class expects it to run after traces, and resets those of that method only, not ``root``'s."""
    for call in descendants(method, nodes.Call):
        func = call.func
        helper = (method_named(cls, func.attrname)
                  if isinstance(func, nodes.Attribute) and self_class(func.expr) is not None else None)
        if helper is None or helper is method:
            continue
        wrapped = [_wrapped_method(made, cls) for made in descendants(helper, nodes.Call)
                   if call_qualname(made) == "tensorflow.function"]
        if wrapped and all(target is not None and target is not root for target in wrapped):
            return True
    return False


def _wrapped_method(call: nodes.Call, cls: nodes.ClassDef) -> nodes.FunctionDef | None:
    """The method ``tf.function(...)`` wraps: ``self.m``, or ``self.m.python_function``."""
    target = call.args[0] if call.args else None
    if isinstance(target, nodes.Attribute) and target.attrname == "python_function":
        target = target.expr
    if isinstance(target, nodes.Attribute) and self_class(target.expr) is not None:
        return method_named(cls, target.attrname)  # ``self`` there may be a base class's
    return None
