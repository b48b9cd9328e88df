"""TensorFlow's process-wide settings, as a fingerprint a worker compares before and after a run
(worker side; imports TensorFlow).

A run's module state is fresh (see ``harness``), but some TensorFlow settings live in the process
and no run can put them back: ``tf.compat.v1.disable_eager_execution()`` and
``disable_v2_behavior()`` above all, which would make the next file's *eager* reference run build
graphs. Keras's global configuration (``set_floatx``, ``set_epsilon``,
``set_image_data_format``, the dtype policy...) and op callbacks (``tf.debugging.enable_check_numerics``)
change what the next file computes or prints just as well. So each run reports the settings it
changed, and the pool discards that worker: the next run starts in a fresh interpreter. Workers are
reused only while nothing here changed (a TensorFlow import costs seconds).

Keras is probed only once a run imported it (importing it here would cost seconds); until then a
setting has Keras's built-in default. A ``~/.keras/keras.json`` that sets other values makes the
first Keras-importing run of each worker look like a change: that worker is discarded, which is
slower, never wrong.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import tensorflow as tf

# Keras's global configuration: setting -> (getter in ``keras.config`` or ``keras.backend``, built-in default).
_KERAS_SETTINGS: dict[str, tuple[str, object]] = {
    "keras backend": ("backend", "tensorflow"),
    "keras floatx": ("floatx", "float32"),
    "keras epsilon": ("epsilon", 1e-07),
    "keras image data format": ("image_data_format", "channels_last"),
    "keras interactive logging": ("is_interactive_logging_enabled", True),
    "keras traceback filtering": ("is_traceback_filtering_enabled", True),
    "keras flash attention": ("is_flash_attention_enabled", None),
    "keras max epochs": ("max_epochs", None),
    "keras max steps per epoch": ("max_steps_per_epoch", None),
}
_KERAS_DEFAULTS = {"keras mixed-precision policy": "'float32'", "keras safe mode": "None",
                   **{name: repr(default) for name, (_getter, default) in _KERAS_SETTINGS.items()}}


def _probes() -> dict[str, Callable[[], object]]:
    from tensorflow.python import tf2
    from tensorflow.python.framework import config as framework_config
    from tensorflow.python.framework import tensor_shape
    from tensorflow.python.ops import control_flow_util

    probes: dict[str, Callable[[], object]] = {
        "eager execution": tf.executing_eagerly,
        "TF2 behaviour": tf2.enabled,
        "control flow v2": lambda: control_flow_util.ENABLE_CONTROL_FLOW_V2,
        "TensorShape v2": lambda: tensor_shape._TENSORSHAPE_V2_OVERRIDE,  # noqa: SLF001
        "resource variables": lambda: tf.compat.v1.resource_variables_enabled(),
        "op determinism": framework_config.is_op_determinism_enabled,
        "soft device placement": tf.config.get_soft_device_placement,
        "graph optimizer options": tf.config.optimizer.get_experimental_options,
        "XLA JIT": tf.config.optimizer.get_jit,
        "TensorFloat-32": tf.config.experimental.tensor_float_32_execution_enabled,
        "visible devices": lambda: [device.name for device in tf.config.get_visible_devices()],
        "NumPy-style behaviour": _numpy_behaviour,
        "tensor equality": _tensor_equality,
        "op callbacks": _op_callbacks,
        "traceback filtering": _traceback_filtering,
    }
    keras = sys.modules.get("keras")
    if keras is not None:  # not imported yet: its defaults (importing it here would cost seconds)
        probes["keras mixed-precision policy"] = lambda: keras.mixed_precision.global_policy().name
        probes["keras safe mode"] = _keras_safe_mode
        for name, (getter, _default) in _KERAS_SETTINGS.items():
            probes[name] = _keras_getter(keras, getter)
    return probes


def _keras_getter(keras: object, getter: str) -> Callable[[], object]:
    """Keras 3 keeps its settings in ``keras.config``, Keras 2 in ``keras.backend``."""
    def probe() -> object:
        home = getattr(keras, "config", None) or keras.backend  # type: ignore[attr-defined]
        return getattr(home, getter)()
    return probe


def _keras_safe_mode() -> object:
    from keras.src.saving import serialization_lib  # keras.config.enable_unsafe_deserialization()

    return serialization_lib.in_safe_mode()


def _op_callbacks() -> object:
    """What runs on every op: ``tf.debugging.enable_check_numerics``, ``enable_dump_debug_info``."""
    from tensorflow.python.eager import context

    return [getattr(callback, "__qualname__", type(callback).__name__) for callback in context.context().op_callbacks]


def _traceback_filtering() -> object:
    from tensorflow.python.util import traceback_utils

    return traceback_utils.is_traceback_filtering_enabled()


def _numpy_behaviour() -> object:
    from tensorflow.python.framework import ops

    return ops.is_auto_dtype_conversion_enabled()


def _tensor_equality() -> object:
    from tensorflow.python.framework import tensor

    return tensor.Tensor._USE_EQUALITY  # noqa: SLF001


def fingerprint() -> dict[str, str]:
    """Setting -> its value now (as text; "unknown" where this TensorFlow lacks the probe)."""
    values = dict(_KERAS_DEFAULTS)
    for name, probe in _probes().items():
        try:
            values[name] = repr(probe())
        except Exception:  # noqa: BLE001 - a private API moved: that setting is not watched
            values[name] = "unknown"
    return values


def changed(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The settings whose value differs (each as "name: before -> after")."""
    return [f"{name}: {before.get(name)} -> {after.get(name)}" for name in sorted(set(before) | set(after))
            if before.get(name) != after.get(name)]
