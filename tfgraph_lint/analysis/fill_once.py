"""Fill-once defaults: an attribute given a default only while it is unset, and kept after that.

``self.n = self.n or default``, ``self.n = self.n if self.n else default``, ``self.n = default if
self.n is None else self.n`` (and ``if self.n is None: self.n = default``) keep the value once the
attribute holds one: the first call fills it and every later call leaves it as it is. When every
write of the attribute outside ``__init__`` is such a fill, tracing changes nothing an eager run
would not: the first trace fills it as the first eager call would, later traces keep it. What
stays a hazard is a default that is a tensor of the trace (kept and reused by later traces): the
rules weigh the default themselves.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.classes import class_and_bases, self_class
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.once_guards import VALUE, unset_tests

# Where an object is made: writes there happen before any call can fill the attribute.
_CONSTRUCTION = "__init__"


def filled_default(value: nodes.NodeNG | None, target: nodes.NodeNG) -> nodes.NodeNG | None:
    """The default ``value`` gives ``target`` while it is unset, when ``value`` is the target's own
    value once set: ``T or D``, ``T if T else D``, ``D if not T else T``, ``D if T is None else
    T``, ``T if T is not None else D`` (``T`` spelled as ``target``). None otherwise."""
    spelled = target.as_string()
    if isinstance(value, nodes.BoolOp) and value.op == "or" and len(value.values) == 2:
        kept, default = value.values
        return default if kept.as_string() == spelled else None
    if not isinstance(value, nodes.IfExp) or isinstance(value.test, nodes.BoolOp):
        return None
    unset = [u for u in unset_tests(value.test) if u.how == VALUE and u.subject.as_string() == spelled]
    if len(unset) != 1:
        return None
    default, kept = (value.body, value.orelse) if unset[0].side == "body" else (value.orelse, value.body)
    return default if kept.as_string() == spelled else None


def only_filled_once(cls: nodes.ClassDef, attrname: str) -> bool:
    """Every write of ``self.<attrname>`` in the module's code for ``cls`` and its subclasses,
    outside ``__init__``, is a fill-once default (a value of ``filled_default``, or an assignment
    in the body of a test that the attribute is unset), and the module sets no ``obj.<attrname>``
    outside a method of its object: no call sets it back, so once filled it stays, in eager calls
    as in traces."""
    for target in descendants(cls.root(), nodes.AssignAttr, nodes.DelAttr):
        if target.attrname != attrname:
            continue
        owner = self_class(target.expr)
        if owner is None:
            return False  # ``obj.n = None`` from outside: maybe this class's object, set back
        if cls not in class_and_bases(owner):
            continue
        method = target.scope()
        if isinstance(method, nodes.FunctionDef) and method.name == _CONSTRUCTION and method.parent is owner:
            continue
        if not _fills_once(target):
            return False
    return True


def _fills_once(target: nodes.NodeNG) -> bool:
    statement = target.parent
    if not isinstance(statement, (nodes.Assign, nodes.AnnAssign)) or isinstance(target, nodes.DelAttr):
        return False
    if isinstance(statement, nodes.Assign) and statement.targets != [target]:
        return False
    if filled_default(statement.value, target) is not None:
        return True
    guard = statement.parent
    spelled = target.as_string()
    return isinstance(guard, nodes.If) and statement in guard.body and any(
        u.side == "body" and u.how == VALUE and u.subject.as_string() == spelled
        for u in unset_tests(guard.test)) and not isinstance(guard.test, nodes.BoolOp)
