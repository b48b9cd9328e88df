"""Dispatch tables: a dict literal of functions, looked up by a key and called.

``transform = {"normal": self._normal, "mixed": self._mixed}.get(kind, self._normal)`` then
``transform(x, stats)``: any value of the table may run, so each is a callee of the call
(callables.resolve_callables), and a table of bound methods passes ``self`` itself, so the
call's arguments bind the parameters after it. The table is the literal, or a name every binding
of which assigns one.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import assigned_value, bindings


def table_lookup(expr: nodes.NodeNG) -> list[nodes.NodeNG] | None:
    """The values ``expr`` may give when it looks a key up in a dict literal of the function
    (a dispatch table): ``table[key]``, or ``table.get(key, default)`` with its default, where
    ``table`` is the literal or a name every binding of which is one. None otherwise."""
    if isinstance(expr, nodes.Subscript) and not isinstance(expr.slice, nodes.Slice):
        table, extra = expr.value, []
    elif (isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Attribute) and expr.func.attrname == "get"
          and 1 <= len(expr.args) <= 2 and not expr.keywords):
        table, extra = expr.func.expr, expr.args[1:]
    else:
        return None
    literals = dict_literals(table)
    if not literals:
        return None
    return [value for literal in literals for _key, value in literal.items] + list(extra)


def names_bound_method(expr: nodes.NodeNG, _depth: int = 0) -> bool:
    """``obj.method`` (not ``Class.method``), or a name or table look-up every value of which is
    one: calling it passes ``obj`` itself (``fn = handlers[kind]; fn(x)``, with ``handlers = {"a":
    self._a}``, binds ``x`` to the parameter after ``self``)."""
    if isinstance(expr, nodes.Attribute):
        receiver = bindings(expr.expr, expr.expr.name) if isinstance(expr.expr, nodes.Name) else []
        return not any(isinstance(binding, nodes.ClassDef) for binding in receiver)
    if _depth > 3:
        return False
    looked_up = table_lookup(expr)
    if looked_up is not None:
        return bool(looked_up) and all(names_bound_method(value, _depth + 1) for value in looked_up)
    if isinstance(expr, nodes.Name):
        values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
        return bool(values) and all(v is not None and names_bound_method(v, _depth + 1) for v in values)
    return False


def dict_literals(expr: nodes.NodeNG) -> list[nodes.Dict]:
    """``{...}`` itself, or the literals every binding of the name ``expr`` assigns (empty when
    any binding is something else)."""
    if isinstance(expr, nodes.Dict):
        return [expr]
    if not isinstance(expr, nodes.Name):
        return []
    values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
    return values if values and all(isinstance(v, nodes.Dict) for v in values) else []
