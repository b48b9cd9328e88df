"""Whether a file, run as ``python file.py``, runs code of its own (stdlib ``ast``, no TensorFlow).

A program: a file with an ``if __name__ == "__main__":`` block or a ``main()``; or a top-level
statement that calls code the file defines or imports by name (``step(x)``, ``model.fit(...)`` on a
model it built, ``result = train(...)``), hands a function of its own to a tf.data transformation
(``ds.map(parse)``), calls ``print``, or loops over or opens a context around calls. Top-level
calls of imported modules' functions alone (``tf.random.set_seed(0)``, ``logging.basicConfig()``)
are the set-up of a module, not a program. ``verify`` runs only programs
(runtime/verify/programs); the project view takes a project with none as a collection of code
that others run (cli/view_unmade).
"""

from __future__ import annotations

import ast


def runs_own_code(tree: ast.Module) -> bool:
    """Whether the module ``tree`` is a program (see the module's docstring)."""
    own, values = _own_names(tree), _assigned_names(tree)
    for statement in tree.body:
        if _main_guard(statement) or (isinstance(statement, ast.FunctionDef) and statement.name == "main"):
            return True
        if _runs_code(statement, own, values):
            return True
    return False


def _main_guard(statement: ast.stmt) -> bool:
    if not isinstance(statement, ast.If) or not isinstance(statement.test, ast.Compare):
        return False
    parts = [statement.test.left, *statement.test.comparators]
    names = {p.id for p in parts if isinstance(p, ast.Name)}
    texts = {p.value for p in parts if isinstance(p, ast.Constant)}
    return names == {"__name__"} and texts == {"__main__"}


def _own_names(tree: ast.Module) -> set[str]:
    """Names the module binds to its own code or to what it imports by name (``from x import f``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names if alias.name != "*")
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def _assigned_names(tree: ast.Module) -> set[str]:
    """Names the module's own top-level statements bind to values (``x = tf.constant(1.0)``)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def _calls(node: ast.AST):
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            yield child


def _runs_code(statement: ast.stmt, own: set[str], values: set[str]) -> bool:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
        return False
    if isinstance(statement, (ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith)):
        return any(True for _ in _calls(statement))
    if isinstance(statement, (ast.If, ast.Try)):
        bodies = [statement.body, statement.orelse]
        if isinstance(statement, ast.Try):
            bodies += [statement.finalbody] + [handler.body for handler in statement.handlers]
        return any(_runs_code(inner, own, values) for body in bodies for inner in body)
    for call in _calls(statement):
        if isinstance(call.func, ast.Name) and call.func.id == "print" and "print" not in own:
            return True
        if _root(call.func) in own:
            return True
        if isinstance(call.func, ast.Call) and _passes_own(call.func, own):  # tf.function(step)(x)
            return True
        if isinstance(call.func, ast.Attribute) and call.func.attr in _TRACES_ITS_FUNCTION and _passes_own(call, own):
            return True
        # Computing with the module's own values (``tf.print(x)``, ``tf.function(f)(x)``), or
        # calling a method of an object made on the spot (``tf.keras.Sequential([...]).fit(...)``),
        # runs code: wrapping a function (``train = tf.function(step)``) does not.
        if _passes_own(call, values):
            return True
        if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Call):
            return True
    return False


# tf.data transformations trace the function they are given at once (``ds.map(parse)``), where
# a wrapper (``train = tf.function(step)``) only wraps it.
_TRACES_ITS_FUNCTION = frozenset({"map", "filter", "flat_map", "interleave", "reduce", "scan", "apply"})


def _passes_own(call: ast.Call, own: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in own
               for arg in [*call.args, *(k.value for k in call.keywords)] for n in ast.walk(arg))


def _root(expression: ast.expr) -> str | None:
    """The name an attribute chain starts from: ``model`` for ``model.fit``; None for others."""
    while isinstance(expression, (ast.Attribute, ast.Subscript)):
        expression = expression.value
    return expression.id if isinstance(expression, ast.Name) else None
