"""Modules Python can never import: a relative import at their top level names a module that does
not exist, or they import such a module.

``from ..layers import Pool`` at the top level of ``pkg/models/legacy/blocks.py`` (not inside
``try:``, a function or any other statement) looks for ``pkg/models/layers``; when the package
holds no such module (no ``layers.py``, no ``layers/`` folder, no compiled ``layers.*.so``), the
import raises ModuleNotFoundError whoever imports the module, a package's users included. So
does the import of any module whose own top level imports such a module, and of every module of a
package whose ``__init__.py`` cannot be imported. The code of such a module never runs: what
would go wrong at trace time does not happen (a legacy folder left behind when its siblings
moved). The project view gives each such file the seed :data:`UNLOADABLE_SEED`, whose value says
why (``analysis/unmade_evidence`` reads it).

Only relative imports decide: an absolute import may name an installed library. A module that
reads ``sys.path`` is left alone (its imports may resolve elsewhere), and so is one whose
relative import climbs above its package (Python refuses that for another reason), and one whose
missing module a build may write (a version file a setup.py or pyproject.toml names, a compiled
extension whose source or build description is there).
"""

from __future__ import annotations

import ast
import glob
import os
import re
from collections.abc import Callable

# The project view's seed of a module that cannot be imported (no Python name has this spelling).
UNLOADABLE_SEED = "<module that cannot be imported>"


def unloadable_modules(files: dict[str, dict], text: Callable[[str], str],
                       resolve: Callable[[str, str, int], str | None], root: str) -> dict[str, str]:
    """Per project file (real path) that can never be imported, why. ``files``: every project file's
    imports (``module_edges.imports_only``); ``text(path)``: its text; ``resolve(importer, module,
    level)``: the project file an import loads (``ProjectGraph.resolve_module``)."""
    found: dict[str, str] = {}
    tree = _parsed_once(text, {})  # each file parsed once, only if asked
    for path, imports in files.items():
        for module, level, _name in imports.values():
            if level <= 0 or not module or resolve(path, module, level) is not None:
                continue
            missing = _missing_module(path, module, level)
            if missing is None or _may_be_built(missing, path, root):
                continue
            statement = _top_level_import(path, tree, lambda statement: isinstance(statement, ast.ImportFrom)
                                          and statement.level == level and statement.module == module)
            if statement is not None:
                found[path] = (f"{_shown(path, root)}:{statement.lineno} imports {'.' * level}{module}, and "
                               f"{_shown(missing, root)} does not exist, so the module can never be imported")
                break
    if not found:
        return found
    _spread(found, files, tree, resolve, root)
    return found


def _spread(found: dict[str, str], files: dict[str, dict], tree, resolve, root: str) -> None:
    """Add the modules of packages whose ``__init__.py`` cannot be imported, and the modules that
    import one that cannot at their top level, until nothing changes."""
    changed = True
    while changed:
        changed = False
        for path in files:
            if path in found:
                continue
            package = _unloadable_package(path, found, files)
            if package is not None:
                found[path] = f"its package's {_shown(package, root)} cannot be imported ({found[package]})"
                changed = True
                continue
            targets = {target for module, level, name in files[path].values()
                       for target in (resolve(path, module, level),
                                      resolve(path, f"{module}.{name}" if module else name, level) if name else None)
                       if target in found}
            if not targets:
                continue
            statement = _top_level_import(path, tree, lambda statement: _loads(statement, path, resolve) & targets)
            if statement is not None:
                target = sorted(_loads(statement, path, resolve) & targets)[0]
                found[path] = (f"{_shown(path, root)}:{statement.lineno} imports {_shown(target, root)}, "
                               "which cannot be imported")
                changed = True


def _unloadable_package(path: str, found: dict[str, str], files) -> str | None:
    folder = os.path.dirname(path)
    while os.path.join(folder, "__init__.py") in files:
        init = os.path.join(folder, "__init__.py")
        if init != path and init in found:
            return init
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return None


def _missing_module(path: str, module: str, level: int) -> str | None:
    """The first module of ``module`` (relative to ``path``'s package, ``level`` dots) that does
    not exist, as the path it would have; None when it exists, or when the import climbs above
    the file's package."""
    folder = os.path.dirname(path)
    for _ in range(level):
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            return None  # not a package that deep: Python refuses the import for another reason
        base, folder = folder, os.path.dirname(folder)
    for part in module.split("."):
        target = os.path.join(base, part)
        if os.path.isdir(target):
            base = target
            continue
        if os.path.isfile(target + ".py") or glob.glob(glob.escape(target) + ".*.so") or glob.glob(
                glob.escape(target) + ".*.pyd") or os.path.isfile(target + ".so"):
            return None  # a module (what it holds, failing_imports asks)
        return target
    return None


# Files that describe a build, which may write modules the repository does not hold.
_BUILD_FILES = ("setup.py", "setup.cfg", "pyproject.toml", "MANIFEST.in", ".gitignore", "CMakeLists.txt",
                "Makefile", "BUILD", "BUILD.bazel", "meson.build")


def _may_be_built(missing: str, importer: str, root: str) -> bool:
    """A build may write the missing module: a build description beside the importing file (a
    Cython extension built in place), or one in a folder from the missing module's up to the
    project root that spells its name (``version_file = "pkg/_version.py"``, a setup.py writing
    ``version.py``, a .gitignore listing it), or a source of that name beside where it would be
    (``core.pyx``, ``ops.cc``)."""
    folder, name = os.path.dirname(missing), os.path.basename(missing)
    if any(os.path.isfile(os.path.join(os.path.dirname(importer), build)) for build in _BUILD_FILES):
        return True
    if glob.glob(glob.escape(missing) + ".*"):
        return True
    spelled = re.compile(rf"(?<![\w]){re.escape(name)}(?!\w)")
    while True:
        for build in _BUILD_FILES:
            path = os.path.join(folder, build)
            if os.path.isfile(path) and spelled.search(_read(path)):
                return True
        if folder == root or not folder.startswith(root + os.sep):
            return False
        folder = os.path.dirname(folder)


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read(1_000_000)
    except OSError:
        return ""


def _parsed_once(text, trees: dict):
    """``text`` made to answer with each file's tree (None: unparsable, or it reads ``sys.path``),
    parsed once however often it is asked."""
    def tree(path: str) -> ast.Module | None:
        if path not in trees:
            source = text(path) or ""
            try:
                trees[path] = None if "sys.path" in source else ast.parse(source)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                trees[path] = None
        return trees[path]
    return tree


def _top_level_import(path: str, tree, matches) -> ast.Import | ast.ImportFrom | None:
    """The first import statement of ``path``'s top level that ``matches``; None when there is
    none, or when the module reads ``sys.path`` (its imports may resolve elsewhere)."""
    module = tree(path)
    for statement in module.body if module is not None else ():
        if isinstance(statement, (ast.Import, ast.ImportFrom)) and matches(statement):
            return statement
    return None


def _loads(statement: ast.Import | ast.ImportFrom, path: str, resolve) -> set[str]:
    """The project files an import statement loads."""
    if isinstance(statement, ast.Import):
        return {target for alias in statement.names if (target := resolve(path, alias.name, 0)) is not None}
    module = statement.module or ""
    loaded = {resolve(path, module, statement.level)} if module else set()
    loaded.update(resolve(path, f"{module}.{alias.name}" if module else alias.name, statement.level)
                  for alias in statement.names if alias.name != "*")
    return {target for target in loaded if target is not None}


def _shown(path: str, root: str) -> str:
    return os.path.relpath(path, root) if path.startswith(root + os.sep) else path
