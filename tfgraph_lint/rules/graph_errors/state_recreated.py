"""TFG208 tf-state-recreated: TF state on ``self`` re-created outside set-up, used by graph code.

A method run again and again (a reset per episode, a ``set_learning_rate``) makes a new optimizer,
layer, metric or ``tf.Variable`` on ``self``, and a tf.function (or a Keras method) of the class
uses it. Without a new trace, the graph keeps using the object of its first trace, so the new one
is silently ignored (its learning rate, its fresh slots); after a retrace, the new object creates
its variables in a trace that is not the function's first, and TensorFlow raises ValueError
("a tf.function only supports singleton variables created on its first call").

Reported where the traced function reads the attribute (as TFG107/TFG109 are, so that ``verify``
can tie the graph's stale results to it), naming the method and line that re-create it, when the method
is not set-up (``__init__``, ``build``, ``compile``, or only called from them or from graph code)
and is not graph code itself (creation in graph code is TFG201's). A metric's ``result`` reading
what its ``update_state`` always rebinds reads the value of the same traced step: silent. Whether the method runs after
the first trace is not known statically: INFERENCE when the code shows a re-creation (set-up
made the state already, or the method calls the traced method or resets another tf.function of
the class, see after_traces), LOW for a first creation deferred from ``__init__`` (``self.opt =
None`` there, an ``init_optimizer()`` called once before training: on the review corpus, every
such finding was setting up). The fix: create the object once
and update it (``optimizer.learning_rate.assign(lr)``, ``variable.assign(value)``, resetting
slots through the optimizer's variables), or make a fresh tf.function along with the new object.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.state_creation import created_state
from tfgraph_lint.core.findings import INFERENCE, LOW, Finding
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG208",
    symbol="tf-state-recreated",
    msgid="E8728",
    summary="An optimizer, layer or variable on self re-created outside set-up, used by a tf.function",
    default=Default.ON,
)

_TRACED_ONCE = (TraceKind.DECORATOR, TraceKind.WRAPPER, TraceKind.KERAS)


def check(context: ModuleContext) -> Iterator[Finding]:
    users = _graph_users(context)
    if not users:
        return
    reported: set[tuple[nodes.ClassDef, str]] = set()
    for target in descendants(context.module, nodes.AssignAttr):
        cls = self_class(target.expr)
        user = users.get((cls, target.attrname)) if cls is not None else None
        if user is not None:
            user = [(read, traced) for read, traced in user
                    if not _set_earlier_in_the_step(cls, target.attrname, traced)]
        if (not user or (cls, target.attrname) in reported
                or not isinstance(target.parent, (nodes.Assign, nodes.AnnAssign))):
            continue
        value = target.parent.value
        creation = created_state(value) if isinstance(value, nodes.Call) else None
        method = target.scope()
        if creation is None or not isinstance(method, nodes.FunctionDef) or method.parent is not cls:
            continue
        # Deferred: only state made outside __init__ needs it.
        from tfgraph_lint.analysis.after_traces import runs_after_traces, sets_up_or_resets

        if sets_up_or_resets(method, context.index):
            continue
        reported.add((cls, target.attrname))
        # A first creation deferred from __init__ (``self.opt = None`` there, ``init_optimizer()``
        # called once before training) is setting up; a re-creation is shown by state made in
        # set-up already, or by the method running after the trace of a reader (after_traces).
        made_before = _created_while_setting_up(cls, target.attrname)
        after = None if made_before else next(
            ((read, traced) for read, traced in user if runs_after_traces(method, cls, traced.root)), None)
        read, traced = after or user[0]
        again = made_before or after is not None
        yield context.finding(
            RULE, read,
            f"'self.{target.attrname}' in {traced.subject} is a new {creation.kind} each time "
            f"'{method.name}' runs (line {target.lineno}): without a new trace the graph keeps using "
            f"the first one, and after one TensorFlow raises ValueError (variables created on a "
            f"non-first trace); create it once in __init__ and update it (assign new values), or "
            f"make a new tf.function along with it",
            confidence=INFERENCE if again else LOW, traced=traced)


def _set_earlier_in_the_step(cls: nodes.ClassDef, attrname: str, traced: TracedFunction) -> bool:
    """Keras runs a metric's ``update_state`` before its ``result`` in the same traced step: an
    attribute that ``update_state`` rebinds in a statement of its own body (not in a branch) holds
    that step's value when ``result`` reads it, whatever a reset put there (tensorflow/similarity's
    distance metrics keep the step's aggregate on ``self``)."""
    root = traced.root
    if root.reason.kind != TraceKind.KERAS or root.node.name != "result":
        return False
    return any(isinstance(statement, nodes.Assign) and any(
        isinstance(target, nodes.AssignAttr) and target.attrname == attrname and self_class(target.expr) is cls
        for target in statement.targets)
        for fn in cls.locals.get("update_state", ()) if isinstance(fn, nodes.FunctionDef)
        for statement in fn.body)


def _created_while_setting_up(cls: nodes.ClassDef, attrname: str) -> bool:
    """``self.<attrname>`` is set to new TensorFlow state in a set-up method of the class."""
    from tfgraph_lint.analysis.after_traces import SET_UP_METHODS  # deferred: only state made outside __init__ needs it

    for target in descendants(cls, nodes.AssignAttr):
        if target.attrname != attrname or self_class(target.expr) is not cls:
            continue
        method = target.scope()
        value = target.parent.value if isinstance(target.parent, (nodes.Assign, nodes.AnnAssign)) else None
        if (isinstance(method, nodes.FunctionDef) and method.name in SET_UP_METHODS
                and isinstance(value, nodes.Call) and created_state(value) is not None):
            return True
    return False


def _graph_users(context) -> dict[tuple[nodes.ClassDef, str], list[tuple[nodes.Attribute, TracedFunction]]]:
    """(class, attribute) -> its reads in traced functions that are traced once and run later,
    the first read of each function, in order."""
    users: dict[tuple[nodes.ClassDef, str], list[tuple[nodes.Attribute, TracedFunction]]] = {}
    for node, traced in context.in_graph(nodes.Attribute):
        root = traced.root.reason
        if root.kind not in _TRACED_ONCE:
            continue
        cls = self_class(node.expr)
        if cls is not None:
            found = users.setdefault((cls, node.attrname), [])
            if all(traced.node is not seen.node for _, seen in found):
                found.append((node, traced))
    return users
