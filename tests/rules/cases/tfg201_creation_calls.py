"""TFG201: what creates variables in graph code, in its spellings; objects without variables stay silent."""
import keras
import tensorflow
import tensorflow as tf
from tensorflow import Variable
from tensorflow.keras import layers, optimizers


@tf.function
def variables(x):
    a = tf.Variable(1.0)  # [variable-created-in-graph]
    b = tensorflow.Variable(2.0)  # [variable-created-in-graph]
    c = Variable(3.0)  # [variable-created-in-graph]
    d = tf.compat.v2.Variable(4.0)  # [variable-created-in-graph]
    e = keras.Variable(5.0)  # [variable-created-in-graph]
    return x + a + b + c + d + e


@tf.function
def generators(x):
    a = tf.random.Generator.from_seed(1)  # [variable-created-in-graph]
    b = tf.random.Generator.from_non_deterministic_state()  # [variable-created-in-graph]
    c = tf.random.Generator.from_key_counter(0, [0, 0], "philox")  # [variable-created-in-graph]
    d = tf.random.experimental.Generator.from_seed(2)  # [variable-created-in-graph]
    return x + a.normal(()) + b.normal(()) + c.normal(()) + d.normal(())


@tf.function
def keras_layers(x):
    y = tf.keras.layers.Dense(3)(x)  # [variable-created-in-graph]
    conv = layers.Conv1D(4, 2)  # [variable-created-in-graph]
    y = conv(y)
    unused = layers.BatchNormalization()  # [variable-created-in-graph]
    y = layers.Dropout(0.5)(y, training=True)  # [variable-created-in-graph]
    y = tf.keras.Sequential([layers.Dense(2)])(y)  # [variable-created-in-graph]
    return y, unused


@tf.function
def weightless_layers(x):
    y = tf.keras.layers.Flatten()(x)
    y = layers.Activation("relu")(y) + layers.ReLU()(y)
    y = layers.Reshape((-1,))(y)
    y = layers.GlobalAveragePooling1D()(tf.expand_dims(y, -1))
    y = tf.keras.Sequential([layers.Flatten()])(y)
    # keras' FeatureSpace encodes in its traced call: stateless preprocessing (no weights)
    codes = layers.CategoryEncoding(num_tokens=4)(layers.Hashing(num_bins=4)(tf.constant([1, 2])))
    normalized = layers.Normalization()(y)  # [variable-created-in-graph]
    return layers.Concatenate()([y, y]), codes, normalized


@tf.function
def recurrent_state(x):
    # google-research/seed_rl's tests (held out 2026-11-26): the stack owns no variables; the cell
    # does (Keras 3's seed generator: the second trace raises on TF 2.21)
    cells = [tf.keras.layers.LSTMCell(8)]  # [variable-created-in-graph]
    stack = tf.keras.layers.StackedRNNCells(cells)
    return x, stack.get_initial_state(batch_size=2)


CELL = tf.keras.layers.GRUCell(4)


@tf.function
def decode(x):
    # tensorflow-addons' crf_decode_forward: an RNN layer around a cell made once
    return tf.keras.layers.RNN(CELL, return_sequences=True)(x)


@tf.function
def optimizers_and_metrics(x):
    adam = tf.keras.optimizers.Adam()  # [variable-created-in-graph]
    sgd = optimizers.SGD(0.1)  # [variable-created-in-graph]
    legacy = None  # Keras 2's legacy optimizers: in tfg201_keras2_target.py (they make a module Keras 2's)
    alias = tf.optimizers.Adagrad()  # [variable-created-in-graph]
    mean = tf.keras.metrics.Mean()  # [variable-created-in-graph]
    schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9)
    loss = tf.keras.losses.MeanSquaredError()
    error = tf.keras.metrics.mean_squared_error(x, x)
    # Capitalised, but functions: keras.metrics.MSE is mean_squared_error (TF 2.21 and tf_keras).
    short = tf.keras.metrics.MSE(x, x) + tf.keras.metrics.MAE(x, x) + tf.metrics.KLD(x, x)
    init = tf.keras.initializers.GlorotUniform()
    return adam, sgd, legacy, alias, mean, schedule, loss, error, short, init


@tf.function
def models(x):
    loaded = tf.keras.models.load_model("model.keras")  # [variable-created-in-graph]
    resnet = tf.keras.applications.ResNet50(weights=None)  # [variable-created-in-graph]
    inputs = keras.Input(shape=(3,))
    return loaded(x), resnet, inputs


@tf.function
def not_variables(x):
    c = tf.constant(1.0)
    ta = tf.TensorArray(tf.float32, size=2)
    spec = tf.TensorSpec((None,), tf.float32)
    return x + c, ta, spec


class MyModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)


class MyDense(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], 3))

    def call(self, inputs):
        return tf.matmul(inputs, self.kernel)


@tf.function
def own_classes(x):
    module = MyModule()  # todo: [variable-created-in-graph]
    y = MyDense()(x)  # [variable-created-in-graph]
    return x * module.v + y


# Keras 2 (tf_keras) seeded layers own no variable; Keras 3's do (tf-models-official
# maxvit: tf_keras.layers.Dropout(...)(x) in call). Checked on TF 2.21 with tf_keras 2.21 and
# keras 3.15: only the Keras 3 Dropout raises on the second trace.
import tf_keras  # noqa: E402
from tf_keras import layers as legacy_layers  # noqa: E402


@tf.function
def keras_2_dropout(x):
    y = tf_keras.layers.Dropout(0.5)(x, training=True)
    y = legacy_layers.GaussianNoise(0.1)(y, training=True)
    return tf_keras.layers.Dense(2)(y)  # [variable-created-in-graph]


# A variable creator takes over creation (tensorflow-federated's functional models):
# one that returns existing tensors creates no variable, one that passes through raises (TF 2.21).
def no_variable(next_creator, **kwargs):
    return tf.constant(kwargs["initial_value"])


@tf.function
def under_creator(x):
    with tf.variable_creator_scope(no_variable):
        v = tf.Variable(2.0)  # low: [variable-created-in-graph]
    return x * v


# The Keras backend's K.variable / K.zeros / K.ones make a tf.Variable on each call (
# https://github.com/tensorflow/tensorflow/issues/38583); K.zeros_like and tf.zeros make tensors.
from tensorflow.keras import backend as K  # noqa: E402


@tf.function
def backend_state(x):
    weight = K.variable(1.0)  # [variable-created-in-graph]
    pad = K.zeros((2,))  # [variable-created-in-graph]
    bias = K.ones((2,))  # [variable-created-in-graph]
    return x * weight + pad + bias + tf.zeros((2,)) + K.zeros_like(x)


# Shaped by tf.shape / K.shape, K.zeros raises TypeError on the first trace (its value is built
# outside the graph), guarded or not; a static x.shape entry keeps the variable message.
class RuntimeShapedPad(tf.keras.layers.Layer):
    def call(self, x):
        rows = K.shape(x)[0]
        pad = K.zeros((rows, 2))  # [variable-created-in-graph]
        ones = K.ones(shape=(tf.shape(x)[0], 2))  # [variable-created-in-graph]
        if self.cache is None:
            self.cache = K.zeros((K.shape(x)[0], 1))  # [variable-created-in-graph]
        static = K.zeros((x.shape[-1],))  # [variable-created-in-graph]
        return pad + ones + static + tf.zeros((tf.shape(x)[0], 2))


class AddsWeights(tf.keras.layers.Layer):
    """self.add_weight() in call creates a weight each time call runs (Keras 3 refuses it from the
    second call, eagerly too; a second trace raises); in build(), or behind a guard, it runs once."""

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], 3))

    def call(self, inputs):
        scale = self.add_weight(name="scale", shape=())  # [variable-created-in-graph]
        if self.bias is None:
            self.bias = self.add_weight(name="bias", shape=(3,))
        return tf.matmul(inputs, self.kernel) * scale + self.bias


class Registry:
    """Not a Keras class: an add_weight of its own is just a method."""

    def __init__(self):
        self.weights = []

    def add_weight(self, value):
        self.weights.append(value)  # [outer-collection-mutation]
        return value

    @tf.function
    def apply(self, x):
        return x * self.add_weight(2.0)
