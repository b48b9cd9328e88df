"""TFG302: tf.functions made inside loops, and loops that keep one Function per item (silent)."""
import functools
import itertools

import tensorflow as tf
from tensorflow import function as tf_function


def add_one(x):
    return x + 1


def double(x):
    return x * 2


def wrapped_in_loops(x, batches):
    for batch in batches:
        step = tf.function(add_one)  # [tf-function-in-loop]
        x = step(batch)
    while x is not None:
        x = tf.function(add_one)(x)  # [tf-function-in-loop]
        x = tf.function(jit_compile=True)(double)(x)  # [tf-function-in-loop]
        x = tf_function(add_one, reduce_retracing=True)(x)  # [tf-function-in-loop]
        x = tf.function(func=double)(x)  # [tf-function-in-loop]
        break
    outputs = [tf.function(lambda y: y * 2)(b) for b in batches]  # [tf-function-in-loop]
    for batch in batches:
        x = tf.function(lambda y: y + batch)(x)  # [tf-function-in-loop]
    return x, outputs


def decorated_in_loops(x, scales):
    for scale in scales:
        @tf.function  # [tf-function-in-loop]
        def scaled(y):
            return y * scale
        x = scaled(x)
    for _ in range(3):
        @tf.function(reduce_retracing=True)  # [tf-function-in-loop]
        def shifted(y):
            return y + 1
        x = shifted(x)
    return x


for _ in range(2):
    module_level_step = tf.function(add_one)  # [tf-function-in-loop]
    module_level_step(tf.constant(1))


def one_function_per_item(models, names, x):
    compiled = {}
    for name, model in zip(names, models):
        compiled[name] = tf.function(model)
    kept = []
    for _ in names:
        kept.append(tf.function(add_one))
    as_list = [tf.function(model) for model in models]
    as_dict = {name: tf.function(add_one) for name in names}
    registry = {}
    for name in names:
        @tf.function
        def handler(y):
            return y + 1
        registry[name] = handler
    for model in models:
        x = tf.function(model)(x)  # a different model on every iteration
    for model in models:
        x = tf.function(functools.partial(model, training=False))(x)
    return compiled, kept, as_list, as_dict, registry, x


def made_once(x, batches):
    step = tf.function(add_one)
    for batch in batches:
        x = step(batch)
    decorator = tf.function(jit_compile=True)  # a decorator factory makes no Function by itself
    for _ in batches:
        options = decorator
    return x, options


@tf.function
def inside_graph_code(x):
    # Made while tracing: once per trace of the outer function, not once per call.
    for scale in (2, 3):
        x = tf.function(add_one)(x) * scale
    return x


class Contrast(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs * 2.0


class OldContrast(Contrast):
    pass


def time_each_layer(images, rates):
    # The shape of keras-cv's benchmarks: one Function per layer built from the loop's item; a
    # Function made once would trace for each layer as well (silent). Its twin closes over a
    # number the loop changes: made once and given the number as a tensor, it would trace once.
    for layer_class in [Contrast, OldContrast]:
        layer = layer_class()

        @tf.function
        def apply_layer(inputs):
            return layer(inputs)

        apply_layer(images)
    for rate in rates:
        scale = rate * 2

        @tf.function  # [tf-function-in-loop]
        def apply_rate(inputs):
            return inputs * scale

        apply_rate(images)
    for _ in range(3):
        optimizer = tf.keras.optimizers.SGD()
        tf.function(lambda: optimizer.iterations + 1)()


def allreduce_cases(tensors):
    # Horovod's XLA tests (held out 2026-11-26): each iteration passes its own dtype and rank,
    # Python values a single tf.function would trace for anew as well (silent). Passing items of
    # a list of tensors, it would reuse its graph: the twin stays reported.
    dtypes = [tf.int32, tf.float32]
    for dtype, dim in itertools.product(dtypes, [1, 2, 3]):
        tf.function(lambda d, n: tf.zeros([2] * n, d), jit_compile=True)(dtype, dim)
    for tensor in tensors:
        tf.function(lambda t: t * 2)(tensor)  # [tf-function-in-loop]


class AllreduceTest:
    # As above, the dtypes passing through a method that keeps some of the list it is given
    # (Horovod's ``self.filter_supported_types([...])``): still Python items, silent. A method
    # that returns something else made from them (here tensors) may give values a shared
    # tf.function would reuse its graph for: the twin stays reported.
    def filter_supported_types(self, types):
        if SUPPORTED:
            types = [t for t in types if t in SUPPORTED]
        return types

    def as_tensors(self, types):
        return [tf.zeros([2], t) for t in types]

    def test_allreduce(self):
        dtypes = self.filter_supported_types([tf.int32, tf.float32])
        for dtype, dim in itertools.product(dtypes, [1, 2, 3]):
            tf.function(lambda d, n: tf.zeros([2] * n, d), jit_compile=True)(dtype, dim)
        for tensor in self.as_tensors([tf.int32, tf.float32]):
            tf.function(lambda t: t * 2)(tensor)  # [tf-function-in-loop]


SUPPORTED = [tf.float32]
