"""TFG109 mutable-attribute-capture: graph code reads ``self.x``, which another method rebinds.

The attribute twin of TFG107. A tf.function (or a Keras method) reads the Python value of
``self.items`` while it is traced and keeps it in the graph; a later ``load()`` that rebinds
``self.items`` changes what eager code sees, but calls of the traced function run the old graph
and keep using the old value (a query method answering from the items of its first
trace).

Reported when a method of the same class that is not graph code rebinds the attribute, and that
method is not only set-up: not ``__init__``/``build``/``compile`` (nor ``__new__``, ``setUp``,
``__post_init__``), nor a helper called only from them. Confidence INFERENCE when the rebinding
method itself goes on to call a traced method of the class (``self.items = items; return
self.total()``, or both in one loop): then a stale trace is certain to be used, unless the traced
method has no graph of its own (a Keras method) and the call comes after a binding every run makes:
it then reads, in the same trace, the value just bound (after_traces.rebound_then_run_inline: an
optimizer's hook doing ``self.grads = grads; self.update_step(...)``; LOW); INFERENCE too when
it makes, through a helper of the class, a fresh tf.function of another method only (the class
expects it to run after traces, and resets one traced path, not the reader's); INFERENCE too when
the class shows the rebinding runs between calls of a traced root that reaches the reader
(analysis/runs_between_calls: the method hands the traced method on to be run, or a driver method
calls it and runs the traced one; a public setter alone is not enough; a root a Dataset's ``map``
traces is traced anew by each dataset built, so running it after the binding is no such evidence). Otherwise LOW (off
by default): on the review corpus such rebindings were almost all lazy initialisers and
configuration set before the first trace (41 findings, none a hazard on reading). Silent on TensorFlow objects
(``tf.Variable`` state is read when the graph runs; re-creating optimizers, layers or weights,
``self.add_weight(...)`` included, is TFG208's hazard), on attributes only set during set-up, and when the rebinding method also makes a fresh
tf.function (``self.query = tf.function(self._query)``), which drops the old traces. Silent too
when the new value depends only on what the trace key holds (trace_keyed_values:
``self.i = tf.zeros(x.shape[0])`` before ``self.step(x)``) or when graph code reads only the
structure of an attribute that the rebinding method passes to the traced method itself
(``len(self.states)``, ``self.states = self.step(self.states)``), and when the method rebinds it only to
an object it held before (``best = self.model`` ... ``self.model = best``, every binding of
``best`` being ``self.model``), or when its only binding outside set-up (which leaves it unbound
or ``None``) is in a hook the module calls once, outside loops, before it calls the traced method
in the same function, or in a driver a notebook calls once that binds it before its own calls of
the traced method (first_binding).

Also reported (INFERENCE at most): another tf.function method of the class stores a tensor of its
own trace in the attribute (analysis/stored_tensors: ``self.support = inputs``), and graph code
of a different function reads it (not the storing function, nor a helper run inside its trace):
the reader gets a symbolic tensor of another graph, which TensorFlow refuses, or, when the
argument stored is a Python value, keeps the value of its own first trace while the storing
function sets it only when it traces.

Also reported (INFERENCE): code that uses an instance rebinds the attribute between two calls of
the same method of it (``m.evaluate(x); m.features = new; m.evaluate(x)``, see
outside_rebinding); a different method after the rebinding (``predict()`` after ``evaluate()``)
is traced anew and stays silent.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from astroid import nodes

from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.state_creation import created_state
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import INFERENCE, LOW, Finding, weakest
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.side_effects.per_trace_objects import PerTraceSelf

if TYPE_CHECKING:
    from tfgraph_lint.rules.side_effects.outside_rebinding import OutsideRebinding

RULE = declare(
    code="TFG109",
    symbol="mutable-attribute-capture",
    msgid="W8709",
    summary="A self attribute another method rebinds is frozen into the graph at trace time",
    default=Default.ON,
)

# Traces that make a graph of their own: a tf.function, decorated or wrapped.
_OWN_GRAPH = (TraceKind.DECORATOR, TraceKind.WRAPPER)
# Roots whose traces outlive the call that made them (tf.cond & co. run their function at once).
_TRACED_ONCE = (TraceKind.DECORATOR, TraceKind.WRAPPER, TraceKind.KERAS)


def check(context: ModuleContext) -> Iterator[Finding]:
    judged: dict[tuple[nodes.ClassDef, str], nodes.AssignAttr | None] = {}
    reported: set[tuple[nodes.NodeNG, str]] = set()
    per_trace_self = PerTraceSelf(context)
    for node, traced in context.in_graph(nodes.Attribute):
        cls = self_class(node.expr)
        if cls is None or (traced.node, node.attrname) in reported or not _traced_once(traced):
            continue
        if per_trace_self(traced):
            continue  # an object made in this trace: nothing of it outlives the trace to go stale
        if isinstance(node.parent, nodes.Call) and node.parent.func is node:
            continue  # calling a method, not reading a value
        # Deferred: only a read of an attribute another method rebinds needs these.
        from tfgraph_lint.analysis.after_traces import rebound_then_run_inline, runs_after_traces
        from tfgraph_lint.analysis.statement_flow import attribute_set_before
        from tfgraph_lint.rules.side_effects.outside_rebinding import OutsideRebinding
        from tfgraph_lint.rules.side_effects.trace_keyed_values import reads_structure

        if attribute_set_before(node, node.expr.as_string(), node.attrname):
            continue  # reads what this trace stored there, not what another method left
        # The verdict depends on the reader and on the traced function it is reached from.
        structure = reads_structure(node)
        key = (cls, node.attrname, traced.node, traced.root.node, structure)
        if key not in judged:
            judged[key] = (_rebinding_any_root(cls, node.attrname, context, traced, structure)
                           or _rebinding_between_calls(cls, node.attrname, context.module)
                           or _stored_by_other_trace(cls, node.attrname, traced, context.index))
        rebinding = judged[key]
        if rebinding is None:
            continue
        reported.add((traced.node, node.attrname))
        if isinstance(rebinding, StoredTensor):
            yield context.finding(RULE, node, _stored_message(node, rebinding, traced),
                                  confidence=rebinding.confidence, traced=traced)
            continue
        if isinstance(rebinding, OutsideRebinding):
            where = (f"'{rebinding.target.as_string()}' (line {rebinding.target.lineno}) rebinds it "
                     f"between two calls of '{rebinding.after.func.as_string()}' (lines "
                     f"{rebinding.before.lineno} and {rebinding.after.lineno}): the second keeps")
            confidence = INFERENCE
        else:
            rebinding, between = rebinding
            method = rebinding.scope()
            where = f"'{method.name}' (line {rebinding.lineno}) rebinds it: calls after that keep"
            if between is not None:
                where = (f"'{method.name}' (line {rebinding.lineno}) rebinds it between calls ({between}): "
                         f"calls after that keep")
            elif rebound_then_run_inline(rebinding, cls, traced.root):
                where = (f"'{method.name}' (line {rebinding.lineno}) rebinds it, then runs "
                         f"{traced.root.label} itself in the same trace, which reads that new value; only "
                         f"calls that do not go through '{method.name}' would keep")
            confidence = INFERENCE if between is not None or runs_after_traces(
                method, cls, traced.root, rebinding) else LOW
        yield context.finding(
            RULE, node,
            f"'self.{node.attrname}' in {traced.subject} is read while tracing, but {where} "
            f"running the graph of the first trace, with the old value; pass it in as an argument, keep "
            f"it in a tf.Variable and assign() new values, or make a new tf.function after rebinding it",
            confidence=confidence, traced=traced)


class StoredTensor(Record):
    """A tf.function method of the class (``store``) keeps a tensor of its own trace in the attribute."""
    __slots__ = ("target", "store", "confidence")

    def __init__(self, target: nodes.AssignAttr, store: TracedFunction, confidence: str) -> None:
        self.target, self.store, self.confidence = target, store, confidence


def _stored_by_other_trace(cls: nodes.ClassDef, attrname: str, reader: TracedFunction, index) -> StoredTensor | None:
    """A tf.function method (its own graph) other than the reader and its trace's root stores a
    tensor of its trace in the attribute (analysis/stored_tensors): the reader's graph gets a tensor of another
    graph. INFERENCE at most: which runs first is not shown."""
    # Deferred: only a read of an attribute another method rebinds needs it.
    from tfgraph_lint.analysis.stored_tensors import tensor_stores

    for target, store, confidence in tensor_stores(cls, attrname, index):
        # A tf.function's own graph; a metric's update_state runs in the step that runs result().
        if store.reason.kind in _OWN_GRAPH and store.node not in (reader.node, reader.root.node):
            return StoredTensor(target, store, weakest(confidence, INFERENCE))
    return None


def _stored_message(node: nodes.Attribute, stored: StoredTensor, traced: TracedFunction) -> str:
    return (f"'self.{node.attrname}' in {traced.subject} reads what {stored.store.subject} stores there "
            f"(line {stored.target.lineno}) only while it traces: a symbolic tensor of that function's own "
            f"graph, which this graph cannot use (TensorFlow raises that it is out of scope, or that a graph "
            f"tensor is passed outside the function building code), or a Python value this graph keeps from "
            f"its own trace; return the tensor from the function that makes it and pass it in as an "
            f"argument, or keep it in a tf.Variable and assign() it")


def _traced_once(traced: TracedFunction) -> bool:
    root = traced.root.reason
    return root.kind in _TRACED_ONCE or _traced_per_build(traced.root)


def _traced_per_build(root: TracedFunction) -> bool:
    """A function a Dataset's ``map`` (or the like) traces: each call of the builder traces it
    anew, so code that binds the attribute and then runs it, by building a dataset, makes a trace
    that reads the new value; only a dataset built before the binding keeps the old one."""
    return root.reason.kind == TraceKind.BUILDER and root.reason.builder.startswith("Dataset.")


def _rebinding_any_root(cls: nodes.ClassDef, attrname: str, context: ModuleContext, traced: TracedFunction,
                        structure: bool) -> tuple[nodes.AssignAttr, str | None] | None:
    """``_rebinding`` for the root tracing the reader; when the class does not show that root
    run between rebindings, for the other traced roots whose graph code reaches the reader
    (``get_offsets`` reached from both ``expected`` and ``loss``): any one of them keeps a stale
    trace."""
    first = None
    for root in _roots_reaching(traced, context):
        if not _traced_once(root):
            continue
        traced_names = {fn.name for fn in (traced.node, root.node) if isinstance(fn, nodes.FunctionDef)}
        root_name = root.node.name if isinstance(root.node, nodes.FunctionDef) else None
        found = _rebinding(cls, attrname, context.index, traced_names, root_name, structure, root)
        if found is not None and found[1] is not None:
            return found
        first = first or found
        if found is None and root is traced.root:
            return None  # silent for the root tracing it: as before, no other root is weighed
    return first


_MAX_CALLERS_FOLLOWED = 24  # functions of graph code walked up from the reader to its roots


def _roots_reaching(traced: TracedFunction, context: ModuleContext) -> list[TracedFunction]:
    """The root tracing the reader first, then other roots whose graph code calls it (through
    its graph callers, transitively)."""
    roots, seen, queue = [traced.root], {traced.node}, [traced.node]
    while queue and len(seen) < _MAX_CALLERS_FOLLOWED:
        for _call, caller in context.graph_callers(queue.pop(0)):
            if caller.root not in roots:
                roots.append(caller.root)
            if caller.node not in seen:
                seen.add(caller.node)
                queue.append(caller.node)
    return roots


def _rebinding(cls: nodes.ClassDef, attrname: str, index, traced_names: set[str],
               root_name: str | None, structure: bool,
               root: TracedFunction) -> tuple[nodes.AssignAttr, str | None] | None:
    """Where a method that is neither set-up nor graph code rebinds ``self.<attrname>`` to a value
    the trace key of the reader does not already decide (``structure``: the reader reads only the
    attribute's structure, which the key holds when the rebinding method passes it on), with
    what shows that it runs between calls of ``root`` (runs_between_calls), when the class
    shows it for some such rebinding (that one is chosen; else the first)."""
    # Deferred: only a read of an attribute another method rebinds needs these.
    from tfgraph_lint.analysis.after_traces import SET_UP_METHODS, rebound_then_run_inline
    from tfgraph_lint.analysis.runs_between_calls import rebound_between_runs

    targets = list(_rebindings(cls, attrname, index, traced_names, root_name, structure))
    for target in targets:
        if rebound_then_run_inline(target, cls, root):
            continue  # runs the traced method inline, in the trace that binds it
        if _traced_per_build(root):
            continue  # what runs it after the binding builds a dataset anew: a fresh trace, not a stale one
        between = rebound_between_runs(target, cls, root.node, SET_UP_METHODS, index)
        if between is not None:
            return target, between
    return (targets[0], None) if targets else None


def _rebindings(cls: nodes.ClassDef, attrname: str, index, traced_names: set[str],
                root_name: str | None, structure: bool) -> Iterator[nodes.AssignAttr]:
    # Deferred: only a read of an attribute another method rebinds needs these.
    from tfgraph_lint.analysis.after_traces import SET_UP_METHODS, sets_up_or_resets
    from tfgraph_lint.analysis.first_binding import bound_before_first_trace
    from tfgraph_lint.rules.side_effects.trace_keyed_values import keyed_by_trace, passes_itself

    values = attribute_values(cls, attrname)
    if any(value is not None and (value_kind(value).kind == Kind.TF_OBJECT
                                  or (isinstance(value, nodes.Call) and created_state(value) is not None))
           for value in values):
        return  # TensorFlow state (a weight made afresh is TFG208's)
    for target in descendants(cls, nodes.AssignAttr):
        if target.attrname != attrname or self_class(target.expr) is not cls:
            continue
        method = target.scope()
        if not isinstance(method, nodes.FunctionDef) or method.parent is not cls:
            continue
        if not sets_up_or_resets(method, index) and not keyed_by_trace(target, traced_names) \
                and not _rebinds_what_it_held(target, method) \
                and not (structure and passes_itself(target, traced_names)) \
                and not (root_name and bound_before_first_trace(target, cls, SET_UP_METHODS, root_name)):
            yield target


def _rebinds_what_it_held(target: nodes.AssignAttr, method: nodes.FunctionDef) -> bool:
    """``self.model = best`` where every binding of ``best`` in the method is ``self.model``
    itself (``best = self.model`` ... ``self.model = best``), or ``self.model = self.model``: the
    attribute gets back an object it already held, so the trace's captured object is the same.
    A parameter, a global or any other value of the name is a new value."""
    assign = target.parent
    if not (isinstance(assign, nodes.Assign) and assign.targets == [target]):
        return False
    held = target.as_string()
    value = assign.value
    if isinstance(value, nodes.Attribute):
        return value.as_string() == held
    if not isinstance(value, nodes.Name):
        return False
    names = method.locals.get(value.name, [])
    return bool(names) and all(
        isinstance(name, nodes.AssignName) and isinstance(name.parent, nodes.Assign)
        and name.parent.targets == [name] and name.parent.value.as_string() == held
        for name in names)


def _rebinding_between_calls(cls: nodes.ClassDef, attrname: str, module: nodes.Module) -> OutsideRebinding | None:
    """Code that uses an instance rebinds the attribute between two calls of the same method of it
    (see outside_rebinding); not for TensorFlow objects, whose state is read when the graph runs."""
    # Deferred: only a read of an attribute another method rebinds needs it.
    from tfgraph_lint.rules.side_effects.outside_rebinding import rebound_between_calls

    found = rebound_between_calls(cls, attrname, module)
    if found is None or value_kind(found.target.parent.value).kind == Kind.TF_OBJECT:
        return None
    return found
