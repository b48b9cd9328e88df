"""TFG202: Keras fit/evaluate/predict on models in graph code; other objects' methods stay silent.

A receiver only *named* like a model is LOW confidence (off by default): the review corpus found such
names were mostly other libraries' model objects whose predict() is TensorFlow code.
"""
import tensorflow as tf
from tensorflow import keras

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
functional = keras.Model(inputs=keras.Input((2,)), outputs=keras.layers.Dense(1)(keras.Input((2,))))
loaded = tf.keras.models.load_model("model.keras")
backbone = tf.keras.applications.MobileNetV2(weights=None)
layer = tf.keras.layers.Dense(3)


@tf.function
def global_models(x, y):
    model.fit(x, y, verbose=0)  # [eager-only-call-in-graph]
    a = model.predict(x)  # [eager-only-call-in-graph]
    b = functional.evaluate(x, y)  # [eager-only-call-in-graph]
    c = loaded.predict_on_batch(x)  # [eager-only-call-in-graph]
    d = backbone.predict(x)  # [eager-only-call-in-graph]
    e = model(x, training=False)
    f = model.train_on_batch(x, y)  # Keras 3 runs it in a tf.function: not reported
    return a, b, c, d, e, f


@tf.function
def model_argument(model, x):
    return model.predict(x)  # low: [eager-only-call-in-graph]


@tf.function
def other_objects(scaler, estimator, x):
    scaler.fit(x)  # unknown object, not named like a model
    estimator.predict(x)
    return layer(x)


class Regressor(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, inputs):
        return self.dense(inputs)

    def train_step(self, data):
        x, y = data
        self.evaluate(x, y)  # [eager-only-call-in-graph]
        return {"loss": 0.0}


class Wrapper(tf.Module):
    def __init__(self, net):
        super().__init__()
        self.model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        self.net = net
        self.regressor = Regressor()

    @tf.function
    def __call__(self, x):
        a = self.model.predict(x)  # [eager-only-call-in-graph]
        b = self.net.predict(x)  # low: [eager-only-call-in-graph]
        c = self.regressor.predict(x)  # [eager-only-call-in-graph]
        return a + b + c


class Predictor(tf.Module):
    def predict(self, x):
        return x * 2.0

    @tf.function
    def __call__(self, x):
        return self.predict(x)  # the class's own predict


class Estimator:
    def fit(self, x):
        return x


@tf.function
def own_estimator(x):
    estimator = Estimator()
    return estimator.fit(x)


def train(x, y):
    model.fit(x, y)  # not graph code
    return model.predict(x)


# -- annotations: the author's word on the receiver's type ------------------------------------

from typing import Optional, Protocol  # noqa: E402


class SurrogateModel(Protocol):
    def predict(self, x: tf.Tensor) -> tf.Tensor: ...


@tf.function
def annotated_other_type(model: SurrogateModel, x):
    return model.predict(x)  # a library's own model type: its predict is TensorFlow code


@tf.function
def annotated_keras(model: tf.keras.Model, x):
    return model.predict(x)  # [eager-only-call-in-graph]


@tf.function
def annotated_optional_keras(model: Optional[keras.Model], x):
    return model.predict(x)  # [eager-only-call-in-graph]


class Optimizer(tf.Module):
    model: SurrogateModel

    def __init__(self, model):
        super().__init__()
        self.model = model
        self._net: "GaussianProcess" = model

    @tf.function
    def step(self, x):
        a = self.model.predict(x)  # class-body annotation names another type
        b = self._net.predict(x)  # a string annotation: another type
        return a + b


class Tuner(tf.Module):
    def __init__(self, model: keras.Model):
        super().__init__()
        self.model: keras.Model = model

    @tf.function
    def step(self, x):
        return self.model.predict(x)  # [eager-only-call-in-graph]


# -- an instance attribute that shadows an inherited Keras method -----------------------------

class Head(keras.Model):
    def __init__(self):
        super().__init__()
        self.project = keras.layers.Dense(8)
        self.predict = keras.layers.Dense(8)  # the instance's own predict: a layer

    @tf.function
    def prediction(self, z):
        return self.predict(self.project(z))  # the layer's call, not Model.predict


class HeadBase(keras.Model):
    def build_heads(self):
        self.evaluate = keras.layers.Dense(1)  # bound in a method of a base of the module


class ScoredHead(HeadBase):
    @tf.function
    def score(self, z):
        return self.evaluate(z)  # the base's layer, not Model.evaluate


class WrappedHead(keras.Model):
    def __init__(self):
        super().__init__()
        self.project = keras.layers.Dense(8)
        self.predict = tf.function(self.predict)  # wraps Model.predict itself: still Keras's loop

    @tf.function
    def prediction(self, z):
        return self.predict(self.project(z))  # [eager-only-call-in-graph]


class PlainHead(keras.Model):
    def __init__(self):
        super().__init__()
        self.project = keras.layers.Dense(8)  # nothing bound under the method's name

    @tf.function
    def prediction(self, z):
        return self.predict(self.project(z))  # [eager-only-call-in-graph]
