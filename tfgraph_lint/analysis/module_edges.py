"""What one module says about other modules: its imports and who calls whom (stdlib ``ast``).

The cross-module view (``project``) needs, for every file of a project: the names the module
imports (and from where), the functions it defines at top level, and which names each of those
functions calls. (Which imported names the module's *graph code* calls or hands on, such as
``ds.map(augment)``, comes from the graph-code index: ``GraphIndex.outgoing``.) Built from the
standard library's parser, without astroid, so it costs about a millisecond per file and is
computed for files the text screen would skip (a helper module that imports only NumPy is
exactly what a traced function elsewhere may call).

A *reference* is ``[base, attribute]``: ``augment(x)`` is ``["augment", None]``,
``data.augment(x)`` is ``["data", "augment"]``. :func:`summary` returns plain JSON data::

    {"imports": {local name: [module, level, imported name or None]},
     "functions": {name: [[base, attribute, line], ...]},   # top-level defs and what they reach
                                                           # (methods of top-level classes as
                                                           # "Class.method")
     "classes": [top-level class names],
     "tf_functions": {name: [[parameter, ...], line]},       # top-level @tf.function defs, and
                                                           # methods as "Class.method" (without
                                                           # self)
     "returns": {name: [[base, attribute], ...]}}          # classes top-level functions return
                                                           # instances of (factory_returns)

:func:`exports` says which modules a module hands on under its own names (``reexports``)::

    {"names": {name: [[module, level, imported name or None], ...]},  # every top-level binding
     "mirrors": [[module, level], ...]}                                # ``from m import *``
"""

from __future__ import annotations

import ast
import re
from collections import deque

from tfgraph_lint.analysis.factory_returns import factory_returns
from tfgraph_lint.core.word_search import from_line_starts


# An import statement at the start of a line, with a parenthesised tail (backslash continuations
# are joined before matching), from the line break before it (core/word_search's from_line_starts).
_IMPORT = re.compile(r"\n[ \t]*(?:from[ \t]+[.\w]+[ \t]+import[ \t]*(?:\([^)]*\)|[^\n]*)|import[ \t]+[^\n]*)")


def imports_only(text: str) -> dict[str, list]:
    """The module's imports as in :func:`summary`, from its import statements alone (found by a
    pattern, parsed together, one by one only when some does not parse): a tenth of parsing the
    whole file, for every file of a project."""
    if "import" not in text:
        return {}
    sources = [match.group(0).strip() for match in _IMPORT.finditer(from_line_starts(text).replace("\\\n", " "))]
    statements = _parsed_together(sources)
    if statements is None:
        statements = []
        for source in sources:
            try:
                statements.append(ast.parse(source).body[0])
            except (SyntaxError, ValueError, IndexError):
                continue  # inside a string, or a partial match: not an import Python runs
    return _imports(statements)


def _parsed_together(sources: list[str]) -> list[ast.stmt] | None:
    """The first statement of each source, from one parse of them all (a parse costs more to
    start than to run); None when that parse fails or does not give one per source."""
    try:
        body = ast.parse("\n".join(sources)).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    first: dict[int, ast.stmt] = {}
    for node in body:
        first.setdefault(node.lineno, node)  # ``import a; import b``: the first, as alone
    found, line = [], 1
    for source in sources:
        if line not in first:
            return None
        found.append(first[line])
        line += source.count("\n") + 1
    return found


def summary(text: str) -> dict:
    """The module's imports, top-level functions with their references, and classes; empty
    for text Python cannot parse (the file's own lint reports that)."""
    found, definitions = outline(text)
    for name, node in definitions.items():
        found["functions"][name] = references(node)
    return found


def outline(text: str) -> tuple[dict, dict[str, ast.AST]]:
    """:func:`summary` without the references, each function's None, and the function's node by
    name, to find them for the few functions a project's graph code reaches."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return empty_outline(), {}
    return outline_of(tree)


def empty_outline() -> dict:
    """:func:`outline`'s answer for text Python cannot parse."""
    return {"imports": {}, "functions": {}, "classes": [], "tf_functions": {}, "returns": {}}


def outline_of(tree: ast.Module, walked: list[ast.AST] | None = None,
               returns: tuple[list[ast.Return], list[ast.AST]] | None = None) -> tuple[dict, dict[str, ast.AST]]:
    """:func:`outline` of a parsed module; ``walked``: ``list(ast.walk(tree))``, when the caller
    has it already (its statements come in the order :func:`_statements_breadth_first` takes);
    ``returns``: the tree's ``return`` statements, defs and classes, likewise (factory_returns)."""
    functions: dict[str, list | None] = {}
    definitions: dict[str, ast.AST] = {}
    classes: list[str] = []
    # Imports anywhere: a function-level import binds in that function, but names are rarely
    # reused for something else.
    imports = _imports(node for node in (walked if walked is not None else _statements_breadth_first(tree))
                       if isinstance(node, (ast.Import, ast.ImportFrom)))
    tf_functions: dict[str, list] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions[node.name] = None
            definitions[node.name] = node  # defined twice: the last def is the one bound
            if _decorated_as_tf_function(node, imports):
                tf_functions[node.name] = [[a.arg for a in (*node.args.posonlyargs, *node.args.args)], node.lineno]
        elif isinstance(node, ast.ClassDef):
            classes.append(node.name)
            for method in node.body:  # methods as "Class.method", for instances made elsewhere
                if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    functions[f"{node.name}.{method.name}"] = None
                    definitions[f"{node.name}.{method.name}"] = method
                    if _decorated_as_tf_function(method, imports) and method.args.args:
                        # ``self`` is not an argument a caller passes; a static method has none
                        parameters = [a.arg for a in (*method.args.posonlyargs, *method.args.args)]
                        tf_functions[f"{node.name}.{method.name}"] = [
                            parameters if _is_static(method) else parameters[1:], method.lineno]
    return {"imports": imports, "functions": functions, "classes": classes, "tf_functions": tf_functions,
            "returns": factory_returns(tree, returns)}, definitions


def _statements_breadth_first(tree: ast.Module):
    """The statements of ``tree`` in ``ast.walk``'s order (breadth first), without entering
    expressions, where no statement can be."""
    queue = deque([tree])
    while queue:
        node = queue.popleft()
        yield node
        for field in _STATEMENT_FIELDS.get(type(node), ()):
            queue.extend(getattr(node, field))


# The nodes that hold statements (except handlers, match cases), and in which fields, in the order
# ``ast.walk`` takes them; no other node or field holds any.
_STATEMENT_FIELDS = {kind: tuple(field for field in kind._fields
                                 if field in ("body", "handlers", "orelse", "finalbody", "cases"))
                     for kind in (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.For, ast.AsyncFor,
                                  ast.While, ast.If, ast.With, ast.AsyncWith, ast.Try, getattr(ast, "TryStar", ast.Try),
                                  ast.ExceptHandler, ast.Match, ast.match_case)}


def _is_static(method: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in method.decorator_list)


def _decorated_as_tf_function(node: ast.FunctionDef, imports: dict[str, list]) -> bool:
    """``@tf.function`` / ``@tf.function(...)`` (``tf`` imported as tensorflow) or ``@function``
    imported from tensorflow, without an ``input_signature``, whose parameters are plain (no
    ``*args``/``**kwargs``, no keyword-only)."""
    arguments = node.args
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs:
        return False
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(decorator, ast.Call) and any(k.arg == "input_signature" for k in decorator.keywords):
            continue
        if isinstance(target, ast.Attribute) and target.attr == "function" and isinstance(target.value, ast.Name):
            if imports.get(target.value.id) == ["tensorflow", 0, None]:
                return True
        if isinstance(target, ast.Name) and imports.get(target.id) == ["tensorflow", 0, "function"]:
            return True
    return False


def _imports(statements) -> dict[str, list]:
    """Local name -> [module, level, name]. ``import a.b`` binds ``a``, and loads the submodule
    ``a.b`` too: that one is kept under the key ``a.b``, which no lookup of a name meets (a Python
    name has no dot), so that the files it links are followed."""
    imports: dict[str, list] = {}
    for node in statements:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    imports[alias.asname] = [alias.name, 0, None]
                else:
                    top = alias.name.split(".")[0]
                    imports.setdefault(top, [top, 0, None])
                    if alias.name != top:
                        imports.setdefault(alias.name, [alias.name, 0, None])
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    imports[alias.asname or alias.name] = [node.module or "", node.level, alias.name]
    return imports


def references(function: ast.AST) -> list[list]:
    """The names a function's body calls, nested code included (what a traced function defines
    is traced too). Decorators and defaults are not its body. A function passed as an argument is
    not a call: ``tf.py_function(helper, ...)`` runs its argument as Python."""
    found: list[list] = []
    seen: set[tuple] = set()
    body = function.body if isinstance(function.body, list) else [function.body]
    for statement in body:
        for node in ast.walk(statement):
            if not isinstance(node, ast.Call):
                continue
            ref = _reference(node.func)
            if ref is not None and ref not in seen:
                seen.add(ref)
                found.append([ref[0], ref[1], node.lineno])
    return found


def _reference(expr: ast.AST) -> tuple[str, str | None] | None:
    if isinstance(expr, ast.Name):
        return expr.id, None
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        return expr.value.id, expr.attr
    return None


def exports(text: str) -> dict:
    """What the module binds at top level to imported modules or their attributes, each binding
    of a name (``if keras_3(): import keras`` / ``else: import tf_keras as keras`` gives two), and
    the modules it star-imports. ``keras = tf.keras`` counts, as ``[tensorflow.keras, 0, None]``
    when ``tf`` is imported as ``tensorflow``. Bindings inside defs and classes do not.
    ``defines``: whether it defines functions or classes of its own at top level (a module that
    star-imports ``keras.random`` and then defines its own ``uniform`` is not ``keras.random``)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return empty_exports()
    return exports_of(tree)


def empty_exports() -> dict:
    """:func:`exports`' answer for text Python cannot parse."""
    return {"names": {}, "mirrors": [], "defines": False}


def exports_of(tree: ast.Module) -> dict:
    """:func:`exports` of a parsed module."""
    names: dict[str, list] = {}
    mirrors: list[list] = []
    defines = False
    imported = _imports(node for node in _top_level(tree.body) if isinstance(node, (ast.Import, ast.ImportFrom)))
    for node in _top_level(tree.body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defines = True
        elif isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names):
            mirrors.append([node.module or "", node.level])
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for local, entry in _imports([node]).items():
                names.setdefault(local, []).append(entry)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            dotted = _dotted(node.value)
            base = imported.get(dotted[0]) if dotted else None
            if base is not None and base[2] is None and not base[1]:  # ``tf = tensorflow`` of ``import tensorflow``
                names.setdefault(node.targets[0].id, []).append([".".join([base[0], *dotted[1:]]), 0, None])
    return {"names": names, "mirrors": mirrors, "defines": defines}


def _top_level(statements):
    """The module's own statements, into ``if``/``try``/``with`` blocks but not defs or classes."""
    for node in statements:
        yield node
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            yield from _top_level(node.body)
            yield from _top_level(getattr(node, "orelse", []))
            yield from _top_level(getattr(node, "finalbody", []))
            for handler in getattr(node, "handlers", []):
                yield from _top_level(handler.body)


def _dotted(expr: ast.AST) -> list[str] | None:
    """``tf.keras`` as ``["tf", "keras"]``; None for anything but names and attributes."""
    parts: list[str] = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    return [expr.id, *reversed(parts)] if isinstance(expr, ast.Name) else None


def dotted_name(expr: ast.AST) -> str | None:
    """``tf.keras`` as ``"tf.keras"``; None for anything but names and attributes."""
    parts = _dotted(expr)
    return ".".join(parts) if parts is not None else None


def loop_calls(text: str) -> list[list]:
    """The names the module calls inside the body of a ``for``/``while`` loop or a comprehension,
    anywhere (module level, functions, methods), each once, as ``[base, attribute, line]``: what
    another file runs again and again (the project view's TFG302 evidence). Loops a tf.function
    traces are left out (a def decorated with something named ``function``, a ``for`` over
    ``tf.range``): there a call runs once per trace, not per iteration. Empty for text Python
    cannot parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found: list[list] = []
    seen: set[tuple] = set()

    def visit(node: ast.AST, in_loop: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if any(_names_function(d) for d in node.decorator_list):
                return  # traced: its loops run while tracing
            in_loop = False  # a def in a loop runs its body when called, not per iteration
        if isinstance(node, ast.Call) and in_loop:
            ref = _reference(node.func)
            if ref is not None and ref not in seen:
                seen.add(ref)
                found.append([ref[0], ref[1], node.lineno])
        for field, value in ast.iter_fields(node):
            repeated = in_loop or _repeats(node, field)
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    visit(child, repeated)

    visit(tree, False)
    return found


def _repeats(node: ast.AST, field: str) -> bool:
    """The ``field`` of ``node`` runs once per iteration of a Python loop."""
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return field == "body" and not _over_tf_range(node.iter)
    if isinstance(node, ast.While):
        return field == "body"
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        return field in ("elt", "key", "value")
    return False


def _over_tf_range(expr: ast.AST) -> bool:
    return (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "range"
            and isinstance(expr.func.value, ast.Name) and expr.func.value.id in ("tf", "tensorflow"))


def _names_function(decorator: ast.AST) -> bool:
    """``@tf.function``, ``@function``, ``@tf.function(...)``: a decorator named ``function``."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return (isinstance(target, ast.Attribute) and target.attr == "function") or (
        isinstance(target, ast.Name) and target.id == "function")
