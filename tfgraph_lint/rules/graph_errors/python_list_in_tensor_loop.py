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

from tfgraph_lint.analysis.graph_index import TracedFunction, TraceKind
from tfgraph_lint.analysis.names import bindings
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.value_kinds import Kind, binding_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, Finding, weakest
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG204",
    symbol="python-list-in-tensor-loop",
    msgid="E8724",
    summary="Appending to a Python list inside a loop AutoGraph turns into tf.while_loop",
    default=Default.ON,
)

# Its findings are lists grown inside a converted loop, which is a ``for`` or ``while`` loop
# (enclosing_converted_loops): a file without either word never imports this module.
TRIGGER_WORDS = ("for", "while")

_GROWING_METHODS = frozenset({"append", "extend"})

_ROOT_KINDS = (TraceKind.DECORATOR, TraceKind.WRAPPER, TraceKind.BUILDER, TraceKind.KERAS)


def check(context: ModuleContext) -> Iterator[Finding]:
    for node, traced in context.in_graph(nodes.Call, nodes.AugAssign, nodes.Assign):
        if not traced.autograph:
            continue  # no loop conversion at all: tensor loops raise at once (TFG203)
        growth = _list_growth(node)
        if growth is None:
            continue
        receiver, action, needs_known_list = growth
        for loop, loop_description, loop_confidence in context.evidence.enclosing_converted_loops(node, traced):
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
