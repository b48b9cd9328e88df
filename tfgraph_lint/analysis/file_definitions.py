"""What the project view asks of one file's text (stdlib ``ast``, no astroid), from one parse:
its classes' bases, its defs that wrap tf.function and the decorators it uses, its mode guards,
its defs that make a tf.Variable and the calls it makes through its imports, and the ``self.``
calls its methods make only behind a create-once guard. analysis/project_classes reads these
across files; analysis/file_record keeps them per file text.
"""

from __future__ import annotations

import ast

from tfgraph_lint.analysis.dynamic_declarations import dynamic_classes
from tfgraph_lint.analysis.guarded_self_calls import guarded_self_calls
from tfgraph_lint.analysis.mode_guards import file_mode_guards, guards_called
from tfgraph_lint.analysis.module_edges import dotted_name, imports_only
from tfgraph_lint.analysis.state_makers import file_state_makers, imported_calls
from tfgraph_lint.analysis.subclass_reads import file_self_reads
from tfgraph_lint.analysis.wrapping_decorators import decorators_used, tf_function_wrappers


def file_definitions(text: str, imports: dict | None = None) -> dict:
    """What the project view asks of a file's text here, from one parse: ``classes`` (its
    :func:`class_bases`), ``wrappers`` (its defs that wrap tf.function, with the forms they are
    applied in: wrapping_decorators), ``decorators`` (the decorators its defs are written with),
    ``mode guards`` and ``guards called`` (its defs that only ask the execution mode, and the
    names its ``if`` tests call with no arguments: analysis/mode_guards), ``class lines`` (where
    its top-level classes start), ``state makers`` and ``calls`` (its defs that make a tf.Variable on
    every call, and the dotted names it calls through its imports: analysis/state_makers),
    ``aliases`` (its module-level ``ks = tf.keras``: :func:`module_aliases`),
    ``once calls`` (the ``self.`` calls its methods make only behind
    a create-once guard: analysis/guarded_self_calls), ``self reads`` (the attributes its classes
    read of ``self``: analysis/subclass_reads), ``dynamic`` (its classes that pass dynamic=True
    to the Keras constructor: analysis/dynamic_declarations). ``imports``: the file's ``module_edges.imports_only``, when the
    caller has them already."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return empty_definitions()
    walked = list(ast.walk(tree))
    return definitions_of(tree, dict.fromkeys(("imports", "defs", "calls", "ifs", "attributes"), walked),
                          imports if imports is not None else imports_only(text))


def empty_definitions() -> dict:
    """:func:`file_definitions`' answer for text Python cannot parse."""
    return {"classes": {}, "aliases": {}, "wrappers": {}, "decorators": [], "mode guards": {}, "guards called": [],
            "state makers": {}, "calls": [], "class lines": {}, "once calls": {}, "self reads": {},
            "dynamic": {}}


def definitions_of(tree: ast.Module, walked: dict[str, list[ast.AST]], imports: dict) -> dict:
    """:func:`file_definitions` of a parsed module; ``walked``: the nodes of one walk the readers
    look at, in ``ast.walk``'s order, by what they are (``"imports"``: the import statements,
    ``"defs"``: the function defs, ``"calls"``, ``"ifs"``: ``if`` statements and conditional
    expressions, ``"attributes"``; any list holding those, e.g. every node, will do); ``imports``: the file's
    ``module_edges.imports_only``."""
    return {"classes": class_bases(tree), "aliases": module_aliases(tree),
            "wrappers": tf_function_wrappers(tree, imports, walked["calls"]),
            "decorators": decorators_used(tree, walked["defs"]),
            "mode guards": file_mode_guards(tree, walked["imports"]),
            "guards called": guards_called(tree, walked["ifs"]),
            "state makers": file_state_makers(tree, imports, walked["calls"]), "calls": imported_calls(walked["calls"], imports),
            "class lines": {node.name: node.lineno for node in tree.body if isinstance(node, ast.ClassDef)},
            "once calls": guarded_self_calls(tree), "self reads": file_self_reads(tree, walked["attributes"]),
            "dynamic": dynamic_classes(tree)}


def class_bases(source: str | ast.Module) -> dict[str, list[str]]:
    """The module's top-level classes -> their bases as dotted spellings (``Layer``,
    ``tf.keras.layers.Layer``, ``mp.MessagePassing``); a base written otherwise (a call, a
    subscript) is left out. Empty for text Python cannot parse."""
    if isinstance(source, str):
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return {}
    else:
        tree = source
    found: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            found[node.name] = [spelled for spelled in map(dotted_name, node.bases) if spelled is not None]
    return found


def named_bases(tree: ast.Module) -> list[list]:
    """The bases of the module's top-level classes that it names: ``[cls, base, attribute]`` each
    (``class Net(models.Base)``: ``["Net", "models", "Base"]``; a class defined twice, each time)."""
    return [[statement.name, base.id, None] if isinstance(base, ast.Name) else [statement.name, base.value.id, base.attr]
            for statement in tree.body if isinstance(statement, ast.ClassDef) for base in statement.bases
            if isinstance(base, ast.Name) or (isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name))]


def module_aliases(tree: ast.Module) -> dict[str, str]:
    """The module's top-level names bound once, to a dotted name (``ks = tf.keras``,
    ``layers = keras.layers``): a base spelled ``ks.layers.Layer`` means ``tf.keras.layers.Layer``.
    A name bound more than once at the top level is left out (which binding holds is not told)."""
    found: dict[str, str | None] = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            if isinstance(target, ast.Name):
                spelled = dotted_name(node.value) if isinstance(node, ast.Assign) and len(targets) == 1 else None
                found[target.id] = None if target.id in found else spelled
    return {name: spelled for name, spelled in found.items() if spelled is not None and "." in spelled}
