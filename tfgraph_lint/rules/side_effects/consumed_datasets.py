"""A dataset that is read to the end where it is made: its traced function never runs later.

``vocab = ds.map(lambda x: x[feature]); values = list(vocab)``: ``Dataset.map`` traces the
function when it is called, and the elements are produced when the dataset is iterated. When the
dataset is bound to a name and every use of that name iterates it there and then (``list(ds)``,
``for x in ds:``), before some statement, the function cannot run after that statement: a global
it reads and that statement rebinds is never seen stale (TFG107). A use that derives another
dataset (``ds = ds.shuffle(10).batch(3)``) passes the question on to the derived one's name, and
``for i, x in enumerate(ds):`` reads it like ``for x in ds:``. A def handed by name
(``ds.map(parse)``) is judged the same way when its name is only handed to such methods
(ageron/handson-ml3: each notebook cell parses and prints its records, then a later cell rebinds
the feature description for another file). ``model.fit(ds)`` (``evaluate``, ``predict``, also as
``x=`` or ``validation_data=``) reads it during the call; ``tf.data.Dataset.zip((ds, labels))``
and ``other.concatenate(ds)`` derive a dataset that reads it; ``print(ds)`` reads nothing
(Manning's TF 2 in Action maps ``get_image`` over file names, fits a model on the zipped
dataset, and a later section rebinds ``data_dir``).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import call_qualname, is_builtin_call, references

# Builtins that read an iterable to the end and keep nothing of it (not iter(), zip(), map()...).
_CONSUMING_BUILTINS = frozenset({"list", "tuple", "set", "dict", "sorted", "sum", "min", "max", "any", "all"})
# Dataset methods that return another dataset: ``ds.map(f).batch(2)`` is still f's dataset.
_MAX_CHAIN = 8
# Functions that make one dataset of several: the function of each runs when it is read.
_COMBINING = frozenset({"tensorflow.data.Dataset.zip", "tensorflow.data.Dataset.sample_from_datasets",
                        "tensorflow.data.Dataset.choose_from_datasets",
                        "tensorflow.data.experimental.sample_from_datasets",
                        "tensorflow.data.experimental.choose_from_datasets"})
# Training-loop methods that read the dataset they are given during the call (``model.fit(ds)``).
_TRAINING_LOOPS = frozenset({"fit", "evaluate", "predict"})
_LOOP_KEYWORDS = frozenset({"x", "validation_data"})


def consumed_before(traced: TracedFunction, scope: nodes.NodeNG, statement: nodes.NodeNG) -> bool:
    """``traced`` is reached from a function a ``Dataset`` method traces, a lambda handed to it
    in ``scope``'s own code or a def whose name is only handed to such methods there
    (``ds.map(parse)``), whose dataset is bound to a name every use of which (in ``scope``'s own
    code) consumes it before ``statement``."""
    root = traced.root
    if dataset_lambda(traced) and isinstance(root.node.parent, nodes.Call):
        return _bound_and_consumed(_dataset_expression(root.node.parent), scope, statement, _MAX_CHAIN)
    if _dataset_traced(traced) and isinstance(root.node, nodes.FunctionDef):
        handed = _handed_to(root.node, scope)
        return bool(handed) and all(
            _bound_and_consumed(_dataset_expression(call), scope, statement, _MAX_CHAIN) for call in handed)
    return False


def _handed_to(fn: nodes.FunctionDef, scope: nodes.NodeNG) -> list[nodes.Call] | None:
    """The calls ``fn`` is handed to as their first argument (``ds.map(parse)``), when that is
    the only use of its name in ``scope``; None otherwise (it may be traced elsewhere too)."""
    calls = []
    for name in references(fn, scope):
        call = name.parent
        if not (isinstance(call, nodes.Call) and call.args and call.args[0] is name
                and isinstance(call.func, nodes.Attribute)):
            return None
        calls.append(call)
    return calls


def _bound_and_consumed(made: nodes.NodeNG, scope: nodes.NodeNG, statement: nodes.NodeNG, depth: int) -> bool:
    """``made`` is assigned to a single name in ``scope``, and every use of that binding consumes
    it before ``statement``, or derives another dataset bound to a name that is (``ds =
    ds.shuffle(10).batch(3)``: the function runs when the derived dataset is read)."""
    assign = made.parent
    if not (isinstance(assign, nodes.Assign) and assign.value is made and len(assign.targets) == 1
            and isinstance(assign.targets[0], nodes.AssignName) and assign.scope() is scope):
        return False
    target = assign.targets[0]
    uses = references(target, scope)
    return bool(uses) and all(
        use.scope() is scope and use.lineno < statement.lineno
        and (_consumed_here(use) or _only_shown(use) or (
            depth > 0 and (derived := _derived_dataset(use)) is not None
            and _bound_and_consumed(_dataset_expression(derived), scope, statement, depth - 1)))
        for use in uses)


def dataset_lambda(traced: TracedFunction) -> bool:
    """``traced`` is reached from a lambda that a ``Dataset`` method traces (when it is called)."""
    return _dataset_traced(traced) and isinstance(traced.root.node, nodes.Lambda)


def _dataset_traced(traced: TracedFunction) -> bool:
    root = traced.root
    return root.reason.kind == TraceKind.BUILDER and root.reason.builder.startswith("Dataset.")


def _dataset_expression(call: nodes.Call) -> nodes.NodeNG:
    """``ds.map(f)``, or the chain of methods called on it (``ds.map(f).batch(2).prefetch(1)``)."""
    node = call
    for _ in range(_MAX_CHAIN):
        attribute = node.parent
        if not (isinstance(attribute, nodes.Attribute) and isinstance(attribute.parent, nodes.Call)
                and attribute.parent.func is attribute):
            break
        node = attribute.parent
    return node


def _derived_dataset(use: nodes.Name) -> nodes.Call | None:
    """The call that makes another dataset of this one: ``use.method(...)`` (its result is the
    chain's to follow), or ``tf.data.Dataset.zip((use, other))`` / ``other.concatenate(use)``."""
    attribute = use.parent
    if (isinstance(attribute, nodes.Attribute) and attribute.expr is use and isinstance(attribute.parent, nodes.Call)
            and attribute.parent.func is attribute):
        return attribute.parent
    call = use.parent.parent if isinstance(use.parent, (nodes.Tuple, nodes.List)) else use.parent
    if isinstance(call, nodes.Call) and (use in call.args or use.parent in call.args) and (
            call_qualname(call) in _COMBINING or (isinstance(call.func, nodes.Attribute)
                                                  and call.func.attrname == "concatenate")):
        return call
    return None


def _only_shown(use: nodes.Name) -> bool:
    """``print(ds)``, ``"{}".format(ds)``: its description is read, no element is produced."""
    call = use.parent
    if not (isinstance(call, nodes.Call) and use in call.args):
        return False
    return is_builtin_call(call, "print", "str", "repr") or (
        isinstance(call.func, nodes.Attribute) and call.func.attrname == "format"
        and isinstance(call.func.expr, nodes.Const))


def _consumed_here(use: nodes.Name) -> bool:
    parent = use.parent
    if isinstance(parent, nodes.For) and parent.iter is use:
        return True
    if isinstance(parent, nodes.Keyword) and parent.arg in _LOOP_KEYWORDS:
        parent, use = parent.parent, parent  # ``fit(x=ds)``, ``fit(train, validation_data=ds)``
    if (isinstance(parent, nodes.Call) and isinstance(parent.func, nodes.Attribute)
            and parent.func.attrname in _TRAINING_LOOPS and (use in parent.args[:1] or use in (parent.keywords or ()))):
        return True  # ``model.fit(ds)``: read, epoch after epoch, during the call, and not kept
    if not (isinstance(parent, nodes.Call) and parent.args and parent.args[0] is use):
        return False
    if is_builtin_call(parent, "enumerate"):
        return isinstance(parent.parent, nodes.For) and parent.parent.iter is parent  # for i, x in enumerate(ds)
    return is_builtin_call(parent, *_CONSUMING_BUILTINS)


def traced_per_iteration_of(traced: TracedFunction, own: list[nodes.NodeNG]) -> bool:
    """A lambda that a Dataset method traces where it is made, inside a loop whose target is the
    name (tensorflow/docs' text tutorial labels each file's lines with the loop index): each
    iteration's trace keeps that iteration's value, which is what the code means (Python's own
    late binding would give every lambda the last one); a later rebinding changes no trace."""
    if not dataset_lambda(traced):
        return False
    loops = [node for node in traced.root.node.node_ancestors() if isinstance(node, nodes.For)]
    return any(loop.target is binding or loop.target.parent_of(binding) for loop in loops for binding in own)
