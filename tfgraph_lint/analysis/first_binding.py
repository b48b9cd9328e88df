"""Evidence that an attribute's first real binding comes before every trace that reads it.

``self.shaping`` left unbound by set-up (or ``None`` there, and in the class body) and bound by
one method of the class, a hook that the module calls once, outside loops, before it calls the
traced method in the same function (``agent.before_training(s); for x in data: agent.step(x)``):
the first trace runs after the binding, so the graph holds the value the attribute keeps.
Only the order the module shows counts: a hook called from another file, twice, in a loop, or
a traced method also called elsewhere is no evidence. The hook's caller itself running twice
is not followed (TFG109 stays silent then).

The same holds for a driver method that binds the attribute in its own body (not in a branch or
a loop) and only then calls the traced method itself (``def train(self): self.generator =
build(); for batch in data: self.train_step(batch)``), when the module is a notebook (nothing
else can call its methods) whose cells call the driver once, outside loops, and the traced method
nowhere else: its one run binds, then traces. A module other code may import is no such evidence:
a library's driver is public API that a user may run again (a model's ``mle_fit`` called twice
trains the first fit's variables). Checked on TensorFlow 2.21: the trace sees the driver's value;
a driver run twice keeps the first one.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core import notebooks


def bound_before_first_trace(target: nodes.AssignAttr, cls: nodes.ClassDef, set_up: frozenset[str],
                             traced_name: str) -> bool:
    """``target`` (``self.<attr> = ...`` in a method of ``cls``) is the attribute's only binding
    outside set-up, whose bindings are ``None``, and the module calls that method once, outside
    loops, before every call of ``traced_name`` (all in the same function); or the method is a
    driver that binds it before its own calls of ``traced_name`` (``_bound_by_driver``)."""
    if _bound_by_driver(target, traced_name):
        return True
    method = target.scope()
    if not isinstance(method, nodes.FunctionDef) or not _unset_until(method, cls, target.attrname, set_up):
        return False
    module = method.root()
    hooks = _calls_named(module, method.name, besides=method)
    if len(hooks) != 1 or _in_loop(hooks[0]):
        return False
    hook = hooks[0]
    traced_calls = _calls_named(module, traced_name, besides=None)
    return bool(traced_calls) and all(call.scope() is hook.scope() and call.lineno > hook.lineno
                                      for call in traced_calls)


def _bound_by_driver(target: nodes.AssignAttr, traced_name: str) -> bool:
    """``target`` is in a statement of its method's own body, the module is a notebook that calls
    that method once, outside loops, and every call of ``traced_name`` in the module is the
    method's own, after that statement."""
    method, statement = target.scope(), target.statement()
    if not isinstance(method, nodes.FunctionDef) or statement.parent is not method:
        return False
    module = method.root()
    if not (module.file and notebooks.is_notebook(module.file)):
        return False
    drivers = _calls_named(module, method.name, besides=method)
    if len(drivers) != 1 or _in_loop(drivers[0]):
        return False
    traced_calls = _calls_named(module, traced_name, besides=None)
    return bool(traced_calls) and all(call.scope() is method and call.lineno > statement.tolineno
                                      for call in traced_calls)


def _unset_until(method: nodes.FunctionDef, cls: nodes.ClassDef, attrname: str, set_up: frozenset[str]) -> bool:
    """Set-up and the class body bind the attribute to ``None`` only (or not at all), and no
    method but ``method`` binds it otherwise."""
    for other in descendants(cls, nodes.AssignAttr):
        if other.attrname != attrname or self_class(other.expr) is not cls or other.scope() is method:
            continue
        scope = other.scope()
        if not (isinstance(scope, nodes.FunctionDef) and scope.name in set_up and _binds_none(other)):
            return False
    return all(_binds_none(name) for name in cls.locals.get(attrname, []) if isinstance(name, nodes.AssignName))


def _binds_none(target: nodes.NodeNG) -> bool:
    assign = target.parent
    return (isinstance(assign, (nodes.Assign, nodes.AnnAssign)) and isinstance(assign.value, nodes.Const)
            and assign.value.value is None)


def _calls_named(module: nodes.Module, name: str, besides: nodes.NodeNG | None) -> list[nodes.Call]:
    """``x.<name>(...)`` anywhere in the module, on any receiver (by name), outside ``besides``."""
    return [call for call in descendants(module, nodes.Call)
            if isinstance(call.func, nodes.Attribute) and call.func.attrname == name
            and (besides is None or call.scope() is not besides)]


def _in_loop(node: nodes.NodeNG) -> bool:
    scope = node.scope()
    parent = node.parent
    while parent is not None and parent is not scope:
        if isinstance(parent, (nodes.For, nodes.While, nodes.AsyncFor)):
            return True
        parent = parent.parent
    return False
