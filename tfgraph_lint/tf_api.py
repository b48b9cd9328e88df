"""What tfgraph-lint knows about TensorFlow's API, as canonical dotted names (see names.canonical).

Plain data, no TensorFlow import: the static path never loads TensorFlow.
"""

from __future__ import annotations

import re

TF_FUNCTION = "tensorflow.function"
DO_NOT_CONVERT = "tensorflow.autograph.experimental.do_not_convert"
INIT_SCOPE = "tensorflow.init_scope"

# Graph builders that trace the functions they are given: name -> ((position, keyword), ...).
# A position of None means keyword-only. ``switch_case``'s argument is a list/dict of callables.
GRAPH_BUILDERS: dict[str, tuple[tuple[int | None, str], ...]] = {
    "tensorflow.map_fn": ((0, "fn"),),
    "tensorflow.vectorized_map": ((0, "fn"),),
    "tensorflow.scan": ((0, "fn"),),
    "tensorflow.foldl": ((0, "fn"),),
    "tensorflow.foldr": ((0, "fn"),),
    "tensorflow.while_loop": ((0, "cond"), (1, "body")),
    "tensorflow.cond": ((1, "true_fn"), (2, "false_fn")),
    "tensorflow.switch_case": ((1, "branch_fns"),),
}

# Methods of tf.data.Dataset that trace their function argument (same shape as above).
DATASET_FUNCTION_METHODS: dict[str, tuple[tuple[int | None, str], ...]] = {
    "map": ((0, "map_func"),),
    "filter": ((0, "predicate"),),
    "flat_map": ((0, "map_func"),),
    "interleave": ((0, "map_func"),),
    "reduce": ((1, "reduce_func"),),
    "scan": ((1, "scan_func"),),
}

# Dataset methods that return a dataset, so ``ds.batch(2).map(f)`` is still a dataset.
DATASET_RETURNING_METHODS = frozenset({
    "apply", "batch", "bucket_by_sequence_length", "cache", "concatenate", "enumerate",
    "filter", "flat_map", "group_by_window", "ignore_errors", "interleave", "map",
    "padded_batch", "prefetch", "ragged_batch", "rebatch", "repeat", "sample_from_datasets",
    "scan", "shard", "shuffle", "skip", "snapshot", "take", "take_while", "unbatch", "unique",
    "window", "with_options", "zip", "from_tensor_slices", "from_tensors", "from_generator",
    "range", "list_files", "load", "choose_from_datasets",
})

# Names such as ``ds``, ``train_ds``, ``dataset``, ``val_dataset`` are datasets in TF code.
DATASET_LIKE_NAME = re.compile(r"(^|_)(ds|dataset|datasets)$", re.IGNORECASE)

# ``strategy.run(fn, args=...)``: receivers named like a distribution strategy.
STRATEGY_RUN_METHODS = frozenset({"run", "experimental_run_v2"})
STRATEGY_LIKE_NAME = re.compile(r"strategy$", re.IGNORECASE)

# Their callables run as plain Python on every call: NOT graph code.
PYTHON_FUNCTION_WRAPPERS: dict[str, tuple[tuple[int | None, str], ...]] = {
    "tensorflow.py_function": ((0, "func"),),
    "tensorflow.numpy_function": ((0, "func"),),
    "tensorflow.py_func": ((0, "func"),),
}

# Keras methods that Keras compiles into graphs (model.fit / predict, or a traced caller).
KERAS_TRACED_METHODS = frozenset({"call", "train_step", "test_step", "predict_step"})

KERAS_BASE_CLASSES = frozenset({
    "keras.Model", "keras.models.Model", "keras.Sequential", "keras.models.Sequential",
    "keras.Layer", "keras.layers.Layer", "keras.engine.base_layer.Layer",
    "keras.engine.training.Model",
})


def is_keras_base(qualname: str) -> bool:
    """Keras Model/Layer and every built-in layer class (``keras.layers.Dense`` ...)."""
    if qualname in KERAS_BASE_CLASSES:
        return True
    head, _, last = qualname.rpartition(".")
    return head == "keras.layers" and last[:1].isupper()


def describe_builder(qualname: str) -> str:
    """Short user-facing name: ``tensorflow.map_fn`` -> ``tf.map_fn``."""
    if qualname.startswith("tensorflow."):
        return "tf." + qualname[len("tensorflow."):]
    return qualname
