"""Functions that pull tensor values to Python on every call: written to run eagerly.

``Bleu.update_state`` goes on, unconditionally, to ``self._calculate_bleu_score(...)``, whose first
statements read ``self._matches.numpy()``: the method needs eager values whenever it runs. Where
Keras traces it, that ``.numpy()`` is the hazard to report (TFG202 does); a claim about the rest
of the method that rests on it being traced unconverted (a Python ``if`` on a tensor raising) adds
a second finding about the same mistake, or, where the author runs the method eagerly as it is
written for, a false one.

A pull is a ``.numpy()`` call with no arguments in a statement the function always runs: one of
its body's own statements (not inside an ``if``, a loop, a ``try`` or a nested def; none after a
branch that may return or raise), or the same
in a method of its class it calls through ``self.`` or a function of its module it calls by name
from such a statement, a few calls deep.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.node_index import module_of, remembered
from tfgraph_lint.analysis.statement_flow import own_statement_nodes

_MAX_DEPTH = 3
# Statements whose parts run only on some paths, or not at all when the statement runs.
_BRANCHING = (nodes.If, nodes.For, nodes.While, nodes.Try, nodes.FunctionDef, nodes.ClassDef,
              nodes.Lambda, nodes.IfExp, nodes.BoolOp, nodes.Comprehension)


def unconditional_pull(fn: nodes.FunctionDef) -> nodes.Call | None:
    """The first ``.numpy()`` call ``fn`` makes on every call (see the module docstring), or None."""
    memo = remembered(fn, "unconditional pull")
    if fn not in memo:
        memo[fn] = _pull(fn, 0, set())
    return memo[fn]


def _pull(fn: nodes.FunctionDef, depth: int, seen: set) -> nodes.Call | None:
    if fn in seen or depth > _MAX_DEPTH:
        return None
    seen.add(fn)
    for statement in fn.body:
        if isinstance(statement, (nodes.FunctionDef, nodes.ClassDef)):
            continue  # defined, not run
        if isinstance(statement, _BRANCHING):
            if _leaves(statement):
                return None  # what follows runs on some paths only
            continue  # runs on some paths only; what follows still always runs
        found = _in_statement(fn, statement, depth, seen)
        if found is not None or isinstance(statement, (nodes.Return, nodes.Raise)):
            return found
    return None


def _leaves(statement: nodes.NodeNG) -> bool:
    """``statement`` may leave the function (a ``return`` or ``raise`` in it, not in a nested def)."""
    return any(isinstance(node, (nodes.Return, nodes.Raise)) for node in own_statement_nodes([statement]))


def _in_statement(fn: nodes.FunctionDef, statement: nodes.NodeNG, depth: int, seen: set) -> nodes.Call | None:
    for call in _unconditional_calls(statement):
        func = call.func
        if isinstance(func, nodes.Attribute) and func.attrname == "numpy" and not call.args and not call.keywords:
            return call
        callee = _callee(fn, call)
        if callee is not None:
            found = _pull(callee, depth + 1, seen)
            if found is not None:
                return found
    return None


def _unconditional_calls(node: nodes.NodeNG) -> list[nodes.Call]:
    """The calls in ``node`` that run whenever it runs, in source order."""
    found: list[nodes.Call] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, _BRANCHING):
            continue
        if isinstance(current, nodes.Call):
            found.append(current)
        stack.extend(reversed(list(current.get_children())))
    return sorted(found, key=lambda call: (call.lineno or 0, call.col_offset or 0))


def _callee(fn: nodes.FunctionDef, call: nodes.Call) -> nodes.FunctionDef | None:
    """The method of ``fn``'s class that ``self.m(...)`` names, or the module's function that
    ``f(...)`` names (by a plain top-level def)."""
    func = call.func
    owner = fn.parent
    if (isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name) and func.expr.name == "self"
            and isinstance(owner, nodes.ClassDef)):
        found = [node for node in owner.body if isinstance(node, nodes.FunctionDef) and node.name == func.attrname]
        return found[0] if len(found) == 1 and not found[0].decorators else None
    if isinstance(func, nodes.Name):
        module = module_of(fn)
        found = [node for node in (module.body if module is not None else ())
                 if isinstance(node, nodes.FunctionDef) and node.name == func.name]
        return found[0] if len(found) == 1 else None
    return None
