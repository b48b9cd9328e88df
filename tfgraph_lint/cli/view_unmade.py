"""The project view's evidence that a class is made by no code of a project that ships no package.

Research code keeps classes it wrote and never used: a head left over from a draft, a model the
training script stopped building, a module whose only importer asks for a name it lacks. A
Keras layer's ``call`` there never runs, traced or not, so what would go wrong at trace time
does not happen. A package's users make its classes, though: the evidence holds only in a project
whose extent is known (its root holds a project marker: ``.git``, ``pyproject.toml``,
``setup.cfg`` or ``setup.py``) and that ships no package (no ``setup.py``, no ``setup.cfg`` with a ``[metadata]`` or ``[options]`` section,
no ``pyproject.toml`` with a ``[project]``, ``[build-system]`` or ``[tool.poetry]`` section at its
root), and that has Python files of its own at its root: one whose root holds packages alone is laid
out as a library is installed (an unpacked wheel, site-packages). Below a root with no files of its
own, the classes of files in no package (a folder with no ``__init__.py``, as research code keeps
its ``experiments/``) are judged, and so are those of a package imported from a folder below the
root that holds a program of its own and no package description (``exp/src/modules/`` beside
``exp/src/train.py``: the scripts' own package), and so are those of a folder whose programs import
its modules by their bare names (``from generator import Net`` in ``train.py`` beside
``generator.py``: run as scripts from there, an ``__init__.py`` in it or not); those of other
packages are not, nor those below a top folder that the project's files import by dotted path
(``from Note.nn.layer import Pool``: a namespace package, as a library with no ``__init__.py`` is
laid out). The project must also run a program of its own (a notebook, or a file whose top level
runs code: ``analysis/program_files``): a folder of optimizers or layers with no script is a
collection that other code makes, and a class made by none of its own code says nothing there.

A class is made when (``analysis/class_mentions`` says what each file reads) any file of the
project (the ``*.py`` files the view walks, those the configuration excludes, the notebooks'
code cells) reads its name in module code, a function or a class body's own statements; or in a
method, or as a base, of a class that is made itself; or spells it in a string; or it carries a
decorator. A name a file imports by name from a project file that defines the class
(``from layers import Head``, or ``from layers import *``), or a class of the file's own, is that class; every other read is
matched by spelling alone, whatever it resolves to (``models.Head``, a name imported under another
name): two classes of one name are made together. What a module's code reads after a top-level ``from M import b`` that
raises ImportError (``M`` a project module that defines no ``b``: ``analysis/failing_imports``)
never runs, and makes nothing. A file that may look a class up by a computed name, or that cannot be
read, makes every class (a ``getattr(module, name)`` on a project module that binds no class
makes none); a file that cannot be parsed makes each class whose name it spells.

A class of a module that nothing loads (no file names the module and it runs no code of its own:
``analysis/unloaded_modules``) is made by none of these, whatever reads its name elsewhere.
Each class of a project file that is made by none of these gets the seed
``Cls.<made by no code of this project>`` (``analysis/unmade_evidence`` reads it); one that only
test files make (``test_*.py``, ``*_test.py``: directly, or in methods of classes only they make),
each of which names nothing through which TensorFlow may trace (``analysis/project_tracing``),
gets ``Cls.<made only by tests of this project>``: such a test calls what it checks eagerly
(``analysis/keras_run_evidence`` weighs the seed with the view's others).
"""

from __future__ import annotations

import os
import re

from tfgraph_lint.analysis.class_mentions import TESTS_ONLY_SEED, UNMADE_SEED, class_mentions
from tfgraph_lint.analysis.shipped_packages import program_project, ships_package
from tfgraph_lint.analysis.project_tracing import shows_tracing
from tfgraph_lint.analysis.test_files import is_test_file
from tfgraph_lint.core import notebooks

def package_state(root: str) -> dict[str, str]:
    """An entry for the view's state key, so that a view kept from before a package description
    was added or removed is not reused."""
    return {"<ships a package>": "yes" if ships_package(root) else "no"}


def unmade_seeds(graph, store, texts, others: list[str], read) -> dict[str, dict[str, str]]:
    """Per project file (real path), ``{"Cls.<made by no code of this project>": why}`` for its
    classes that no code of the project makes (see the module's docstring); empty when the
    project ships a package. ``store``/``texts``: the view's per-file store and
    texts; ``others``: the project's files outside ``texts``, read by ``read(path)`` (None:
    unreadable); ``graph``: the ProjectGraph (its root, how its imports resolve)."""
    at_root = any(os.path.dirname(real) == graph.root for real in texts.digests)
    # Top folders that project files import by dotted path (``from Note.nn.layer import ...``): a
    # namespace package, laid out as a library is, even with no ``__init__.py``.
    imported_tops = {module.partition(".")[0] for imports in graph.imports.values()
                     for module, level, _name in imports.values() if not level and module}

    def outside_packages(real: str) -> bool:
        return _outside_packages(real, graph.root, texts.digests) and _top_folder(real, graph.root) not in imported_tops
    if not program_project(graph.root) or not (at_root or any(outside_packages(real) for real in texts.digests)):
        # (Without a marker the root is the folder a file's package is imported from, which may
        # be one folder of a larger tree; a root holding packages alone is a library's layout.)
        return {}
    # Deferred: only a project laid out as scripts (no package shipped) needs these.
    from tfgraph_lint.analysis.unloaded_modules import import_spellings, never_loaded, words

    mentions: dict[str, dict] = {}
    for real in sorted(texts.digests):
        mentions[real] = store.get_or_compute(real, "class reads", lambda real: class_mentions(texts[real]))
    other_texts: dict[str, str] = {}
    for path in others:
        other_texts[path] = read(path)
        found = _other_mentions(path, other_texts[path])
        if found is None:
            return {}
        mentions[path] = found
    if any(found.get("dynamic") or not _lookups_find_no_class(real, found, mentions, graph)
           for real, found in mentions.items()):
        return {}
    if not any(found.get("runs") for found in mentions.values()):
        return {}  # no program of its own: a collection of classes that other code makes
    failing = _failing_imports(graph, mentions)
    made = _made(mentions, failing, graph)
    made_but_for_failing = _made(mentions, {}, graph) if failing else made
    programs = {path: found for path, found in mentions.items() if not is_test_file(path)}
    made_by_programs = _made(programs, failing, graph) if len(programs) < len(mentions) else made
    # Tests that may trace (a tf.function, fit, a dataset map...; a test outside the view's texts,
    # unread) make what they make as programs do: only quiet tests' classes get the seed.
    tracing_tests = {path: found for path, found in mentions.items() if path not in programs and (
        path not in texts.digests or store.get_or_compute(path, "tracing", lambda real: shows_tracing(texts[real])))}
    made_by_programs = _made({**programs, **tracing_tests}, failing, graph) if tracing_tests else made_by_programs
    program_folders = {os.path.dirname(path) for path, found in programs.items() if found.get("runs")}
    script_folders = _script_folders(programs, graph, texts.digests)
    unloaded = never_loaded(mentions, lambda real: words(other_texts[real]) if real in other_texts else import_spellings(
        graph.imports.get(real, {}), mentions[real]), graph.root)
    seeds: dict[str, dict[str, str]] = {}
    for real in sorted(texts.digests):
        if not at_root and not outside_packages(real) and not _beside_programs(
                real, graph.root, texts.digests, program_folders) and os.path.dirname(real) not in script_folders:
            continue  # a package below a root of no files of its own: laid out as a library is
        for cls in mentions[real].get("classes", {}):
            if real in unloaded:
                seeds.setdefault(real, {})[f"{cls}.{UNMADE_SEED}"] = (
                    f"no file of this project imports or names {os.path.relpath(real, graph.root)}, which holds "
                    f"'{cls}' and runs no code of its own, and the project ships no package")
                continue
            if _is_made((real, cls), made_by_programs):
                continue
            if _is_made((real, cls), made):
                seeds.setdefault(real, {})[f"{cls}.{TESTS_ONLY_SEED}"] = (
                    f"no code of this project but its tests makes '{cls}', and it ships no package")
                continue
            if _is_made((real, cls), made_but_for_failing):  # (directly, or through classes such code makes)
                where = "; ".join(sorted(how for _line, how in failing.values())[:2])
                why = (f"'{cls}' is made only by code after an import that raises ImportError ({where}), "
                       "and by no other code of this project, which ships no package")
            else:
                why = f"'{cls}' is made by no code of this project, which ships no package"
            seeds.setdefault(real, {})[f"{cls}.{UNMADE_SEED}"] = why
    return seeds


def _lookups_find_no_class(real: str, found: dict, mentions: dict[str, dict], graph) -> bool:
    """Each module ``real`` looks a computed name up in (``getattr(cleaners, name)``) is a file of
    the project that binds no class: it defines none, imports no CapWords name and no ``*``."""
    for level, module in found.get("lookups", ()):
        target = graph.resolve_module(real, module, level)
        bound = mentions.get(target) if target is not None else None
        if bound is None or "words" in bound or bound.get("open") or bound.get("classes") or any(
                _cap_word(name) for name in bound.get("defines", ())):
            return False
    return True


def _script_folders(programs: dict[str, dict], graph, files) -> set[str]:
    """Folders whose programs import a module beside them by its bare name (``from generator
    import Net`` in ``exp/train.py`` beside ``exp/generator.py``): run as scripts from that
    folder, which is then the scripts' own, an ``__init__.py`` in it or not."""
    found: set[str] = set()
    for path, summary in programs.items():
        folder = os.path.dirname(path)
        if not summary.get("runs") or folder in found:
            continue
        for module, level, _name in graph.imports.get(path, {}).values():
            first = module.partition(".")[0]
            if not level and first and os.path.join(folder, f"{first}.py") in files:
                found.add(folder)
                break
    return found


def _beside_programs(real: str, root: str, files, program_folders: set[str]) -> bool:
    """``real`` is in a package imported from a folder below the root that holds a program of its
    own (``program_folders``: the folders of the project's programs, tests left out) and no package
    description (``exp/src/modules/models.py`` beside ``exp/src/train.py``, run as ``python
    train.py``): the scripts' own package, as research code keeps one per experiment, not a library
    laid out for installing (whose folder holds packages alone, or a ``setup.py``)."""
    folder = os.path.dirname(real)
    while os.path.join(folder, "__init__.py") in files:
        folder = os.path.dirname(folder)
    return (folder != root and folder.startswith(root + os.sep) and folder in program_folders
            and not ships_package(folder))


def _cap_word(name: str) -> bool:
    """``Net``, ``TTSModel`` (a class, by convention), not ``MAX_LEN``."""
    return name[:1].isupper() and any(char.islower() for char in name)


def _top_folder(real: str, root: str) -> str:
    """The first folder of ``real`` below ``root`` ("" for a file at the root)."""
    relative = os.path.relpath(real, root).split(os.sep)
    return relative[0] if len(relative) > 1 else ""


def _outside_packages(real: str, root: str, files) -> bool:
    """``real`` is a file of no package: at the root, or in a folder with no ``__init__.py``
    (``experiments/train.py`` beside ``experiments/layers.py``, run as ``python experiments/train.py``).
    An installed library's modules all sit in packages below its root."""
    folder = os.path.dirname(real)
    return folder == root or os.path.join(folder, "__init__.py") not in files


def _made(mentions: dict[str, dict], failing: dict[str, tuple[int, str]], graph=None) -> set[tuple[str | None, str]]:
    """The classes the files' code makes (see the module's docstring), leaving out what each file
    of ``failing`` reads from the line of its failing import on: ``(file, name)`` for a read that
    names one class (imported by ``from M import Name`` from a project file ``M`` defining it,
    through ``graph``; or the file's own class), ``(None, name)`` for every class so spelled."""
    made: set[tuple[str | None, str]] = set()
    held: dict[tuple[str, str], set] = {}  # (file, holder class) -> what its methods and bases read
    for path, found in mentions.items():
        cut = failing[path][0] if path in failing else None
        defines = _defining_files(path, found, mentions, graph)
        made.update((None, name) for name in found.get("words", ()))
        made.update((None, name) for name in found.get("strings", ()))
        made.update((path, name) for name, decorated in found.get("classes", {}).items() if decorated)
        for holder, name, line in found.get("reads", ()):
            if cut is not None and line >= cut:
                continue  # never runs: the import before it raises
            if holder is None:
                made.add((defines.get(name), name))
            elif name != holder:
                held.setdefault((path, holder), set()).add((defines.get(name), name))
    while True:
        fired = [key for key in held if _is_made(key, made)]
        if not fired:
            return made
        for key in fired:
            made.update(held.pop(key))


def _is_made(key: tuple[str, str], made: set) -> bool:
    return key in made or (None, key[1]) in made


def _defining_files(path: str, found: dict, mentions: dict[str, dict], graph) -> dict[str, str]:
    """The names ``path``'s reads bind to one class of the project: its own top-level classes, and
    the classes it imports by name (``from layers import Net``) or by a top-level star import
    (``from layers import *``) from a project file defining them.
    (A name imported under another name, or read as ``module.Net``, stays a spelling.)"""
    defines = {}
    for level, module in found.get("stars", ()) if graph is not None else ():
        target = graph.resolve_module(path, module, level)  # (``from model import *``)
        defines.update(dict.fromkeys(mentions.get(target, {}).get("classes", {}) if target is not None else (), target))
    defines.update((name, path) for name in found.get("classes", {}))
    for level, module, names, _line in found.get("imports", ()) if graph is not None else ():
        target = graph.resolve_module(path, module, level)
        classes = mentions.get(target, {}).get("classes", {}) if target is not None else {}
        for name in names:
            if name in classes:
                defines[name] = target
            else:
                defines.pop(name, None)  # (bound by the import, whatever the file defines)
    return defines


def _failing_imports(graph, mentions: dict[str, dict]) -> dict[str, tuple[int, str]]:
    """Per project file, the first line of a top-level ``from M import ...`` that raises
    ImportError (``analysis/failing_imports``), with how it fails."""
    found: dict[str, tuple[int, str]] = {}
    for real, summary in mentions.items():
        for level, module, names, line in summary.get("imports", ()):
            if real in found and found[real][0] <= line:
                break
            target = graph.resolve_module(real, module, level)
            defined = mentions.get(target) if target is not None else None
            if defined is None or "words" in defined or defined.get("open"):
                continue
            package = os.path.basename(target) == "__init__.py"
            missing = [name for name in names if name not in defined.get("defines", ()) and not (
                package and graph.resolve_module(real, f"{module}.{name}" if module else name, level) is not None)]
            if missing:
                found[real] = (line, f"{os.path.relpath(real, graph.root)}:{line} asks "
                                     f"{os.path.relpath(target, graph.root)} for '{missing[0]}', which it does not define")
    return found


def _other_mentions(path: str, text: str | None) -> dict | None:
    """What a file outside the view's texts reads (None: it cannot be read, so may make anything).
    A notebook's cells left out of its code (a syntax error, a cell magic) count by their words."""
    if text is None:
        return None
    if not notebooks.is_notebook(path):
        return class_mentions(text)
    try:
        notebook = notebooks.read(text)
    except notebooks.NotebookError:
        return None
    found = {**class_mentions(notebook.source), "runs": True}  # a notebook is a program
    words = {word for cell in notebook.cells if cell.left_out for word in re.findall(r"[A-Za-z_]\w*", "\n".join(cell.lines))}
    if words:
        found = {**found, "words": sorted(set(found.get("words", ())) | words)}
    return found
