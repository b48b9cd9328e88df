"""Keras classes whose base is a class of another module of the project (stdlib ``ast``, no astroid).

``class GatedGraphConv(MessagePassing)``, where ``MessagePassing`` comes from
``from pkg.layers.message_passing import MessagePassing`` (or ``import pkg.layers.message_passing
as mp; class X(mp.MessagePassing)``) and derives from ``keras.layers.Layer`` there, directly or
through further classes of the project: Keras runs the subclass's ``call``, ``train_step``, ... as
it would if the base were written in the same file. The project view (cli/project.py) asks this
for each linted file and hands the module's analysis the spellings of its bases that are Keras
classes (:func:`imported_definitions`); ``trace_entries.keras_base`` then treats them as the Keras
names they derive from.

Dispatch through a base (:meth:`ProjectClasses.dispatched`): a base's method that Keras traces
calls ``self.message(...)``, directly or through its other methods (``call`` -> ``propagate`` ->
``self.message``): the subclass's override of ``message`` is what runs, traced. Those overrides
are given to the subclass's module as seeds (``Cls.message``), the way graph code of other files
reaches a module's functions. A ``self.`` call made only behind a create-once guard
(``if not self._built: self.build_from_signature(x)``) is set-up run once: not walked through.

Decorators of another project file that wrap the decorated function in ``tf.function``
(analysis/wrapping_decorators), applied as ``@function`` or ``@z.function(wraps="tensor")``, are
told the same way: the decorated defs are tf.functions (``trace_entries.tf_function_decorators``).

Each file's classes and their bases as spelled, its wrapping decorators and the decorators it
uses (:func:`file_definitions`) are computed once per file text and kept by the project store; what is Keras is derived again each run from those, so a base's
file that changes (no longer a Layer) changes what its subclasses' modules are told.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable

from tfgraph_lint.analysis.dynamic_bases import dynamic_bases
from tfgraph_lint.analysis.file_definitions import file_definitions
from tfgraph_lint.analysis.instance_screen import KERAS_CLASS_MADE
from tfgraph_lint.analysis.keras_2_files import keras_2_files
from tfgraph_lint.analysis.keras_generation import KERAS_GENERATION, keras_2_compile, keras_2_metric_reset, sets_legacy_keras
from tfgraph_lint.analysis.mode_guards import MODE_GUARD
from tfgraph_lint.analysis.shipped_packages import PROGRAM_PROJECT, program_project, ships_package
# DISPATCHED: how the seeds of :meth:`ProjectClasses.dispatched` begin (``keras_unconverted`` and
# ``keras_run_evidence`` ask, as they ask of a Keras method itself).
from tfgraph_lint.analysis.subclass_markers import DISPATCHED, dispatched_seed, subclass_markers
from tfgraph_lint.analysis.state_makers import STATE_MAKER
from tfgraph_lint.analysis.subclass_reads import subclass_reads_view
from tfgraph_lint.analysis.tensorflow_generation import (
    TENSORFLOW_BEFORE, project_tensorflow_before, release_uses, removed_api_use, runs_keras_loop,
)
from tfgraph_lint.analysis.test_files import is_test_file
from tfgraph_lint.analysis.wrapping_decorators import CALLED
from tfgraph_lint.core import tf_api

# What :meth:`ProjectClasses.imported_definitions` says of a decorator that wraps tf.function.
TF_FUNCTION_WRAPPER = "tf.function"

_MAX_DEPTH = 8  # classes followed up a chain of bases
_MAX_METHODS = 200  # methods followed through ``self.`` calls from a class's Keras methods
_IN_PROGRESS = object()


class ProjectClasses:
    """What the project's classes derive from, and its decorators do, across files. ``graph`` is
    the ProjectGraph (its files' imports, summaries and references); ``definitions_of`` gives a
    file's :func:`file_definitions`."""

    def __init__(self, graph, definitions_of: Callable[[str], dict]) -> None:
        self._graph = graph
        self._definitions_of = definitions_of
        self._families: dict[tuple[str, str], object] = {}

    def definitions(self, file: str) -> dict:
        """``file``'s :func:`file_definitions`."""
        return self._definitions_of(file)

    def _bases_of(self, file: str) -> dict[str, list[str]]:
        return self._definitions_of(file)["classes"]

    def keras_family(self, file: str, cls: str, depth: int = 0) -> str | None:
        """``tf_api.keras_family`` of the Keras class ``cls`` of ``file`` derives from, through
        classes of its own file and of other project files; None when it is no Keras class."""
        key = (file, cls)
        found = self._families.get(key)
        if found is _IN_PROGRESS or depth > _MAX_DEPTH:
            return None  # a cycle of bases, or too long a chain: not known
        if key in self._families:
            return found  # type: ignore[return-value]
        self._families[key] = _IN_PROGRESS
        family = None
        for spelled in self._bases_of(file).get(cls, ()):
            family = self._base_family(file, spelled, depth)
            if family is not None:
                break
        self._families[key] = family
        return family

    def _base_family(self, file: str, spelled: str, depth: int) -> str | None:
        local = self._bases_of(file)
        if spelled in local:  # a class of the same file
            return self.keras_family(file, spelled, depth + 1)
        named = self._keras_name(file, spelled)
        if named is not None:
            return named
        target = self.project_class(file, spelled)
        return self.keras_family(*target, depth + 1) if target is not None else None

    def _keras_name(self, file: str, spelled: str) -> str | None:
        """The Keras family of a base the file imports from Keras or TensorFlow by an absolute
        import (``from tensorflow.keras.layers import Layer``, ``tf.keras.Model``), also through a
        module-level alias of one (``ks = tf.keras``; ``ks.layers.Layer``)."""
        dotted = self.imported_name(file, spelled)
        return tf_api.keras_family(dotted) if dotted is not None else None

    def imported_name(self, file: str, spelled: str) -> str | None:
        """The canonical dotted name (``tf_api.canonical``) a base spelled ``spelled`` in ``file``
        names through an absolute import, or a module-level alias of one; None otherwise."""
        head, _, rest = spelled.partition(".")
        alias = self._definitions_of(file).get("aliases", {}).get(head)
        if alias is not None and head not in self._graph.imports.get(file, {}):
            head, _, more = alias.partition(".")  # ``ks = tf.keras``: ``ks.layers.Layer``
            rest = ".".join(part for part in (more, rest) if part)
        imported = self._graph.imports.get(file, {}).get(head)
        if imported is None or imported[1]:
            return None
        module, _level, name = imported
        return tf_api.canonical(".".join(part for part in (module, name, rest) if part))

    def project_class(self, file: str, spelled: str) -> tuple[str, str] | None:
        """The (file, class) of another project file that a base spelled ``Base`` or
        ``module.Base`` in ``file`` names through its imports; None for anything else."""
        head, _, rest = spelled.partition(".")
        if "." in rest or head not in self._graph.imports.get(file, {}):
            return None
        found = self._graph.resolve_reference(file, head, rest or None, classes=True)
        return found if found is not None and found[0] != file else None

    def imported_definitions(self, file: str) -> dict[str, str]:
        """The bases ``file``'s classes name through imports that are Keras classes of other
        project files: spelling -> Keras family (``{"MessagePassing": "layer"}``); and the
        decorators its defs are written with that are defs of other project files wrapping
        tf.function: spelling (``"function()"`` for the called form) -> ``TF_FUNCTION_WRAPPER``;
        and the defs of other files it calls that make a tf.Variable on every call:
        ``"utils.make()"`` -> ``STATE_MAKER`` and where (analysis/state_makers); and the Keras
        classes of other files it makes whose names are not capitalised: ``"metrics.mAP()"`` ->
        ``KERAS_CLASS_MADE`` and the family."""
        found: dict[str, str] = {}
        for spelled, form in self._definitions_of(file)["decorators"]:
            target = self._imported_def(file, spelled)
            if target is not None and form in self._definitions_of(target[0])["wrappers"].get(target[1], ()):
                found[spelled + ("()" if form == CALLED else "")] = TF_FUNCTION_WRAPPER
        for spelled in self._definitions_of(file).get("guards called", ()):
            target = self._imported_def(file, spelled)
            branch = target and self._definitions_of(target[0]).get("mode guards", {}).get(target[1])
            if branch and spelled + "()" not in found:
                found[spelled + "()"] = MODE_GUARD + branch
        for spelled in self._definitions_of(file).get("calls", ()):  # analysis/state_makers
            target = self._imported_def(file, spelled)
            line = target and self._definitions_of(target[0]).get("state makers", {}).get(target[1])
            if line and spelled + "()" not in found:
                found[spelled + "()"] = f"{STATE_MAKER}{os.path.relpath(target[0], self._graph.root)}:{line}"
            elif not spelled.rpartition(".")[2][:1].isupper() and spelled + "()" not in found:
                made = self.project_class(file, spelled)
                family = made and self.keras_family(*made)
                if family:
                    found[spelled + "()"] = KERAS_CLASS_MADE + family
        for bases in self._bases_of(file).values():
            for spelled in bases:
                if spelled in found or self.project_class(file, spelled) is None:
                    continue
                family = self._base_family(file, spelled, 0)
                if family is not None:
                    found[spelled] = family
        return found

    def _imported_def(self, file: str, spelled: str) -> tuple[str, str] | None:
        """The (file, name) of another project file that ``spelled`` (``f``, ``mod.f``) names
        through ``file``'s imports."""
        head, _, rest = spelled.partition(".")
        if "." in rest or head not in self._graph.imports.get(file, {}):
            return None
        target = self._graph.resolve_reference(file, head, rest or None)
        return target if target is not None and target[0] != file else None

    def keras_subclasses(self, files: list[str]) -> list:
        """The Keras classes of ``files`` with a base that is a Keras class of another project
        file: ``((file, class, line of its class statement), (base's file, base))``."""
        found = []
        for file in files:
            lines = self._definitions_of(file).get("class lines", {})
            for cls, bases in sorted(self._bases_of(file).items()):
                if cls not in lines:
                    continue
                for spelled in bases:
                    target = self.project_class(file, spelled)
                    if target is not None and self.keras_family(*target) is not None:
                        found.append(((file, cls, lines[cls]), target))
        return found

    # -- dispatch through a base -----------------------------------------------------------------

    def dispatched(self, file: str) -> dict[str, str]:
        """The methods of ``file``'s classes with a Keras base in another project file that a
        base's traced method reaches through ``self.<name>(...)``: ``"Cls.message"`` -> how.

        Nothing for a test file (``test_*.py``, ``*_test.py``): its subclasses of the project's bases
        are stand-ins the test drives itself (a mock agent called on eager tensors), not classes
        the project runs where Keras traces; what the test does with them is its own code's
        evidence, which the module's analysis reads."""
        found: dict[str, str] = {}
        if is_test_file(file):
            return found
        for cls, bases in sorted(self._bases_of(file).items()):
            family = self.keras_family(file, cls)
            if family is None or not any(self.project_class(file, spelled) for spelled in bases):
                continue
            chain = self.chain(file, cls)
            for name, how in self._reached_overrides(file, cls, chain, family).items():
                found.setdefault(f"{cls}.{name}", how)
        return found

    def chain(self, file: str, cls: str) -> list[tuple[str, str]]:
        """``cls`` and the project classes it derives from, in the order Python looks methods up
        (each class's bases in order, depth first: right for single inheritance, which is what
        layers of a project use)."""
        chain: list[tuple[str, str]] = []
        queue = [(file, cls)]
        while queue and len(chain) <= _MAX_DEPTH:
            current = queue.pop(0)
            if current in chain:
                continue
            chain.append(current)
            owner, name = current
            following = []
            for spelled in self._bases_of(owner).get(name, ()):
                if spelled in self._bases_of(owner):
                    following.append((owner, spelled))
                else:
                    target = self.project_class(owner, spelled)
                    if target is not None:
                        following.append(target)
            queue = following + queue
        return chain

    def _reached_overrides(self, file: str, cls: str, chain: list[tuple[str, str]], family: str) -> dict[str, str]:
        graph = self._graph

        def defining(name: str) -> tuple[str, str] | None:
            for owner, klass in chain:
                if f"{klass}.{name}" in graph.summary(owner)["functions"]:
                    return owner, klass
            return None

        seen: set[tuple[str, str, str]] = set()
        queue: deque[tuple[str, str, str]] = deque()
        for name in sorted(tf_api.KERAS_TRACED_METHODS_BY_FAMILY[family]):
            owner = defining(name)
            if owner is not None:
                queue.append((owner[0], owner[1], name))
                seen.add(queue[-1])
        found: dict[str, str] = {}
        while queue and len(seen) < _MAX_METHODS:
            owner, klass, method = queue.popleft()
            # ``if not self._built: self.build_from_signature(x)``: set-up run once, not per trace.
            once = self._definitions_of(owner).get("once calls", {}).get(f"{klass}.{method}", ())
            for base, attribute, line in graph.references(owner, f"{klass}.{method}"):
                if base != "self" or attribute is None or attribute in once:
                    continue
                target = defining(attribute)
                if target is None:
                    continue
                step = (target[0], target[1], attribute)
                if target == (file, cls) and (owner, klass) != (file, cls) and attribute not in found:
                    found[attribute] = (f"{DISPATCHED}{attribute}' from '{klass}.{method}' in "
                                        f"{os.path.relpath(owner, graph.root)}:{line}, which Keras traces")
                if step not in seen:
                    seen.add(step)
                    queue.append(step)
        return found


def keras_view(graph, store, texts, files: set[str], linted: set[str],
               definitions_of: Callable[[str], dict] | None = None,
               may_name: Callable[[str], bool] | None = None) -> tuple[dict, dict]:
    """For the project view: per file of ``files``, :meth:`ProjectClasses.imported_definitions`;
    per file of ``linted``, :meth:`ProjectClasses.dispatched`. Each file's :func:`file_definitions`
    comes from ``definitions_of`` (the view: from the file's record), else is kept in ``store``
    (the project store) by its text. ``may_name(file)``: False when the file's text surely names
    no definition of another project file (analysis/definition_screen): its own are not asked."""
    definitions_of = definitions_of or (lambda real: store.get_or_compute(
        real, "definitions+state makers+dynamic", lambda real: file_definitions(texts.get(real), graph.imports.get(real))))
    classes = ProjectClasses(graph, definitions_of)
    # A file that imports no project file names none of its classes or decorators: not parsed;
    # nor is one the view could not read (binary, gone).
    naming = [real for real in sorted(files) if real in graph.imports
              and graph.imported_files(real) and (may_name is None or may_name(real))]
    keras_bases = {real: found for real in naming if (found := classes.imported_definitions(real))}
    dispatched = Dispatched({real: found for real in sorted(linted & set(keras_bases))
                             if (found := classes.dispatched(real))})
    dispatched.graph = graph
    dispatched.subclasses = classes.keras_subclasses(sorted(keras_bases))
    # (After the Keras facts: what subclasses read says nothing of Keras.)
    for real, found in subclass_reads_view(classes.project_class, set(naming), linted, definitions_of).items():
        keras_bases[real] = {**keras_bases.get(real, {}), **found}
    for real in naming:  # (analysis/dynamic_bases)
        if found := dynamic_bases(classes, real, graph.root):
            keras_bases[real] = {**keras_bases.get(real, {}), **found}
    legacy = {real for real in texts.digests if store.get_or_compute(
        real, "sets legacy keras", lambda real: sets_legacy_keras(texts.get(real)))}
    compiles = {real for real in texts.digests if store.get_or_compute(
        real, "keras 2 compile", lambda real: keras_2_compile(texts.get(real)) or 0)}
    # A library's examples and scripts (files in no package of a project that ships one) show the
    # Keras they run, not the one the library's users run it under.
    library = ships_package(graph.root)
    if program_project(graph.root):
        # (Only files that open a GradientTape ask it: analysis/eager_steps.)
        for real in texts.digests:
            if store.get_or_compute(real, "opens a tape", lambda real: "GradientTape" in (texts.get(real) or "")):
                keras_bases[real] = {**keras_bases.get(real, {}), PROGRAM_PROJECT: "yes"}
    resets = {real for real in texts.digests if store.get_or_compute(
        real, "keras 2 metric reset", lambda real: keras_2_metric_reset(texts.get(real)) or 0) and not (
        library and os.path.join(os.path.dirname(real), "__init__.py") not in texts.digests)}
    # (Also the files that only reach into a linted one: what their graph code calls runs as they do.)
    for real in keras_2_files(graph, files | linted, legacy, compiles, resets):
        keras_bases[real] = {**keras_bases.get(real, {}), KERAS_GENERATION: "2"}
    by_folder: dict[str, dict] = {}  # folder -> its files' uses of an API TensorFlow removed
    for real in texts.digests:
        use = store.get_or_compute(real, "removed tensorflow api", lambda real: removed_api_use(texts.get(real)) or [])
        if use:
            by_folder.setdefault(os.path.dirname(real), {})[real] = use
    for folder, uses in by_folder.items():  # (an Estimator beside a Keras loop says nothing)
        trains = any(os.path.dirname(real) == folder and store.get_or_compute(
            real, "keras loop", lambda real: runs_keras_loop(texts.get(real))) for real in texts.digests)
        by_folder[folder] = release_uses(uses, trains)
    for real in sorted(linted):  # (a folder's modules run together, on one TensorFlow)
        uses = by_folder.get(os.path.dirname(real))
        before = project_tensorflow_before(uses, lambda real: os.path.relpath(real, graph.root)) if uses else None
        if before is not None:
            keras_bases[real] = {**keras_bases.get(real, {}), TENSORFLOW_BEFORE: before}
    return keras_bases, dispatched


class Dispatched(dict):
    """:meth:`ProjectClasses.dispatched` per linted file, with what :func:`with_dispatch` also
    needs: ``graph`` (the ProjectGraph) and ``subclasses`` (:meth:`ProjectClasses.keras_subclasses`)."""

    graph = None
    subclasses: list = []

    def on(self, graph) -> "Dispatched":
        """The same, read against ``graph`` (a copy of the view's graph with a reach of its own)."""
        found = Dispatched(self)
        found.graph, found.subclasses = graph, self.subclasses
        return found


def with_dispatch(seeds: dict[str, dict[str, str]], dispatched: dict[str, dict[str, str]]) -> dict:
    """``seeds`` (per file, name -> how) with the methods a Keras base of another file calls
    through ``self.``; a method other graph code reaches keeps that way. And, for a Keras class
    that other files name only as the base of their subclasses, the markers the subclasses'
    instances earn in place of "handed on" (analysis/subclass_markers)."""
    subclasses = getattr(dispatched, "subclasses", None)
    if not dispatched and not subclasses:
        return seeds
    merged = dict(seeds)
    for real, found in dispatched.items():
        merged[real] = {**found, **merged.get(real, {})}
    if subclasses:
        merged = subclass_markers(merged, dispatched.graph, subclasses)
    return merged
