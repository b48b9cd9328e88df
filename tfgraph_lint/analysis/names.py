"""Resolve an expression to the dotted name it denotes, from the module's own imports.

``tf.function`` under ``import tensorflow as tf`` resolves to ``tensorflow.function``;
``npr.normal`` under ``from numpy import random as npr`` to ``numpy.random.normal``.
This is astroid's *lexical* lookup only (``node.lookup``), never inference: inferring into
TensorFlow costs seconds when it is installed and yields nothing when it is not.

Simple aliases are followed (``function = tf.function`` then ``@function``) a few steps deep.
A name bound in several ways that disagree resolves to ``None``: unknown, never a guess.
"""

from __future__ import annotations

from functools import lru_cache

from astroid import nodes

from tfgraph_lint.analysis.node_index import ALIASES, TREE, descendants, module_of, remembered
from tfgraph_lint.analysis.reexports import import_key
from tfgraph_lint.core.tf_api import EXACT_ALIASES, canonical

_MAX_ALIAS_DEPTH = 4

@lru_cache(maxsize=64)
def final_components(qualnames: frozenset[str]) -> frozenset[str]:
    """The attribute names an ``a.b.name`` expression must end with to denote one of ``qualnames``.

    Resolving keeps an attribute chain's last name, because canonical() rewrites prefixes only;
    the whole-name aliases (``tensorflow.compat.v2`` for ``tensorflow``) add their own.
    """
    wanted = set(qualnames)
    wanted |= {alias for alias, target in EXACT_ALIASES.items() if target in wanted}
    return frozenset(name.rsplit(".", 1)[-1] for name in wanted)


def may_denote(expr: nodes.NodeNG, qualnames: frozenset[str]) -> bool:
    """False when ``expr`` surely denotes none of ``qualnames``, decided without a look-up.

    ``x.y.z`` can only resolve to a name ending in ``z``; most calls of a module are method
    calls of that kind, and astroid's look-up is most of what resolving a name costs.
    """
    return not isinstance(expr, nodes.Attribute) or expr.attrname in final_components(qualnames)


def calls_named(module: nodes.Module, qualnames: frozenset[str]) -> list[nodes.Call]:
    """The module's calls of one of ``qualnames`` (canonical spellings), in source order."""
    return [call for call in descendants(module, nodes.Call)
            if may_denote(call.func, qualnames) and call_qualname(call) in qualnames]


_MISSING = object()


def qualified_name(expr: nodes.NodeNG | None, _depth: int = 0) -> str | None:
    """The canonical dotted name ``expr`` denotes through imports, or ``None`` if unknown."""
    if _depth == 0 and expr is not None:
        # Every rule resolves the same call names again: remembered per node.
        memo = remembered(expr, "qualified names", ALIASES)
        found = memo.get(expr, _MISSING)
        if found is _MISSING:
            raw = _raw_qualified_name(expr, 0)
            found = memo[expr] = canonical(raw) if raw else None
        return found
    raw = _raw_qualified_name(expr, _depth)
    return canonical(raw) if raw else None


def spelled_qualified_name(expr: nodes.NodeNG | None) -> str | None:
    """The dotted name ``expr`` denotes as the module's imports spell it, before ``canonical``
    folds equivalent spellings (``tf_keras.layers.Dropout`` stays ``tf_keras...``)."""
    return _raw_qualified_name(expr, 0)


def _raw_qualified_name(expr: nodes.NodeNG | None, depth: int) -> str | None:
    if isinstance(expr, nodes.Name):
        return _resolve_name(expr, expr.name, depth)
    if isinstance(expr, nodes.Attribute):
        base = _raw_qualified_name(expr.expr, depth)
        return f"{base}.{expr.attrname}" if base else None
    return None


# astroid keeps its latest 128 look-ups in a cache shared with Pylint's own checkers. We remember
# ours per module (dropped after the analysis) and go around that cache: filling it would evict
# Pylint's entries and keep our results alive after the analysis, and in Pylint's process every
# object that lives on brings its (expensive, whole-heap) garbage collections sooner.
_UNCACHED_LOOKUP = getattr(nodes.Name.lookup, "__wrapped__", None)
# The class that defines it (astroid's LookupMixIn), found without importing a private module.
_LOOKUP_MIXIN = next((cls for cls in nodes.Name.__mro__ if "lookup" in vars(cls)), nodes.Name)


def lookup(node: nodes.NodeNG, name: str) -> tuple[nodes.NodeNG | None, list[nodes.NodeNG]]:
    """astroid's lexical ``node.lookup(name)``: the scope that binds ``name`` and its bindings
    there; ``(None, [])`` when astroid cannot tell. The list is the caller's to keep."""
    # A node's look-up of its own name is remembered: the index and several rules ask the same
    # one (what ``x`` is, whether ``x`` is local, which function ``f`` calls).
    memo = remembered(node, "look-ups", TREE) if getattr(node, "name", None) == name else None
    found = memo.get(node) if memo is not None else None
    if found is None:
        try:
            if _UNCACHED_LOOKUP is not None and isinstance(node, _LOOKUP_MIXIN):
                scope, assigned = _UNCACHED_LOOKUP(node, name)
            else:
                scope, assigned = node.lookup(name)
            found = (scope, tuple(assigned))
        except (AttributeError, ValueError, RecursionError):
            found = (None, ())
        if memo is not None:
            memo[node] = found
    return found[0], list(found[1])


def _is_builtins(scope: nodes.NodeNG | None) -> bool:
    return isinstance(scope, nodes.Module) and scope.name == "builtins"


def bindings(node: nodes.NodeNG, name: str) -> list[nodes.NodeNG]:
    """The statements of this module that bind ``name`` as seen from ``node``.

    Lexical scoping only, no inference; builtins and undefined names give ``[]``.
    """
    scope, assigned = lookup(node, name)
    return [] if _is_builtins(scope) else assigned


def _resolve_name(node: nodes.NodeNG, name: str, depth: int) -> str | None:
    module = module_of(node)
    if module is not None and name not in _aliasable_names(module):
        return _star_alias(node, module, name)  # no import or assignment binds it: a star import may
    found = {_binding_qualname(binding, name, depth) for binding in bindings(node, name)
             if not _import_fallback(binding, name)}
    if len(found) != 1:
        return None  # unbound (builtin or undefined), or bound in ways that disagree
    return found.pop()


_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})


def _import_fallback(binding: nodes.NodeNG, name: str) -> bool:
    """``binding`` is the placeholder an optional import falls back to (``try: import tensorflow
    as tf`` / ``except ImportError: tf = None``): a plain assignment, in a handler catching
    ImportError, of a value that names no module, to a name the ``try`` body imports. Code using
    the name runs only where the import succeeded, so the import is what it denotes. A fallback
    import, or an alias of something importable (``tf = np``), still counts: the name then has
    two meanings and resolves to none."""
    handler = binding.parent.parent if isinstance(binding, nodes.AssignName) else None
    if not isinstance(handler, nodes.ExceptHandler) or not _catches_import_error(handler.type):
        return False
    value = assigned_value(binding)
    if value is None or _raw_qualified_name(value, _MAX_ALIAS_DEPTH) is not None:
        return False
    return any(name in {alias or imported.split(".")[0] for imported, alias in statement.names}
               for statement in handler.parent.body if isinstance(statement, (nodes.Import, nodes.ImportFrom)))


def _catches_import_error(caught: nodes.NodeNG | None) -> bool:
    kinds = caught.elts if isinstance(caught, nodes.Tuple) else [caught]
    return any(isinstance(kind, nodes.Name) and kind.name in _IMPORT_ERRORS for kind in kinds)


def _aliasable_names(module: nodes.Module) -> frozenset[str]:
    """Every name some import or plain assignment in the module binds, in any scope.

    astroid's look-up is most of what resolving names costs, and most names resolved (``self``,
    parameters, builtins, local defs) can only come out ``None``: only an import or a plain
    ``name = value`` gives a binding a qualified name (see _binding_qualname).
    """
    memo = remembered(module, "aliasable names", TREE)
    names = memo.get(module)
    if names is None:
        names = set()
        for node in descendants(module, nodes.Import, nodes.ImportFrom, nodes.AssignName):
            if isinstance(node, nodes.AssignName):
                if assigned_value(node) is not None:
                    names.add(node.name)
            else:
                names.update(alias or imported.split(".")[0] for imported, alias in node.names)
        names = memo[module] = frozenset(names)
    return names


def _binding_qualname(binding: nodes.NodeNG, name: str, depth: int) -> str | None:
    if isinstance(binding, nodes.Import):
        for module_name, alias in binding.names:
            if alias == name:
                return _project_alias(binding, module_name)
            if alias is None and module_name.split(".")[0] == name:
                return name  # ``import numpy.random`` binds ``numpy``
        return None
    if isinstance(binding, nodes.ImportFrom):
        for imported, alias in binding.names:
            if (alias or imported) == name:
                if binding.level:  # the user's own package: TensorFlow only as the view says it hands it on
                    return _aliases_of(binding).get(import_key(binding.modname, binding.level, imported))
                return _project_alias(binding, f"{binding.modname}.{imported}")
        return None
    if depth < _MAX_ALIAS_DEPTH:
        value = assigned_value(binding)  # ``function = tf.function``: a plain alias
        return _raw_qualified_name(value, depth + 1) if value is not None else None
    return None


def use_project_aliases(module: nodes.Module, aliases: dict[str, str]) -> None:
    """What the project view says the module's imports of its project's own package are when
    they are TensorFlow or Keras handed on (analysis/reexports): ``tensorflow_asr.tf`` ->
    ``tensorflow``. Set before anything about the module is resolved; kept with its memos."""
    if aliases:
        remembered(module, "project aliases")[module] = aliases


def _star_alias(node: nodes.NodeNG, module: nodes.Module, name: str) -> str | None:
    """What ``name`` is when only a star import of a project module binds it (``from utils import
    *``, utils doing ``import tensorflow as tf``): the project view's ``*.<name>`` alias; None when
    the view says nothing or anything else in scope binds the name (a parameter, a def)."""
    aliases = remembered(module, "project aliases").get(module)
    target = aliases.get(f"*.{name}") if aliases else None
    if target is None:
        return None
    if any(not (isinstance(binding, nodes.ImportFrom) and binding.names[0][0] == "*")
           for binding in bindings(node, name)):
        return None
    return target


def _project_alias(binding: nodes.NodeNG, imported: str) -> str:
    return _aliases_of(binding).get(imported, imported)


def _aliases_of(binding: nodes.NodeNG) -> dict[str, str]:
    """The project view's aliases of the module holding ``binding`` (use_project_aliases); a
    relative import is keyed with its dots (``from .base import tf``: ``.base.tf``)."""
    module = module_of(binding)
    return (remembered(module, "project aliases").get(module) if module is not None else None) or {}


def assigned_value(binding: nodes.NodeNG) -> nodes.NodeNG | None:
    """The value a plain ``name = value`` (or ``name: T = value``) binding gives its name, and the
    matching element of ``a, b = 0, 1e-2`` (a literal tuple or list of the same length, unpacked
    into plain names: Python assigns them one by one).

    None for anything else: other unpacking, chained targets, loop targets, parameters, imports.
    """
    if not isinstance(binding, nodes.AssignName):
        return None
    parent = binding.parent
    if isinstance(parent, nodes.Assign) and len(parent.targets) == 1 and parent.targets[0] is binding:
        return parent.value
    if isinstance(parent, nodes.AnnAssign):
        return parent.value
    if isinstance(parent, (nodes.Tuple, nodes.List)) and isinstance(parent.parent, nodes.Assign):
        assign = parent.parent
        value = assign.value
        if (len(assign.targets) == 1 and assign.targets[0] is parent and isinstance(value, (nodes.Tuple, nodes.List))
                and len(value.elts) == len(parent.elts)
                and not any(isinstance(e, nodes.Starred) for e in (*parent.elts, *value.elts))):
            return value.elts[parent.elts.index(binding)]
    return None


def unpacked_value(binding: nodes.NodeNG) -> tuple[nodes.NodeNG, int] | None:
    """``(value, i)`` when ``binding`` is the i-th plain name of ``a, b = value``, a value that is
    not a literal of the same length (those are :func:`assigned_value`'s): Python iterates over
    ``value`` and binds its items in turn. None for starred or nested targets and chained ones."""
    parent = binding.parent
    if not (isinstance(binding, nodes.AssignName) and isinstance(parent, (nodes.Tuple, nodes.List))
            and isinstance(parent.parent, nodes.Assign)):
        return None
    assign = parent.parent
    if len(assign.targets) != 1 or assign.targets[0] is not parent or assigned_value(binding) is not None:
        return None
    if any(isinstance(element, nodes.Starred) for element in parent.elts):
        return None
    return assign.value, parent.elts.index(binding)


def call_qualname(call: nodes.Call) -> str | None:
    """The canonical name of what a call calls, e.g. ``tensorflow.Variable``."""
    return qualified_name(call.func)


def is_builtin_name(name_node: nodes.Name) -> bool:
    """True when a bare name refers to the builtin of that name (nothing in scope shadows it)."""
    scope, assigned = lookup(name_node, name_node.name)
    return _is_builtins(scope) and bool(assigned)


def is_builtin_call(expr: nodes.NodeNG, *names: str) -> bool:
    """``expr`` calls one of the builtins ``names`` (``enumerate(ds)``, ``isinstance(x, T)``),
    not something that shadows it."""
    return (isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name)
            and expr.func.name in names and is_builtin_name(expr.func))


# -- global and nonlocal -------------------------------------------------------------------------

def declaration(fn: nodes.NodeNG, name: str) -> str | None:
    """"global" or "nonlocal" when ``fn``'s own body declares ``name`` so, else None."""
    if not isinstance(fn, nodes.FunctionDef):
        return None
    for node in descendants(fn, nodes.Global, nodes.Nonlocal):
        # A statement's scope is the function whose own body holds it, not a nested def/class.
        if name in node.names and node.scope() is fn:
            return "global" if isinstance(node, nodes.Global) else "nonlocal"
    return None


def rebinds_declared(fn: nodes.NodeNG, name: str) -> bool:
    """Whether ``fn`` declares ``name`` global or nonlocal and assigns it in its own body."""
    if declaration(fn, name) is None:
        return False
    return any(isinstance(node, nodes.AssignName) and node.name == name and node.scope() is fn
               for node in descendants(fn, nodes.AssignName))


def made_only_by_calls(expr: nodes.NodeNG, qualnames, depth: int = 0, max_depth: int = 6) -> bool:
    """``expr`` is a call of one of ``qualnames`` (canonical spellings), or a name that every
    binding assigns such a value to, followed through at most ``max_depth`` names."""
    if depth > max_depth:
        return False
    if isinstance(expr, nodes.Call):
        return call_qualname(expr) in qualnames
    if isinstance(expr, nodes.Name):
        values = [assigned_value(binding) for binding in bindings(expr, expr.name)]
        return bool(values) and all(v is not None and made_only_by_calls(v, qualnames, depth + 1, max_depth)
                                    for v in values)
    return False


def names_an_import(expr: nodes.NodeNG) -> bool:
    """``name`` or ``name.attr...`` where the name is bound only by imports (a module, a class
    or function imported from one)."""
    while isinstance(expr, nodes.Attribute):
        expr = expr.expr
    if not isinstance(expr, nodes.Name):
        return False
    found = bindings(expr, expr.name)
    return bool(found) and all(isinstance(b, (nodes.Import, nodes.ImportFrom)) for b in found)


def annotation_of(binding: nodes.NodeNG) -> nodes.NodeNG | None:
    """The type annotation that binds a name: a parameter's (``model: SurrogateModel``) or an
    annotated assignment's (``model: keras.Model = ...``); None when there is none."""
    parent = binding.parent
    if isinstance(parent, nodes.AnnAssign) and parent.target is binding:
        return parent.annotation
    if isinstance(binding, nodes.AssignName) and isinstance(parent, nodes.Arguments):
        for params, hints in ((parent.posonlyargs, parent.posonlyargs_annotations),
                                    (parent.args, parent.annotations),
                                    (parent.kwonlyargs, parent.kwonlyargs_annotations)):
            for param, annotation in zip(params or (), hints or ()):
                if param is binding:
                    return annotation
    return None


def imports_package(module: nodes.Module, package: str) -> bool:
    """Whether the module imports ``package`` or one of its submodules anywhere (remembered)."""
    memo = remembered(module, f"imports {package}")
    if module not in memo:
        memo[module] = any(
            name.split(".")[0] == package for node in descendants(module, nodes.Import, nodes.ImportFrom)
            for name in ([node.modname] if isinstance(node, nodes.ImportFrom) else [n for n, _ in node.names]))
    return memo[module]


def nonlocal_bindings(scope: nodes.FunctionDef, name: str) -> list[nodes.AssignName]:
    """Assignments to ``name`` in functions nested in ``scope`` that declare it ``nonlocal``."""
    found = []
    for fn in descendants(scope, nodes.FunctionDef):
        if fn is scope or declaration(fn, name) != "nonlocal":
            continue
        owner, _ = lookup(fn.parent.scope(), name)
        if owner is scope:
            found += [n for n in descendants(fn, nodes.AssignName) if n.name == name and n.scope() is fn]
    return found


def references(definition: nodes.NodeNG, scope: nodes.NodeNG) -> list[nodes.Name]:
    """The names in ``scope`` that refer to ``definition`` (a def or class): the uses a caller
    follows to see where a function or class goes."""
    return [name for name in descendants(scope, nodes.Name)
            if name.name == definition.name and definition in bindings(name, name.name)]


def unrebound_parameter(expr: nodes.NodeNG | None) -> bool:
    """A parameter of its function that the function never rebinds: its value is the argument."""
    if not isinstance(expr, nodes.Name):
        return False
    found = bindings(expr, expr.name)
    return bool(found) and all(isinstance(binding.parent, nodes.Arguments) for binding in found)


def is_script_guard(test: nodes.NodeNG) -> bool:
    """``__name__ == "__main__"``, either way round: code that runs only when the file is a script."""
    if not (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] == "=="):
        return False
    sides = (test.left, test.ops[0][1])
    return any(isinstance(s, nodes.Name) and s.name == "__name__" for s in sides) and any(
        isinstance(s, nodes.Const) and s.value == "__main__" for s in sides)
