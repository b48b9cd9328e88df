"""A Keras step's branch under the flag every compile of the model passes as ``run_eagerly``.

``model.compile(..., run_eagerly=params.debug)`` with the model keeping ``params`` as
``self.params``: ``if self.params.debug:`` in ``test_step`` runs only when Keras runs the step
eagerly, so ``.numpy()`` and a list append there work as in plain Python (LOW). The shape of
nerf-tf2's NeRF.test_step, which caches validation images only in eager mode
(https://github.com/thatbrguy/nerf-tf2, nerf/core/model.py). Twins stay reported: a branch
under another flag, a class also compiled without the flag and fit, a compile passing False.
"""
import tensorflow as tf
from tensorflow import keras


class Logged(keras.Model):
    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = keras.layers.Dense(1)
        self.cache = []

    def call(self, x):
        return self.dense(x)

    def test_step(self, data):
        x, y = data
        pred = self(x)
        if self.params.debug and self.params.log_images:
            self.cache.append(pred.numpy())  # low: [outer-collection-mutation, eager-only-call-in-graph]
        if self.params.verbose:
            self.cache.append(pred.numpy())  # [outer-collection-mutation, eager-only-call-in-graph]
        return {"loss": 0.0}


def setup(params):
    model = Logged(params=params)
    model.compile(optimizer="adam", loss="mse", run_eagerly=params.debug)
    return model


def sketch(params):
    unused = Logged(params)
    unused.compile(optimizer="adam")  # compiled, never run by a loop: runs no step
    return unused.name


class AlsoPlain(keras.Model):
    def __init__(self, params):
        super().__init__()
        self.params = params
        self.cache = []

    def test_step(self, data):
        if self.params.debug:
            self.cache.append(data[0].numpy())  # [outer-collection-mutation, eager-only-call-in-graph]
        return {"loss": 0.0}


def setup_both(params, data):
    debugged = AlsoPlain(params)
    debugged.compile(optimizer="adam", run_eagerly=params.debug)
    plain = AlsoPlain(params)
    plain.compile(optimizer="adam")
    plain.evaluate(data)
    return debugged


class NeverEager(keras.Model):
    def __init__(self, params):
        super().__init__()
        self.params = params
        self.cache = []

    def test_step(self, data):
        if self.params.debug:
            self.cache.append(data[0].numpy())  # [outer-collection-mutation, eager-only-call-in-graph]
        return {"loss": 0.0}


def setup_never(params, data):
    model = NeverEager(params)
    model.compile(optimizer="adam", run_eagerly=False)
    model.evaluate(data)


class OtherParams(keras.Model):
    def __init__(self, params):
        super().__init__()
        self.params = params
        self.cache = []

    def test_step(self, data):
        if self.params.debug:
            self.cache.append(data[0].numpy())  # [outer-collection-mutation, eager-only-call-in-graph]
        return {"loss": 0.0}


def setup_other(params, other, data):
    model = OtherParams(params)
    model.compile(optimizer="adam", run_eagerly=other.debug)  # not the flag the class keeps
    model.evaluate(data)
