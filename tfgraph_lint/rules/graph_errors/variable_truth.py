"""TFG203 tensor-used-as-python-value, second part: the truth test of a variable in graph code.

``if self.bias:``, where the class binds ``self.bias`` to ``self.add_weight(...)`` (or None when
the layer has no bias), asks a variable for its Python truth value. That raises wherever the
variable exists, whether AutoGraph converts the test or not (TensorFlow 2.21, Keras 3): a Keras
variable raises TypeError ("A Keras Variable cannot be used as a boolean"); in a tf.function,
AutoGraph's ``if`` on a tf.Variable wants a ``tf.bool`` scalar (ValueError for a float one) and
its ``not`` a bool tensor; unconverted, Python asks the symbolic tensor for its truth value. Only
a None binding makes the test pass, which is the case it was written for.

What the attribute holds is told by analysis/variable_attributes (``non_boolean_variable``): every
binding is a variable shown not to be a bool, or None. The first part of the rule
(tensor_as_python_value) leaves these tests to this module.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.names import is_builtin_call
from tfgraph_lint.analysis.tensor_evidence import TensorEvidence
from tfgraph_lint.core.findings import HIGH, Finding, shorten
from tfgraph_lint.core.registry import rule_by_code

RULE = rule_by_code("TFG203")


def check(context: ModuleContext) -> Iterator[Finding]:
    evidence = context.evidence
    for node, traced in context.in_graph(nodes.If, nodes.While, nodes.IfExp, nodes.Assert, nodes.Call,
                                         nodes.UnaryOp, nodes.BoolOp):
        variable = truth_tested_variable(evidence, node)
        if variable is None:
            continue
        yield context.finding(RULE, node, (
            f"truth test of '{shorten(variable.as_string())}', a variable that is not a bool, in "
            f"{traced.subject}: a Keras variable raises TypeError, and in graph code a tf.Variable raises "
            "too (AutoGraph's condition must be a tf.bool scalar; unconverted, Python asks the tensor for "
            "its truth value); test 'is not None', or the Python setting that decides whether it is made"),
            confidence=HIGH, traced=traced)


def truth_tested_variable(evidence: TensorEvidence, node: nodes.NodeNG) -> nodes.NodeNG | None:
    """The variable whose truth ``node`` asks for: the test of an if, while, assert or conditional
    expression, the argument of ``bool()``, or an operand of an outermost and/or/not elsewhere."""
    if isinstance(node, (nodes.If, nodes.While, nodes.IfExp, nodes.Assert)):
        return evidence.truth_tested_variable(node.test)
    if isinstance(node, nodes.Call):
        if is_builtin_call(node, "bool") and len(node.args) == 1 and not node.keywords:
            return evidence.truth_tested_variable(node.args[0])
        return None
    if not _is_logical(node) or _is_logical(node.parent) or _in_tested_position(node):
        return None
    return evidence.truth_tested_variable(node, tested=False)


def _is_logical(node: nodes.NodeNG | None) -> bool:
    return isinstance(node, nodes.BoolOp) or (isinstance(node, nodes.UnaryOp) and node.op == "not")


def _in_tested_position(node: nodes.NodeNG) -> bool:
    """The and/or/not is itself a condition or bool()'s argument, reported there as a whole."""
    parent = node.parent
    if isinstance(parent, (nodes.If, nodes.While, nodes.IfExp, nodes.Assert)):
        return node is parent.test
    return is_builtin_call(parent, "bool")
