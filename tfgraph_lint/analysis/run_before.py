"""Statements that run before a node in the same trace, on every path to it.

Within the traced function: the statements before the node in its own block and in each block
around it (a loop body's earlier statements, per iteration). Up the chain the graph index keeps
(one caller at each step, while each step is a call): the top-level statements of each caller
that start before the line of the call leading here. What these statements bind, clear or reset
is fresh in the trace when the node runs (analysis/first_calls; TFG104's scratch collections).
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.traced import TracedFunction, TraceKind


def run_before_in_function(node: nodes.NodeNG, function: nodes.NodeNG) -> Iterator[nodes.NodeNG]:
    """The statements of ``function`` that every path to ``node`` runs first: those before it in
    its own block and in each block around it (a loop body's earlier statements, per iteration)."""
    child = node
    while child is not None and child is not function:
        parent = child.parent
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and child in block:
                yield from block[:block.index(child)]
        child = parent


def run_before_on_chain(node: nodes.NodeNG, traced: TracedFunction, ended: bool = False) -> Iterator[nodes.NodeNG]:
    """The top-level statements of the traced function, and of each caller on the chain the
    index keeps while each step is a call, that start before the line leading to ``node`` (with
    ``ended``, that also end before it: not the block that holds the call)."""
    line, current = node.lineno, traced
    while current is not None:
        for statement in getattr(current.node, "body", ()):
            if statement.lineno >= line or (ended and statement.end_lineno >= line):
                break
            yield statement
        if current.reason.kind != TraceKind.CALLED:
            return
        line, current = current.reason.line, current.reason.via


def chain_root(traced: TracedFunction) -> TracedFunction:
    """Where run_before_on_chain stops: the first step up the chain that is not a call."""
    while traced.reason.kind == TraceKind.CALLED and traced.reason.via is not None:
        traced = traced.reason.via
    return traced
