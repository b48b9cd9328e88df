"""TensorFlow and Keras reached through the project's own package: what those imports are.

Libraries hand TensorFlow or Keras to their modules under their own names:
``from tensorflow_asr import tf`` (its ``__init__`` does ``import tensorflow as tf``),
``from keras_cv.src.backend import keras`` (``import keras``, or a Keras 2 shim, by version),
``from keras_tuner.backend import keras`` (a module that star-imports ``keras`` or
``tensorflow.keras``), ``from .base import tf`` (a sibling module's ``import tensorflow as tf``,
through a relative import). Read alone, such a file imports neither, so ``@tf.function`` there is no
tf.function and a ``keras.layers.Layer`` subclass no Keras layer: findings are missed, and a
lambda handed to that ``tf.numpy_function`` is taken for graph code.

The project view (cli/project.py) resolves them from the other files' texts
(``module_edges.exports``): per linted file, the dotted name an import of it spells
(``tensorflow_asr.tf``) -> the TensorFlow or Keras module it is (``tensorflow``). The project's
own modules are followed through a few hops (a Keras 2 shim that star-imports ``tensorflow.keras``
is Keras). A star import of a project module (``from utils import *`` where utils does
``import tensorflow as tf``) hands on the names that module binds to TensorFlow or Keras:
``tf`` in the importing file is ``tensorflow``. A name its module binds more than once counts only when every binding comes out the
same (``import keras`` or that shim, by version); one that may be anything else (``import numpy
as backend`` in an ``except ImportError:``) is left unresolved, as before. So is a module that
star-imports Keras and defines functions or classes of its own (keras-cv's ``backend/random.py``
adds its own ``uniform``): an attribute of it may be the project's.
"""

from __future__ import annotations

from collections.abc import Callable

from tfgraph_lint.core.tf_api import canonical

ROOTS = frozenset({"tensorflow", "keras", "tf_keras", "keras_core"})
_MAX_HOPS = 4


def project_aliases(graph, file: str, exports: Callable[[str], dict],
                    might_export: Callable[[str, str | None], bool]) -> dict[str, str]:
    """The dotted names ``file``'s imports spell that are TensorFlow or Keras re-exported by a
    project module: ``{"tensorflow_asr.tf": "tensorflow"}``. ``graph`` is the ProjectGraph,
    ``exports`` a file's ``module_edges.exports`` (a parse: asked only where ``might_export``, a
    look at the file's text, says the file may bind the name, or star-import for None)."""

    def exported(owner: str, name: str | None) -> dict:
        return exports(owner) if might_export(owner, name) else {"names": {}, "mirrors": []}

    found: dict[str, str] = {}
    for module, level, name in graph.imports.get(file, {}).values():
        if not level and module.split(".")[0] in ROOTS:
            continue  # TensorFlow itself needs nothing
        target = _resolved(graph, file, module, level, name, exported, 0)
        if target is not None:
            found[import_key(module, level, name)] = target
    if might_export(file, None):
        found.update(_star_imported(graph, file, exports, exported))
    return found


def import_key(module: str, level: int, name: str | None) -> str:
    """How an import is keyed among a file's aliases: ``from module import name`` as
    ``module.name``, ``import module`` as ``module``; a relative one with its leading dots
    (``from .base import tf`` as ``.base.tf``, ``from . import tf`` as ``.tf``), which no absolute
    name can spell."""
    spelled = f"{module}.{name}" if module and name else (module or name or "")
    return "." * level + spelled


def _star_imported(graph, file: str, exports: Callable[[str], dict],
                   exported: Callable[[str, str | None], dict]) -> dict[str, str]:
    """``from utils import *`` of a project module that imports TensorFlow or Keras: each name it
    hands on that way, keyed ``*.<name>`` (``{"*.tf": "tensorflow"}``). Names with a leading
    underscore are not star-imported; a name the module binds in ways that disagree is left out."""
    found: dict[str, str] = {}
    for module, level in exports(file).get("mirrors", []):
        owner = graph.resolve_module(file, module, level)
        if owner is None:
            continue  # a library's star import: TensorFlow itself is read from the import
        for local, candidates in exports(owner).get("names", {}).items():
            if local.startswith("_") or f"*.{local}" in found:
                continue
            targets = {_resolved(graph, owner, m, lvl, n, exported, 1) for m, lvl, n in candidates}
            target = targets.pop() if len(targets) == 1 else None
            if target is not None:
                found[f"*.{local}"] = target
    return found


def _resolved(graph, importer: str, module: str, level: int, name: str | None,
              exports: Callable[[str, str | None], dict], hops: int) -> str | None:
    """What ``from module import name`` (``import module`` when name is None) in ``importer``
    binds, when that is TensorFlow or Keras handed on by project modules; None otherwise."""
    if hops > _MAX_HOPS:
        return None
    spelled = f"{module}.{name}" if module and name else (module or name or "")
    if not level and spelled.split(".")[0] in ROOTS:
        return canonical(spelled)
    submodule = graph.resolve_module(importer, spelled, level)
    if submodule is not None:  # a module of the project: one that mirrors another by ``import *``
        mirrored = exports(submodule, None)
        if mirrored.get("defines"):
            return None  # and adds functions or classes of its own: an attribute may be one of them
        candidates = [[m, lvl, None] for m, lvl in mirrored["mirrors"]]
        owner = submodule
    elif name is not None and (owner := graph.resolve_module(importer, module, level)) is not None:
        candidates = exports(owner, name)["names"].get(name, [])
    else:
        return None
    targets = {_resolved(graph, owner, m, lvl, n, exports, hops + 1) for m, lvl, n in candidates}
    return targets.pop() if len(targets) == 1 else None  # {None}, or bindings that disagree: unknown
