"""Tests that their literals decide: ``if False:``, ``if 0:``, ``if DEBUG and False:``, ``if not True:``.

A switch left off by hand (``if training is False and False:  # TODO``) keeps code that never
runs, whoever calls: like the branch of a mode test that no trace takes, it is left out of a
traced function's own nodes (callables.own_nodes), so no rule reports it and the graph-code index
follows no call from it, to this module or another.
"""

from __future__ import annotations

from astroid import nodes


def literal_truth(test: nodes.NodeNG) -> bool | None:
    """The truth of ``test`` when its literals decide it (``False``, ``x and False``, ``True or
    y``, ``not 0``); None when anything else may."""
    if isinstance(test, nodes.Const):
        return bool(test.value)
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        inner = literal_truth(test.operand)
        return None if inner is None else not inner
    if isinstance(test, nodes.BoolOp):
        deciding = test.op == "or"  # the value of one part that decides the whole
        values = [literal_truth(value) for value in test.values]
        if deciding in values:
            return deciding
        return None if None in values else not deciding
    return None


def literally_untaken(test: nodes.NodeNG) -> str | None:
    """``"body"`` or ``"orelse"``: the branch of an ``if`` on ``test`` that its literals rule out."""
    truth = literal_truth(test)
    return None if truth is None else ("orelse" if truth else "body")
