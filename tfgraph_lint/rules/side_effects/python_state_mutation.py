"""TFG105 python-state-mutation: Python state rebound in graph code changes once per trace.

``global calls; calls += 1``, ``nonlocal total; total = total + x``, ``self.count += 1``: rebinding
a name or attribute that outlives the call is not a TensorFlow operation. It happens while
TensorFlow traces the function, not on every call, and a tensor stored that way is symbolic.

An in-place operator (``+=``, ``-=``, ``*=``, ``/=``, ``**=``) on an attribute to which the class
only ever assigns ``tf.Variable(...)`` (or tf.keras' ``K.variable(...)``) raises RuntimeError: said so.

Stays silent on: state kept in TensorFlow objects (``self.v.assign_add(1)``; attributes and values
that are variables, layers, ...), the singleton guard (``if self.v is None: self.v = ...``, the
guards of TFG201), the clearing of a once-flag (``global _first; if _first: ...; _first =
False``, see once_flags), per-trace locals of a traced parent reached through ``nonlocal``, attributes
holding collections (mutating those is TFG104's), and ``self.x = value`` that does not read
``self.x``, directly or through locals computed from it (analysis/old_values) (setting the same
value on every call is the same as setting it once), or reads only
what the same function stored in it earlier on every path (``self.mu = net(s)`` then ``self.mu =
self.mu * bound``) or only its static attributes (``self.kernel = sample(self.kernel.shape)``). A counter whose
every read only makes op names unique (``name=f"call_{self._calls}"``, ``tf.name_scope(...)``)
counts traces on purpose: LOW. So is a fill-once default (``self.k = self.k or default``, every
other write of it outside ``__init__`` a fill too, the default not shown to be a tensor;
analysis/fill_once): the first trace fills it as the first eager call would. So is a global set
without reading its old value that only the same function reads, after setting it, or hands to
``eval``/``exec`` there (analysis/trace_scratch_globals: a solver's derivatives bound as globals for
a user's equation): each trace reads what it stored itself. ``self.state = value`` through a property setter
that rebinds no attribute of ``self`` (it assigns tf.Variables) is a call, not a rebinding:
silent (analysis/method_sets). ``self`` of an
object the traced code makes itself (``p = Cls(x); p.normalize()``) is a per-trace local (see
per_trace_objects): silent.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.callables import FunctionNode
from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.method_sets import setter_keeps_no_python_state
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, declaration, lookup
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.once_flags import clears_once_flag
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.state_creation import WEIGHT_METHODS, created_state
from tfgraph_lint.analysis.tensor_evidence import lexical_tensor
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.side_effects.per_trace_objects import PerTraceSelf

RULE = declare(
    code="TFG105",
    symbol="python-state-mutation",
    msgid="W8705",
    summary="Rebinding Python state (global, nonlocal, self.count += 1) in graph code happens once",
    default=Default.ON,
)

# Attribute kinds whose updates are some other rule's business (TFG104 for collections; in-place
# NumPy updates; TensorFlow objects have their own update methods).
_NOT_REBOUND_STATE = frozenset({Kind.TF_OBJECT, Kind.PYTHON_COLLECTION, Kind.NUMPY})


def check(context: ModuleContext) -> Iterator[Finding]:
    once = context.runs_once
    per_trace_self = PerTraceSelf(context)
    for statement, traced in context.in_graph(nodes.Assign, nodes.AugAssign, nodes.AnnAssign):
        if statement.value is None or once(statement, traced):
            continue
        for target in _plain_targets(statement):
            if isinstance(target, nodes.AssignName):
                found = _rebound_name(context, statement, target, traced)
            elif self_class(target.expr) is not None and per_trace_self(traced):
                found = None  # an object made in this trace: its attributes are per-trace locals
            elif setter_keeps_no_python_state(target):
                found = None  # a call of a property setter that assigns TensorFlow state
            else:
                found = (_rebound_attribute(statement, target) or _argument_attribute(statement, target, traced)
                         or _kept_tensor(statement, target, traced))
            if found is not None:
                # Deferred: only a candidate finding needs these.
                from tfgraph_lint.analysis.trace_scratch_globals import read_in_the_same_trace_only
                from tfgraph_lint.analysis.unknown_decorators import decorator_note, unknown_decorator_on_path
                from tfgraph_lint.rules.side_effects.forced_traces import side_channel_confidence

                message, confidence = found
                text = _finish(message, statement, traced)
                if isinstance(target, nodes.AssignAttr) and _fills_default_once(context, statement, target):
                    confidence, text = LOW, text + _FILLED_ONCE_NOTE
                elif isinstance(target, nodes.AssignName) and _asserted_counter(target):
                    confidence, text = LOW, text + _ASSERTED_NOTE
                elif isinstance(target, nodes.AssignName) and read_in_the_same_trace_only(statement, target):
                    confidence, text = LOW, text + _SAME_TRACE_NOTE
                decorator = unknown_decorator_on_path(traced)
                if decorator is not None:  # it may run once only (see unknown_decorators)
                    confidence, text = LOW, text + decorator_note(decorator)
                yield context.finding(RULE, statement, text,
                                      confidence=side_channel_confidence(traced, confidence), traced=traced)
                break  # one finding per statement


# A default that is not shown to be a tensor, given only while the attribute is unset.
_FILLED_ONCE_NOTE = (" (though every write of it outside __init__ gives it a default only while it is unset, "
                     "and this default is not shown to be a tensor: the first trace fills it as the first "
                     "eager call would, and later calls keep it)")


# A nonlocal counter the enclosing function asserts on: a test counting traces (asserted_counters).
_ASSERTED_NOTE = (" (though the enclosing function asserts on it: it counts traces on purpose, as tests "
                  "of tracing do)")


# A global set without reading its old value, read only by the same function after that: scratch.
_SAME_TRACE_NOTE = (" (though it is set without reading its old value, and only this function reads it, "
                    "after setting it: each trace reads what it stored itself)")


def _asserted_counter(target: nodes.AssignName) -> bool:
    # Deferred: only a candidate finding needs it.
    from tfgraph_lint.analysis.asserted_counters import asserted_in_enclosing

    fn = target.scope()
    return declaration(fn, target.name) == "nonlocal" and asserted_in_enclosing(fn, target.name)


def _fills_default_once(context: ModuleContext, statement: nodes.NodeNG, target: nodes.AssignAttr) -> bool:
    """``self.n = self.n or default`` (analysis/fill_once), every other write of it outside
    ``__init__`` a fill-once too, and the default not shown to be a tensor: a tensor of the trace
    kept in the attribute and reused by later traces is the hazard this leaves reported."""
    # Deferred: only a candidate finding needs it.
    from tfgraph_lint.analysis.fill_once import filled_default, only_filled_once

    cls = self_class(target.expr)
    default = filled_default(statement.value, target) if isinstance(statement, nodes.Assign) else None
    return (default is not None and cls is not None and only_filled_once(cls, target.attrname)
            and context.tensor_evidence(default) is None)


def _plain_targets(statement: nodes.NodeNG) -> list[nodes.NodeNG]:
    """Names and attributes assigned, including those of ``a, b = b, a + b``."""
    pending = list(statement.targets) if isinstance(statement, nodes.Assign) else [statement.target]
    found = []
    while pending:
        target = pending.pop(0)
        if isinstance(target, (nodes.Tuple, nodes.List)):
            pending[:0] = [e.value if isinstance(e, nodes.Starred) else e for e in target.elts]
        elif isinstance(target, (nodes.AssignName, nodes.AssignAttr)):
            found.append(target)
    return found


def _rebound_name(context, statement, target: nodes.AssignName, traced: TracedFunction):
    fn = target.scope()
    declared = declaration(fn, target.name)
    if declared is None:
        return None
    if declared == "nonlocal" and _per_trace_local(fn, target.name, context.index):
        return None  # a local of the traced parent, created afresh on every trace
    if _holds_tensorflow_state(statement.value):
        return None  # creating TensorFlow state is TFG201's finding
    if clears_once_flag(statement, target, traced):
        return None  # ``if _first: ...; _first = False``: the same value after each call, traced or not
    outside = [b for b in _outer_bindings(fn, target.name, declared) if b is not target]
    if any(value_kind(assigned_value(b)).kind == Kind.TF_OBJECT for b in outside):
        return None  # ``v += 1`` on a tf.Variable raises on its own
    spelled = _spelling(statement, target.name)
    what = f"the {declared} variable '{target.name}'"
    if any(value_kind(assigned_value(b)).kind == Kind.PYTHON_COLLECTION for b in outside):
        fix = f"return the values instead and update '{target.name}' in the caller"
    else:
        fix = (f"keep the state in a tf.Variable created once outside the function and update it with "
               f"{target.name}.{_update_method(statement)}, or return the new value and rebind "
               f"'{target.name}' in the caller")
    constant = isinstance(statement, (nodes.Assign, nodes.AnnAssign)) and isinstance(statement.value, nodes.Const)
    # Setting a constant is the same on every call: a difference shows only if other code resets it.
    return (spelled, "rebinds", what, fix), INFERENCE if constant else HIGH


def _per_trace_local(fn: FunctionNode, name: str, index) -> bool:
    """A ``nonlocal`` name bound in a traced function (or inside one): fresh on every trace."""
    return index.in_traced_code(lookup(fn.parent.scope(), name)[0])


def _outer_bindings(fn: nodes.NodeNG, name: str, declared: str) -> list[nodes.NodeNG]:
    """The other statements that bind the global (module-wide) or nonlocal name."""
    if declared == "global":
        return list(fn.root().locals.get(name, ()))
    return lookup(fn.parent.scope(), name)[1]


# -- attributes ----------------------------------------------------------------------------------

def _rebound_attribute(statement, target: nodes.AssignAttr):
    # Deferred: only a candidate finding needs these.
    from tfgraph_lint.analysis.old_values import reads_old_value
    from tfgraph_lint.analysis.statement_flow import attribute_set_before
    from tfgraph_lint.rules.side_effects.op_name_counters import only_names_ops
    from tfgraph_lint.rules.side_effects.rebound_variables import variable_replaced_by_tensor

    owner, cls = _owner(target)
    if cls is None:
        return None
    receiver = target.expr.as_string()
    if isinstance(statement, (nodes.Assign, nodes.AnnAssign)) and (
            not reads_old_value(statement, target) or attribute_set_before(statement, receiver, target.attrname)):
        return None  # the same value on every call, unless it depends on the one before the call
    if _holds_tensorflow_state(statement.value):
        return None
    if _updates_tf_variable_in_place(statement, cls, target.attrname):
        return _variable_in_place_message(statement, f"{receiver}.{target.attrname}"), HIGH
    if variable_replaced_by_tensor(statement, target, cls):
        return _replaced_variable_message(f"{receiver}.{target.attrname}"), HIGH
    kinds = _attribute_kinds(cls, target.attrname)
    if any(kind in _NOT_REBOUND_STATE for kind in kinds):
        return None
    known_python = bool(kinds) and all(kind in (Kind.PYTHON_SCALAR, Kind.NONE) for kind in kinds)
    spelled = _spelling(statement, f"{receiver}.{target.attrname}")
    what = f"{owner} '{receiver}.{target.attrname}'"
    where = "in __init__" if cls is self_class(target.expr) else "outside the function"
    fix = (f"keep it in a tf.Variable created once {where} and update it with "
           f"{receiver}.{target.attrname}.{_update_method(statement)}")
    if only_names_ops(cls, target.attrname, statement):
        # A counter that only makes op names unique ("call_3"): per trace is what it is for.
        return (spelled, "changes", what, fix), LOW
    if _normalizes_negative_index(statement, target):
        # ``if self.axis < 0: self.axis = rank + self.axis``: made non-negative once, then the
        # guard is false on every later trace; the value changes once per object, on purpose.
        return (spelled, "changes", what, fix), LOW
    return (spelled, "changes", what, fix), HIGH if known_python else INFERENCE


# A tf.Variable refuses in-place operators (checked on TF 2.21: ``v += 1`` raises RuntimeError,
# eagerly and while tracing); K.variable of tf.keras makes one. A Keras 3 keras.Variable is not
# in this set: its ``+=`` rebinds the attribute to a tensor instead.
_TF_VARIABLE_CALLS = frozenset({"tensorflow.Variable", "keras.backend.variable"})
_REFUSED_IN_PLACE = frozenset({"+=", "-=", "*=", "/=", "**="})


def _updates_tf_variable_in_place(statement, cls: nodes.ClassDef, attrname: str) -> bool:
    """``self.total += x`` where every value the class gives the attribute is a tf.Variable call."""
    if not isinstance(statement, nodes.AugAssign) or statement.op not in _REFUSED_IN_PLACE:
        return False
    values = attribute_values(cls, attrname)  # a class-body value or an unreadable binding counts too
    return bool(values) and all(
        isinstance(value, nodes.Call) and call_qualname(value) in _TF_VARIABLE_CALLS for value in values)


def _variable_in_place_message(statement: nodes.AugAssign, target: str) -> str:
    method = {"+=": "assign_add()", "-=": "assign_sub()"}.get(statement.op)
    fix = (f"update it with {target}.{method}" if method is not None
           else f"update it with {target}.assign({target} {statement.op[:-1]} ...)")
    return (f"'{target} {statement.op} ...' on the tf.Variable '{target}' raises RuntimeError: a "
            f"tf.Variable has no in-place operators, traced or not; {fix}")


def _replaced_variable_message(target: str) -> str:
    return (f"'{target} = ...' replaces the variable '{target}' with a tensor computed from it: the "
            f"variable is never updated, and the object keeps a symbolic tensor of the trace; update it "
            f"with {target}.assign(...)")


def _normalizes_negative_index(statement: nodes.NodeNG, target: nodes.AssignAttr) -> bool:
    """The only statement under ``if <attr> < 0:``, adding something to the attribute itself
    (``self.axis = ndims + self.axis``, ``self.axis += len(shape)``): an index made non-negative."""
    guard = statement.parent
    if not (isinstance(guard, nodes.If) and guard.body == [statement] and not guard.orelse):
        return False
    test = guard.test
    if not (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] == "<"
            and isinstance(test.ops[0][1], nodes.Const) and test.ops[0][1].value == 0
            and test.left.as_string() == target.as_string()):
        return False
    if isinstance(statement, nodes.AugAssign):
        return statement.op == "+="
    value = statement.value
    return (isinstance(value, nodes.BinOp) and value.op == "+"
            and target.as_string() in (value.left.as_string(), value.right.as_string()))


def _argument_attribute(statement, target: nodes.AssignAttr, traced: TracedFunction):
    """``counter.value += 1`` on an object the traced function receives as an argument (issue
    #18: https://github.com/tensorflow/tensorflow/issues/31362): the object outlives the call, and
    the update runs once per trace. Only augmented updates, which read the old value; INFERENCE,
    as the object's class is not known (a tf.Variable attribute would raise instead)."""
    receiver = target.expr
    if not isinstance(statement, nodes.AugAssign) or not isinstance(receiver, nodes.Name):
        return None
    found = bindings(receiver, receiver.name)
    arguments = traced.node.args
    if not found or any(not (isinstance(b, nodes.AssignName) and b.parent is arguments) for b in found):
        return None
    if self_class(receiver) is not None or _holds_tensorflow_state(statement.value):
        return None
    spelled = _spelling(statement, f"{receiver.name}.{target.attrname}")
    what = f"the attribute '{target.attrname}' of the argument '{receiver.name}'"
    fix = (f"return the new value and update '{receiver.name}.{target.attrname}' in the caller, or "
           f"keep it in a tf.Variable and update it with {_update_method(statement)}")
    return (spelled, "changes", what, fix), INFERENCE


def _kept_tensor(statement, target: nodes.AssignAttr, traced: TracedFunction):
    """``self.last = obs`` in a tf.function method, read by other methods (analysis/stored_tensors)."""
    from tfgraph_lint.analysis.stored_tensors import stored_tensor  # deferred: only a candidate finding needs it

    stored = stored_tensor(statement, target, traced)
    if stored is None:
        return None
    what = f"the attribute '{target.attrname}' (which other methods read) to a tensor of the trace"
    if traced.reason.kind == TraceKind.KERAS:  # a metric's update_state (analysis/stored_tensors)
        fix = (f"keep it in a variable made once with self.add_weight() and update it with "
               f"self.{target.attrname}.assign(), so that result() reads a value")
    else:
        fix = (f"return the tensor and keep its value outside the function, or keep it in a tf.Variable "
               f"and update it with self.{target.attrname}.assign()")
    return (_spelling(statement, f"self.{target.attrname}"), "sets", what, fix), stored[1]


def _owner(target: nodes.AssignAttr) -> tuple[str, nodes.ClassDef | None]:
    cls = self_class(target.expr)
    if cls is not None:
        return "the Python attribute", cls
    if isinstance(target.expr, nodes.Name):
        found = bindings(target.expr, target.expr.name)
        if len(found) == 1 and isinstance(found[0], nodes.ClassDef):
            return "the class attribute", found[0]
    return "", None


def _attribute_kinds(cls: nodes.ClassDef, attrname: str) -> list[Kind]:
    """The kinds of what the class assigns to the attribute, apart from updates of its own value."""
    values = []
    for node in descendants(cls, nodes.AssignAttr):
        if node.attrname != attrname or not isinstance(node.parent, (nodes.Assign, nodes.AnnAssign)):
            continue
        if _owner(node)[1] is not cls:
            continue
        value = node.parent.value
        if value is None or any(isinstance(n, nodes.Attribute) and n.attrname == attrname
                                for n in value.nodes_of_class(nodes.Attribute)):
            continue
        values.append(value)
    for statement in cls.body:
        if isinstance(statement, nodes.Assign) and any(
                isinstance(t, nodes.AssignName) and t.name == attrname for t in statement.targets):
            values.append(statement.value)
    return [Kind.TF_OBJECT if _creates_variable(value) else value_kind(value).kind for value in values]


def _holds_tensorflow_state(value: nodes.NodeNG) -> bool:
    """A TensorFlow object, or a value that creates one somewhere in it
    (``self.v = tf.Variable(1.0) if self.v is None else self.v``)."""
    if value_kind(value).kind == Kind.TF_OBJECT or _creates_variable(value):
        return True
    return any(created_state(call) is not None or _creates_variable(call)
               for call in value.nodes_of_class(nodes.Call))


def _creates_variable(value: nodes.NodeNG) -> bool:
    """``self.add_weight(...)``: a Keras/tf.Module variable, whatever the lexical kind says."""
    return (isinstance(value, nodes.Call) and isinstance(value.func, nodes.Attribute)
            and value.func.attrname in WEIGHT_METHODS)


# -- messages ------------------------------------------------------------------------------------

def _update_method(statement: nodes.NodeNG) -> str:
    if isinstance(statement, nodes.AugAssign) and statement.op in ("+=", "-="):
        return "assign_add()" if statement.op == "+=" else "assign_sub()"
    return "assign()"


def _spelling(statement: nodes.NodeNG, target: str) -> str:
    if isinstance(statement, nodes.AugAssign):
        return f"'{target} {statement.op} ...'"
    return f"'{target} = ...'"


def _finish(parts: tuple[str, str, str, str] | str, statement: nodes.NodeNG, traced: TracedFunction) -> str:
    if isinstance(parts, str):
        return parts  # a complete message (a tf.Variable's in-place operator)
    spelled, verb, what, fix = parts
    per_call = "for every element" if traced.root.reason.builder.startswith("Dataset.") else "on every call"
    if lexical_tensor(statement.value) is not None:
        note = ", and stores a symbolic tensor, not a value"
    elif value_kind(statement.value).parameter is not None:  # an argument, most likely a tensor
        note = ", and a tensor stored this way is symbolic, not a value"
    else:
        note = ""
    return f"{spelled} in {traced.subject} {verb} {what} only while tracing, not {per_call}{note}; {fix}"
