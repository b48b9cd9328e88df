"""Which TensorFlow releases a project runs on, as its own code shows (stdlib only: the project view
asks it of every file's text, and the rules read what the view tells a file without astroid).

The modules of one folder run together, in one environment: when one of them calls an API that
TensorFlow removed in some release, unguarded, they run on the releases before that one, and
every file of the folder is judged by their rules. (Not the whole project: a repository of many
examples, each with its own requirements, runs each on its own TensorFlow.) ``tf.keras.mixed_precision.experimental`` (``Policy``,
``set_policy``, ``global_policy``, ``LossScaleOptimizer``) was removed in TensorFlow 2.9, the
release that added ``tf.function(reduce_retracing=...)``: a project calling it cannot take that
keyword, and its ``experimental_relax_shapes`` is current (rules TFG306); its ``tf.keras`` is
Keras 2 (analysis/keras_version). ``tf.estimator`` (and ``tf.compat.v1.estimator``: an
``Estimator``, a ``TPUEstimator``, ``ModeKeys``) was removed in TensorFlow 2.16, the release whose
``tf.keras`` is Keras 3: a folder that builds its model in an Estimator's ``model_fn`` runs Keras 2,
unless a file of it also trains with a Keras loop (``model.fit(...)``), an entry point that runs
on either generation (:func:`release_uses`).

A use inside a ``try`` block, or under an ``if`` that tests a version or an attribute
(``hasattr``/``getattr``), may be the fallback of code that runs on both generations: it says
nothing. Comments and strings spell no use.
"""

from __future__ import annotations

import ast
import re

from tfgraph_lint.core.lazy_pattern import LazyPattern

# What the project view tells every file of a folder (its definitions) whose code shows it runs
# on TensorFlow older than a release: ``{TENSORFLOW_BEFORE: "2.9 algo/agent.py:52"}``.
TENSORFLOW_BEFORE = "<tensorflow before>"

# (module path of the removed API, the first release without it)
_REMOVED = (("mixed_precision.experimental", (2, 9)),
            ("tf.estimator", (2, 16)), ("tensorflow.estimator", (2, 16)), ("v1.estimator", (2, 16)))
# The spellings of a removed API's module path (one alternative each of ``_WORDS``).
_SPELLINGS = (r"mixed_precision\.experimental\b", r"mixed_precision\s+import\s+experimental\b",
              r"\b(?:tf|tensorflow|v1)\.estimator\b", r"\b(?:tensorflow|v1)\s+import\s+estimator\b")
_WORDS = LazyPattern("|".join(_SPELLINGS))
# Every spelling holds one of these: looking for them first (a plain substring search) spares
# most texts the pattern, whose alternatives the regex engine tries at every position.
_LITERALS = ("mixed_precision", "estimator")
_GUARD_WORDS = LazyPattern(r"version|hasattr|getattr")


def removed_api_use(text: str | None) -> list | None:
    """``[release, line]`` of the first unguarded use in ``text`` of an API removed in TensorFlow
    ``release`` (``[[2, 9], 52]``), the earliest such release first; None when there is none."""
    if not text or not any(word in text for word in _LITERALS) or not _WORDS.search(text):
        return None
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    found = None
    for node, guarded in _walk(tree, False):
        if guarded:
            continue
        for dotted, release in _REMOVED:
            if _spells(node, dotted) and (found is None or (list(release), node.lineno) < tuple(found)):
                found = [list(release), node.lineno]
    return found


_KERAS_3 = (2, 16)  # the release whose tf.keras is Keras 3
_KERAS_LOOPS = frozenset({"fit", "fit_generator", "train_on_batch"})


def runs_keras_loop(text: str | None) -> bool:
    """``text`` calls a Keras training loop (``model.fit(...)``); comments and strings do not count."""
    if not text or not re.search(r"\b(?:fit|fit_generator|train_on_batch)\s*\(", text):
        return False
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return True
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _KERAS_LOOPS
               for node in ast.walk(tree))


def release_uses(uses: dict[str, list | None], trains_with_keras: bool) -> dict[str, list | None]:
    """The uses of one folder (:func:`removed_api_use`) that say which releases it runs on: an API
    removed with Keras 3's arrival (``tf.estimator``) says nothing of a folder one of whose files
    trains with a Keras loop (``trains_with_keras``), which may be its entry point on Keras 3."""
    if not trains_with_keras:
        return uses
    return {real: use for real, use in uses.items() if use and tuple(use[0]) < _KERAS_3}


def project_tensorflow_before(uses: dict[str, list | None], root_relative) -> str | None:
    """What the view tells every file of one folder, from its files' :func:`removed_api_use`
    (``uses``): the earliest release one of them cannot run on, and where (``"2.9
    algo/agent.py:52"``); None."""
    best = None
    for real, use in sorted(uses.items()):
        if use and (best is None or tuple(use[0]) < tuple(best[1][0])):
            best = (real, use)
    if best is None:
        return None
    real, (release, line) = best
    return f"{'.'.join(map(str, release))} {root_relative(real)}:{line}"


def told_before(told: dict | None) -> tuple[tuple[int, int], str] | None:
    """``((2, 9), "algo/agent.py:52")`` from what the view tells a file; None when it tells nothing."""
    value = (told or {}).get(TENSORFLOW_BEFORE)
    if not isinstance(value, str):
        return None
    release, _, where = value.partition(" ")
    try:
        major, minor = (int(part) for part in release.split("."))
    except ValueError:
        return None
    return (major, minor), where


def unguarded_nodes(tree: ast.AST):
    """The nodes of ``tree`` outside a ``try`` block and outside an ``if`` that tests a version or
    an attribute: a use there is not the fallback of code that runs on both generations."""
    return (node for node, guarded in _walk(tree, False) if not guarded)


def _walk(node: ast.AST, guarded: bool):
    for child in ast.iter_child_nodes(node):
        inner = guarded
        if isinstance(node, ast.Try) and child in node.body:
            inner = True
        elif isinstance(node, ast.If) and child is not node.test and _GUARD_WORDS.search(ast.unparse(node.test)):
            inner = True
        yield child, inner
        yield from _walk(child, inner)


def _spells(node: ast.AST, dotted: str) -> bool:
    """``x.mixed_precision.experimental`` read, or ``experimental`` imported from a module ending
    in ``mixed_precision`` (``import tensorflow.keras.mixed_precision.experimental``); so for
    ``tf.estimator`` (``from tensorflow import estimator``)."""
    parent, _, last = dotted.rpartition(".")
    if isinstance(node, ast.Attribute):
        if node.attr != last:
            return False
        value = node.value
        name = value.attr if isinstance(value, ast.Attribute) else getattr(value, "id", None)
        return name == parent
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").endswith(parent) and any(alias.name == last for alias in node.names)
    if isinstance(node, ast.Import):
        return any(f".{dotted}" in f".{alias.name}" for alias in node.names)
    return False
