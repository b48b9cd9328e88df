"""What a module's top-level imports call things, and adding ``import tensorflow as tf``."""

from __future__ import annotations

import libcst as cst


def dotted_name(expr: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        base = dotted_name(expr.value)
        return f"{base}.{expr.attr.value}" if base else None
    return None


def module_aliases(module: cst.Module) -> dict[str, str]:
    """Local name -> the dotted name it stands for, from the module's top-level imports."""
    aliases: dict[str, str] = {}
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Import):
                for alias in small.names:
                    full = dotted_name(alias.name)
                    if full is None:
                        continue
                    if alias.asname is not None:
                        aliases[alias.asname.name.value] = full
                    else:
                        root = full.split(".")[0]
                        aliases[root] = root
            elif isinstance(small, cst.ImportFrom) and not small.relative and small.module is not None:
                base = dotted_name(small.module)
                if base is None or isinstance(small.names, cst.ImportStar):
                    continue
                for alias in small.names:
                    name = alias.name.value if isinstance(alias.name, cst.Name) else None
                    if name is None:
                        continue
                    local = alias.asname.name.value if alias.asname is not None else name
                    aliases[local] = f"{base}.{name}"
    return aliases


def qualified(expr: cst.BaseExpression, aliases: dict[str, str]) -> str | None:
    """The dotted name ``expr`` spells, through the module's imports (None if not imported)."""
    name = dotted_name(expr)
    if name is None:
        return None
    head, _, rest = name.partition(".")
    if head not in aliases:
        return None
    return f"{aliases[head]}.{rest}" if rest else aliases[head]


def tensorflow_name(aliases: dict[str, str]) -> str | None:
    """The local name of the tensorflow module (``tf`` preferred), or None."""
    names = sorted((local for local, full in aliases.items() if full == "tensorflow"),
                   key=lambda local: (local != "tf", local))
    return names[0] if names else None


def add_tensorflow_import(module: cst.Module) -> cst.Module:
    """``import tensorflow as tf`` after the last top-level import at the head of the module
    (or after the docstring and ``from __future__`` imports when there is none)."""
    body = list(module.body)
    position = 0
    for i, statement in enumerate(body):
        if not isinstance(statement, cst.SimpleStatementLine):
            break
        if all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in statement.body):
            position = i + 1
        elif i == 0 and _is_docstring(statement):
            position = 1
        else:
            break
    line = cst.parse_statement("import tensorflow as tf\n")
    body.insert(position, line)
    return module.with_changes(body=body)


def _is_docstring(statement: cst.SimpleStatementLine) -> bool:
    return (len(statement.body) == 1 and isinstance(statement.body[0], cst.Expr)
            and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString)))
