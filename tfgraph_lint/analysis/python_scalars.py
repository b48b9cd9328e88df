"""Python scalars as the code spells them: number literals, and the type that joining two values
or applying an operator gives ("int", "float", "number", "bool", "str", or "value" for anything
else; "" for not yet known).
"""

from __future__ import annotations

from astroid import nodes


def join_scalar_types(first: str, second: str) -> str:
    if not first or first == second:
        return second
    if not second:
        return first
    if {first, second} <= {"int", "float", "number", "bool"}:
        return "number"
    return "value"


def binop_scalar_type(op: str, left: str, right: str) -> str:
    if "str" in (left, right):
        return "str" if op in ("+", "%", "*") else "value"
    if "value" in (left, right):
        return "value"
    if op in ("/", "@"):
        return "float" if op == "/" else "value"
    if "float" in (left, right):
        return "float"
    if {left, right} <= {"int", "bool", ""} and op != "**":
        return "int"
    return "number"


def numeric_literal(expr: nodes.NodeNG) -> int | float | None:
    """``3``, ``0.5``, ``-1``: an int or float literal (bools are mode switches, not numbers)."""
    sign = 1
    if isinstance(expr, nodes.UnaryOp) and expr.op in ("-", "+"):
        sign = -1 if expr.op == "-" else 1
        expr = expr.operand
    if isinstance(expr, nodes.Const) and type(expr.value) in (int, float):
        return sign * expr.value
    return None
