"""Graph code across the files of a project: which top-level functions of one file are reached
from graph code in another (issue #14). Plain data in, plain data out; no astroid.

Input, per file (by real path): its ``module_edges.summary`` (imports, top-level functions and
what each calls) and its graph code's outgoing references (``GraphIndex.outgoing``: imported names
that traced code calls, or hands to ``Dataset.map``, ``tf.function``, ...). Imports are resolved
to files of the project the way Python would find them from a script or package there: relative
imports from the importing file's package; absolute ones from the importing file's own folder (a
script's ``sys.path[0]``), the project root and its ``src/`` folder; a name a package's
``__init__.py`` re-exports is followed to the module that defines it. Reachability then spreads
from the outgoing references along the calls of top-level functions, across files, to a fixpoint.

:meth:`ProjectGraph.seeds` answers, per file, which of its top-level functions graph code in
*another* file reaches and how ("passed to Dataset.map in train.py:40"); the file's own index
does the rest (what those functions call in their own file, nested code).
"""

from __future__ import annotations

import os
from collections import deque
from pathlib import Path

PROJECT_MARKERS = ("pyproject.toml", "setup.cfg", "setup.py", ".git")
MAX_CHAIN_STEPS = 3  # steps of a "how" text before the rest is elided
MAX_REEXPORTS = 5


def find_root(paths: list[str]) -> str:
    """The project a set of linted paths belongs to: the nearest folder above the first of them
    holding ``pyproject.toml``, ``setup.cfg``, ``setup.py`` or ``.git``; else the folder the
    paths have in common."""
    real = [os.path.realpath(p) for p in paths] or [os.getcwd()]
    start = real[0] if os.path.isdir(real[0]) else os.path.dirname(real[0])
    folder = Path(start)
    for candidate in (folder, *folder.parents):
        if any((candidate / marker).exists() for marker in PROJECT_MARKERS):
            return str(candidate)
    folders = [p if os.path.isdir(p) else os.path.dirname(p) for p in real]
    return os.path.commonpath(folders)


class ProjectGraph:
    def __init__(self, root: str, summaries: dict[str, dict], outgoing: dict[str, list]) -> None:
        self.root = os.path.realpath(root)
        self.summaries = summaries
        self.outgoing = outgoing
        self._files = set(summaries)

    # -- imports to files --------------------------------------------------------------------

    def resolve_module(self, importer: str, module: str, level: int) -> str | None:
        """The project file ``import module`` (``level`` dots) in ``importer`` loads, or None."""
        parts = [p for p in module.split(".") if p]
        if level > 0:
            base = Path(importer).parent
            for _ in range(level - 1):
                base = base.parent
            return self._module_file(base, parts)
        for base in (Path(importer).parent, Path(self.root), Path(self.root) / "src"):
            found = self._module_file(base, parts)
            if found is not None:
                return found
        return None

    def _module_file(self, base: Path, parts: list[str]) -> str | None:
        target = base.joinpath(*parts)
        for candidate in (target.with_name(target.name + ".py") if parts else None, target / "__init__.py"):
            if candidate is not None and str(candidate) in self._files:
                return str(candidate)
        return None

    def resolve_reference(self, file: str, base: str, attribute: str | None,
                          hops: int = 0) -> tuple[str, str] | None:
        """The (file, top-level function) that ``base`` / ``base.attribute`` names in ``file``."""
        summary = self.summaries.get(file)
        if summary is None or hops > MAX_REEXPORTS:
            return None
        imported = summary["imports"].get(base)
        if imported is None:
            if attribute is None and base in summary["functions"]:
                return file, base
            return None
        module, level, name = imported
        if name is None:  # import pkg.mod as m; m.func(...)
            target = self.resolve_module(file, module, level)
            return self._defined(target, attribute, hops) if attribute else None
        if attribute is None:  # from mod import func
            return self._defined(self.resolve_module(file, module, level), name, hops)
        # from pkg import mod; mod.func(...)
        submodule = self.resolve_module(file, f"{module}.{name}" if module else name, level)
        return self._defined(submodule, attribute, hops)

    def _defined(self, file: str | None, name: str, hops: int) -> tuple[str, str] | None:
        if file is None:
            return None
        summary = self.summaries[file]
        if name in summary["functions"]:
            return file, name
        if name in summary["imports"]:  # re-exported (``from .data import augment`` in __init__)
            return self.resolve_reference(file, name, None, hops + 1)
        return None

    # -- reachability ------------------------------------------------------------------------

    def seeds(self) -> dict[str, dict[str, str]]:
        """Per file, its top-level functions that graph code in another file reaches, and how."""
        how: dict[tuple[str, str], tuple[str, str]] = {}  # (file, function) -> (how, from file)
        queue: deque[tuple[str, str]] = deque()
        for file in sorted(self.outgoing):
            for base, attribute, line, text, _confidence in self.outgoing[file]:
                target = self.resolve_reference(file, base, attribute)
                if target is not None and target not in how and target[0] != file:
                    how[target] = (f"{text} in {self._show(file)}:{line}", file)
                    queue.append(target)
        while queue:
            file, function = queue.popleft()
            for base, attribute, line in self.summaries[file]["functions"].get(function, []):
                target = self.resolve_reference(file, base, attribute)
                if target is None or target in how:
                    continue
                step = f"called from '{function}' in {self._show(file)}:{line}"
                how[target] = (_joined(step, how[(file, function)][0]), file)
                queue.append(target)
        found: dict[str, dict[str, str]] = {}
        for (file, function), (text, origin) in sorted(how.items()):
            if origin != file:  # reached within its own file: that file's index sees it
                found.setdefault(file, {})[function] = text
        return found

    def _show(self, file: str) -> str:
        try:
            return os.path.relpath(file, self.root)
        except ValueError:
            return file


def _joined(step: str, rest: str) -> str:
    steps = [step, *rest.split(", which is ")]
    if len(steps) > MAX_CHAIN_STEPS:
        steps = [*steps[:MAX_CHAIN_STEPS - 1], "...", steps[-1]]
    return ", which is ".join(steps)
