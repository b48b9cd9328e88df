"""The project view's note of classes named in files whose uses of them it does not judge.

Whether a Keras class runs only eagerly is judged from what each project file does with the
instances it makes (``keras_instance_rows.instance_rows``, from each file's graph-code index).
The project's notebooks and the ``*.py`` files the configuration excludes get no index: a
notebook that makes the model and fits it, or saves it, would go unseen. So each class a project
file defines whose name such a file spells anywhere (as a word: its code, a comment, a string
alike) gets the seed ``Cls.<named where its uses are not judged>``, which keeps its methods graph
code there (only the evidence that the whole project traces nothing, ``view_eager``, which reads
those files itself, sets it aside). A file that cannot be read counts as naming every class.
"""

from __future__ import annotations

import re

from tfgraph_lint.analysis.instance_screen import UNJUDGED_SEED
from tfgraph_lint.core.lazy_pattern import LazyPattern

_CLASS = LazyPattern(r"^[ \t]*class[ \t]+([A-Za-z_]\w*)", re.MULTILINE)
_WORD = LazyPattern(r"[A-Za-z_]\w*")


def unjudged_seeds(store, texts, others: list[str], read) -> dict[str, dict[str, str]]:
    """Per project file (real path), ``{"Cls.<named where its uses are not judged>": where}`` for
    its classes that ``others`` (the project's files outside ``texts``, read by ``read(path)``,
    None when unreadable) name; ``store``/``texts``: the view's per-file store and texts."""
    if not others:
        return {}
    named: dict[str, str] = {}  # word -> the first other file spelling it
    unreadable = None
    for path in others:
        text = read(path)
        if text is None:
            unreadable = unreadable or path
            continue
        for word in set(_WORD.findall(text)):
            named.setdefault(word, path)
    found: dict[str, dict[str, str]] = {}
    for real in sorted(texts.digests):
        classes = store.get_or_compute(real, "class names", lambda real: sorted(set(_CLASS.findall(texts[real]))))
        for cls in classes or []:
            where = named.get(cls, unreadable)
            if where is not None:
                found.setdefault(real, {})[f"{cls}.{UNJUDGED_SEED}"] = f"named in {where}"
    return found


def with_unjudged(seeds: dict[str, dict[str, str]], unjudged: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """``seeds`` (per file) with ``unjudged``'s added."""
    if not unjudged:
        return seeds
    merged = {real: dict(found) for real, found in seeds.items()}
    for real, found in unjudged.items():
        merged.setdefault(real, {}).update(found)
    return merged
