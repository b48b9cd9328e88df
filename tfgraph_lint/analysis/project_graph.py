"""Graph code across the files of a project: which top-level functions (and methods of
top-level classes, as ``Class.method``) of one file are reached from graph code in another.
Plain data in, plain data out; no astroid.

Input, per file (by real path): its ``module_edges.summary`` (imports, top-level functions and
what each calls) and its graph code's outgoing references (``GraphIndex.outgoing``: imported names
that traced code calls, or hands to ``Dataset.map``, ``tf.function``, ...). Imports are resolved
to files of the project the way Python would find them from a script or package there: relative
imports from the importing file's package; absolute ones that name the importing file's own top
package from the folder that package is imported from (``lib/`` for ``lib/pkg/mod.py``), others
from the importing file's own folder (a script's ``sys.path[0]``), the project root, its ``src/``
folder and that package folder; a name a package's ``__init__.py`` re-exports is followed to
the module that defines it. Reachability then spreads from the outgoing references along the
calls of top-level functions, across files, to a fixpoint.

:meth:`ProjectGraph.seeds` answers, per file, which of its top-level functions graph code in
*another* file reaches and how ("passed to Dataset.map in train.py:40"); the file's own index
does the rest (what those functions call in their own file, nested code).
"""

from __future__ import annotations

import functools
import os
import re
from collections import deque
from collections.abc import Callable

from tfgraph_lint.analysis.project_reach import project_reach
from tfgraph_lint.analysis.star_reexports import star_defined, star_imported
from tfgraph_lint.core.real_paths import real_folder

PROJECT_MARKERS = ("pyproject.toml", "setup.cfg", "setup.py", ".git")
MAX_REEXPORTS = 5
_UNKNOWN = object()  # a memo's "not asked yet"


def project_roots(paths: list[str]) -> dict[str | None, list[str]]:
    """The linted paths grouped by project, each path's from the path alone (never from the other
    paths): the nearest folder above it that holds a project marker (a monorepo's packages are
    projects of their own); for a path with none, the folder its package is imported from (above
    the top ``__init__.py`` of its folder's chain: a wheel's or ``site-packages``' folder), None
    (it stands alone) when that is the file system's root or the home folder. Independent of
    the order of ``paths``."""
    groups: dict[str | None, list[str]] = {}
    for path in paths:
        folder = real_folder(path)
        root = marked_folder(folder)
        if root is None:
            root = package_base(folder)
            root = None if root in _too_wide() else root
        groups.setdefault(root, []).append(path)
    return groups


@functools.lru_cache(maxsize=65536)
def package_base(folder: str) -> str:
    """The folder ``folder``'s package is imported from: above the topmost folder of the chain of
    ``__init__.py`` folders ending at ``folder`` (``folder`` itself when it holds none: a script's
    ``sys.path[0]``)."""
    parent = os.path.dirname(folder)
    if parent == folder or not os.path.isfile(os.path.join(folder, "__init__.py")):
        return folder
    return package_base(parent)


@functools.lru_cache(maxsize=1)
def _too_wide() -> frozenset[str]:
    return frozenset({os.path.realpath(os.sep), os.path.realpath(os.path.expanduser("~"))})


@functools.lru_cache(maxsize=4096)
def marked_folder(folder: str) -> str | None:
    """The project holding ``folder``: the nearest folder at or above it with a project marker
    (``pyproject.toml``, ``setup.cfg``, ``setup.py`` or ``.git``); None without one."""
    if any(os.path.exists(os.path.join(folder, marker)) for marker in PROJECT_MARKERS):
        return folder
    parent = os.path.dirname(folder)
    return None if parent == folder else marked_folder(parent)


def find_root(paths: list[str]) -> str | None:
    """The project a set of linted paths belongs to: the nearest folder above the first of them
    holding ``pyproject.toml``, ``setup.cfg``, ``setup.py`` or ``.git``; else the folder the
    paths have in common, unless that is the file system's root or the home folder (None: no
    project, each file stands alone)."""
    real = [os.path.realpath(p) for p in paths] or [os.getcwd()]
    start = real[0] if os.path.isdir(real[0]) else os.path.dirname(real[0])
    marked = marked_folder(start)
    if marked is not None:
        return marked
    folders = [p if os.path.isdir(p) else os.path.dirname(p) for p in real]
    common = os.path.commonpath(folders)
    return None if common in _too_wide() else common


class ProjectGraph:
    """``imports``: every project file's imports (``module_edges.imports_only``), ``star_imports``
    the ``[module, level]`` it star-imports; ``load``: a file's whole summary, asked only for files
    the search reaches; ``outgoing``: per file, what its graph code reaches out to (the caller's)."""

    def __init__(self, root: str, imports: dict[str, dict], load: Callable[[str], dict],
                 may_define_tf_functions: Callable[[str], bool] = lambda _file: True,
                 load_references: Callable[[str, str], list] | None = None,
                 star_imports: Callable[[str], list] = lambda _file: []) -> None:
        self.root = os.path.realpath(root)
        self.imports = imports
        self.outgoing: dict[str, list] = {}  # set before seeds() is first asked
        self.targets: dict[str, set[str]] = {}  # file -> the project files it imports
        self._reached, self._reverse = None, None  # the reach (seeds); file -> its importers (importers)
        self._load, self.star_imports = load, star_imports
        # A summary may leave references out (None: module_edges.outline), found only where reached.
        self._load_references = load_references
        # A regex over a file's text, so that listing an imported module's tf.functions does not parse it.
        self._may_define_tf_functions = functools.cache(may_define_tf_functions)
        self._summaries: dict[str, dict] = {}
        self._files = set(imports)
        self._resolved: dict[tuple[str, tuple[str, ...]], str | None] = {}
        self._by_folder, self._by_importer = {}, {}  # (folder or importer, module, level) -> file or None
        # Fixed by the files' imports and definitions; asked again each time the reach is followed.
        self.resolve_reference = functools.cache(self._resolve_reference)
        self._src = os.path.join(self.root, "src")
        # The names a module path can start with: every project file's and folder's name.
        self._names = {name.removesuffix(".py") for file in self._files
                       for name in _relative(file, self.root).split(os.sep)}
        self._root_is_package = os.path.join(self.root, "__init__.py") in self._files
        # The root folder's name as a package name would be spelled (``seed_rl-master`` ->
        # ``seed_rl_master``): an import names the root package only if that name starts with it.
        self._root_spelling = re.sub(r"[^0-9a-z_]", "_", os.path.basename(self.root).lower())

    def summary(self, file: str) -> dict:
        if file not in self._summaries:
            self._summaries[file] = self._load(file)
        return self._summaries[file]

    def references(self, file: str, function: str) -> list:
        """What ``function`` of ``file`` calls: ``[base, attribute, line]`` each."""
        functions = self.summary(file)["functions"]
        found = functions.get(function, [])
        if found is None:
            found = functions[function] = self._load_references(file, function)
        return found

    # -- imports to files --------------------------------------------------------------------

    def resolve_module(self, importer: str, module: str, level: int) -> str | None:
        """The project file ``import module`` (``level`` dots) in ``importer`` loads, or None.
        Resolved once per folder, module and level in a run; remembered per importer as well."""
        found = self._by_importer.get((importer, module, level), _UNKNOWN)
        if found is _UNKNOWN:
            key = (os.path.dirname(importer), module, level)
            if key not in self._by_folder:
                self._by_folder[key] = self._resolve(*key)
            found = self._by_importer[(importer, module, level)] = self._by_folder[key]
        return found

    def _resolve(self, folder: str, module: str, level: int) -> str | None:
        parts = [p for p in module.split(".") if p]
        if level > 0:
            for _ in range(level - 1):
                folder = os.path.dirname(folder)
            return self._module_file(folder, parts)
        if parts and parts[0] not in self._names:
            # ``from seed_rl.agents import learner`` in a repository that is itself the package
            # (an __init__.py at its root), checked out under another folder name
            # (``seed_rl-master``): the rest of the path, from the root
            if len(parts) > 1 and self._root_is_package and self._names_root(parts[0]):
                return self._module_file(self.root, parts[1:])
            return None  # tensorflow, numpy...: no file or folder of the project is called so
        # The importer's own package, under its own name, is the one already imported: from the
        # folder it is imported from (``lib/`` for ``lib/pkg/mod.py``), whatever else is called so.
        package_base = self._package_base(folder)
        if parts and package_base != folder and _relative(folder, package_base).split(os.sep)[0] == parts[0]:
            found = self._module_file(package_base, parts)
            if found is not None:
                return found
        # Else a script's own folder (its sys.path[0]), the project root and its src/, and the
        # folder the importer's package is imported from.
        for base in (folder, self.root, self._src, package_base):
            found = self._module_file(base, parts)
            if found is not None:
                return found
        return None

    def _package_base(self, folder: str) -> str:
        """Above the topmost ``__init__.py`` folder of ``folder``'s chain, as the project's files
        show it (no file system look-up)."""
        while os.path.join(folder, "__init__.py") in self._files:
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
        return folder

    def _names_root(self, package: str) -> bool:
        """``package`` is the root package under the name the folder was checked out as
        (``tf_keras`` in ``tf_keras/``, ``seed_rl`` in ``seed_rl-master/``); not ``keras`` in
        ``tf_keras/``, nor any other library whose path happens to match the root's layout."""
        spelled = package.lower()
        return self._root_spelling == spelled or self._root_spelling.startswith(spelled + "_")

    def _module_file(self, base: str, parts: list[str]) -> str | None:
        key = (base, tuple(parts))
        if key not in self._resolved:
            target = os.path.join(base, *parts)
            module_file, package = target + ".py", os.path.join(target, "__init__.py")
            self._resolved[key] = (module_file if parts and module_file in self._files
                                   else package if package in self._files else None)
        return self._resolved[key]

    def _resolve_reference(self, file: str, base: str, attribute: str | None, hops: int = 0,
                           classes: bool = False) -> tuple[str, str] | None:
        """The (file, top-level function; with ``classes``, class) ``base[.attribute]`` names in ``file``."""
        if file not in self._files or hops > MAX_REEXPORTS:
            return None
        imported = self.imports[file].get(base)
        if imported is None:
            if attribute is None and base in self._defs(file, classes):
                return file, base
            return None
        module, level, name = imported
        if name is None:  # import pkg.mod as m; m.func(...)
            target = self.resolve_module(file, module, level)
            return self.defined(target, attribute, hops, classes) if attribute else None
        if attribute is None:  # from mod import func
            return self.defined(self.resolve_module(file, module, level), name, hops, classes)
        # from pkg import mod; mod.func(...)
        submodule = self.resolve_module(file, f"{module}.{name}" if module else name, level)
        found = self.defined(submodule, attribute, hops, classes)
        if found is None and not classes:
            # from mod import Cls; Cls.method(...): a static method, or Base.method(self, ...)
            owner = self.defined(self.resolve_module(file, module, level), name, hops, classes=True)
            if owner is not None and f"{owner[1]}.{attribute}" in self._defs(owner[0], False):
                return owner[0], f"{owner[1]}.{attribute}"
        return found

    def _defs(self, file: str, classes: bool):
        return self.summary(file)["classes" if classes else "functions"]

    def defined(self, file: str | None, name: str, hops: int, classes: bool = False) -> tuple[str, str] | None:
        if file is None or hops > MAX_REEXPORTS:
            return None
        if name in self._defs(file, classes):
            return file, name
        if name in self.imports[file]:  # re-exported (``from .data import augment`` in __init__)
            return self.resolve_reference(file, name, None, hops + 1, classes)
        return star_defined(self, file, name, hops, classes)  # ``from .scatter import *`` in __init__

    def imported_files(self, file: str) -> set[str]:
        """The project files ``file`` imports (a ``from pkg import mod`` names both); kept in
        ``targets``, where the caller may put what an earlier run found."""
        found = self.targets.get(file)
        if found is not None:
            return found
        found = set()
        for module, level, name in [*self.imports[file].values(), *star_imported(self, file)]:
            for candidate in (module, f"{module}.{name}" if module and name else name):
                if candidate is not None or level:
                    target = self.resolve_module(file, candidate or "", level)
                    if target is not None:
                        found.add(target)
        found.discard(file)
        self.targets[file] = found
        return found

    def importers(self, files: set[str]) -> set[str]:
        """The files that import any of ``files``, directly or through others: the only ones
        whose graph code can reach into them."""
        if self._reverse is None:  # (what each file imports is fixed by then)
            self._reverse = {}
            for file in self.imports:
                for target in self.imported_files(file):
                    self._reverse.setdefault(target, set()).add(file)
        found, queue = set(), deque(files)
        while queue:
            for importer in self._reverse.get(queue.popleft(), ()):
                if importer not in found:
                    found.add(importer)
                    queue.append(importer)
        return found

    # -- reachability ------------------------------------------------------------------------

    def set_outgoing(self, outgoing: dict[str, list]) -> None:  # the files known so far: reach them again
        self.outgoing, self._reached = outgoing, None

    def seeds(self) -> dict[str, dict[str, str]]:
        """Per file, its top-level functions that graph code in another file reaches, and how."""
        found: dict[str, dict[str, str]] = {}
        for (file, function), (text, origin) in sorted(self.reached().items()):
            if origin != file:  # reached within its own file: that file's index sees it
                found.setdefault(file, {})[function] = text
        return found

    def reached(self) -> dict[tuple[str, str], tuple[str, str]]:  # (file, function) -> (how, from file)
        return self._reach()[0]

    def seed_arguments(self) -> dict[str, dict[str, list]]:
        """Per file, for the seeds that other files' graph code only calls (each call in the
        code that TensorFlow traces there), what those calls pass: their ``arguments`` entries
        (call_data.outgoing_arguments). A seed reached any other way, or through a function
        that is itself a seed (what it passes is unknown here), is left out: unknown."""
        how, passed = self._reach()
        found: dict[str, dict[str, list]] = {}
        for (file, function), shapes in sorted(passed.items()):
            if shapes is not None and how[(file, function)][1] != file:
                found.setdefault(file, {})[function] = shapes
        return found

    def _reach(self) -> tuple[dict, dict]:
        if self._reached is None:
            self._reached = project_reach(self)
        return self._reached

    def imported_tf_functions(self, file: str) -> dict[str, tuple[tuple[str, ...], str]]:
        """The tf.functions defined at top level in another project file that ``file`` names by
        an import: ``step`` after ``from m import step``, and ``m.step`` after ``import m`` or
        ``from pkg import m``; and tf.function methods of a class it imports, as ``Cls.step``
        (``m.Cls.step`` through the module): the spelling -> (parameters, "model.py:12").
        A module whose text shows no tf.function decorator is not parsed to find out."""
        found = {}
        for local, (module, level, name) in self.imports.get(file, {}).items():
            if name is None:  # import m: every tf.function of m, as m.<name>
                found.update(self._tf_functions_of(self.resolve_module(file, module, level), f"{local}."))
                continue
            # A module with no tf.function decorator and no re-export of the name cannot define
            # it: not parsed (then it can only be a submodule, ``from pkg import m``).
            source = self.resolve_module(file, module, level) if module or level else None
            may_define = source is None or self._may_define_tf_functions(source) or name in self.imports.get(source, {})
            target = self.resolve_reference(file, local, None) if may_define else None
            if target is None:
                cls = self.resolve_reference(file, local, None, classes=True) if may_define else None
                if cls is not None and cls[0] != file:  # from m import Cls: its tf.function methods
                    found.update({f"{local}.{key.partition('.')[2]}": entry for key, entry
                                  in self._tf_functions_of(cls[0], "").items() if key.startswith(f"{cls[1]}.")})
                    continue
                # from pkg import m: perhaps a module
                submodule = self.resolve_module(file, f"{module}.{name}" if module else name, level)
                found.update(self._tf_functions_of(submodule, f"{local}."))
                continue
            if target[0] == file:
                continue
            defined = self.summary(target[0]).get("tf_functions", {}).get(target[1])
            if defined is not None:
                parameters, line = defined
                found[local] = (tuple(parameters), f"{self.show(target[0])}:{line}")
        return found

    def _tf_functions_of(self, module_file: str | None, prefix: str) -> dict[str, tuple[tuple[str, ...], str]]:
        if module_file is None or module_file not in self._files or not self._may_define_tf_functions(module_file):
            return {}
        return {f"{prefix}{name}": (tuple(parameters), f"{self.show(module_file)}:{line}")
                for name, (parameters, line) in self.summary(module_file).get("tf_functions", {}).items()}

    def show(self, file: str) -> str:
        """``file`` as messages name it: relative to the project's root."""
        return _relative(file, self.root)


def _relative(file: str, root: str) -> str:
    """``os.path.relpath(file, root)`` for real paths, without its look-ups in the common case."""
    if file.startswith(root + os.sep):
        return file[len(root) + 1:]
    try:
        return os.path.relpath(file, root)
    except ValueError:
        return file
