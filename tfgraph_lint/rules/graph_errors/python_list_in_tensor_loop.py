"""TFG204 python-list-in-tensor-loop: growing a Python list inside a loop AutoGraph converts.

With AutoGraph on, ``for i in tf.range(n)``, ``for x in <tensor>``, ``for x in <dataset>`` and
``while <tensor condition>`` become ``tf.while_loop``s whose body is traced once, in a graph of
its own. ``out.append(x)`` there runs once per trace and stores a tensor of the loop's graph:
the list ends with one element instead of one per iteration, and using it after the loop raises
InaccessibleTensorError; ``out += [x]`` changes a loop variable's structure and raises TypeError.

Reported: ``.append()``/``.extend()``, ``+=`` and ``out = out + [...]`` on a list bound before
the loop in the traced function's own frame (a traced parent's frame for nested defs). Lists
that outlive the trace (module globals, closures, ``self`` attributes, a tf.function's own
arguments) are TFG104's, which reports them wherever they are mutated, so each mutation gets one
finding. A list created inside the loop body is fresh on every iteration and fine.

Confidence: HIGH for a name bound to a list literal or constructor; INFERENCE for ``append``/
``extend`` on a local of unknown kind or a parameter of a helper (it usually receives the
caller's list); the loop's confidence (a dataset known only by its name) lowers it too.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_name
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.trace_entries import dataset_confidence
from tfgraph_lint.analysis.value_kinds import Kind, binding_kind, value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, Finding, shorten, weakest
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG204",
    symbol="python-list-in-tensor-loop",
    msgid="E8724",
    summary="Appending to a Python list inside a loop AutoGraph turns into tf.while_loop",
    default=Default.ON,
)

_GROWING_METHODS = frozenset({"append", "extend"})

# TensorFlow calls that return a Python list of tensors: looping over them is a Python loop.
_LIST_RETURNING = frozenset({
    "tensorflow.split", "tensorflow.unstack", "tensorflow.meshgrid", "tensorflow.dynamic_partition",
    "tensorflow.gradients",
})

_PYTHON_RETURNING_PREFIXES = (
    "tensorflow.python.", "tensorflow.io.gfile.", "tensorflow.config.", "tensorflow.saved_model.",
)

# Comparisons that give a tensor when an operand is one (``is``/``in`` give a Python bool).
_TENSOR_COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})

_ROOT_KINDS = (TraceKind.DECORATOR, TraceKind.WRAPPER, TraceKind.BUILDER, TraceKind.KERAS)


def check(context: ModuleContext) -> Iterator[Finding]:
    for node, traced in context.in_graph(nodes.Call, nodes.AugAssign, nodes.Assign):
        if not traced.autograph:
            continue  # no loop conversion at all: tensor loops raise at once (TFG203)
        growth = _list_growth(node)
        if growth is None:
            continue
        receiver, action, needs_known_list = growth
        for loop, loop_description, loop_confidence in enclosing_tensor_loops(node, traced):
            confidence = _list_confidence(receiver, loop, traced, needs_known_list)
            if confidence is None:
                continue
            yield context.finding(
                RULE, node,
                _message(action, receiver.name, loop_description, traced, isinstance(node, nodes.Call)),
                confidence=weakest(confidence, loop_confidence), traced=traced,
            )
            break


def _message(action: str, name: str, loop: str, traced: TracedFunction, method: bool) -> str:
    if method:
        effect = (f"the Python list '{name}' grows once per trace, not once per iteration, and "
                  "holds tensors of the loop's own graph: using them after the loop raises "
                  "InaccessibleTensorError")
    else:
        effect = (f"rebinding the Python list '{name}' changes the structure of a loop variable, "
                  "and TensorFlow raises TypeError")
    return (
        f"{action} inside {loop} in {traced.subject}: AutoGraph turns the loop into a "
        f"tf.while_loop whose body is traced once, so {effect}; accumulate with tf.TensorArray "
        "(ta = ta.write(i, x) in the loop, ta.stack() after it)"
    )


# -- what grows a list -----------------------------------------------------------------------

def _list_growth(node: nodes.NodeNG) -> tuple[nodes.Name | nodes.AssignName, str, bool] | None:
    """(the list's name node, how it grows, whether the name must be known to hold a list)."""
    if isinstance(node, nodes.Call):
        func = node.func
        if isinstance(func, nodes.Attribute) and func.attrname in _GROWING_METHODS \
                and isinstance(func.expr, nodes.Name):
            return func.expr, f"{func.expr.name}.{func.attrname}()", False
    elif isinstance(node, nodes.AugAssign):
        if node.op == "+=" and isinstance(node.target, nodes.AssignName):
            return node.target, f"{node.target.name} += ...", True
    elif isinstance(node, nodes.Assign) and _is_self_extension(node):
        target = node.targets[0]
        return target, f"{target.name} = {target.name} + ...", True
    return None


def _is_self_extension(assign: nodes.Assign) -> bool:
    """``out = out + [x]`` or ``out = [x] + out``."""
    if len(assign.targets) != 1 or not isinstance(assign.targets[0], nodes.AssignName):
        return False
    value, name = assign.value, assign.targets[0].name
    if not (isinstance(value, nodes.BinOp) and value.op == "+"):
        return False
    sides = (value.left, value.right)
    return any(isinstance(s, nodes.Name) and s.name == name for s in sides) and any(
        isinstance(s, (nodes.List, nodes.Tuple, nodes.ListComp)) for s in sides)


def _is_growth_binding(binding: nodes.NodeNG) -> bool:
    """A binding that only extends the list (``out += [x]``, ``out = out + [x]``)."""
    parent = binding.parent
    return (isinstance(parent, nodes.AugAssign) and parent.op == "+=") or (
        isinstance(parent, nodes.Assign) and _is_self_extension(parent))


# -- whose list it is ------------------------------------------------------------------------

def _list_confidence(receiver, loop: nodes.NodeNG, traced: TracedFunction, needs_known_list: bool) -> str | None:
    """How sure it is that ``receiver`` is a per-trace Python list bound before ``loop``."""
    found = [b for b in bindings(receiver, receiver.name) if not _is_growth_binding(b)]
    if not found or any(loop.parent_of(b) for b in found):
        return None  # a list made inside the loop body is fresh on every iteration
    if not traced.is_local(receiver):
        return None  # outlives the trace: TFG104 reports it
    if any(isinstance(b.parent, nodes.Arguments) for b in found):
        if needs_known_list or len(found) != 1 or traced.reason.kind in _ROOT_KINDS:
            return None  # a tf.function's own argument is TFG104's; builders pass tensors
        return INFERENCE  # a helper's parameter: usually the caller's list
    kinds = [binding_kind(b) for b in found]
    if all(k.kind == Kind.PYTHON_COLLECTION and k.parameter is None for k in kinds):
        return HIGH
    if needs_known_list or any(k.kind != Kind.UNKNOWN or k.parameter is not None for k in kinds):
        return None  # a tensor, TensorArray, NumPy array ... or a mix
    return INFERENCE


# -- loops AutoGraph converts ----------------------------------------------------------------

def enclosing_tensor_loops(node: nodes.NodeNG, traced: TracedFunction) -> Iterator[tuple[nodes.NodeNG, str, str]]:
    """The converted loops whose body holds ``node``, innermost first, with a description."""
    child, parent = node, node.parent
    while parent is not None and parent is not traced.node:
        if isinstance(parent, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            return  # a default value or decorator of a nested def: not in any loop body here
        if isinstance(parent, (nodes.For, nodes.While)) and child in parent.body:
            described = _tensor_loop(parent)
            if described is not None:
                yield (parent, *described)
        child, parent = parent, parent.parent


def _tensor_loop(loop: nodes.For | nodes.While) -> tuple[str, str] | None:
    if isinstance(loop, nodes.While):
        confidence = _tensor_condition(loop.test)
        if confidence is None:
            return None
        return f"the while loop on the tensor condition '{shorten(loop.test.as_string())}'", confidence
    confidence = _tensor_iterable(loop.iter)
    if confidence is None:
        return None
    return f"the loop over '{shorten(loop.iter.as_string())}'", confidence


def _tensor_iterable(expr: nodes.NodeNG) -> str | None:
    """The confidence that AutoGraph converts ``for ... in expr`` into a graph loop."""
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and is_builtin_name(expr.func):
        name, args = expr.func.name, expr.args
        if name == "range":
            kinds = [_tensor_kind(arg) for arg in args]
            tensors = [confidence for confidence in kinds if confidence is not None]
            return weakest(*tensors) if tensors else None  # AutoGraph makes it a tf.range
        if name in ("enumerate", "zip") and args:
            # Datasets override both; over anything else they are Python iteration.
            inputs = args[:1] if name == "enumerate" else args
            found = [dataset_confidence(arg) for arg in inputs]
            return weakest(*found) if all(found) else None
        return None
    dataset = dataset_confidence(expr)
    if dataset is not None:
        return dataset
    return _tensor_kind(expr)


def _from_python_returning_call(expr: nodes.NodeNG) -> bool:
    """``expr`` is, or names, the result of a TensorFlow call that returns Python values.

    value_kind reads every lower-case TensorFlow function as returning a tensor; ``tf.unstack``,
    ``tf.nest.flatten``, ``tf.io.gfile.glob``, ``tf.config.list_*`` and TensorFlow's internal
    modules (``tensorflow.python.*``, which hold Python helpers too) are not taken as tensors.
    """
    values = [expr]
    if isinstance(expr, nodes.Name):
        values += [assigned_value(b) for b in bindings(expr, expr.name)]
    elif isinstance(expr, nodes.Attribute) and self_class(expr.expr) is not None:
        cls = self_class(expr.expr)
        values += [node.parent.value for node in descendants(cls, nodes.AssignAttr)
                   if node.attrname == expr.attrname and isinstance(node.parent, nodes.Assign)]
    for value in values:
        if isinstance(value, nodes.Call):
            name = call_qualname(value) or ""
            if name in _LIST_RETURNING or name.startswith(_PYTHON_RETURNING_PREFIXES) or ".nest." in name:
                return True
    return False


def _tensor_condition(test: nodes.NodeNG) -> str | None:
    """The confidence that a loop condition is a tensor (AutoGraph then makes a tf.while_loop)."""
    if isinstance(test, nodes.Compare):
        if any(op not in _TENSOR_COMPARISONS for op, _ in test.ops):
            return None
        found = [_tensor_kind(operand) for operand in (test.left, *(right for _, right in test.ops))]
        tensors = [confidence for confidence in found if confidence is not None]
        return weakest(*tensors) if tensors else None
    if isinstance(test, nodes.BoolOp):
        found = [_tensor_condition(value) for value in test.values]
        tensors = [confidence for confidence in found if confidence is not None]
        return weakest(*tensors) if tensors else None
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return _tensor_condition(test.operand)
    return _tensor_kind(test)


def _tensor_kind(expr: nodes.NodeNG) -> str | None:
    """The confidence that ``expr`` is a tensor, or None.

    A name counted up with ``i += 1`` keeps the kind of its other bindings: ``i = tf.constant(0)``
    then ``i += 1`` is still a tensor (value_kind reads the increment as a Python number).
    """
    if isinstance(expr, nodes.Name):
        kinds = []
        for binding in bindings(expr, expr.name):
            if isinstance(binding.parent, nodes.AugAssign):
                step = value_kind(binding.parent.value)
                if step.kind == Kind.PYTHON_SCALAR and step.parameter is None:
                    continue  # neither makes nor unmakes a tensor
            kinds.append(binding_kind(binding))
        if kinds and all(k.kind == Kind.TENSOR for k in kinds) and not _from_python_returning_call(expr):
            return weakest(*(k.confidence for k in kinds))
        return None
    kind = value_kind(expr)
    if kind.kind != Kind.TENSOR or _from_python_returning_call(expr):
        return None
    return kind.confidence


