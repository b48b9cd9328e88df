"""TFG210: each kind of static read (an index, get_shape(), as_list(), an unpacking, the whole
shape) and each op that needs known ints, with twins that stay silent: a trailing dimension, a
dimension the code tests for None or falls back from, a read used only in static checks, eager
code, a signature that fixes the batch."""
import tensorflow as tf

SIGNED = [tf.TensorSpec([None, 8], tf.float32)]


@tf.function(input_signature=SIGNED)
def whole_shape(x):
    # In the shape of https://github.com/tensorflow/graphics/commit/61bc11886abc50ff4a044435c037aa5325e7cf3d
    doubled = tf.concat([x, x], axis=0)
    return tf.reshape(doubled[::2], shape=x.shape)  # [unknown-static-dimension]


@tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32)])
def each_op(x):
    filled = tf.fill([x.get_shape()[0], 2], 1.0)  # [unknown-static-dimension]
    ones = tf.ones((x.shape.as_list()[0], 3))  # [unknown-static-dimension]
    steps = tf.range(x.shape[0])  # [unknown-static-dimension]
    noise = tf.random.normal(shape=[x.shape[0] * 2, 8])  # [unknown-static-dimension]
    return filled, ones, steps, noise


@tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32)])
def each_op_dynamic(x):
    batch = tf.shape(x)[0]
    filled = tf.fill([batch, 2], 1.0)
    ones = tf.ones((x.shape.as_list()[-1], 3))  # a trailing dimension is in the signature
    steps = tf.range(x.shape[1])
    fallback = x.shape[0] or tf.shape(x)[0]
    noise = tf.random.normal(shape=[fallback * 2, 8])
    return filled, ones, steps, noise


@tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32)])
def checked(x):
    assert x.shape[1] == 8
    if x.shape[0] is None:
        return tf.zeros([tf.shape(x)[0], 2])
    return tf.zeros([x.shape[0], 2])


@tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32)])
def whole_shape_checked(x):
    if x.shape[0] is not None:
        return tf.reshape(tf.reverse(x, [0]), x.shape)
    return x


@tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32), tf.TensorSpec([None, 8], tf.float32)])
def truth_tested(x, other):
    # A truth test is False for None: the branch that reads the entry runs only when it is known
    # (in the shape of a noisy dense layer's call: https://github.com/cog-model/forger, policy/models.py).
    if x.shape[0]:
        noise = tf.random.normal(shape=(x.shape[0], 8, 1))
    else:
        noise = tf.random.normal(shape=(8, 1))
    batch = other.shape[0] if not x.shape[0] else x.shape[0]
    ones = tf.ones([batch, 2]) if x.shape[0] and batch else tf.ones([2])
    return noise, ones


@tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32), tf.TensorSpec([None, 8], tf.float32)])
def truth_tested_elsewhere(x, other):
    if other.shape[0]:  # tests another tensor's entry, not x's
        return tf.random.normal(shape=(x.shape[0], 8))  # [unknown-static-dimension]
    return x


@tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32)])
def static_checks_only(x):
    if x.shape[0] is not None and x.shape[0] > 4:
        x = x[:4]
    tf.debugging.assert_rank(x, 2)
    return x * 2.0


@tf.function(input_signature=[tf.TensorSpec([16, None], tf.float32)])
def known_batch(x):
    return tf.reshape(x, [x.shape[0], -1])


@tf.function(reduce_retracing=True)
def relaxed(x):
    # In the shape of https://github.com/secondmind-labs/trieste/pull/691
    return tf.tile(tf.ones([1, 3]), [x.shape[0], 1])  # [unknown-static-dimension]


@tf.function(reduce_retracing=True)
def relaxed_dynamic(x):
    return tf.tile(tf.ones([1, 3]), [tf.shape(x)[0], 1])


def eager(x):
    return tf.reshape(x, [x.shape[0], -1])


def normalize(x, groups):
    # In the shape of https://github.com/magenta/ddsp/commit/0cad1016f947a570b63830a4ec332350a5868a9e
    mb, h, w, ch = x.shape  # [unknown-static-dimension]
    x = tf.reshape(x, [mb, h, w, groups, ch // groups])
    return tf.reshape(x, [mb, h, w, ch])


def normalize_dynamic(x, groups):
    h, w, ch = x.shape[1:]
    x = tf.reshape(x, [-1, h, w, groups, ch // groups])
    return tf.reshape(x, [tf.shape(x)[0], h, w, ch])


class Attention(tf.keras.layers.Layer):
    def call(self, queries, keys):
        return self._sample(queries, keys), normalize(keys, 2), normalize_dynamic(keys, 2)

    def _sample(self, q, k):
        # In the shape of https://github.com/LongxingTan/Time-series-prediction/issues/47
        B, H, L, E = k.shape  # [unknown-static-dimension]
        _, _, S, _ = q.shape
        return tf.broadcast_to(tf.expand_dims(k, -3), (B, H, L, S, E))


class Stepped(tf.keras.Model):
    def train_step(self, data):
        x, y = data
        flat = tf.reshape(x, [x.shape[0], -1])  # [unknown-static-dimension]
        width = tf.reshape(y, [-1, y.shape[-1]])
        return {"loss": tf.reduce_mean(flat) + tf.reduce_mean(width)}


def scale(x):
    return tf.reshape(x, [x.shape[0], -1])


def pipeline(dataset):
    return dataset.map(scale)
