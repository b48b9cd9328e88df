"""What a new tf.Function wraps, and what it is handed through the parameters of its maker.

Each iteration of a loop that wraps its own item (``for model in models: tf.function(model)``)
makes a Function of other code, which a Function made once could not be. A function that makes
a Function per call and runs it on its own parameters (``def evaluate(model, data): @tf.function
def step(x): return model(x)``) hands the Function whatever each call passes. When the loop that repeats the call passes an object made anew in that loop
(``for depth in depths: evaluate(Net(depth), data)``), a Function made once would meet a new
object on every iteration as well (analysis/repeated_objects): hoisting it saves no trace.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import is_instance_method
from tfgraph_lint.analysis.names import assigned_value, bindings
from tfgraph_lint.analysis.passed_arguments import argument_for

_OWN_OBJECT = frozenset({"self", "cls"})


def given_new_objects(fn: nodes.FunctionDef, code: nodes.NodeNG | None, calls: list[nodes.Call],
                      call: nodes.Call, loops: list[nodes.NodeNG]) -> bool:
    """A parameter of ``fn`` that the Function reads (``code``, the def or lambda it runs) or
    that its ``calls`` pass is given, at ``call`` (in ``loops``), an object made anew in those
    loops."""
    # Deferred: only a tf.function made per call needs it.
    from tfgraph_lint.analysis.repeated_objects import made_in

    return any((argument := argument_for(call, fn, parameter)) is not None and made_in(argument, loops)
               for parameter in _parameters_used(fn, code, calls))


def _parameters_used(fn: nodes.FunctionDef, code: nodes.NodeNG | None, calls: list[nodes.Call]) -> list[nodes.AssignName]:
    from tfgraph_lint.analysis.repeated_objects import call_arguments  # deferred, as in given_new_objects

    names = [*(code.nodes_of_class(nodes.Name) if code is not None else ()),
             *(argument for call in calls for argument in call_arguments(call) if isinstance(argument, nodes.Name))]
    found = []
    for name in names:
        if name.name in _OWN_OBJECT:
            continue
        for binding in bindings(name, name.name):
            if (isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments)
                    and binding.parent.parent is fn and binding not in found):
                found.append(binding)
    return found


def varies_with_loops(target: nodes.NodeNG | None, loops: list[nodes.NodeNG]) -> bool:
    """``tf.function(model)`` where the loop rebinds ``model``: a different function each time.

    A lambda is the same code every time, whatever it captures: pass what changes as arguments.
    """
    if target is None or isinstance(target, nodes.Lambda):
        return False
    for name in free_names(target):
        for binding in bindings(name, name.name):
            if any(loop is binding or loop.parent_of(binding) for loop in loops):
                return True
    return False


def free_names(expr: nodes.NodeNG) -> list[nodes.Name]:
    """Names ``expr`` reads from outside itself (a lambda's own parameters excluded)."""
    found = []
    for name in [expr] if isinstance(expr, nodes.Name) else expr.nodes_of_class(nodes.Name):
        if not any(expr is binding or expr.parent_of(binding) for binding in bindings(name, name.name)):
            found.append(name)
    return found


def target_varies(fn: nodes.FunctionDef, target: nodes.NodeNG | None, call: nodes.Call, loops: list) -> bool:
    """A different function on every call of ``fn``: ``tf.function(model)`` where ``model`` is a
    parameter the looping call fills from the loop, or a local ``fn`` builds (``model =
    build(config)``). Nested defs and lambdas are the same code every time: not different."""
    if target is None:
        return False
    for name in free_names(target):
        for binding in bindings(name, name.name):
            if isinstance(binding, nodes.FunctionDef) or not fn.parent_of(binding):
                continue
            if not (isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments)):
                if not isinstance(assigned_value(binding), nodes.Lambda):
                    return True  # built by each call
                continue
            if is_instance_method(fn) and _is_first(fn, binding):
                continue  # ``self``: the same object's method
            argument = argument_for(call, fn, binding)
            if argument is None or varies_with_loops(argument, loops):
                return True  # unknown, or the loop's own values: a different function per call
    return False


def wraps_parameter(fn: nodes.FunctionDef, target: nodes.NodeNG | None) -> bool:
    """``tf.function(model)`` with ``model`` a parameter of ``fn``: each call may wrap another function."""
    if target is None or isinstance(target, nodes.Lambda):
        return False
    return any(isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments)
               and fn.parent_of(binding) for name in free_names(target)
               for binding in bindings(name, name.name))


def _is_first(fn: nodes.FunctionDef, binding: nodes.AssignName) -> bool:
    positional = [*(fn.args.posonlyargs or ()), *(fn.args.args or ())]
    return bool(positional) and positional[0] is binding
