"""Where a module makes tf.functions: each ``@tf.function`` def and each ``tf.function(f)`` call.

``tf_function_at`` is the one answer to "is a tf.function made here?": the graph index asks it
for the functions ``tf.function(f)`` traces, and TFG302 (through the semantic model) for each
place, whether it runs again and again; this module only finds them and says what code the new
Function runs.
"""

from __future__ import annotations


from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, lookup, may_denote
from tfgraph_lint.analysis.state_creation import created_state
from tfgraph_lint.analysis.trace_entries import tf_function_decorators, wrapped_by
from tfgraph_lint.core.findings import shorten
from tfgraph_lint.core.records import Record


class Creation(Record):
    """One place that makes a new tf.function each time it runs."""
    __slots__ = ("report", "value", "target", "label")

    report: nodes.NodeNG  # the wrapping call, or the decorator of a def
    value: nodes.NodeNG  # the expression holding the new Function (the call, or the def)
    target: nodes.NodeNG | None  # what ``tf.function(target)`` wraps; None for a decorated def
    label: str  # how the message names it

    def __init__(self, report: nodes.NodeNG, value: nodes.NodeNG, target: nodes.NodeNG | None,
                 label: str) -> None:
        self.report = report
        self.value = value
        self.target = target
        self.label = label

    @property
    def is_def(self) -> bool:
        return isinstance(self.value, nodes.FunctionDef)


def tf_function_at(node: nodes.NodeNG, decorators: frozenset[str]) -> Creation | None:
    """The tf.function ``node`` makes: a def under a tf.function decorator, or a call of
    ``tf.function`` that wraps something (``tf.function(f)``, ``tf.function(...)(f)``)."""
    if isinstance(node, nodes.FunctionDef):
        found = tf_function_decorators(node, decorators)
        return Creation(found[0], node, None, f"'{node.name}'") if found else None
    if (isinstance(node, nodes.Call) and may_denote(node.func, decorators) and call_qualname(node) in decorators
            and not isinstance(node.parent, nodes.Decorators)):
        wrapped = wrapped_by(node)
        if wrapped is not None:
            target, outer = wrapped
            return Creation(outer, outer, target, f"tf.function({shorten(target.as_string())})")
    return None


def made_code(creation: Creation, frame: nodes.FunctionDef) -> nodes.NodeNG | None:
    """The def or lambda the new Function runs, when the frame makes it: the decorated def, or
    the target of ``tf.function(f)`` / ``tf.function(lambda: ...)``."""
    if creation.is_def:
        return creation.value
    target = creation.target
    if isinstance(target, nodes.Lambda):
        return target
    if isinstance(target, nodes.Name):
        found = bindings(target, target.name)
        if len(found) == 1 and isinstance(found[0], nodes.FunctionDef) and found[0].parent.frame() is frame:
            return found[0]
    return None


def reads_state_made_per_iteration(code: nodes.NodeNG, loops: list[nodes.NodeNG]) -> bool:
    """``code`` (the def or lambda a Function made in ``loops`` runs) reads a name bound in one of
    the loops to an object made there on each iteration: TensorFlow state or a Keras model (as in
    reads_state_made_per_call), or what calling the loop's own item returns (``for aug in [A, B]:
    layer = aug(...)``, then ``@tf.function def apply(x): return layer(x)``: keras-cv's
    benchmarks). Each iteration's Function runs on a different object, which a Function made once
    would have to trace for as well: making it per iteration costs no trace that hoisting saves."""
    # Deferred: only a tf.function made per call or per iteration needs it.
    from tfgraph_lint.analysis.keras_models import builds_keras_model

    for name in code.nodes_of_class(nodes.Name):
        for binding in bindings(name, name.name):
            if code.parent_of(binding) or not any(loop.parent_of(binding) for loop in loops):
                continue
            value = assigned_value(binding)
            if isinstance(value, nodes.Call) and (created_state(value) is not None or builds_keras_model(value)
                                                  or _calls_loop_item(value, loops)):
                return True
    return False


def _calls_loop_item(call: nodes.Call, loops: list[nodes.NodeNG]) -> bool:
    """``aug(...)`` where ``aug`` is the target of one of ``loops`` (a loop over classes or factories)."""
    if not isinstance(call.func, nodes.Name):
        return False
    targets = [loop.target for loop in loops if isinstance(loop, (nodes.For, nodes.Comprehension))]
    return any(target is binding or target.parent_of(binding)
               for binding in bindings(call.func, call.func.name) for target in targets)


def reads_state_made_per_call(code: nodes.NodeNG, fn: nodes.FunctionDef) -> bool:
    """``code`` (the def or lambda a new Function runs) reads a local of ``fn`` bound to
    TensorFlow state that ``fn`` creates on each call (``optimizer = tf.keras.optimizers.Adam()``,
    ``step = tf.Variable(0)``, ``model = ConvNet()`` of a Keras model class). A Function made once would meet new objects on every call of
    ``fn`` and trace for each anyway: making it per call costs no trace that hoisting saves."""
    # Deferred: only a tf.function made per call or per iteration needs it.
    from tfgraph_lint.analysis.keras_models import builds_keras_model

    for name in code.nodes_of_class(nodes.Name):
        scope, assignments = lookup(name, name.name)
        if scope is not fn:
            continue
        for binding in assignments:
            value = assigned_value(binding)
            if isinstance(value, nodes.Call) and (created_state(value) is not None or builds_keras_model(value)):
                return True
    return False
