"""Which Keras a file's imports say it runs under (stdlib only: the project view asks it of every
file, and the engine reads what it tells a file without loading astroid).

Keras 3 moved Keras 2's internals under ``keras.src`` and dropped modules such as
``keras.engine`` and ``keras.utils.generic_utils``: a file importing one can only run where Keras 2
is installed (analysis/keras_version reads what the project view says of it).

A program can show it runs Keras 2 by what it calls: ``model.compile(...,
experimental_run_tf_function=False)`` (or ``sample_weight_mode=``, ``cloning=``), keywords Keras 2's
``compile`` takes in its ``**kwargs`` (tf_keras ``Model._validate_compile``) and Keras 3's, which has
no ``**kwargs``, refuses with TypeError (checked on TF 2.21); or ``m.reset_states()`` on a Keras
metric it makes, which Keras 3 renamed ``reset_state`` (AttributeError). analysis/keras_2_files
says which files each covers.

A project can also ask for Keras 2 outright: with ``TF_USE_LEGACY_KERAS=1`` in the environment
when TensorFlow (2.16 or later) is imported, ``tf.keras`` is ``tf_keras``, Keras 2. A file that
sets it (``os.environ["TF_USE_LEGACY_KERAS"] = "1"``, ``os.environ.setdefault(...)``) does so for
every module the process imports after it: the files that import it, and every module of a
package whose ``__init__.py`` imports it, since Python runs a package's ``__init__`` first.
"""

from __future__ import annotations

import ast

from tfgraph_lint.analysis.module_edges import dotted_name, imports_only
from tfgraph_lint.analysis.tensorflow_generation import unguarded_nodes
from tfgraph_lint.core import tf_api
from tfgraph_lint.core.lazy_pattern import LazyPattern

# What the project view tells a file (its definitions, trace_entries.use_project_definitions)
# when it imports a module only Keras 2 has, itself or through the project files it imports:
# ``{KERAS_GENERATION: "2"}``.
KERAS_GENERATION = "<keras generation>"

# Modules of Keras 2 that Keras 3 does not have (its internals moved to ``keras.src`` and lost
# these): code importing one cannot run under Keras 3.
_KERAS_2_ONLY_MODULES = (
    "keras.engine", "keras.src.engine", "keras.utils.generic_utils", "keras.utils.tf_inspect",
    "keras.utils.losses_utils", "keras.utils.metrics_utils", "keras.utils.control_flow_util",
    "keras.utils.layer_utils", "keras.utils.tf_utils", "keras.layers.preprocessing",
    "keras.saving.experimental", "tensorflow.python.keras", "tensorflow.keras.engine",
    # The Keras 2 package's generated public API (``import keras.api._v2.keras as keras``); Keras 3
    # generates its API under ``keras.api`` without these.
    "keras.api._v1", "keras.api._v2",
)


def imports_keras_2_only(imports: dict) -> bool:
    """``imports`` (``module_edges.imports_only``: local name -> [module, level, name]) take an
    absolute import from a module only Keras 2 has (``from keras.engine import base_layer``,
    ``from keras.utils import generic_utils``)."""
    for module, level, name in imports.values():
        if level or not module:
            continue
        for dotted in (module, f"{module}.{name}" if name else module):
            if any(dotted == gone or dotted.startswith(gone + ".") for gone in _KERAS_2_ONLY_MODULES):
                return True
    return False


# ``os.environ["TF_USE_LEGACY_KERAS"] = "1"`` (or True, "true"), ``os.environ.setdefault(
# "TF_USE_LEGACY_KERAS", "1")``, ``os.putenv(...)``: the variable set to a true value.
_LEGACY_KERAS = LazyPattern(r"""['"]TF_USE_LEGACY_KERAS['"]\s*(?:\]\s*=|,)\s*['"]?(?:1|[Tt]rue)\b""")


def sets_legacy_keras(text: str | None) -> bool:
    """``text`` sets ``TF_USE_LEGACY_KERAS`` to a true value: ``tf.keras`` is Keras 2 after it."""
    return bool(text) and "TF_USE_LEGACY_KERAS" in text and _LEGACY_KERAS.search(text) is not None


# ``compile`` keywords Keras 2 accepts and Keras 3 refuses (its signature takes no ``**kwargs``).
_KERAS_2_COMPILE_KEYWORDS = frozenset({"experimental_run_tf_function", "sample_weight_mode", "cloning"})


def keras_2_compile(text: str | None) -> int | None:
    """The line of the first ``x.compile(...)`` in ``text`` passing a keyword only Keras 2's
    ``compile`` accepts, outside a ``try`` block or an ``if`` on a version or attribute (code
    written for both generations); None when there is none. Comments and strings do not count."""
    if not text or not any(keyword in text for keyword in _KERAS_2_COMPILE_KEYWORDS):
        return None
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    lines = [node.lineno for node in unguarded_nodes(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile"
             and any(keyword.arg in _KERAS_2_COMPILE_KEYWORDS for keyword in node.keywords)]
    return min(lines) if lines else None


def keras_2_metric_reset(text: str | None) -> int | None:
    """The line of the first ``m.reset_states()`` in ``text`` on a value the file binds to a
    Keras metric it makes (``self.m = tf.keras.metrics.Mean()``, and no other value but None),
    outside a ``try`` block or a version or attribute test; None when there is none. Keras 3's
    metrics have ``reset_state`` only: the call raises AttributeError there (checked on TF 2.21),
    so a program that makes it runs Keras 2."""
    if not text or "reset_states" not in text:
        return None
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    imported = imports_only(text)
    kinds: dict[str, bool] = {}  # a name or ``self.`` attribute -> every value bound is a metric
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            made = _is_metric(node.value, imported)
            if made or not (isinstance(node.value, ast.Constant) and node.value.value is None):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if (key := _bound_key(target)) is not None:
                        kinds[key] = kinds.get(key, True) and made
    lines = [node.lineno for node in unguarded_nodes(tree)
             if isinstance(node, ast.Call) and not node.args and not node.keywords
             and isinstance(node.func, ast.Attribute) and node.func.attr == "reset_states"
             and kinds.get(_bound_key(node.func.value) or "")]
    return min(lines) if lines else None


def _is_metric(value: ast.AST, imported: dict) -> bool:
    """``value`` makes a Keras metric: ``tf.keras.metrics.Mean()``, ``Mean()`` imported from
    ``keras.metrics``, spelled through the file's absolute imports (``imported``:
    module_edges.imports_only)."""
    spelled = dotted_name(value.func) if isinstance(value, ast.Call) else None
    head, _, rest = (spelled or "").partition(".")
    found = imported.get(head)
    if found is None or found[1]:
        return False
    module, _level, name = found
    return tf_api.keras_family(tf_api.canonical(".".join(part for part in (module, name, rest) if part))) == "metric"


def _bound_key(target: ast.AST) -> str | None:
    """``m`` or ``self.m`` as a key; None for anything else."""
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
        return f"self.{target.attr}"
    return None
