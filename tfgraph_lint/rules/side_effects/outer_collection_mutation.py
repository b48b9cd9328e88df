"""TFG104 outer-collection-mutation: a list/dict/set from outside graph code is mutated while tracing.

Python mutation is not a TensorFlow operation: it happens once per trace, not on every call, and
what it stores is a symbolic tensor. The receiver is "outside" when it outlives the trace: a
module global, a closure variable of an enclosing function that is not traced, an attribute of
``self`` (or ``cls``), or an argument of a tf.function, mutated there or in a helper it is
handed to (analysis/argument_aliases). Collections created inside the traced frame (including a
traced parent of a nested def) are fresh on every trace and are fine.

An attribute bound to a new empty collection earlier in the same trace (a statement of the
function, or of a caller on the chain before the call that leads here, itself or in a block that
runs whole, or a method that always rebinds it, of the class or of an object the trace holds
shown to be one of its instances: see scratch_collections) and given only
constants is per-trace state in all but name (a counter that makes names unique): silent. Given
tensors, it still leaks them out of the trace and is reported. A mutation behind ``if self.flag:``
whose class only ever sets the flag to False or None is an opt-in the user turns on from outside
(see default_off): LOW, and so is a store by name (``self.endpoints["head"] = t``), or into an
attribute made a new empty collection earlier in the same trace (``self.skips = []`` then
``self.skips.append(t)``), when only graph code of the module reads the attribute: a channel
within the trace, or when other code reads it only through a getter (``return self.<attr>``:
analysis/attribute_reads), which hands on what the latest trace stored (a BERT wrapper's
``get_all_encoder_layers()``). So is one the method that fills it also takes from, named by no other code
(analysis/per_call_scratch: skip connections kept on ``self``), and so is a slot of an attribute that
graph code sets to a value fixed while tracing (``self.new_shape[0] = x.shape[0]``) and only graph
code reads (analysis/trace_fact_slots). Attributes of an
object the traced code makes itself are per-trace locals (see per_trace_objects): silent. A
local list of a test that the test's tf.function fills is the test's record of what tracing did
(it then checks ``len(calls)``): LOW. ``if not mod[0]: mod[0] = build()`` fills a slot once, as
eager calls would (see runs_once): silent.

Confidence: HIGH when the receiver is known to be a Python collection from its bindings;
INFERENCE when its kind is unknown but the method exists only on collections (``append``,
``setdefault`` ...). Methods that other objects also have (``update``, ``pop``, ``add`` ...),
subscript assignment and ``del x[k]`` need a known collection.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from astroid import nodes

from tfgraph_lint.analysis.argument_aliases import ARGUMENT, is_argument, passed_in_origin
from tfgraph_lint.analysis.classes import is_instance_method, self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import bindings, is_builtin_name, lookup, qualified_name
from tfgraph_lint.analysis.runs_once import fills_once
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.test_code import in_test_code
from tfgraph_lint.analysis.value_kinds import Kind, ValueKind, value_kind
from tfgraph_lint.core.findings import INFERENCE, LOW, Finding, shorten
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.side_effects.per_trace_objects import PerTraceSelf

RULE = declare(
    code="TFG104",
    symbol="outer-collection-mutation",
    msgid="W8704",
    summary="Graph code mutating an outer list/dict/set does so once, while tracing, and leaks symbolic tensors",
    # A seed hazard: on at HIGH and INFERENCE whatever the measurements of the day say (users hit
    # it first, and `verify` confirms it); its deliberate forms are LOW by evidence in the code.
    default=Default.SEED,
)

# Methods only Python collections have: an unknown receiver calling them is one (INFERENCE).
_COLLECTION_ONLY_METHODS = frozenset({
    "append", "extend", "setdefault", "popitem", "appendleft", "extendleft",
    "intersection_update", "difference_update", "symmetric_difference_update",
})
# Mutating methods that other objects have too (``strategy.extended.update``, ``MutableHashTable
# .insert``, ``model.add``, ``metric.update``): reported only on a known collection.
_AMBIGUOUS_METHODS = frozenset({
    "update", "pop", "remove", "clear", "add", "discard", "sort", "reverse", "insert",
})
_MUTATING_METHODS = _COLLECTION_ONLY_METHODS | _AMBIGUOUS_METHODS

# What an unknown receiver is, told from the method it is called with (for messages only).
_TYPE_BY_METHOD = {
    "append": "list", "extend": "list", "insert": "list", "sort": "list", "reverse": "list",
    "setdefault": "dict", "popitem": "dict", "appendleft": "deque", "extendleft": "deque",
    "add": "set", "discard": "set", "intersection_update": "set", "difference_update": "set",
    "symmetric_difference_update": "set",
}

# In-place operators of mutable collections: ``self.items += [x]``, ``self.seen |= {k}``.
_IN_PLACE_OPERATORS = frozenset({"+=", "*=", "|=", "&=", "-=", "^="})

_MUTABLE_TYPES = frozenset({"list", "dict", "set", "deque"})

# Which argument a storing method stores. A stored value that is TensorFlow state created lazily
# (``cache[k] = tf.Variable(...)`` behind ``if k not in cache``) is the documented singleton
# pattern, not this hazard.
_STORING_ARGUMENT = {"append": 0, "appendleft": 0, "add": 0, "insert": 1, "setdefault": 1}

# Methods that only take out or reorder: nothing new is stored.
_REMOVING_METHODS = frozenset({
    "pop", "remove", "clear", "discard", "popitem", "sort", "reverse",
    "intersection_update", "difference_update",
})

_ROOT_TRACE_KINDS = (TraceKind.DECORATOR, TraceKind.WRAPPER)


def check(context: ModuleContext) -> Iterator[Finding]:
    per_trace_self = PerTraceSelf(context)
    once = context.runs_once
    for call, traced in context.in_graph(nodes.Call):
        func = call.func
        if isinstance(func, nodes.Attribute) and func.attrname in _MUTATING_METHODS:
            method = func.attrname
            stored = _argument(call, _STORING_ARGUMENT.get(method))
            yield from _report(
                context, per_trace_self, once, traced, call, func.expr,
                action=f"{shorten(func.expr.as_string())}.{method}()",
                collection_only=method in _COLLECTION_ONLY_METHODS,
                method=method, stored=stored, stores=method not in _REMOVING_METHODS,
            )
    for assign, traced in context.in_graph(nodes.Assign):
        for target in assign.targets:
            for subscript in _subscript_targets(target):
                yield from _report(
                    context, per_trace_self, once, traced, subscript, subscript.value,
                    action=f"{shorten(subscript.as_string())} = ...", stored=assign.value, stores=True,
                )
    for aug, traced in context.in_graph(nodes.AugAssign):
        target = aug.target
        if isinstance(target, nodes.Subscript):
            yield from _report(
                context, per_trace_self, once, traced, target, target.value,
                action=f"{shorten(target.as_string())} {aug.op} ...", stored=aug.value, stores=True,
            )
        elif isinstance(target, nodes.AssignAttr) and aug.op in _IN_PLACE_OPERATORS:
            yield from _report(
                context, per_trace_self, once, traced, target, target,
                action=f"{shorten(target.as_string())} {aug.op} ...", stored=aug.value, stores=True,
            )
    for delete, traced in context.in_graph(nodes.Delete):
        for target in delete.targets:
            if isinstance(target, nodes.Subscript):
                yield from _report(
                    context, per_trace_self, once, traced, target, target.value,
                    action=f"del {shorten(target.as_string())}", stored=None, stores=False,
                )


def _report(
    context: ModuleContext, per_trace_self: PerTraceSelf, once: Callable[[nodes.NodeNG, TracedFunction], bool],
    traced: TracedFunction, node: nodes.NodeNG,
    receiver: nodes.NodeNG, *,
    action: str, stored: nodes.NodeNG | None, stores: bool,
    collection_only: bool = False, method: str = "",
) -> Iterator[Finding]:
    # Deferred: only a candidate finding needs these.
    from tfgraph_lint.analysis.attribute_reads import read_only_in_graph, read_through_getters_only
    from tfgraph_lint.analysis.per_call_scratch import scratch_of_one_call
    from tfgraph_lint.analysis.trace_fact_slots import trace_fact_slot
    from tfgraph_lint.rules.side_effects.collection_receivers import assigned_objects, receiver_collection
    from tfgraph_lint.rules.side_effects.default_off import behind_default_off_switch
    from tfgraph_lint.rules.side_effects.forced_traces import side_channel_confidence
    from tfgraph_lint.rules.side_effects.scratch_collections import (
        emptied_later_in_trace, holds_existing_objects, made_afresh_earlier_in_trace,
    )

    origin = _outside_origin(receiver, traced, context)
    if origin is None:
        return
    if origin == _ATTRIBUTE and per_trace_self(traced):
        return  # ``self`` is an object made in this trace: its collections are per-trace locals
    if not is_argument(origin) and fills_once(node, receiver, traced):
        return  # ``if not self._losses: self._losses.append(...)``: filled once, as in eager mode
    if once(node, traced):
        return  # in a helper only reached behind ``if not self.built: self.build(...)``: once, as eagerly
    known, type_name, confidence = receiver_collection(receiver)
    if known:
        if type_name is not None and type_name not in _MUTABLE_TYPES:
            return  # a tuple or frozenset: cannot be mutated in place
    else:
        # Item assignment on a tf.function's own argument raises whatever the argument is (a
        # tensor has no item assignment, a list or dict is checked for mutation).
        item_on_argument = is_argument(origin) and not method
        if not (collection_only or item_on_argument) or _kind(receiver).kind != Kind.UNKNOWN:
            return  # a tensor, TF object, NumPy array ...; or an unknown receiver of ``update``
        if assigned_objects(receiver):
            return  # ``self._buffer = TFDeque(...)``: a class of its own with an ``extend`` method
        confidence = INFERENCE
        type_name = _TYPE_BY_METHOD.get(method)
    stored_kind = value_kind(stored) if stored is not None else None
    if stored_kind is not None and stored_kind.kind == Kind.TF_OBJECT:
        return  # lazily created TensorFlow state kept in a Python cache
    counter = (isinstance(node.parent, nodes.AugAssign) and node.parent.target is node
               and node.parent.op in ("+=", "-="))
    fresh = origin == _ATTRIBUTE and made_afresh_earlier_in_trace(receiver, node, traced, context.index)
    if fresh and _is_constant(stored):
        # ``self._counts = Counter()`` earlier in the same trace, then ``self._counts[k] += 1``:
        # a new collection per trace holding Python constants is a local in all but name.
        return
    overwrites = (isinstance(node, nodes.Subscript) and isinstance(node.parent, nodes.Assign)
                  and _is_name_key(node.slice))
    scratch = ""
    if origin == _ATTRIBUTE and (overwrites or fresh or emptied_later_in_trace(receiver, node, traced)) \
            and read_only_in_graph(receiver, context):
        # ``self.endpoints["head"] = t``, or appends to ``self.skips = []`` made earlier in this
        # trace (or to a list the function empties before it returns), that only graph code
        # reads: a channel within the trace (keras-tcn's skip outputs, a DenseNet block's
        # features_list)
        confidence = LOW
        if fresh:
            scratch = (" (though it is made a new collection earlier in each trace, by the trace itself, "
                       "and only graph code reads it: scratch of the trace)")
    elif origin == _ATTRIBUTE and fresh and (getters := read_through_getters_only(receiver, context)):
        # ``self.all_layer_outputs = []`` at the start of a transformer's call, then filled per layer,
        # handed on by a getter its callers ask after calling the model, in their own trace
        confidence, scratch = LOW, (f" (though each trace makes it a new collection first, and other code reads it "
                                    f"only through {getters}, which hands on what the latest trace stored)")
    elif origin == _ATTRIBUTE and trace_fact_slot(node, receiver, stored, context):
        confidence, scratch = LOW, (" (though it stores only a value fixed while tracing, and only graph code "
                                    "reads it: each trace sets what it then reads)")
    elif origin == _ATTRIBUTE and scratch_of_one_call(receiver):
        # skip connections kept on ``self``: the method that appends them pops them, nothing else names them
        confidence, scratch = LOW, (" (though the method also takes from it within each call and no other code of "
                                    "the module names it: scratch of the call, if what it takes matches what it adds)")
    added, rebuilt = (_argument(node, 0) if method == "extend" else stored), ""
    if (not is_argument(origin) and holds_existing_objects(added)
            and made_afresh_earlier_in_trace(receiver, node, traced, context.index)):
        # ``self.variables = self.model.trainable_variables`` then ``.extend(self.extra)``: a list
        # rebuilt in every trace (and eager call) from the same objects, with nothing symbolic in it
        confidence, rebuilt = LOW, (" (though the function rebinds it to a new list first and adds only "
                                    "objects that outlive the trace, so each trace rebuilds the same list)")
    if not is_argument(origin) and behind_default_off_switch(node, traced.node):
        confidence = LOW  # ``if self.keep_scores:`` that the class never turns on: an opt-in
    if not is_argument(origin) and stores and not counter and _is_constant(stored):
        # ``self.calls.append(True)``, ``seen[key] = 1``: once per trace still, but nothing symbolic
        # leaks; on real code these were records kept on purpose (tests that a layer was called).
        # A counter (``counts[k] += 1``) keeps its confidence: it counts traces, not calls.
        confidence = LOW
    if origin == _CLOSURE and _local_of_test(receiver):
        # A test's own list that its tf.function fills (sonnet's conformance tests: ``logged.append(
        # tape.watched_variables())``, then ``len(logged)``): the test records what tracing did.
        confidence = LOW
    collection = _article(type_name)
    if is_argument(origin):
        # ``argument (passed in as 'features' at line 20)``: a helper given the tf.function's own argument
        through = f" of the tf.function, {origin[len(ARGUMENT) + 2:-1]}" if origin != ARGUMENT else ""
        message = (
            f"{action} in {traced.subject} mutates {collection} passed in as an argument{through}: a "
            "tf.function must not modify its Python arguments, so tracing raises ValueError, while "
            "eager mode changes the caller's object; modify a copy, or return the values instead"
        )
    else:
        message = (
            f"{action} in {traced.subject} mutates {collection} {origin}: the change happens once, "
            f"while tracing, not on every call{_stored_note(stored_kind, stores)}{rebuilt or scratch}; return the "
            "values instead, or use tf.TensorArray or a tf.Variable"
        )
    yield context.finding(RULE, node, message, confidence=side_channel_confidence(traced, confidence),
                          traced=traced)


# -- where the receiver lives ----------------------------------------------------------------

_ARGUMENT = ARGUMENT  # the receiver is a tf.function's own parameter
_ATTRIBUTE = "that lives outside it (an attribute of the object)"
_CLOSURE = "that lives outside it (a closure variable)"


def _outside_origin(receiver: nodes.NodeNG, traced: TracedFunction, context: ModuleContext) -> str | None:
    """How the receiver outlives the trace ("that lives outside it (...)", or ``_ARGUMENT``),
    or None when it is fresh on every trace or nothing is known about it."""
    index = context.index
    root, depth = receiver, 0
    while isinstance(root, (nodes.Attribute, nodes.AssignAttr, nodes.Subscript)):
        root = root.value if isinstance(root, nodes.Subscript) else root.expr
        depth += 1
    if not isinstance(root, nodes.Name):
        return None  # a call's result, a literal ...: nothing known about where it lives
    if self_class(root) is not None:
        # ``self.items`` lives on the object; ``self`` itself is not a collection we can judge.
        return _ATTRIBUTE if depth else None
    found = bindings(root, root.name)
    if not found or any(isinstance(b, (nodes.Import, nodes.FunctionDef, nodes.ClassDef)) for b in found):
        return None  # builtin/undefined, a module, a function or a class
    if any(isinstance(b, nodes.ImportFrom) for b in found):
        name = qualified_name(root) or ""
        if name.startswith(("tensorflow", "keras", "numpy")) or len(found) > 1:
            return None
    if traced.is_local(root):
        if not _is_root_parameter(found, index):
            # a helper's parameter that every graph caller fills with an outside collection
            return passed_in_origin(found[0], context, lambda arg, caller: _outside_origin(arg, caller, context)) \
                if depth == 0 and len(found) == 1 else None
        return _ARGUMENT if depth == 0 else "that lives outside it (reached from an argument)"
    scope = _binding_scope(root)
    if isinstance(scope, (nodes.FunctionDef, nodes.Lambda)) and index.in_traced_code(scope):
        return None  # a per-trace local of a traced enclosing function (TFG204's concern)
    if isinstance(scope, nodes.Module):
        return "that lives outside it (a module global)"
    if isinstance(scope, (nodes.FunctionDef, nodes.Lambda)):
        return _CLOSURE
    return None


def _local_of_test(receiver: nodes.NodeNG) -> bool:
    """The collection is a local of a test function (or of a method of a test class)."""
    root = receiver
    while isinstance(root, (nodes.Attribute, nodes.Subscript)):
        root = root.value if isinstance(root, nodes.Subscript) else root.expr
    return isinstance(root, nodes.Name) and in_test_code(_binding_scope(root))


def _is_root_parameter(found: list[nodes.NodeNG], index) -> bool:
    """A parameter of a tf.function itself: the caller's object (never ``self``/``cls``).

    Parameters of called helpers usually hold the traced caller's per-trace locals, and those of
    graph builders (``Dataset.map``, ``tf.map_fn``) are structures TensorFlow builds afresh per
    trace: both stay silent.
    """
    if len(found) != 1 or not isinstance(found[0], nodes.AssignName):
        return False
    binding = found[0]
    arguments = binding.parent
    if not isinstance(arguments, nodes.Arguments):
        return False
    fn = arguments.parent
    traced = index.traced_function(fn)
    if traced is None or traced.reason.kind not in _ROOT_TRACE_KINDS:
        return False
    positional = [*(arguments.posonlyargs or ()), *(arguments.args or ())]
    if is_instance_method(fn) and positional and positional[0] is binding:
        return False
    return True


def _is_name_key(key: nodes.NodeNG) -> bool:
    """A string key: ``"head"``, ``f"block_{i}"``, ``"block_%s" % i``: a named slot, not a position."""
    if isinstance(key, nodes.Const):
        return isinstance(key.value, str)
    if isinstance(key, nodes.JoinedStr):
        return True
    if isinstance(key, nodes.BinOp) and key.op == "%":
        return isinstance(key.left, nodes.Const) and isinstance(key.left.value, str)
    return (isinstance(key, nodes.Call) and isinstance(key.func, nodes.Attribute) and key.func.attrname == "format"
            and isinstance(key.func.expr, nodes.Const) and isinstance(key.func.expr.value, str))


def _binding_scope(name: nodes.Name) -> nodes.NodeNG | None:
    return lookup(name, name.name)[0]


def _kind(receiver: nodes.NodeNG) -> ValueKind:
    if isinstance(receiver, nodes.AssignAttr):
        return ValueKind(Kind.UNKNOWN, INFERENCE)
    return value_kind(receiver)


# -- message pieces --------------------------------------------------------------------------

def _stored_note(stored: ValueKind | None, stores: bool) -> str:
    if not stores or stored is None:
        return ""
    if stored.kind == Kind.TENSOR:
        return ", and stores a symbolic tensor, not a value"
    if stored.kind == Kind.UNKNOWN:
        return ", and tensors it stores are symbolic, not values"
    return ""


def _is_constant(stored: nodes.NodeNG | None) -> bool:
    """A literal, a tuple or list of literals, or the keys of a mapping (static structure)."""
    if isinstance(stored, nodes.Const):
        return True
    if isinstance(stored, (nodes.Tuple, nodes.List)):
        return all(_is_constant(element) for element in stored.elts)
    if isinstance(stored, nodes.Call) and isinstance(stored.func, nodes.Name) and stored.func.name in ("set", "list") \
            and is_builtin_name(stored.func) and len(stored.args) == 1:
        keys = stored.args[0]
        return (isinstance(keys, nodes.Call) and isinstance(keys.func, nodes.Attribute)
                and keys.func.attrname == "keys" and not keys.args)
    return False


def _article(type_name: str | None) -> str:
    return f"a {type_name}" if type_name else "a Python collection"


def _argument(call: nodes.Call, position: int | None) -> nodes.NodeNG | None:
    if position is None or position >= len(call.args):
        return None
    arg = call.args[position]
    return None if isinstance(arg, nodes.Starred) else arg


def _subscript_targets(target: nodes.NodeNG) -> Iterator[nodes.Subscript]:
    if isinstance(target, nodes.Subscript):
        yield target
    elif isinstance(target, (nodes.Tuple, nodes.List)):
        for element in target.elts:
            yield from _subscript_targets(element.value if isinstance(element, nodes.Starred) else element)


