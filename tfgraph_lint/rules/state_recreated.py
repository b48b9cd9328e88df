"""TFG208 tf-state-recreated: TF state on ``self`` re-created outside set-up, used by graph code.

A method run again and again (a reset per episode, a ``set_learning_rate``) makes a new optimizer,
layer, metric or ``tf.Variable`` on ``self``, and a tf.function (or a Keras method) of the class
uses it. Without a new trace, the graph keeps using the object of its first trace, so the new one
is silently ignored (its learning rate, its fresh slots); after a retrace, the new object creates
its variables in a trace that is not the function's first, and TensorFlow raises ValueError
(issue #12: "a tf.function only supports singleton variables created on its first call").

Reported where the traced function reads the attribute (as TFG107/TFG109 are, so that ``verify``
can tie the graph's stale results to it), naming the method and line that re-create it, when the method
is not set-up (``__init__``, ``build``, ``compile``, or only called from them or from graph code)
and is not graph code itself (creation in graph code is TFG201's). Confidence INFERENCE: whether
the method runs after the first trace is not known statically. The fix: create the object once
and update it (``optimizer.learning_rate.assign(lr)``, ``variable.assign(value)``, resetting
slots through the optimizer's variables), or make a fresh tf.function along with the new object.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import only_called_while_setting_up, self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import call_qualname
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.state_creation import created_state
from tfgraph_lint.core.findings import INFERENCE, Finding
from tfgraph_lint.core.registry import rule_by_code

RULE = rule_by_code("TFG208")

_SET_UP_METHODS = frozenset({"__init__", "build", "compile", "__new__", "setUp", "__post_init__", "__setstate__"})
_TRACED_ONCE = (TraceKind.DECORATOR, TraceKind.WRAPPER, TraceKind.KERAS)


def check(context) -> Iterator[Finding]:
    users = _graph_users(context)
    if not users:
        return
    reported: set[tuple[nodes.ClassDef, str]] = set()
    for target in descendants(context.module, nodes.AssignAttr):
        cls = self_class(target.expr)
        user = users.get((cls, target.attrname)) if cls is not None else None
        if user is None or (cls, target.attrname) in reported or not isinstance(target.parent, (nodes.Assign, nodes.AnnAssign)):
            continue
        value = target.parent.value
        creation = created_state(value) if isinstance(value, nodes.Call) else None
        method = target.scope()
        if creation is None or not isinstance(method, nodes.FunctionDef) or method.parent is not cls:
            continue
        if method.name in _SET_UP_METHODS or context.index.in_traced_code(method):
            continue
        if only_called_while_setting_up(method, _SET_UP_METHODS, context.index) or _makes_fresh_tf_function(method):
            continue
        read, traced = user
        reported.add((cls, target.attrname))
        yield context.finding(
            RULE, read,
            f"'self.{target.attrname}' in {traced.subject} is a new {creation.kind} each time "
            f"'{method.name}' runs (line {target.lineno}): without a new trace the graph keeps using "
            f"the first one, and after one TensorFlow raises ValueError (variables created on a "
            f"non-first trace); create it once in __init__ and update it (assign new values), or "
            f"make a new tf.function along with it",
            confidence=INFERENCE, traced=traced)


def _graph_users(context) -> dict[tuple[nodes.ClassDef, str], tuple[nodes.Attribute, TracedFunction]]:
    """(class, attribute) -> its first read in a traced function that is traced once, run later."""
    users: dict[tuple[nodes.ClassDef, str], tuple[nodes.Attribute, TracedFunction]] = {}
    for node, traced in context.in_graph(nodes.Attribute):
        root = traced.root.reason
        if root.kind not in _TRACED_ONCE:
            continue
        cls = self_class(node.expr)
        if cls is not None:
            users.setdefault((cls, node.attrname), (node, traced))
    return users


def _makes_fresh_tf_function(method: nodes.FunctionDef) -> bool:
    return any(call_qualname(call) == "tensorflow.function" for call in descendants(method, nodes.Call))
