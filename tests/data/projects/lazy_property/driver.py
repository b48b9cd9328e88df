"""A serving driver whose model property builds the model the first time it is read (the shape of
the efficientdet ServingDriver in tensorflow/examples): reading self.model in a tf.function runs
the getter while tracing, but its build() runs behind 'if not self._model:', once, and assigns
through the property's setter. The helper build() calls in checkpoints.py is not graph code."""
import tensorflow as tf

import checkpoints


class Driver:
    def __init__(self, path):
        self.path = path
        self._model = None

    @property
    def model(self):
        if not self._model:
            self.build()
        return self._model

    @model.setter
    def model(self, model):
        self._model = model

    def build(self):
        self.model = checkpoints.restore(tf.keras.layers.Dense(1), self.path)

    def serve(self, images):
        @tf.function
        def run(x):
            return self.model(checkpoints.warm_up(x))

        return run(images)
