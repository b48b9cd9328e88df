"""Where a module makes tf.functions: each ``@tf.function`` def and each ``tf.function(f)`` call.

``tf_function_at`` is the one answer to "is a tf.function made here?": the graph index asks it
for the functions ``tf.function(f)`` traces, and TFG302 (through the semantic model) for each
place, whether it runs again and again; this module only finds them and says what code the new
Function runs.
"""

from __future__ import annotations


from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, lookup, may_denote
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
    the loops to objects made there on each iteration (analysis/repeated_objects: TensorFlow state,
    a Keras object, an instance of the module's own class, ...), or to what calling the loop's own
    item returns (``for aug in [A, B]: layer = aug(...)``, then ``@tf.function def apply(x):
    return layer(x)``: keras-cv's benchmarks). Each iteration's Function runs on a different
    object, which a Function made once would have to trace for as well: making it per iteration
    costs no trace that hoisting saves."""
    # Deferred: only a tf.function made per call or per iteration needs it.
    from tfgraph_lint.analysis.repeated_objects import holds_objects_made_in

    for name in code.nodes_of_class(nodes.Name):
        if holds_objects_made_in(name, loops, outside=code):
            return True
        for binding in bindings(name, name.name):
            if code.parent_of(binding) or not any(loop.parent_of(binding) for loop in loops):
                continue
            value = assigned_value(binding)
            if isinstance(value, nodes.Call) and _calls_loop_item(value, loops):
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
    """``code`` (the def or lambda a new Function runs) reads a local of ``fn`` holding objects
    that ``fn`` makes on each call (analysis/repeated_objects: ``optimizer =
    tf.keras.optimizers.Adam()``, ``step = tf.Variable(0)``, ``model = ConvNet()``, ``models =
    [Agent(c) for c in configs]``). A Function made once would meet new objects on every call of
    ``fn`` and trace for each anyway: making it per call costs no trace that hoisting saves."""
    # Deferred: only a tf.function made per call or per iteration needs it.
    from tfgraph_lint.analysis.repeated_objects import holds_objects_made_in

    return any(lookup(name, name.name)[0] is fn and holds_objects_made_in(name, [fn], outside=code)
               for name in code.nodes_of_class(nodes.Name))
