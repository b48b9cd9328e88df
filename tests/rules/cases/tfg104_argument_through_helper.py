"""TFG104: a tf.function's own argument handed to a helper that mutates its parameter.

The helper changes the object the tf.function's caller passed in, and TensorFlow refuses that
when tracing ends (checked on TF 2.21: ValueError "should not modify its Python input arguments",
through one helper, two, or an object's ``__call__``). Twins stay silent: a helper given a copy,
a Dataset.map function's element (TensorFlow builds it afresh), a helper called with the
argument by one caller and a per-trace local by another, and a helper only eager code calls.
"""
import tensorflow as tf


def add_scaled(features):
    features["scaled"] = features["x"] / 10.0  # [outer-collection-mutation]
    return features


@tf.function
def step(features):
    features = add_scaled(features)
    return features["scaled"]


def resample(features):
    for key in ("f0", "loudness"):
        features[key] = features[key][::2]  # [outer-collection-mutation]
    return features


def preprocess(features):
    return resample(features)


@tf.function
def two_levels(features):
    return preprocess(features)["f0"]


class Preprocessor:
    def __call__(self, features, training=True):
        features["ld_scaled"] = features["loudness"] + 1.0  # [outer-collection-mutation]
        return features


preprocessor = Preprocessor()


@tf.function
def through_object(features):
    return preprocessor(features, training=False)["ld_scaled"]


def normalise(features):
    features["x"] = features["x"] - 1.0
    return features


@tf.function
def on_a_copy(features):
    return normalise(dict(features))["x"]


def tag(element):
    element["tag"] = element["x"] * 0
    return element


dataset = tf.data.Dataset.from_tensors({"x": tf.constant(1.0)}).map(lambda element: tag(element))


def fill(acc, x):
    acc["x"] = x
    return acc


@tf.function
def mixed_callers(features):
    local = {}
    fill(local, features["x"])
    fill(features, features["x"])
    return local["x"]


def eager_helper(features):
    features["seen"] = True
    return features


eager_helper({"x": 1.0})
