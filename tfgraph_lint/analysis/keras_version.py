"""Which Keras a module's ``tf.keras`` is, when its project says: Keras 2 for code that requires a
TensorFlow before 2.16.

``tf.keras`` is Keras 3 from TensorFlow 2.16 on, and Keras 2 before. Code written for the older
one behaves by its rules wherever it is installed as its project requires: a ``Dropout`` made in
``call`` holds no variable, and a ``Metric``'s ``update_state`` is converted by AutoGraph. The
project says so in its packaging (read by ``declared_tensorflow``): a requirement that caps
TensorFlow 2 below 2.16 (``tensorflow>=2.13,<2.16``, ``tensorflow==2.15.*``,
``tensorflow~=2.12.0``), a Python cap below 3.9 (``python_requires=">=3.6, <3.9"``: no
TensorFlow from 2.14 on installs there). A requirement on ``tensorflow-addons`` is not such
evidence: it still installs and imports beside TensorFlow 2.16+, so its users may run Keras 3.

A module can say so by what it uses (``uses_keras_2_only_api``): ``tf.estimator`` and
``tf.compat.v1.estimator`` (removed in TensorFlow 2.16, the release that made Keras 3 the
default), the Keras 2 package's generated API imported by its path (``keras.api._v2.keras``), or a loss-scale optimizer's ``get_scaled_loss`` /
``get_unscaled_gradients`` (Keras 3's ``LossScaleOptimizer`` has neither). This is the module's
own evidence. The project says so by what its files import (read by the project view from the
imports it already has of every file: :func:`imports_keras_2_only`): a module that exists only in
Keras 2 (``keras.engine``, ``keras.utils.generic_utils``, ``keras.utils.tf_inspect``,
``tensorflow.python.keras``, ...), imported by a file or by a project file it imports (directly
or further on), makes it code for Keras 2 (``KERAS_GENERATION``): it cannot be imported where
that module does not exist. So does any file of the project calling an API TensorFlow removed
before 2.16 (analysis/tensorflow_generation): the project runs on such a release. So does a
program calling ``compile`` with a keyword only Keras 2 accepts (``experimental_run_tf_function=``),
for the project files it imports (analysis/keras_2_files).

A class can say so too: Keras 3 refuses ``add_weight("w", shape=...)`` (its first parameter is
the shape; the name must be a keyword: ValueError on TensorFlow 2.21), so a class that passes a
weight's name first can only run under Keras 2 (``written_for_keras_2``).
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.keras_generation import KERAS_GENERATION
from tfgraph_lint.analysis.declared_tensorflow import TensorFlowRange, tensorflow_range, text_tensorflow_range
from tfgraph_lint.analysis.names import qualified_name
from tfgraph_lint.analysis.node_index import descendants, remembered
from tfgraph_lint.analysis.tensorflow_generation import told_before
from tfgraph_lint.analysis.trace_entries import told_definitions

_KERAS_3 = (2, 16)  # tf.keras is Keras 3 from TensorFlow 2.16


def declares_keras_2(module: nodes.Module) -> bool:
    """The project of ``module``'s file requires a TensorFlow whose ``tf.keras`` is Keras 2, or
    its package imports a module only Keras 2 has (asked per layer call and Keras method:
    remembered per module)."""
    memo = remembered(module, "declares keras 2")
    if module not in memo:
        told = told_definitions(module)
        before = told_before(told)  # the project's code runs on a TensorFlow older than 2.16
        memo[module] = (told.get(KERAS_GENERATION) == "2" or (before is not None and before[0] <= _KERAS_3)
                        or _keras_2(tensorflow_range(str(module.file or "")))
                        or uses_keras_2_only_api(module))
    return memo[module]


def text_declares_keras_2(text: str) -> bool:
    """A packaging text that caps TensorFlow 2 below 2.16, or Python below 3.9."""
    return _keras_2(text_tensorflow_range(text))


def _keras_2(allowed: TensorFlowRange) -> bool:
    # Each requirement on its own, as a TensorFlow 1 pin beside it says nothing of tf.keras 2.
    return allowed.python_cap is not None or any((2, 0) <= cap < _KERAS_3 for cap in allowed.requirement_caps)


_KERAS_2_ONLY_PACKAGES = ("tensorflow_estimator", "tensorflow.estimator",
                          "tensorflow.compat.v1.estimator",
                          # the Keras 2 package's generated API (``import keras.api._v2.keras as keras``)
                          "keras.api._v1", "keras.api._v2")
_KERAS_2_ONLY_METHODS = ("get_scaled_loss", "get_unscaled_gradients")


def uses_keras_2_only_api(module: nodes.Module) -> bool:
    """The module imports the estimator package, reads ``tf.estimator``
    / ``tf.compat.v1.estimator``, or calls ``get_scaled_loss``/``get_unscaled_gradients``: it
    runs only where TensorFlow is older than 2.16, so its ``tf.keras`` is Keras 2."""
    for node in descendants(module, nodes.Import, nodes.ImportFrom, nodes.Attribute):
        if isinstance(node, nodes.Attribute):
            if node.attrname in _KERAS_2_ONLY_METHODS and isinstance(node.parent, nodes.Call) \
                    and node.parent.func is node:
                return True
            if node.attrname == "estimator" and qualified_name(node) == "tensorflow.estimator":
                return True
            continue
        names = [node.modname] if isinstance(node, nodes.ImportFrom) else [name for name, _ in node.names]
        if isinstance(node, nodes.ImportFrom) and node.modname in ("tensorflow", "tensorflow.compat.v1"):
            names += [f"{node.modname}.{name}" for name, _ in node.names]
        if any(name == package or name.startswith(package + ".")
               for name in names for package in _KERAS_2_ONLY_PACKAGES):
            return True
    return False


def written_for_keras_2(cls: nodes.ClassDef) -> bool:
    """The class calls ``add_weight``/``add_variable`` with the name first
    (``self.add_weight("total", shape=())``), a signature only Keras 2 accepts: it can only run
    under Keras 2, whatever Keras the rest of its module is for."""
    memo = remembered(cls.root(), "written for keras 2")
    if cls not in memo:
        memo[cls] = any(
            isinstance(call.func, nodes.Attribute) and call.func.attrname in ("add_weight", "add_variable")
            and call.args and isinstance(call.args[0], nodes.Const) and isinstance(call.args[0].value, str)
            for call in descendants(cls, nodes.Call))
    return memo[cls]
