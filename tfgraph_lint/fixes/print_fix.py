"""TFG101: ``print(...)`` -> ``tf.print(...)``, which runs on every call and prints values.

Left alone when the arguments are formatted in Python (f-strings, ``%``, ``.format()``,
``str()``/``repr()``: that text would still be made once, while tracing, from symbolic tensors),
when ``flush=`` is given (``tf.print`` has no such argument), and when ``file=`` is anything but
``sys.stdout``/``sys.stderr`` (``tf.print`` writes to streams, not files). Also left alone: a
``print`` whose value is used (``None`` from ``print``, an operation from ``tf.print`` in a
graph), and ``sep=``/``end=`` that are not string literals (``print`` takes ``None`` for them,
``tf.print`` only strings). ``sep=`` and ``end=`` carry over; ``file=`` becomes ``output_stream=``. Like any ``tf.print``, the fixed call writes to
standard error unless ``output_stream=`` says otherwise.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.fixes import FixContext, attribute, imports

_STREAMS = frozenset({"sys.stdout", "sys.stderr"})
_FORMATTING_CALLS = frozenset({"str", "repr", "format"})


def plan(context: FixContext, finding: Finding, column: int):
    for node in context.at(finding.line, column):
        if m.matches(node, m.Call(func=m.Name("print"))):
            if not _safe(node, context):
                return None
            tf = context.tf()
            if tf is None:
                return None
            return node, lambda updated: _rewrite(updated, tf)
    return None


def _safe(call: cst.Call, context: FixContext) -> bool:
    if not isinstance(context.parent(call), cst.Expr):
        return False  # the value of print() is used
    for arg in call.args:
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword == "flush":
            return False
        if keyword in ("sep", "end") and not isinstance(arg.value, cst.SimpleString):
            return False
        if keyword == "file" and imports.qualified(arg.value, context.aliases) not in _STREAMS:
            return False
        if keyword not in (None, "sep", "end", "file"):
            return False
        if _formats_in_python(arg.value):
            return False
    return True


def _formats_in_python(expr: cst.BaseExpression) -> bool:
    for node in _walk(expr):
        if isinstance(node, cst.FormattedString):
            return True
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo) \
                and isinstance(node.left, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return True
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name) and func.value in _FORMATTING_CALLS:
                return True
            if isinstance(func, cst.Attribute) and func.attr.value == "format":
                return True
    return False


def _walk(node: cst.CSTNode):
    yield node
    for child in node.children:
        yield from _walk(child)


def _rewrite(call: cst.Call, tf: str) -> cst.Call:
    args = [
        arg.with_changes(keyword=cst.Name("output_stream"))
        if arg.keyword is not None and arg.keyword.value == "file" else arg
        for arg in call.args
    ]
    return call.with_changes(func=attribute(f"{tf}.print"), args=args)
