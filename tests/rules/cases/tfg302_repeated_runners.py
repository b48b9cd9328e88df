"""TFG302: methods Python or Keras runs again and again: a property getter (every access), a Keras
callback's per-batch and per-epoch hooks, and Keras compile() in a getter; the silent twins: a guarded
getter, a cached_property, a hook that runs once per fit, a module's compile()."""
import functools
import re
import tensorflow as tf


class Generator:
    def __init__(self, model):
        self.model = model
        self._decoder = None
        self._cached = None
        self.jit = True

    def _run(self, x):
        return self.model(x)

    @property
    def step(self):
        return tf.function(self._run)  # [tf-function-in-loop]

    @property
    def kept(self):
        if self._cached is None:
            self._cached = tf.function(self._run)
        return self._cached

    @functools.cached_property
    def once(self):
        return tf.function(self._run)

    @property
    def decoder(self):
        if self._decoder is None:
            self._decoder = tf.keras.Sequential([tf.keras.layers.Dense(1)])
            self._decoder.compile(jit_compile=True)
        return self._decoder

    @property
    def encoder(self):
        if self.jit:
            self.model.compile(jit_compile=True)  # [tf-function-in-loop]
        return self.model

    @property
    def pattern(self):
        return re.compile("a+", flags=0)


class Logger(tf.keras.callbacks.Callback):
    def __init__(self, data):
        super().__init__()
        self.data = data
        self.probe = tf.function(lambda x: x * 2)

    def on_epoch_end(self, epoch, logs=None):
        probe = tf.function(lambda x: x * 2)  # [tf-function-in-loop]
        return probe(self.data)

    def on_train_begin(self, logs=None):
        probe = tf.function(lambda x: x * 2)
        return probe(self.data)

    def on_batch_end(self, batch, logs=None):
        return self.probe(self.data)
