"""Functions that say they run eagerly only: a mode test whose graph side only warns.

A library function written for eager values (NumPy, scikit-image, ``.numpy()``) sometimes checks the
execution mode and tells whoever traces it what to do instead::

    def update_state(self, reference, measurement):
        if not tf.executing_eagerly():
            warnings.warn("Geometric metrics must be run with eager execution. If running as a "
                          "compiled Keras model, enable eager execution with model.run_eagerly = True")
        reference = reference.numpy() ...

The author knows the code fails in a trace, and has said how it is meant to run. What the code
does in a trace is then no news to them: findings in such a function, or in what it calls, are LOW,
with the line that says so. The test is decided as for any branch a trace takes
(``callables.branch_never_traced``: ``if not tf.executing_eagerly():``, ``if tf.inside_function():``,
a mode guard of the project), and the branch every trace takes must hold only messages:
``warnings.warn(...)``, a function of ``logging``, ``absl.logging`` or ``tf.compat.v1.logging``, or
``print(...)``. A branch that also computes, converts or returns is code for graph mode, not a
warning; one that raises is graph_mode_branches' (the code after it never runs in a trace).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.callables import branch_never_traced
from tfgraph_lint.analysis.names import call_qualname, is_builtin_call
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.traced import TracedFunction
from tfgraph_lint.core.tf_api import LOG_FUNCTIONS, LOGGING_MODULES


def declared_eager_only(traced: TracedFunction) -> str | None:
    """What a finding in ``traced`` says when it, or a function on the chain that traces it,
    warns when TensorFlow is not executing eagerly; None otherwise."""
    step: TracedFunction | None = traced
    while step is not None:
        node = step.node
        if isinstance(node, nodes.FunctionDef):
            warning = eager_only_warning(node)
            if warning is not None:
                return (f"{step.label} warns when TensorFlow is not executing eagerly (line {warning.lineno}): "
                        "it is written to run eagerly only")
        step = step.reason.via
    return None


def eager_only_warning(fn: nodes.FunctionDef) -> nodes.If | None:
    """The first ``if`` of ``fn``'s own code (not of its nested defs) whose branch every trace takes
    holds only messages, while its other branch, if any, is empty."""
    memo = remembered(fn, "eager only warnings")
    if fn not in memo:
        memo[fn] = next((node for node in descendants(fn, nodes.If) if node.scope() is fn and _warns(node)), None)
    return memo[fn]


def _warns(if_node: nodes.If) -> bool:
    untaken = branch_never_traced(if_node.test)
    if untaken is None:
        return False
    traced_side, other_side = ((if_node.orelse, if_node.body) if untaken == "body" else (if_node.body, if_node.orelse))
    return bool(traced_side) and not other_side and all(_is_message(statement) for statement in traced_side)


def _is_message(statement: nodes.NodeNG) -> bool:
    if not isinstance(statement, nodes.Expr) or not isinstance(statement.value, nodes.Call):
        return False
    call = statement.value
    if is_builtin_call(call, "print"):
        return True
    name = call_qualname(call) or ""
    module, _, function = name.rpartition(".")
    return name == "warnings.warn" or (module in LOGGING_MODULES and function in LOG_FUNCTIONS)
