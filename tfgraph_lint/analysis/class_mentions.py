"""Where a file's code names classes, for the project view's "made by no code" evidence (stdlib ``ast``).

A class that no code of a project names is never made there: its methods never run. The project
view (``cli/view_unmade``) asks each file of the project what :func:`class_mentions` finds:

- the top-level classes it defines, and which of them carry a decorator (a registry's
  ``register_keras_serializable`` or any other may make or hand on the class: counted as made);
- every name its code reads (``Net``, ``models.Net``: both ``Net``), with the top-level class
  whose *methods* hold the read (``self.head = Head()`` in a model's ``__init__`` makes ``Head``
  only when the model is made), or None (module code, functions, a class body's own statements,
  which run when the class is defined). A class's bases are held by the class: a subclass that is
  made makes its bases' methods run. An ``import`` binding is no read: a name imported and never
  used makes nothing; but a package's ``__init__.py`` re-exports what it imports, so there every
  imported name counts as read;
- the names that a string constant spells (``"Net"``, ``"models.Net"``: a registry, a config,
  ``getattr(models, "Net")``);
- the modules it star-imports at its top level (``from model import *``): a read of a class that
  such a project module defines is that class;
- whether it runs a program of its own when run (``analysis/program_files``): a project with no such
  file is a collection of classes for other code to make, so "made by no code" says nothing there;
- whether it may look a class up by a name it computes (``globals()``, ``locals()`` outside a
  function that imports nothing, ``vars()``,
  ``getattr`` with a non-literal name on ``sys.modules`` or on a value not bound by an import, an
  import by a computed name): then any class may be made, and the view gives up; and the modules
  it looks names up in (``getattr(cleaners, name)``, ``cleaners`` bound by an import): the view
  gives up unless each is a project file that binds no class (a text-cleaning module of functions); Text run by ``eval`` or
  ``exec`` is not followed (it is mostly data read at run time).

A file Python cannot parse is taken at its words: every identifier it spells counts as read.
"""

from __future__ import annotations

import ast
import re

from tfgraph_lint.core.lazy_pattern import LazyPattern


# The project view's seed of a class that no code of a project shipping no package makes
# (cli/view_unmade; analysis/unmade_evidence reads it; no Python name has this spelling).
UNMADE_SEED = "<made by no code of this project>"
# ... of a class that only test files make (directly, or in methods of classes only they make).
TESTS_ONLY_SEED = "<made only by tests of this project>"
# Builtins that look names up (called by name, unless the module binds the name itself), and
# imports by a computed name (``importlib.import_module``, ``__import__``), however spelled.
# (``eval``/``exec`` are not among them: the text they run, mostly data read at run time, is not
# followed.)
_DYNAMIC_BUILTINS = frozenset({"globals", "locals"})
_DYNAMIC_IMPORTS = frozenset({"__import__", "import_module"})
_WORD = LazyPattern(r"[A-Za-z_]\w*")
_DOTTED = LazyPattern(r"^[A-Za-z_][\w.:]*$")


def class_mentions(source: str) -> dict:
    """``{"classes": {name: decorated}, "reads": [[holder, name, line], ...], "strings": [...],
    "dynamic": bool}`` for ``source`` (see the module's docstring; ``line``: the first top-level
    statement reading the name), with what ``failing_imports.top_level_names`` says of it.
    Unparsable: ``{"words": [...]}``,
    every identifier it spells."""
    # Deferred: only the project view of a project laid out as scripts needs these.
    from tfgraph_lint.analysis.failing_imports import top_level_names
    from tfgraph_lint.analysis.program_files import runs_own_code

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {"words": sorted(set(_WORD.findall(source)))}
    classes: dict[str, bool] = {}
    reads: dict[tuple[str | None, str], int] = {}  # (holder, name) -> the first top-level line reading it
    strings: set[str] = set()
    imported = _imported_modules(tree)
    bound = _bound_names(tree)
    targets = _import_targets(tree)
    lookups: set[tuple[int, str]] = set()
    own_locals = _function_locals_calls(tree)
    dynamic = False
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef):
            classes[statement.name] = bool(statement.decorator_list)
            held = {id(node) for method in statement.body
                    if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) for node in ast.walk(method)}
            held.update(id(node) for base in [*statement.bases, *statement.keywords] for node in ast.walk(base))
        else:
            held = set()
        holder = statement.name if isinstance(statement, ast.ClassDef) else None
        for node in ast.walk(statement):
            name = _read_name(node)
            if name is not None:
                reads.setdefault((holder if id(node) in held else None, name), statement.lineno)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _DOTTED.match(node.value):
                spelled = re.split(r"[.:]", node.value)[-1]
                if spelled != holder:  # a class naming itself (``name="Block"``) makes nothing
                    strings.add(spelled)
            elif (isinstance(node, ast.Call) and id(node) not in own_locals
                  and (looked := _looks_up_by_name(node, imported, bound))):
                if looked is True or looked not in targets:
                    dynamic = True
                else:
                    lookups.add(targets[looked])
    return {"classes": classes, "reads": sorted([[holder, name, line] for (holder, name), line in reads.items()],
                                                key=lambda read: (read[0] or "", read[1])),
            "strings": sorted(strings), "dynamic": dynamic, "lookups": sorted([list(target) for target in lookups]),
            "stars": [[node.level, node.module or ""] for node in tree.body
                      if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)],
            "runs": runs_own_code(tree), **top_level_names(tree)}


def _read_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
        return node.id
    if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Store):
        return node.attr
    return None


def _function_locals_calls(tree: ast.Module) -> set[int]:
    """The ``locals()`` calls inside a function that imports nothing: they see that function's own
    names (``Net(**locals())`` hands on its parameters), each bound by a read or a call's argument
    that names the class itself; only an import binds a class without reading it. (At module
    level, or in a class body, ``locals()`` is a namespace that may hold any class.)"""
    found: set[int] = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        inner = list(ast.walk(function))
        if any(isinstance(node, (ast.Import, ast.ImportFrom)) for node in inner):
            continue
        found.update(id(node) for node in inner if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                     and node.func.id == "locals" and not node.args)
    return found


def _imported_modules(tree: ast.Module) -> set[str]:
    """The names ``import``/``from . import`` statements bind (any of them may be a module)."""
    found: set[str] = {"sys", "importlib"}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update((alias.asname or alias.name).partition(".")[0] for alias in node.names)
    return found


def _bound_names(tree: ast.Module) -> set[str]:
    """The names the module binds itself (``from utils import eval`` is no builtin ``eval``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update((alias.asname or alias.name).partition(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
    return found


def _import_targets(tree: ast.Module) -> dict[str, tuple[int, str]]:
    """What each name an import binds may be a module of: ``import a.b as c``: ``c`` is ``a.b``;
    ``from . import m``: ``m`` is ``.m`` (as ``[level, dotted name]``). A name bound twice is left out."""
    found: dict[str, tuple[int, str]] = {}
    twice: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            pairs = [(alias.asname or alias.name.partition(".")[0], (0, alias.name if alias.asname else
                                                                      alias.name.partition(".")[0])) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            pairs = [(alias.asname or alias.name, (node.level, f"{node.module}.{alias.name}" if node.module else alias.name))
                     for alias in node.names if alias.name != "*"]
        else:
            continue
        for name, target in pairs:
            if name in found and found[name] != target:
                twice.add(name)
            found[name] = target
    return {name: target for name, target in found.items() if name not in twice}


def _looks_up_by_name(call: ast.Call, imported: set[str], bound: set[str]) -> bool | str:
    """True for a look-up by a computed name anywhere; the name of the imported module of a
    ``getattr(module, name)``, which can reach only what that module binds; False otherwise."""
    func = call.func
    if isinstance(func, ast.Name) and func.id not in bound and (
            func.id in _DYNAMIC_BUILTINS or (func.id == "vars" and not call.args)):
        return True  # (``vars(args)`` reads an object's attributes, not the module's names)
    last = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if last in _DYNAMIC_IMPORTS:
        return True
    if last != "getattr" or len(call.args) < 2:
        return False
    if isinstance(call.args[1], ast.Constant):
        return False  # a literal name: a string constant the view reads
    receiver = call.args[0]
    if isinstance(receiver, ast.Name):  # ``getattr(module, name)``: what that module binds
        return receiver.id if receiver.id in imported else False
    while isinstance(receiver, (ast.Attribute, ast.Subscript)):
        receiver = receiver.value
    # ``getattr(sys.modules[...], name)``, on a module bound by an import (``getattr(self.x, name)`` is not one).
    return not isinstance(receiver, ast.Name) or receiver.id in imported
