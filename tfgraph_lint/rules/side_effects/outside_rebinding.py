"""An attribute of an object rebound by the code that uses the object, between two runs of the
same traced entry: ``model.evaluate(x); model.features = new; model.evaluate(x)``.

The second call of the same method reuses what the first traced (Keras keeps one function per
entry point, a tf.function method one per signature), so a value its graph read from ``self`` at
trace time stays the old one. A different entry after the rebinding (``predict()`` after
``evaluate()``) is traced anew and sees the new value: not this hazard; nor is an attribute set
on an object made just before it (``m = Model(); m.features = new; m.evaluate(x)``): an earlier
call under the same name was another object's. TFG109 reports the read in the traced method,
naming the rebinding and the two calls.
"""

from __future__ import annotations


from astroid import nodes

from tfgraph_lint.analysis.classes import instance_class
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core.records import Record


class OutsideRebinding(Record):
    __slots__ = ("target", "before", "after")
    target: nodes.AssignAttr  # ``stale.node_features = ...``
    before: nodes.Call  # ``stale.evaluate(...)`` before it
    after: nodes.Call  # the same method called on the object after it

    def __init__(self, target: nodes.AssignAttr, before: nodes.Call, after: nodes.Call) -> None:
        self.target = target
        self.before = before
        self.after = after


def rebound_between_calls(cls: nodes.ClassDef, attrname: str, module: nodes.Module) -> OutsideRebinding | None:
    """The first ``obj.<attrname> = ...`` in a scope's own statements (module or function) where
    ``obj`` is shown to be an instance of ``cls`` and the same method of ``obj`` is called in that
    scope both before and after it."""
    for target in descendants(module, nodes.AssignAttr):
        if target.attrname != attrname or not isinstance(target.expr, nodes.Name):
            continue
        if instance_class(target.expr) is not cls or _made_just_before(target):
            continue
        scope = target.scope()
        statement = target.statement()
        calls = [call for call in descendants(scope, nodes.Call)
                 if call.scope() is scope and _method_on(call, target.expr.name) is not None]
        earlier = {_method_on(call, target.expr.name): call for call in calls if call.lineno < statement.lineno}
        for call in calls:
            if call.lineno > statement.tolineno and _method_on(call, target.expr.name) in earlier:
                return OutsideRebinding(target, earlier[_method_on(call, target.expr.name)], call)
    return None


def _made_just_before(target: nodes.AssignAttr) -> bool:
    """``obj = Cls(...); obj.attr = value``: the statements before the rebinding in its own block
    bind the name ``obj`` anew, and none of them after that binding reads it (a call of it, or
    handing it to code that may call it). Calls before that binding were of another object; the
    new one has run nothing, so no trace of it can keep the old value (checked on TF 2.21: the new
    object's tf.function method sees the new value, an object called before keeps its first
    trace)."""
    name = target.expr.name
    statement = target.statement()
    previous = statement.previous_sibling()
    while previous is not None:
        if any(read.name == name for read in descendants(previous, nodes.Name)):
            return False
        if isinstance(previous, nodes.Assign) and any(
                isinstance(bound, nodes.AssignName) and bound.name == name for bound in previous.targets):
            return instance_class(previous.value) is not None  # a construction of a class of the module
        previous = previous.previous_sibling()
    return False


def _method_on(call: nodes.Call, name: str) -> str | None:
    """``name.m(...)`` -> "m"; ``name(...)`` -> "__call__"; else None."""
    func = call.func
    if isinstance(func, nodes.Name):
        return "__call__" if func.name == name else None
    if isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name) and func.expr.name == name:
        return func.attrname
    return None
