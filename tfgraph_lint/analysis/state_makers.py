"""Functions of another project file that make a new ``tf.Variable`` on every call (stdlib ``ast``).

``precisions = tf_utils.create_output_placeholder(scores, ks)`` in a metric's traced
``update_state``, where ``create_output_placeholder`` (in ``utils/tf_utils.py``) is
``return tf.Variable(tf.zeros(...))``: graph code that calls it creates a variable on every
trace, and TensorFlow raises ValueError. The variable is made in the other file, but the call in
graph code is what makes it a hazard (the same helper called from ``__init__`` is fine), so the
finding is the call's, in the linted file (TFG201).

A file's state makers (:func:`file_state_makers`) are its top-level defs that call
``tf.Variable`` (as the file's imports spell it) in a statement that runs on every call: in the
def's body itself or in ``with`` blocks (not ``tf.init_scope``), never under an ``if``, a loop,
a ``try`` or a nested def. The dotted names a file calls through its imports
(:func:`imported_calls`) are what the project view resolves against them
(project_classes.imported_definitions), and the linted module is told ``"utils.make()"`` ->
``STATE_MAKER + "utils.py:12"``.
"""

from __future__ import annotations

import ast

from tfgraph_lint.analysis.module_edges import dotted_name

# What the project view says of a call of a state maker of another file, before its place.
STATE_MAKER = "makes tf.Variable:"

_VARIABLES = frozenset({"tensorflow.Variable", "tensorflow.compat.v1.Variable", "tensorflow.compat.v2.Variable"})
# Heads of imports that never name a file of the project.
_NOT_PROJECT = frozenset({"tensorflow", "keras", "tf_keras", "numpy", "torch", "jax", "scipy", "pandas",
                          "os", "sys", "math", "random", "re", "json", "time", "logging", "functools",
                          "itertools", "collections", "typing", "abc", "copy"})


def state_maker_of(call) -> str | None:
    """Where the def of another project file that ``call`` (astroid) calls makes its variable
    (``"utils.py:12"``), when the project view says it makes one on every call; else None."""
    from tfgraph_lint.analysis.trace_entries import project_definition

    told = project_definition(call.func, "()")
    return told[len(STATE_MAKER):] if told is not None and told.startswith(STATE_MAKER) else None


def file_state_makers(tree: ast.Module, imports: dict, calls: list[ast.AST] | None = None) -> dict[str, int]:
    """The file's top-level defs that make a tf.Variable on every call: name -> line of the call.
    ``calls``: the file's calls (any list holding them will do), when the caller has them: a file
    none of whose calls ends in a name ``tf.Variable`` may be spelled with has none, and its defs
    are not searched."""
    spellings = _variable_spellings(imports)
    if not spellings:
        return {}
    if calls is not None:
        last_names = {spelled.rpartition(".")[2] for spelled in spellings}
        if not any(_last_name(node.func) in last_names for node in calls if isinstance(node, ast.Call)):
            return {}
    found: dict[str, int] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            line = _unconditional_variable(node.body, spellings)
            if line is not None:
                found[node.name] = line
    return found


def project_import_heads(imports: dict) -> set[str]:
    """The local names of ``imports`` (module_edges.imports_only) that may name a file of the
    project: relative imports, and absolute ones of no well-known library."""
    return {local for local, (module, level, _name) in imports.items()
            if level or module.partition(".")[0] not in _NOT_PROJECT}


def imported_calls(walked: list[ast.AST], imports: dict) -> list[str]:
    """The dotted names (``tf_utils.make``, ``make``) the file calls whose first name it imports
    from a module that may be of the project."""
    heads = project_import_heads(imports)
    if not heads:
        return []
    found: list[str] = []
    for node in walked:
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
            spelled = dotted_name(node.func)
            if spelled is not None and spelled.partition(".")[0] in heads and spelled not in found:
                found.append(spelled)
    return found


def _variable_spellings(imports: dict) -> frozenset[str]:
    """How the file spells ``tf.Variable``: ``tf.Variable``, ``Variable``, ``tf.compat.v1.Variable``."""
    found = set()
    for local, (module, level, name) in imports.items():
        if level:
            continue
        dotted = f"{module}.{name}" if name else module
        if dotted in _VARIABLES:
            found.add(local)
        elif dotted in ("tensorflow", "tensorflow.compat.v1", "tensorflow.compat.v2"):
            found.add(f"{local}.Variable")
            if dotted == "tensorflow":
                found.update({f"{local}.compat.v1.Variable", f"{local}.compat.v2.Variable"})
    return frozenset(found)


def _unconditional_variable(body: list[ast.stmt], spellings: frozenset[str]) -> int | None:
    for statement in body:
        if isinstance(statement, (ast.With, ast.AsyncWith)):
            if any(_is_init_scope(item.context_expr) for item in statement.items):
                continue
            line = _unconditional_variable(statement.body, spellings)
        elif isinstance(statement, (ast.Expr, ast.Assign, ast.AnnAssign, ast.Return)):
            line = _variable_in(statement, spellings)
        else:
            continue
        if line is not None:
            return line
        if isinstance(statement, ast.Return):
            return None  # nothing after it runs
    return None


def _variable_in(statement: ast.stmt, spellings: frozenset[str]) -> int | None:
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Lambda, ast.IfExp, ast.BoolOp, ast.comprehension)):
            continue  # may not run, or runs later
        if isinstance(node, ast.Call) and dotted_name(node.func) in spellings:
            return node.lineno
        stack.extend(ast.iter_child_nodes(node))
    return None


def _last_name(expr: ast.AST) -> str | None:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else None


def _is_init_scope(expr: ast.AST) -> bool:
    return isinstance(expr, ast.Call) and (dotted_name(expr.func) or "").endswith("init_scope")
