"""What tfgraph-lint knows about TensorFlow's API, as canonical dotted names, and which spellings are one API.

Plain data, no TensorFlow import: the static path never loads TensorFlow.
"""

from __future__ import annotations

import re

from tfgraph_lint.core.lazy_pattern import LazyPattern

TF_FUNCTION = "tensorflow.function"
DO_NOT_CONVERT = "tensorflow.autograph.experimental.do_not_convert"
INIT_SCOPE = "tensorflow.init_scope"
# Packages whose code AutoGraph leaves unconverted unless a tf.function names it directly (its
# DoNotConvert rules, tensorflow/python/autograph/core/config.py, TF 2.21): a Keras layer defined in
# one runs its call unconverted, under Keras 2 too (tf_keras converts a layer's call only through
# those rules).
AUTOGRAPH_SKIPPED_PACKAGES = frozenset({"keras", "tf_keras", "tensorflow", "tensorflow_probability"})

# Spellings that are the same public API: compat paths and the Keras packages.
PREFIX_ALIASES = (
    ("tensorflow.compat.v2.", "tensorflow."),
    ("tensorflow.compat.v1.", "tensorflow."),
    ("tensorflow.python.eager.def_function.", "tensorflow."),
    ("tensorflow.python.eager.polymorphic_function.polymorphic_function.", "tensorflow."),
    ("tensorflow.python.keras.", "keras."),
    ("tensorflow.keras.", "keras."),
    ("tf_keras.", "keras."),
    ("keras.src.", "keras."),
    # The Keras 2 package's generated public API, imported by name (``import keras.api._v2.keras
    # as keras``): what ``tf.keras`` resolves to there.
    ("keras.api._v2.keras.", "keras."),
    ("keras.api._v1.keras.", "keras."),
    # Keras 3's preview package (2023), still imported by libraries that support it.
    ("keras_core.", "keras."),
)
EXACT_ALIASES = {
    # The mode tests under the internal names libraries import them by (tensorflow/transform's
    # ``from tensorflow.python.framework import ops``): the same functions.
    "tensorflow.python.framework.ops.executing_eagerly_outside_functions":
        "tensorflow.executing_eagerly_outside_functions",
    "tensorflow.python.framework.ops.inside_function": "tensorflow.inside_function",
    "tensorflow.python.eager.context.executing_eagerly": "tensorflow.executing_eagerly",
    "tensorflow.compat.v2": "tensorflow",
    "tensorflow.compat.v1": "tensorflow",
    "tensorflow.keras": "keras",
    "tf_keras": "keras",
    "keras.api._v2.keras": "keras",
    "keras.api._v1.keras": "keras",
    "keras_core": "keras",
}


def canonical(qualname: str) -> str:
    """One spelling per API: ``tensorflow.compat.v2.function`` -> ``tensorflow.function``."""
    if qualname in EXACT_ALIASES:
        return EXACT_ALIASES[qualname]
    for prefix, replacement in PREFIX_ALIASES:
        if qualname.startswith(prefix):
            return canonical(replacement + qualname[len(prefix):])
    return qualname

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

# Builders that, called in eager code, call their functions eagerly (once per branch taken,
# iteration or element; checked on TF 2.21): they trace only inside graph code. tf.scan, tf.foldl,
# tf.foldr and tf.vectorized_map trace their function once per call even in eager code.
EAGER_RUNNING_BUILDERS = frozenset({
    "tensorflow.cond", "tensorflow.while_loop", "tensorflow.map_fn", "tensorflow.switch_case",
})

# Methods of tf.data.Dataset that trace their function argument (same shape as above).
DATASET_FUNCTION_METHODS: dict[str, tuple[tuple[int | None, str], ...]] = {
    "map": ((0, "map_func"),),
    "filter": ((0, "predicate"),),
    "flat_map": ((0, "map_func"),),
    "interleave": ((0, "map_func"),),
    "reduce": ((1, "reduce_func"),),
    "scan": ((1, "scan_func"),),
}

# The keywords tf.data.Dataset's function-taking methods accept. A call with any other keyword
# (``batched=True``, ``num_proc=4``: HuggingFace datasets, Grain) is another library's ``map``.
DATASET_METHOD_KEYWORDS: dict[str, frozenset[str]] = {
    "map": frozenset({"map_func", "num_parallel_calls", "deterministic", "synchronous",
                      "use_unbounded_threadpool", "name"}),
    "filter": frozenset({"predicate", "name"}),
    "flat_map": frozenset({"map_func", "name"}),
    "interleave": frozenset({"map_func", "cycle_length", "block_length", "num_parallel_calls",
                             "deterministic", "name"}),
    "reduce": frozenset({"initial_state", "reduce_func", "name"}),
    "scan": frozenset({"initial_state", "scan_func", "name"}),
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
DATASET_LIKE_NAME = LazyPattern(r"(^|_)(ds|dataset|datasets)$", re.IGNORECASE)

# ``strategy.run(fn, args=...)``: receivers named like a distribution strategy.
STRATEGY_RUN_METHODS = frozenset({"run", "experimental_run_v2"})
STRATEGY_LIKE_NAME = LazyPattern(r"strategy$", re.IGNORECASE)

# Their callables run as plain Python on every call: NOT graph code.
PYTHON_FUNCTION_WRAPPERS: dict[str, tuple[tuple[int | None, str], ...]] = {
    "tensorflow.py_function": ((0, "func"),),
    "tensorflow.numpy_function": ((0, "func"),),
    "tensorflow.py_func": ((0, "func"),),
}

# Keras methods that Keras compiles into graphs (model.fit / predict, or a traced caller).
# Methods of Keras subclasses that Keras runs inside the functions it traces (fit, evaluate,
# predict compile a train/test/predict function), by the kind of Keras class. Layer.build is not
# one: Keras builds once, outside the step function.
KERAS_TRACED_METHODS_BY_FAMILY = {
    "layer": frozenset({"call", "train_step", "test_step", "predict_step", "compute_loss", "compute_metrics"}),
    "metric": frozenset({"update_state", "result"}),
    "loss": frozenset({"call", "__call__"}),
    # Optimizers update inside the traced train step (fit's, or the user's tf.function): Keras 3's
    # update_step, and the per-variable updates Keras 2's apply_gradients runs (OptimizerV2).
    "optimizer": frozenset({"update_step", "_resource_apply_dense", "_resource_apply_sparse"}),
}
KERAS_TRACED_METHODS = frozenset().union(*KERAS_TRACED_METHODS_BY_FAMILY.values())
# The step methods Keras's loops call with the batch as one positional argument (``fit`` runs
# ``train_step(data)``): a def that cannot take it is called only by the project's own code.
KERAS_STEP_METHODS = frozenset({"train_step", "test_step", "predict_step"})
# Model methods that run the train or test step Keras traces (a compiled loss or metric runs there).
KERAS_STEP_RUNNERS = frozenset({
    "fit", "train_on_batch", "evaluate", "test_on_batch", "fit_generator", "evaluate_generator",
})
# Every method by which Keras runs a model in a loop it traces, or traces it to save it.
KERAS_LOOPS = KERAS_STEP_RUNNERS | frozenset({
    "predict", "predict_generator", "predict_on_batch", "save", "export", "save_model",
})
# Methods by which Keras builds or traces the model they are called on: its loops and saving,
# ``compile`` (the loop that follows it is usually elsewhere), building it symbolically
# (``build``) and making its step functions. (``summary`` is none: it prints the layers as they
# are built, runs no ``call``, and an unbuilt model's shows them unbuilt in Keras 3, checked on
# TF 2.21, and raises in tf.keras 2.)
KERAS_MODEL_TRACERS = KERAS_LOOPS | frozenset({
    "compile", "build", "make_train_function", "make_test_function", "make_predict_function",
})

# Variable lists a Keras layer or model and a tf.Module build anew on every read (properties that
# collect them): a name bound to one holds a list no one else has.
FRESH_VARIABLE_LISTS = frozenset({
    "trainable_variables", "non_trainable_variables", "trainable_weights", "non_trainable_weights",
})

KERAS_BASE_CLASSES = frozenset({
    "keras.Model", "keras.models.Model", "keras.Sequential", "keras.models.Sequential",
    "keras.Layer", "keras.layers.Layer", "keras.engine.base_layer.Layer",
    "keras.engine.training.Model",
    # Standalone Keras 2's older homes of the same classes (Keras 2.0-2.3): code importing them
    # runs under Keras 2 only, and keras_version judges it so.
    "keras.engine.Layer", "keras.engine.topology.Layer", "keras.engine.Model",
})


# What TensorFlow functions return, where it is not one tensor. Lower-case tf.* functions are
# ops returning a tensor unless listed here: Python values, lists or structures of tensors,
# sparse/ragged values, and TensorFlow's internal modules (nest.flatten returns a list).
PYTHON_VALUED_CALLS = frozenset({
    "tensorflow.executing_eagerly", "tensorflow.executing_eagerly_outside_functions",
    "tensorflow.inside_function", "tensorflow.is_tensor",
    "tensorflow.is_symbolic_tensor", "tensorflow.debugging.is_numeric_tensor",
    "tensorflow.get_static_value", "tensorflow.as_dtype", "tensorflow.dtypes.as_dtype",
    "tensorflow.type_spec_from_value", "tensorflow.get_logger", "tensorflow.random.get_global_generator",
})
PYTHON_VALUED_PREFIXES = (
    "tensorflow.config.", "tensorflow.io.gfile.", "tensorflow.nest.", "tensorflow.test.",
    "tensorflow.sysconfig.", "tensorflow.autograph.", "tensorflow.saved_model.", "tensorflow.compat.",
    "tensorflow.train.", "tensorflow.summary.", "tensorflow.version.", "tensorflow.lite.",
    "tensorflow.__internal__.nest.",  # tf.nest's fuller twin (yield_flat_paths ...), as tf_keras uses it
    "tensorflow.__internal__.tf2.",  # tf2.enabled(): whether TF2 behaviour is on, a Python bool
)
# Ops that return one tensor whatever their arguments, the values code unpacks by mistake
# (``b, h, w, c = tf.shape(x)``). Unpacking asks for more than "a lower-case tf function":
# what code unpacks is mostly a structure, and TensorFlow has many functions returning one.
ONE_TENSOR_FOR_SURE = frozenset({
    "tensorflow.shape", "tensorflow.stack", "tensorflow.concat", "tensorflow.range", "tensorflow.constant",
    "tensorflow.convert_to_tensor", "tensorflow.cast", "tensorflow.reshape", "tensorflow.squeeze",
    "tensorflow.transpose", "tensorflow.gather", "tensorflow.zeros", "tensorflow.ones", "tensorflow.fill",
    "tensorflow.tile", "tensorflow.expand_dims", "tensorflow.random.uniform", "tensorflow.random.normal",
})
# A Python list of tensors: iterating it is plain Python.
LIST_RETURNING = frozenset({
    "tensorflow.unstack", "tensorflow.split", "tensorflow.meshgrid", "tensorflow.dynamic_partition",
    "tensorflow.shape_n", "tensorflow.identity_n",
})
# A tuple (or named tuple) whose every item is one tensor, whatever the arguments: unpacked or
# indexed, it gives tensors (``columns, codes = tf.unique(labels)``). tf.linalg.svd gives one
# tensor with compute_uv=False, whose items are tensors too.
TENSOR_TUPLE_RETURNING = frozenset({
    "tensorflow.unique", "tensorflow.unique_with_counts", "tensorflow.nn.moments",
    "tensorflow.nn.weighted_moments", "tensorflow.nn.normalize_moments", "tensorflow.math.top_k",
    "tensorflow.nn.top_k", "tensorflow.linalg.eigh", "tensorflow.linalg.eig", "tensorflow.linalg.qr",
    "tensorflow.linalg.svd", "tensorflow.linalg.lu", "tensorflow.linalg.slogdet", "tensorflow.linalg.normalize",
    "tensorflow.nn.max_pool_with_argmax", "tensorflow.math.approx_max_k", "tensorflow.math.approx_min_k",
    "tensorflow.audio.decode_wav", "tensorflow.image.sample_distorted_bounding_box",
})
# A tuple, list, dict or named tuple of tensors.
STRUCTURE_RETURNING = frozenset({
    "tensorflow.while_loop", "tensorflow.cond", "tensorflow.case", "tensorflow.switch_case",
    "tensorflow.map_fn", "tensorflow.scan", "tensorflow.foldl", "tensorflow.foldr",
    "tensorflow.vectorized_map", "tensorflow.py_function", "tensorflow.numpy_function",
    "tensorflow.py_func", "tensorflow.tuple", "tensorflow.gradients", "tensorflow.unique",
    "tensorflow.unique_with_counts", "tensorflow.nn.moments", "tensorflow.nn.weighted_moments",
    "tensorflow.math.top_k", "tensorflow.nn.top_k", "tensorflow.linalg.eigh", "tensorflow.linalg.eig",
    "tensorflow.linalg.svd", "tensorflow.linalg.qr", "tensorflow.linalg.lu", "tensorflow.io.decode_csv",
    "tensorflow.image.combined_non_max_suppression", "tensorflow.image.non_max_suppression_padded",
    "tensorflow.nn.ctc_beam_search_decoder", "tensorflow.nn.ctc_greedy_decoder",
    "tensorflow.custom_gradient", "tensorflow.recompute_grad",
    # (list of tensors, tensor) pairs and other tuples: ``tuple(tf.clip_by_global_norm(g, 40.)[0])``
    "tensorflow.clip_by_global_norm", "tensorflow.linalg.slogdet", "tensorflow.nn.normalize_moments",
    "tensorflow.nn.sufficient_statistics", "tensorflow.nn.max_pool_with_argmax", "tensorflow.nn.fractional_max_pool",
    "tensorflow.nn.fractional_avg_pool", "tensorflow.nn.compute_accidental_hits", "tensorflow.nn.ctc_unique_labels",
    "tensorflow.random.log_uniform_candidate_sampler", "tensorflow.random.uniform_candidate_sampler",
    "tensorflow.random.learned_unigram_candidate_sampler", "tensorflow.random.fixed_unigram_candidate_sampler",
    "tensorflow.random.all_candidate_sampler", "tensorflow.image.non_max_suppression_with_scores",
    "tensorflow.strings.unicode_decode_with_offsets", "tensorflow.strings.unicode_split_with_offsets",
    # named tuples of tensors (TF 2.21): (begin, size, bboxes), (values, indices), (audio, rate), (sizes, values)
    "tensorflow.image.sample_distorted_bounding_box", "tensorflow.image.stateless_sample_distorted_bounding_box",
    "tensorflow.math.approx_max_k", "tensorflow.math.approx_min_k", "tensorflow.audio.decode_wav",
    "tensorflow.io.decode_proto", "tensorflow.linalg.normalize",
})
NOT_ONE_TENSOR_PREFIXES = (
    "tensorflow.python.", "tensorflow.raw_ops.", "tensorflow.sparse.", "tensorflow.ragged.",
    "tensorflow.io.parse_", "tensorflow.strings.split", "tensorflow.distribute.", "tensorflow.xla.",
    "tensorflow.data.",
)


def returns_one_tensor(qualname: str) -> bool:
    """Whether a lower-case ``tensorflow.*`` function is known to return a single tensor."""
    return not (qualname in PYTHON_VALUED_CALLS or qualname in STRUCTURE_RETURNING
                or qualname in LIST_RETURNING or qualname.startswith(PYTHON_VALUED_PREFIXES)
                or qualname.startswith(NOT_ONE_TENSOR_PREFIXES))


def is_keras_base(qualname: str) -> bool:
    """Keras Model/Layer and every built-in layer class (``keras.layers.Dense`` ...)."""
    return keras_family(qualname) == "layer"


# Python's logging functions and the modules that have them (``tf.compat.v1.logging`` is
# canonically ``tensorflow.logging``): ``logging.warning(...)``, ``absl.logging.info(...)``.
LOG_FUNCTIONS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"})
LOGGING_MODULES = ("logging", "absl.logging", "tensorflow.logging")

# Keras's capitalised names of metric and loss functions: ``keras.metrics.MSE`` is the function
# ``mean_squared_error`` (tf_keras, and ``tf.keras`` on TensorFlow 2.21), not a class.
KERAS_FUNCTION_ALIASES = frozenset({"KLD", "MAE", "MAPE", "MSE", "MSLE"})


def keras_family(qualname: str) -> str | None:
    """"layer" (Model, Layer, built-in layers), "metric", "loss" or "optimizer" for a Keras class
    a user's class may derive from; None for anything else."""
    if qualname in KERAS_BASE_CLASSES:
        return "layer"
    head, _, last = qualname.rpartition(".")
    if not last[:1].isupper() or (head in ("keras.metrics", "keras.losses") and last in KERAS_FUNCTION_ALIASES):
        return None
    if head == "keras.optimizers" or head.startswith("keras.optimizers."):
        return "optimizer"  # also tf_keras's own modules: keras.optimizers.optimizer.Optimizer
    return {"keras.layers": "layer", "keras.metrics": "metric", "keras.losses": "loss"}.get(head)


def describe_builder(qualname: str) -> str:
    """Short user-facing name: ``tensorflow.map_fn`` -> ``tf.map_fn``."""
    if qualname.startswith("tensorflow."):
        return "tf." + qualname[len("tensorflow."):]
    return qualname


# Keras 2's backend functions that compute a tensor (``K.sum``, ``K.argmin`` ...): Keras 3's
# ``keras.backend`` keeps only settings and dtype helpers that answer with Python values
# (``standardize_dtype``), so the list names the tensor functions rather than the exceptions.
KERAS_BACKEND_TENSOR_FUNCTIONS = frozenset({
    "abs", "all", "any", "arange", "argmax", "argmin", "batch_dot", "batch_flatten", "binary_crossentropy",
    "cast", "categorical_crossentropy", "clip", "concatenate", "conv1d", "conv2d", "cos", "cumprod",
    "cumsum", "dot", "dropout", "elu", "equal", "exp", "expand_dims", "flatten", "gather", "greater",
    "greater_equal", "hard_sigmoid", "l2_normalize", "less", "less_equal", "log", "logsumexp", "max",
    "maximum", "mean", "min", "minimum", "not_equal", "one_hot", "permute_dimensions", "pool2d", "pow",
    "prod", "random_normal", "random_uniform", "relu", "repeat", "repeat_elements", "reshape", "reverse",
    "round", "sigmoid", "sign", "sin", "softmax", "softplus", "softsign", "sparse_categorical_crossentropy",
    "sqrt", "square", "squeeze", "stack", "std", "sum", "tanh", "tile", "transpose", "var",
})
