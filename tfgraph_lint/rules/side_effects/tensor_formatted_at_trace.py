"""TFG108 tensor-formatted-at-trace: an f-string, ``%`` or ``.format()`` of a tensor in graph code.

Python formats the string while TensorFlow traces the function, once: a tensor there is symbolic,
so the text says ``Tensor("x:0", shape=(), dtype=float32)`` (a tf.Variable, its trace-time repr),
not the value, and every later call reuses that text: ``tf.print(f"loss {loss}")`` prints the same
description on every step, a ``tf.debugging.assert_*`` message never shows the failing value.

Reported where the formatted operand is shown to be a tensor or a TensorFlow variable (tensor
evidence, value kinds: a name is not evidence). Silent on static properties (``x.shape``,
``x.dtype``, ``x.name``), on Python values, on strings handed straight to ``print()`` or a
logger, which TFG101 and TFG103 report already (the whole call runs once), and on the message of
an exception a ``raise`` makes about the function's own argument: Python raises it while tracing,
on a static check (a shape, a type), and the argument's trace-time description (its shape and
dtype) is what there is to show (tensorflow/decision-forests' input checks); likewise for the
tensor whose static shape or dtype that check tests (``if inputs.shape.rank > 1: raise
ValueError(f"... Received: {inputs}")``). A computed tensor in such a message (``tf.shape(y)``)
shows no value, and stays reported.
The fix: pass the tensor itself to ``tf.print`` (``tf.print("loss", loss)``), or build the text
in the graph with ``tf.strings.format("loss {}", loss)``.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_name, unrebound_parameter
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.tensor_evidence import TensorEvidence
from tfgraph_lint.core.findings import Finding, shorten
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG108",
    symbol="tensor-formatted-at-trace",
    msgid="W8708",
    summary="An f-string, % or .format() of a tensor in graph code shows its trace-time description",
    default=Default.ON,
)

_LOGGING_MODULES = ("logging.", "absl.logging.", "tensorflow.compat.v1.logging.")
# Known while tracing, whatever the tensor: formatting them is fine.
_STATIC_ATTRIBUTES = frozenset({"shape", "dtype", "name", "ndim", "rank", "device"})


def check(context: ModuleContext) -> Iterator[Finding]:
    evidence = context.evidence
    for node, traced in context.in_graph(nodes.JoinedStr, nodes.BinOp, nodes.Call):
        operands = _formatted_operands(node)
        if not operands or _printed_once_anyway(node) or _describes_argument_in_raise(node, operands, evidence):
            continue
        for operand in operands:
            confidence = _formatted_tensor(evidence, operand)
            if confidence is not None:
                yield context.finding(RULE, node, _message(operand, traced), confidence=confidence, traced=traced)
                break


def _formatted_operands(node: nodes.NodeNG) -> list[nodes.NodeNG]:
    if isinstance(node, nodes.JoinedStr):
        if isinstance(node.parent, nodes.FormattedValue):
            return []  # a nested format spec: its f-string is the one reported
        return [value.value for value in node.values if isinstance(value, nodes.FormattedValue)]
    if isinstance(node, nodes.BinOp):
        if node.op != "%" or not (isinstance(node.left, nodes.Const) and isinstance(node.left.value, str)):
            return []
        right = node.right
        return list(right.elts) if isinstance(right, nodes.Tuple) else [right]
    func = node.func
    if (isinstance(func, nodes.Attribute) and func.attrname == "format"
            and isinstance(func.expr, nodes.Const) and isinstance(func.expr.value, str)):
        return [*node.args, *(kw.value for kw in node.keywords or ())]
    return []


def _formatted_tensor(evidence: TensorEvidence, operand: nodes.NodeNG) -> str | None:
    if isinstance(operand, nodes.Attribute) and operand.attrname in _STATIC_ATTRIBUTES:
        return None
    return evidence.tensor_or_variable(operand)  # a tf.Variable: its repr at trace time


def _printed_once_anyway(node: nodes.NodeNG) -> bool:
    """An argument of print() or of a logger: the whole call runs once (TFG101/TFG103)."""
    parent = node.parent
    if isinstance(parent, nodes.Keyword):
        parent = parent.parent
    if not isinstance(parent, nodes.Call) or node is parent.func:
        return False
    func = parent.func
    if isinstance(func, nodes.Name) and func.name == "print" and is_builtin_name(func):
        return True
    name = call_qualname(parent) or ""
    return name.startswith(_LOGGING_MODULES) or (isinstance(func, nodes.Attribute) and func.attrname in (
        "debug", "info", "warning", "warn", "error", "exception", "critical", "log"))


def _describes_argument_in_raise(node: nodes.NodeNG, operands: list[nodes.NodeNG], evidence: TensorEvidence) -> bool:
    """Every tensor the text formats is the function's own argument, in the message of an
    exception raised on a static check."""
    tensors = [operand for operand in operands if _formatted_tensor(evidence, operand) is not None]
    # The argument's description names its shape and dtype; a computed tensor (tf.shape(y)) shows
    # no value. So does that of the tensor whose static shape or dtype the check itself tests
    # (``if inputs.shape.rank > 1: raise ValueError(f"... Received: {inputs}")``).
    checked = _statically_checked_names(node)
    return all(unrebound_parameter(operand) or (isinstance(operand, nodes.Name) and operand.name in checked)
               for operand in tensors) and _raised_on_static_check(node, evidence)


def _statically_checked_names(node: nodes.NodeNG) -> set[str]:
    """Names whose static properties (``x.shape``, ``x.dtype``, ``x.shape.rank``) the tests of the
    ``if`` statements around ``node`` read, up to its function, also through a name every binding
    of which reads them (``rank = x.shape.rank; if rank > 2:``)."""
    found: set[str] = set()
    branch = node.parent
    while branch is not None and not isinstance(branch, (nodes.FunctionDef, nodes.Lambda)):
        if isinstance(branch, nodes.If):
            found.update(_static_subjects(branch.test))
            for name in branch.test.nodes_of_class(nodes.Name):
                values = [assigned_value(binding) for binding in bindings(name, name.name)]
                if values and all(value is not None and _static_subjects(value) for value in values):
                    found.update(subject for value in values for subject in _static_subjects(value))
        branch = branch.parent
    return found


def _static_subjects(expr: nodes.NodeNG) -> set[str]:
    """The names whose static properties ``expr`` reads (``x`` in ``x.shape.rank > 2``)."""
    return {attribute.expr.name for attribute in expr.nodes_of_class(nodes.Attribute)
            if attribute.attrname in _STATIC_ATTRIBUTES and isinstance(attribute.expr, nodes.Name)}


def _raised_on_static_check(node: nodes.NodeNG, evidence: TensorEvidence) -> bool:
    """The message of an exception a ``raise`` statement makes (``raise ValueError(f"bad {x}")``)
    behind checks of what is known while tracing (a shape, a type): Python raises it then and
    the trace ends; the tensor's trace-time description is all there is to show. Behind a
    condition on a tensor (``if total > 10.0:``) the message is the graph's, and stays reported."""
    parent = node.parent
    while isinstance(parent, (nodes.Call, nodes.Keyword, nodes.BinOp, nodes.JoinedStr, nodes.FormattedValue)):
        node, parent = parent, parent.parent
    if not (isinstance(parent, nodes.Raise) and parent.exc is node):
        return False
    branch = parent.parent
    while branch is not None and not isinstance(branch, (nodes.FunctionDef, nodes.Lambda)):
        if isinstance(branch, nodes.If) and any(evidence.of(n) is not None for n in _operands(branch.test)):
            return False
        branch = branch.parent
    return True


def _operands(test: nodes.NodeNG) -> list[nodes.NodeNG]:
    """What a condition tests, as a value: ``total`` in ``total > 10.0``, not ``value`` in
    ``len(value.shape) != 2`` or ``isinstance(value, tf.Tensor)`` (static questions)."""
    if isinstance(test, nodes.BoolOp):
        return [operand for value in test.values for operand in _operands(value)]
    if isinstance(test, nodes.UnaryOp):
        return _operands(test.operand)
    if isinstance(test, nodes.Compare):
        return [test.left, *(right for _op, right in test.ops)]
    return [test]


def _message(operand: nodes.NodeNG, traced: TracedFunction) -> str:
    shown = shorten(operand.as_string())
    return (f"'{shown}' is formatted into a string in {traced.subject} while tracing: the text shows "
            f"a symbolic tensor (Tensor(\"...\", shape=..., dtype=...)), not its value, and every call "
            f"reuses it; pass the tensor to tf.print (tf.print(\"...\", {shown})) or use "
            f"tf.strings.format(\"... {{}}\", {shown})")
