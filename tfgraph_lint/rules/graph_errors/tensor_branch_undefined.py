"""TFG207 tensor-branch-undefined-variable: a value that exists on only one path of graph control flow.

AutoGraph turns an ``if`` on a tensor into ``tf.cond``, which must return every variable the code
after it reads, from both branches, as a tensor. A variable that only one branch assigns, and
that was not defined before (or was ``None``), has no value on the other path: tracing raises
ValueError ("'y' must also be initialized in the else branch", "'y' is None at the end of the
else branch"). The return value is such a variable too: a function that returns a value on one
side of a tensor ``if`` and None (or nothing: the end of the function) on the other raises "the
else branch must also have a return statement" or "'retval_' is None ...", and so do bare
returns on both sides.

A ``for`` over a ``tf.data`` dataset becomes a dataset reduction, which carries out only
variables defined before the loop: one first assigned in the loop and read after it raises
"'y' must be defined before the loop". (TensorFlow 2.21 defines such variables itself for
``tf.range`` and tensor ``while`` loops when their value is a tensor, number or structure of
them, so those loops are not reported.)

Only where AutoGraph converts the code (analysis/keras_unconverted): with ``autograph=False``,
under ``do_not_convert`` and in what a Keras 3 layer's ``call`` runs, Python runs the ``if``, and its
test on a tensor raises first (TFG203 reports that). A layer method written for the conversion Keras 2
gave it (a loop over a tensor) is converted there: its findings are LOW, saying so.

Structure only: which branch binds which name, what is read afterwards (a small liveness walk
over the statements), and whether a binding comes before. Any doubt keeps the rule silent.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum

from astroid import nodes

from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.keras_unconverted import converted_by_autograph, converted_under_keras_2_only
from tfgraph_lint.analysis.names import assigned_value, bindings
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.statement_flow import (
    FunctionFacts,
    assigns_none,
    block_of,
    deletes,
    own_bindings,
    own_statement_nodes,
    read_after,
    target_names,
    terminates,
)
from tfgraph_lint.analysis.tensor_evidence import is_builtin_call
from tfgraph_lint.analysis.trace_entries import dataset_confidence
from tfgraph_lint.core import records
from tfgraph_lint.core.findings import LOW, Finding
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG207",
    symbol="tensor-branch-undefined-variable",
    msgid="E8727",
    summary="A variable set in only one branch of a tensor if (or only in a tensor loop) and used after it",
    default=Default.ON,
)

# Its findings are ``if`` statements and ``for`` loops: a file without either word never
# imports this module.
TRIGGER_WORDS = ("if", "for")


class State(Enum):
    """What a name holds at some point of one path."""

    UNDEFINED = "undefined"
    NONE = "None"
    VALUE = "a value"
    UNKNOWN = "unknown"  # defined in a way this rule does not follow: stay silent
    TERMINATED = "terminated"  # the path returns, raises, breaks or continues: nothing flows on


def check(context: ModuleContext) -> Iterator[Finding]:
    evidence = context.evidence
    functions: dict[nodes.FunctionDef, FunctionFacts] = {}
    converted: dict[TracedFunction, tuple] = {}  # traced -> (converted, written for Keras 2)
    for node, traced in context.in_graph(nodes.If, nodes.For):
        if not isinstance(traced.node, nodes.FunctionDef):
            continue
        # Only AutoGraph makes a tf.cond or a dataset reduction of them. Where it does not convert
        # the code (autograph=False, do_not_convert, a Keras 3 layer's call and what it calls),
        # Python runs the if, and its test on a tensor raises first (TFG203's finding); unless the
        # layer's method was written for the conversion Keras 2 gave it, where this holds on Keras 2.
        if traced not in converted:
            by_autograph = converted_by_autograph(traced, context.module)
            converted[traced] = (by_autograph, None if by_autograph else converted_under_keras_2_only(traced, context.module))
        by_autograph, written_for_keras_2 = converted[traced]
        if not by_autograph and written_for_keras_2 is None:
            continue
        for found in _findings(context, evidence, functions, node, traced):
            yield found if written_for_keras_2 is None else _on_keras_2_only(found, *written_for_keras_2)


def _findings(context, evidence, functions: dict, node: nodes.If | nodes.For, traced: TracedFunction) -> Iterator[Finding]:
    if isinstance(node, nodes.If):
        confidence = evidence.of(node.test)
        if confidence is None:
            return
        fn = functions.setdefault(traced.node, FunctionFacts(traced.node))
        yield from _branch_findings(context, fn, node, traced, confidence)
        found = _return_finding(context, node, traced, confidence)
        if found is not None:
            yield found
    elif _dataset_iterable(node.iter) is not None:
        fn = functions.setdefault(traced.node, FunctionFacts(traced.node))
        yield from _dataset_loop_findings(context, fn, node, traced)


def _on_keras_2_only(found: Finding, keras_method: TracedFunction, loop: nodes.NodeNG) -> Finding:
    return records.replace(found, confidence=LOW, message=(
        f"{found.message} (this holds on Keras 2, whose AutoGraph conversion {keras_method.label} was written "
        f"for: it loops over a tensor at line {loop.lineno}; Keras 3 runs it unconverted, and the if raises "
        "there first)"))


# -- if on a tensor ------------------------------------------------------------------------------

def _branch_findings(context, fn: FunctionFacts, if_node: nodes.If, traced: TracedFunction,
                     confidence: str) -> Iterator[Finding]:
    names = sorted({b.name for b in own_bindings([*if_node.body, *if_node.orelse])})
    for name in names:
        body, orelse = _branch_state(if_node.body, name), _branch_state(if_node.orelse, name)
        if State.TERMINATED in (body, orelse) or State.UNKNOWN in (body, orelse):
            continue
        if State.UNDEFINED in (body, orelse) or State.NONE in (body, orelse):
            before = _state_before(if_node, name, fn)
            body = before if body == State.UNDEFINED else body
            orelse = before if orelse == State.UNDEFINED else orelse
        states = {body, orelse}
        if State.VALUE not in states or not states & {State.UNDEFINED, State.NONE}:
            continue
        reader = read_after(if_node, name, fn)
        if reader is None:
            continue
        missing = "else" if orelse != State.VALUE else "if"
        yield context.finding(RULE, if_node, _branch_message(name, missing, body, orelse, reader, traced),
                              confidence=confidence, traced=traced)


def _branch_message(name: str, missing: str, body: State, orelse: State, reader, traced) -> str:
    other = orelse if missing == "else" else body
    assigned = "if" if missing == "else" else "else"
    tf_branch = "else" if missing == "else" else "main"
    if other == State.NONE:
        problem = (f"'{name}' is a value after the {assigned} branch of this tensor condition but None "
                   f"after the {missing} branch")
        error = f"'{name}' is None at the end of the {tf_branch} branch"
    else:
        problem = f"'{name}' is assigned only in the {assigned} branch of this tensor condition"
        error = f"'{name}' must also be initialized in the {tf_branch} branch"
    return (
        f"{problem} in {traced.subject}, and read after it (line {reader.lineno}): AutoGraph makes the "
        f"if a tf.cond, which needs a tensor from both branches, and tracing raises ValueError "
        f"(\"{error}\"); give '{name}' a tensor value before the if (e.g. tf.zeros_like(...)) or "
        f"in the {missing} branch"
    )


def _branch_state(stmts: list[nodes.NodeNG], name: str) -> State:
    """What one branch leaves in ``name``: UNDEFINED here means "untouched"."""
    if terminates(stmts):
        return State.TERMINATED
    found = [b for b in own_bindings(stmts) if b.name == name]
    if any(deletes(stmt, name) for stmt in stmts):
        return State.UNKNOWN
    if not found:
        return State.UNDEFINED
    if any(not isinstance(b, nodes.AssignName) for b in found):
        return State.UNKNOWN  # a def, class or import: not a tensor anyway
    if all(assigns_none(b) for b in found):
        return State.NONE
    return State.VALUE


def _state_before(stmt: nodes.NodeNG, name: str, fn: FunctionFacts) -> State:
    """What ``name`` holds when ``stmt`` starts, as far as structure tells."""
    if name in fn.parameters:
        return State.VALUE
    if name in fn.declared:
        return State.UNKNOWN  # global or nonlocal: defined elsewhere
    start = (stmt.lineno, stmt.col_offset)
    earlier = [
        b for b in fn.bindings.get(name, ())
        if (b.lineno, b.col_offset) < start and not _on_another_path(getattr(b, "node", b), stmt)
    ]
    if not earlier:
        return State.UNDEFINED
    if all(isinstance(b, nodes.AssignName) and assigns_none(b) for b in earlier):
        return State.NONE
    return State.VALUE  # some earlier binding, perhaps under a Python condition: assume defined


def _on_another_path(binding: nodes.NodeNG, stmt: nodes.NodeNG) -> bool:
    """The binding is inside ``stmt``, or in the other branch of an if that ``stmt`` is in."""
    if stmt.parent_of(binding):
        return True
    ancestors = {id(node) for node in stmt.node_ancestors()}
    child = binding
    for node in binding.node_ancestors():
        if id(node) in ancestors:
            if isinstance(node, nodes.If):
                side = "body" if any(child is s for s in node.body) else "orelse"
                other = node.orelse if side == "body" else node.body
                return any(s is stmt or s.parent_of(stmt) for s in other)
            return False
        child = node
    return False


# -- return values ------------------------------------------------------------------------------

class _Returns(Enum):
    """How one path through the rest of a function ends."""

    VALUE = "returns a value"
    NONE = "returns None"
    FALLS_OFF = "reaches the end of the function without a return"
    RAISES = "raises"
    UNKNOWN = "unknown"


_PATH_BUDGET = 64  # paths explored per if: sequences of ifs with returns multiply them


def _return_finding(context, if_node: nodes.If, traced: TracedFunction, confidence: str) -> Finding | None:
    """A tensor ``if`` after which one path returns a value and another does not.

    AutoGraph keeps the return value in a variable of its own, so it must be a tensor on both
    sides of the tf.cond: a value on one and None (``return``, ``return None``) or no return
    statement at all on the other raises; so do bare returns on both. Only ifs nested in nothing
    but other ifs are followed.
    """
    fn = traced.node
    rest = _rest_of_function(if_node, fn)
    if rest is None or _is_generator(fn):
        return None
    budget = [_PATH_BUDGET]
    body = _path_returns([*if_node.body, *rest], budget)
    orelse = _path_returns([*if_node.orelse, *rest], budget)
    sides = {body, orelse}
    if sides & {_Returns.UNKNOWN, _Returns.RAISES} or sides in ({_Returns.VALUE}, {_Returns.FALLS_OFF}):
        return None
    if _Returns.FALLS_OFF in sides:
        error = f"the {'else' if orelse == _Returns.FALLS_OFF else 'main'} branch must also have a return statement"
    else:
        error = f"'retval_' is None at the end of the {'main' if body == _Returns.NONE else 'else'} branch"
    message = (
        f"{traced.subject} {body.value} when this tensor condition holds and {orelse.value} when it "
        f"does not: AutoGraph makes the if a tf.cond whose branches must both give a tensor return "
        f"value, and tracing raises ValueError (\"{error}\"); "
        + ("return a tensor on every path" if _Returns.VALUE in sides else
           "use else instead of an early return, so the function has no return statement")
    )
    return context.finding(RULE, if_node, message, confidence=confidence, traced=traced)


def _rest_of_function(stmt: nodes.NodeNG, fn: nodes.FunctionDef) -> list[nodes.NodeNG] | None:
    """The statements that run after ``stmt`` up to the end of the function, when it is nested
    only in ifs (None otherwise)."""
    rest: list[nodes.NodeNG] = []
    current = stmt
    while current is not fn:
        parent = current.parent
        if not (parent is fn or isinstance(parent, nodes.If)):
            return None
        block = block_of(parent, current)
        if block is None:
            return None
        index = next(i for i, s in enumerate(block) if s is current)
        rest.extend(block[index + 1:])
        current = parent
    return rest


def _path_returns(stmts: list[nodes.NodeNG], budget: list[int]) -> _Returns:
    """How running these statements (to the end of the function) ends."""
    budget[0] -= 1
    if budget[0] < 0:
        return _Returns.UNKNOWN
    for index, stmt in enumerate(stmts):
        if isinstance(stmt, nodes.Return):
            value = stmt.value
            return _Returns.NONE if value is None or is_none(value) else _Returns.VALUE
        if isinstance(stmt, nodes.Raise):
            return _Returns.RAISES
        if not _contains_return(stmt):
            continue
        if not isinstance(stmt, nodes.If):
            return _Returns.UNKNOWN  # a return inside a loop, with or try
        after = stmts[index + 1:]
        body = _path_returns([*stmt.body, *after], budget)
        orelse = _path_returns([*stmt.orelse, *after], budget)
        found = {body, orelse} - {_Returns.RAISES}
        if not found:
            return _Returns.RAISES
        return found.pop() if len(found) == 1 else _Returns.UNKNOWN
    return _Returns.FALLS_OFF


def _contains_return(stmt: nodes.NodeNG) -> bool:
    return any(isinstance(node, nodes.Return) for node in own_statement_nodes([stmt]))


def _is_generator(fn: nodes.FunctionDef) -> bool:
    return any(isinstance(node, (nodes.Yield, nodes.YieldFrom)) for node in own_statement_nodes(fn.body))


# -- for over a dataset --------------------------------------------------------------------------

def _dataset_loop_findings(context, fn: FunctionFacts, loop: nodes.For, traced: TracedFunction) -> Iterator[Finding]:
    confidence = _dataset_iterable(loop.iter)
    bound = [*target_names(loop.target), *own_bindings(loop.body)]
    for name in sorted({b.name for b in bound}):
        if any(b.name == name and not isinstance(b, nodes.AssignName) for b in bound):
            continue
        before = _state_before(loop, name, fn)
        if before not in (State.UNDEFINED, State.NONE):
            continue
        reader = read_after(loop, name, fn)
        if reader is None:
            continue
        error = (f"'{name}' is not allowed to be None before the loop" if before == State.NONE
                 else f"'{name}' must be defined before the loop")
        message = (
            f"'{name}' is {'None before' if before == State.NONE else 'first assigned inside'} the loop over "
            f"a tf.data dataset in {traced.subject} and read after it (line {reader.lineno}): AutoGraph runs "
            f"the loop as a dataset reduction, which carries out only tensors defined before it, and "
            f"tracing raises ValueError (\"{error}\"); give '{name}' a tensor value of the right shape "
            "and dtype before the loop"
        )
        yield context.finding(RULE, loop, message, confidence=confidence, traced=traced)


def _dataset_iterable(expr: nodes.NodeNG, depth: int = 0) -> str | None:
    """``ds``, ``iter(ds)``, ``enumerate(ds)`` (or a name bound to one) for a tf.data dataset."""
    if is_builtin_call(expr, "iter", "enumerate") and expr.args:
        return _dataset_iterable(expr.args[0], depth + 1)
    if isinstance(expr, nodes.Name) and depth < 3:
        values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
        if len(values) == 1 and is_builtin_call(values[0], "iter", "enumerate"):
            return _dataset_iterable(values[0], depth + 1)
    return dataset_confidence(expr)
