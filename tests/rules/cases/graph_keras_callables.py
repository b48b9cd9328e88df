"""Functions handed to Keras are graph code (the largest group of users' reports).

fit() runs compile()'s loss and metrics, and a layer's activation, regularizers and constraints,
inside the train function it traces; so do Lambda and Activation layers and the loss/metric
wrappers. What is handed over: a function, a lambda, a list or dict of them, a callable object of
the module, what a factory of the module returns. Twins that stay silent: compile() of an object
that is not shown to be a Keras model, keywords of calls that are not Keras layers, strings.
"""
import tensorflow as tf
from tensorflow import keras


def printing_loss(y_true, y_pred):
    print("loss", y_pred)  # [python-print-in-graph]
    return tf.reduce_mean(tf.square(y_true - y_pred))


def counted_metric(y_true, y_pred):
    global metric_calls
    metric_calls += 1  # [python-state-mutation]
    return tf.reduce_mean(y_pred)


metric_calls = 0


def make_weighted_loss(weight):
    def weighted(y_true, y_pred):
        print("weight", weight)  # [python-print-in-graph]
        return weight * tf.reduce_mean(tf.abs(y_true - y_pred))

    return weighted


class Scaled:
    def __init__(self):
        self.calls = 0

    def __call__(self, y_true, y_pred):
        self.calls += 1  # [python-state-mutation]
        return tf.reduce_mean(y_pred)


def gate(x):
    # Keras 3 calls it from its own code, which AutoGraph does not convert (TF 2.21: raises).
    if x > 0:  # [tensor-used-as-python-value]
        return x
    print("negative branch")  # [python-print-in-graph]
    return -x


def penalty(weights):
    print("penalty")  # [python-print-in-graph]
    return 0.01 * tf.reduce_sum(tf.square(weights))


model = keras.Sequential([
    keras.layers.Dense(4, activation=gate, kernel_regularizer=penalty),
    keras.layers.Lambda(lambda t: print(t) or t),  # [python-print-in-graph]
    keras.layers.Dense(1),
])
model.compile(
    optimizer="adam",
    loss={"out": printing_loss},
    metrics=[counted_metric, Scaled(), "mae"],
    weighted_metrics=[make_weighted_loss(0.5)],
)


# -- silent twins ------------------------------------------------------------------------------

def quiet_loss(y_true, y_pred):
    print("not handed to Keras")
    return y_pred


class Pipeline:
    """Another library's compile(): no Keras model, nothing traced."""

    def compile(self, loss=None):
        return loss


def build_block(units, activation=None):
    return units, activation


Pipeline().compile(loss=quiet_loss)
build_block(3, activation=quiet_loss)
quiet_loss(1.0, 2.0)


def unknown_receiver(estimator):
    # A name is not evidence: `estimator` is not shown to be a Keras model.
    estimator.compile(loss=quiet_loss)
