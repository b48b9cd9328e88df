"""What the project view reads of its files' texts with patterns, before parsing any: each file's
imports, whether it may define a tf.function or star-imports (:func:`text_facts`); the
tf.functions a file calls by name (:func:`called_in`); TensorFlow or Keras a file imports from
the project's own modules (:func:`aliases`). ``texts``: the view's readable texts
(cli/view_texts' ``readable_texts``).
"""

from __future__ import annotations

import functools
import re

from tfgraph_lint.cli.project_store import ProjectStore
from tfgraph_lint.core.word_search import from_line_starts
from tfgraph_lint.core.lazy_pattern import LazyPattern


def aliases(graph, store: ProjectStore, texts, facts: dict[str, dict], files: list[str], exports) -> dict:
    """Per file of ``files`` that imports TensorFlow or Keras from a module of the project: the dotted
    names its imports spell -> what they are (analysis/reexports); ``exports``: module_edges.exports."""
    from tfgraph_lint.analysis.reexports import project_aliases

    @functools.cache
    def assigned(real: str) -> frozenset[str]:
        if real not in facts:
            return frozenset()
        return frozenset(store.get_or_compute(real, "assigned", lambda real: sorted(set(
            _ASSIGNED_NAME.findall(from_line_starts(texts[real]))))))

    @functools.cache  # the same (module, name) pairs recur across importers
    def might_export(real: str, name: str | None) -> bool:
        if name is None:
            return real in facts and facts[real]["star"]
        return name in graph.imports.get(real, {}) or name in assigned(real)

    found = {real: project_aliases(graph, real, exports, might_export) for real in files}
    return {real: entries for real, entries in found.items() if entries}


# The patterns of lines start with a line break, searched in ``from_line_starts(text)``: MULTILINE's
# ``^`` would have them tried at every character (core/word_search).
# A decorator line naming ``function`` (``@tf.function``, ``@function(...)``): a file without one
# defines no tf.function the project view lists (module_edges counts decorated defs only).
_TF_FUNCTION_DECORATOR = re.compile(r"\n[ \t]*@[\w.]*\bfunction\b")
_CALLED_NAME = LazyPattern(r"\b(\w+)\s*\(")
_STAR_IMPORT = re.compile(r"\n[ \t]*from[ \t]+[.\w]+[ \t]+import[ \t]*\*")
# A line that starts by binding a name (``tf = ...``): a module that may hand that name on.
_ASSIGNED_NAME = LazyPattern(r"\n[ \t]*(\w+)[ \t]*=")


def text_facts(text: str) -> dict:
    """What the view asks of every file's text, found once per text and kept: its imports (a
    pattern, a tenth of a parse), whether a decorator names ``function``, whether it
    star-imports. (The names it binds and calls, dearer to find, are asked of a few files.)"""
    from tfgraph_lint.analysis import module_edges

    lines = from_line_starts(text)
    return {"imports": module_edges.imports_only(text),
            "decorated": _TF_FUNCTION_DECORATOR.search(lines) is not None,
            "star": _STAR_IMPORT.search(lines) is not None}


def called_in(real: str, store: ProjectStore, texts, tf_functions: dict[str, tuple]) -> dict[str, tuple]:
    """The imported tf.functions whose name the file's text calls somewhere (``step(``): a file given an
    entry is linted again after the view, so ``import m`` must not hand it every tf.function of ``m``."""
    if not tf_functions:
        return tf_functions
    called = set(store.get_or_compute(real, "called", lambda real: sorted(set(_CALLED_NAME.findall(texts.get(real))))))
    return {spelled: entry for spelled, entry in tf_functions.items() if spelled.rpartition(".")[2] in called}
