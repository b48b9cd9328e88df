"""How many times a traced graph repeats the body of each Python loop (no TensorFlow here).

A Python ``for``/``while`` loop in graph code that AutoGraph does not convert (``range(5)``, a
Python list) runs while tracing, so its body's ops are copied into the graph once per iteration.
A converted loop (``tf.range``) puts its body into a separate loop-body graph once. So, reading
the ops of the traced graph (not the nested body graphs) in creation order, each op is mapped to
the loop-body statement that created it (from the op's source lines) and:

- with two or more op-creating statements, an iteration starts whenever the statement goes back
  to an earlier one (statements run in order within one iteration);
- with one statement, every op type it creates appears (iterations x per-iteration count) times,
  so the greatest common divisor of the counts per op type is the iteration count (or a multiple
  of it).
"""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass
from functools import reduce
from math import gcd


@dataclass(frozen=True)
class Loop:
    line: int  # the ``for``/``while`` line
    end_line: int
    body: tuple[tuple[int, int], ...]  # (first, last) line of each direct body statement

    def statement_of(self, line: int) -> int | None:
        for index, (first, last) in enumerate(self.body):
            if first <= line <= last:
                return index
        return None


def function_loops(source: str, def_line: int) -> list[Loop]:
    """The loops inside the function whose ``def`` (or first decorator) is on ``def_line``."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            if def_line in (first, node.lineno):
                return [_loop(n) for n in ast.walk(node) if isinstance(n, (ast.For, ast.AsyncFor, ast.While))]
    return []


def _loop(node: ast.For | ast.AsyncFor | ast.While) -> Loop:
    body = tuple((stmt.lineno, stmt.end_lineno or stmt.lineno) for stmt in node.body)
    return Loop(node.lineno, node.end_lineno or node.lineno, body)


def loop_repeats(loop: Loop, ops: list[tuple[tuple[int, ...], str]]) -> int:
    """Iterations of ``loop`` copied into a graph, from its ops (source lines outermost first, op
    type), in creation order. 0 when no op of the graph comes from the loop body."""
    statements: list[int] = []
    counts: Counter[tuple[int, str]] = Counter()
    for lines, op_type in ops:
        for line in lines:
            index = loop.statement_of(line)
            if index is not None:
                statements.append(index)
                counts[(index, op_type)] += 1
                break
    if not statements:
        return 0
    if len(set(statements)) >= 2:
        return 1 + sum(1 for before, after in zip(statements, statements[1:]) if after < before)
    return reduce(gcd, counts.values())
