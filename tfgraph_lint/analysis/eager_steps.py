"""Whether a Keras model handed to a function is run there by a plain eager training step.

Research code often trains with a step function of its own, left undecorated (the
``@tf.function`` commented out, or never added): ``def train_step(model, ...): with
tf.GradientTape() as tape: pred = model(x, training=True) ...`` and ``loss = train_step(model,
optimizer, x, y)`` in the script's loop. Called outside traced code, such a
function runs as Python, and so does every call of the model in it: a print prints each step,
``.numpy()`` works.

:func:`run_by_eager_step` reads that from the call that hands the instance over and the function
it names, a function of the same module (one of another file is not read: what a module's
analysis says depends on its own text alone). The evidence:

- the function is a plain top-level ``def`` with no decorator, bound to its name by nothing else
  in its module (no ``train_step = tf.function(train_step)``);
- it opens a ``tf.GradientTape()``: it computes gradients of what it runs, on real values (a
  function building a functional model on symbolic inputs computes none);
- the parameter the instance binds is only called (``model(x)``) or read for a plain attribute
  (``model.trainable_variables``), in the function's own body, not in a function nested in it
  (which may be traced), and not handed further.

Whether the call that hands the instance over is itself in traced code is the caller's question.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.shipped_packages import PROGRAM_PROJECT
from tfgraph_lint.analysis.trace_entries import told_definitions

_TAPE = "GradientTape"


def run_by_eager_step(call: nodes.Call, argument: nodes.NodeNG, plain_attributes: frozenset) -> bool:
    """``call`` hands ``argument`` (an instance) to a plain eager training step (see the module's
    docstring), which only calls it or reads its ``plain_attributes``."""
    callee = _callee(call)
    if callee is None or callee.decorators is not None or not isinstance(callee.parent, nodes.Module):
        return False
    if len(callee.parent.locals.get(callee.name, ())) != 1:
        return False  # bound again (``train_step = tf.function(train_step)``)
    parameter = _parameter_for(call, argument, callee)
    if parameter is None or not opens_tape(callee):
        return False
    uses = [name for name in descendants(callee, nodes.Name) if name.name == parameter]
    for use in uses:
        if use.scope() is not callee:
            return False  # in a nested function or lambda, which may be traced
        parent = use.parent
        if isinstance(parent, nodes.Call) and parent.func is use:
            continue
        if isinstance(parent, nodes.Attribute) and parent.expr is use and parent.attrname in plain_attributes:
            continue
        return False
    return bool(uses)


def _callee(call: nodes.Call) -> nodes.FunctionDef | None:
    """The function of this module that ``call`` names (``train_step(...)``, bound only by its ``def``)."""
    func = call.func
    if not isinstance(func, nodes.Name):
        return None
    _scope, bound = func.lookup(func.name)
    return bound[0] if len(bound) == 1 and isinstance(bound[0], nodes.FunctionDef) else None


def _parameter_for(call: nodes.Call, argument: nodes.NodeNG, callee: nodes.FunctionDef) -> str | None:
    """The name of ``callee``'s parameter that ``argument`` of ``call`` binds (passed_arguments)."""
    arguments = callee.args
    for parameter in [*(arguments.posonlyargs or ()), *(arguments.args or ()), *(arguments.kwonlyargs or ())]:
        if argument_for(call, callee, parameter) is argument:
            return parameter.name
    return None


def opens_tape(function: nodes.FunctionDef) -> bool:
    """A ``with ...GradientTape(...)`` in the function's own body."""
    return any(with_node.scope() is function and any(_is_tape(item) for item, _alias in with_node.items)
               for with_node in descendants(function, nodes.With))


def taped_in_program(node: nodes.NodeNG) -> bool:
    """``node`` runs under a ``with ...GradientTape(...)`` of its own function (not of a function
    or lambda nested in it), in a project that ships no package (the project view tells the file:
    ``PROGRAM_PROJECT``). Such code takes gradients of what it runs, on values: it builds no
    functional model on symbolic inputs; and only the project's own code calls it, which the
    project view follows into traced code (a call it reaches from graph code is traced there)."""
    if told_definitions(node.root()).get(PROGRAM_PROJECT) != "yes":
        return False
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef, nodes.Module)):
        if isinstance(parent, nodes.With) and child in parent.body and any(_is_tape(item) for item, _ in parent.items):
            return True
        child, parent = parent, parent.parent
    return False


def _is_tape(item: nodes.NodeNG) -> bool:
    if not isinstance(item, nodes.Call):
        return False
    func = item.func
    return (func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")) == _TAPE

