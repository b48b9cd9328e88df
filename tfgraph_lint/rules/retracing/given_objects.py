"""What a new tf.Function is handed through the parameters of the function that makes it.

A function that makes a Function per call and runs it on its own parameters (``def
evaluate(model, data): @tf.function def step(x): return model(x)``) hands the Function whatever
each call passes. When the loop that repeats the call passes an object made anew in that loop
(``for depth in depths: evaluate(Net(depth), data)``), a Function made once would meet a new
object on every iteration as well (analysis/repeated_objects): hoisting it saves no trace.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.repeated_objects import holds_objects_made_in, makes_object

_OWN_OBJECT = frozenset({"self", "cls"})


def given_new_objects(fn: nodes.FunctionDef, code: nodes.NodeNG | None, calls: list[nodes.Call],
                      call: nodes.Call, loops: list[nodes.NodeNG]) -> bool:
    """A parameter of ``fn`` that the Function reads (``code``, the def or lambda it runs) or
    that its ``calls`` pass is given, at ``call`` (in ``loops``), an object made anew in those
    loops."""
    for parameter in _parameters_used(fn, code, calls):
        argument = argument_for(call, fn, parameter)
        if argument is None:
            continue
        if any(makes_object(argument, loop) for loop in loops if loop.parent_of(argument)):
            return True
        if isinstance(argument, nodes.Name) and holds_objects_made_in(argument, loops):
            return True
    return False


def _parameters_used(fn: nodes.FunctionDef, code: nodes.NodeNG | None, calls: list[nodes.Call]) -> list[nodes.AssignName]:
    names = [*(code.nodes_of_class(nodes.Name) if code is not None else ()),
             *(argument for call in calls for argument in _arguments(call) if isinstance(argument, nodes.Name))]
    found = []
    for name in names:
        if name.name in _OWN_OBJECT:
            continue
        for binding in bindings(name, name.name):
            if (isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments)
                    and binding.parent.parent is fn and binding not in found):
                found.append(binding)
    return found


def _arguments(call: nodes.Call) -> list[nodes.NodeNG]:
    found = [*call.args, *(keyword.value for keyword in call.keywords or ())]
    return [argument.value if isinstance(argument, nodes.Starred) else argument for argument in found]
