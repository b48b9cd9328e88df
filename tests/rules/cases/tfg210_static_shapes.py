"""TFG210: a static shape entry that is None while tracing, where an op needs a known int.

A signed tf.function is traced with the TensorSpec's None: ``x.shape[0]`` is None there (HIGH),
also in the helpers it calls. Keras traces call() with an unknown batch under fit() or a
functional model, but a custom loop of fixed-size batches knows it (INFERENCE). A plain
tf.function is traced with the shapes it is given: only a caller traced with an unknown batch
passes one (LOW).
"""
import tensorflow as tf
from tensorflow.keras import backend as K


def random_mask(x, rate):
    shape = x.get_shape().as_list()
    mask_shape = [shape[0]] + [1] * (len(shape) - 1)  # [unknown-static-dimension]
    return tf.random.uniform(mask_shape) < rate


def group_norm(x, groups):
    batch, width, channels = x.shape  # [unknown-static-dimension]
    return tf.reshape(x, [batch, width, groups, channels // groups])


def group_norm_dynamic(x, groups):
    width, channels = x.shape[1], x.shape[2]
    return tf.reshape(x, [tf.shape(x)[0], width, groups, channels // groups])


class Block(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(4)

    def call(self, inputs, training=None):
        hidden = self.dense(inputs)
        rows, depth = hidden.shape  # [unknown-static-dimension]
        tiled = tf.broadcast_to(hidden[:, None, :], (rows, 2, depth))
        flat = tf.reshape(tiled, [tiled.shape[0], -1])  # [unknown-static-dimension]
        ones = tf.zeros(K.int_shape(flat))  # [unknown-static-dimension]
        keep = random_mask(flat, 0.5)
        normed = group_norm(tiled, 2)
        dynamic = group_norm_dynamic(tiled, 2)
        return flat + ones, keep, normed, dynamic


class Silent(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(4)

    def call(self, inputs):
        hidden = self.dense(inputs)
        # a weight's shape is known
        weights = tf.reshape(self.dense.kernel, [self.dense.kernel.shape[0], -1])
        # only the batch is unknown
        columns = tf.reshape(hidden, [-1, hidden.shape[1]])
        rows = hidden.shape[0]
        if rows is None:
            rows = tf.shape(hidden)[0]
        padded = tf.zeros([rows, 3])
        fallback = hidden.shape[0] or tf.shape(hidden)[0]
        again = tf.zeros([fallback, 3])
        dynamic = tf.tile(hidden, [tf.shape(hidden)[0], 1])
        same = tf.zeros_like(hidden)
        return weights, columns, padded, again, dynamic, same


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def signed(x):
    return tf.tile(tf.ones([1, 3]), [x.shape[0], 1])  # [unknown-static-dimension]


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def signed_helpers(x):
    hidden = tf.nn.relu(x)
    return random_mask(hidden, 0.5), group_norm(hidden[:, :, None], 1), group_norm_dynamic(hidden[:, :, None], 1)


@tf.function(input_signature=[tf.TensorSpec([2, 3], tf.float32)])
def signed_known(x):
    return tf.tile(tf.ones([1, 3]), [x.shape[0], 1])


@tf.function
def unsigned(x):
    return tf.tile(tf.ones([1, 3]), [x.shape[0], 1])  # low: [unknown-static-dimension]


def eager_only(x):
    return tf.reshape(x, [x.shape[0], -1])


class Handled(tf.keras.layers.Layer):
    def call(self, inputs, attention_mask=None):
        shape = inputs.get_shape().as_list()
        for i in range(len(shape)):
            if shape[i] is None:
                shape[i] = tf.shape(inputs)[i]
        rank = tf.shape(inputs)
        windows = tf.reshape(attention_mask, [attention_mask.get_shape()[0], -1])
        return tf.reshape(inputs, shape), tf.zeros([rank.shape[0], 2]), windows


class Serializable(tf.keras.layers.Layer):
    def __init__(self, heads):
        super().__init__()
        self.heads = heads

    def call(self, queries, keys, mask=None):
        flat = tf.reshape(queries, [queries.shape[0], -1])  # [unknown-static-dimension]
        return flat, self._spread(keys), self._masked(mask)

    def _spread(self, keys):
        batch, length, depth = keys.shape  # [unknown-static-dimension]
        return tf.broadcast_to(keys[:, None], (batch, self.heads, length, depth))

    def _masked(self, mask):
        return tf.zeros([mask.shape[0], 2])  # a parameter with a default: not taken as an input

    def get_config(self):
        return {**super().get_config(), "heads": self.heads}


class SerializableDerived(Serializable):
    def call(self, queries, keys, mask=None):
        return tf.tile(queries, [queries.shape[0], 1])  # [unknown-static-dimension]


class SerializableHandled(tf.keras.layers.Layer):
    def call(self, inputs):
        batch = inputs.shape[0]
        if batch is None:
            batch = tf.shape(inputs)[0]
        columns = tf.reshape(inputs, [-1, inputs.shape[-1]])
        return tf.reshape(inputs, [batch, -1]), tf.tile(inputs, [tf.shape(inputs)[0], 1]), columns

    def compute_output_shape(self, input_shape):
        return input_shape


def train(features, labels):
    model = tf.keras.Sequential([Block(), Silent(), Handled(), Serializable(2), SerializableHandled()])
    model.compile(loss="mse")
    return model.fit(features, labels)
