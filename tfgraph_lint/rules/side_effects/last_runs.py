"""When a traced function last runs in a scope's own code: after that, rebinding what it reads
changes nothing (TFG107).

A notebook's cells count as a function's body (nothing imports a notebook to run its
functions). The traced function's def runs where it is called, or handed to ``strategy.run``,
``tf.function(f)(x)`` or a function of the module that only calls what it is given (a warm-up
and timing helper), which run it then and keep nothing. A Keras class's traced methods run
where its instances are used: every instance the scope's own code makes of the class is bound to a
name, and every use of that name, until the name is bound again, comes before the rebinding
(tensorflow/tensorboard's scalars guide fits a model, then sets up another section's writer and
model under the same names).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.callables import resolve_callables
from tfgraph_lint.analysis.classes import instance_bindings
from tfgraph_lint.analysis.names import call_qualname, lookup
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.trace_entries import is_strategy
from tfgraph_lint.core import tf_api


def last_run_before(scope, anchor: nodes.NodeNG | None, statement: nodes.NodeNG, notebook: bool = False) -> bool:
    """Every reference to the traced def in ``scope``'s own code comes before ``statement`` and
    runs it there and then: a direct call, or the function handed to ``strategy.run``, which runs
    it during the call and keeps nothing. Nothing can run it after ``statement``, so rebinding a
    name it reads there is harmless (a test that defines a second step for the new value). A
    notebook's cells count as a function's body: nothing imports a notebook to run its functions."""
    if not isinstance(scope, nodes.FunctionDef) and not (notebook and isinstance(scope, nodes.Module)):
        return False  # a module's functions can be imported and run after it by other modules
    if enclosing_loop(statement, scope) is not None:
        return False
    if isinstance(anchor, nodes.ClassDef):
        return _instances_last_used_before(scope, anchor, statement)
    if not isinstance(anchor, nodes.FunctionDef):
        return False
    redefined = _redefined_at(scope, anchor)
    uses = [name for name in descendants(scope, nodes.Name) if name.name == anchor.name
            and (name.lineno < redefined or inside_nested_code(name, scope))]
    return bool(uses) and all(
        not inside_nested_code(use, scope) and use.lineno < statement.lineno and _runs_here(use)
        for use in uses)


def _instances_last_used_before(scope, cls: nodes.ClassDef, statement: nodes.NodeNG) -> bool:
    """Every instance ``scope``'s own code makes of the class (classes.instance_bindings) is used
    at once (``Cls()(x)``) or bound to a name of the scope, and every use of that name, until the
    scope binds it again, comes before ``statement``: nothing runs the class's methods after it."""
    targets = instance_bindings(cls, scope)
    if not targets:
        return False
    for target in targets:
        if inside_nested_code(target, scope):
            return False
        if isinstance(target, nodes.Call):  # ``Cls()(x)``: run there and then
            if target.lineno >= statement.lineno:
                return False
            continue
        if not isinstance(target, nodes.AssignName) or target.statement().parent is not scope:
            return False  # kept on an object, or bound in a branch a later cell may reach
        rebound = min((b.lineno for b in scope.locals.get(target.name, ()) if b.lineno > target.lineno
                       and b.statement().parent is scope), default=float("inf"))
        uses = [use for use in descendants(scope, nodes.Name)
                if use.name == target.name and lookup(use, use.name)[0] is scope]  # not a local of that name
        if any((use.lineno < rebound or inside_nested_code(use, scope))
               and (inside_nested_code(use, scope) or use.lineno >= statement.lineno) for use in uses):
            return False
    return True


def _redefined_at(scope, anchor: nodes.FunctionDef | nodes.ClassDef) -> float:
    """The line where ``scope``'s own code next binds the def's name to something else, for
    certain (a statement of the scope itself, not in a branch or loop): references in its own
    code after that line are to the new function (a notebook cell that defines ``train`` again).
    Infinity when nothing does."""
    later = [binding.lineno for binding in scope.locals.get(anchor.name, ())
             if binding is not anchor and binding.lineno > anchor.lineno and binding.statement().parent is scope]
    return min(later, default=float("inf"))


def _runs_here(use: nodes.Name) -> bool:
    parent = use.parent
    if isinstance(parent, nodes.Call) and parent.func is use:
        return True
    if isinstance(parent, nodes.Call) and parent.args and parent.args[0] is use:
        func = parent.func
        if call_qualname(parent) == "tensorflow.function":
            # ``tf.function(sample_fn)(x)``: wrapped, run at once, and the Function thrown away
            # (tf-quant-finance's tests)
            return isinstance(parent.parent, nodes.Call) and parent.parent.func is parent
        if isinstance(func, nodes.Attribute) and func.attrname in tf_api.STRATEGY_RUN_METHODS:
            return is_strategy(func.expr)
        return _only_calls_it(parent)  # ``use`` is its first argument
    return False


def _only_calls_it(call: nodes.Call) -> bool:
    """``run(step)`` where ``run`` is a function of the module that only calls what it is given
    (``def run(optimizer): optimizer(); result = optimizer(); return np_value(result)``, the
    warm-up-and-time helper of TensorFlow Probability's optimizer notebook): it runs the function
    there and then and keeps nothing."""
    callees = [fn for fn in resolve_callables(call.func) if isinstance(fn, nodes.FunctionDef)]
    if len(callees) != 1:
        return False
    positional = [*(callees[0].args.posonlyargs or ()), *(callees[0].args.args or ())]
    if not positional:
        return False
    parameter = positional[0]
    reads = [name for name in descendants(callees[0], nodes.Name) if name.name == parameter.name]
    return bool(reads) and all(isinstance(name.parent, nodes.Call) and name.parent.func is name
                               and lookup(name, name.name)[0] is callees[0] for name in reads)


def inside_nested_code(node: nodes.NodeNG, scope) -> bool:
    while node is not None and node is not scope:
        if isinstance(node, (nodes.FunctionDef, nodes.Lambda)):
            return True
        node = node.parent
    return False


def enclosing_loop(binding: nodes.NodeNG, scope) -> nodes.NodeNG | None:
    """The outermost loop in ``scope``'s own code that the binding is in (or is the target of)."""
    found, node = None, binding.parent
    while node is not None and node is not scope:
        if isinstance(node, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            return None
        if isinstance(node, (nodes.For, nodes.While)):
            found = node
        node = node.parent
    return found
