"""TensorFlow imported optionally: ``try: import tensorflow as tf`` / ``except ImportError: tf =
None``. Code using ``tf`` runs only where the import succeeded, so ``tf.py_function`` there is
TensorFlow's: the functions handed to it run as Python (silent). The twin, ``tf_text``, is bound to
two different modules (a fallback import): what it names is not known, so its call is taken as
any call and the function it is given is traced.
"""
import keras

try:
    import tensorflow as tf
except ImportError:
    tf = None

try:
    import tensorflow as tf_text
except (ModuleNotFoundError, ValueError):
    import tf_text_stub as tf_text


class DecodeLayer(keras.layers.Layer):
    def call(self, inputs):
        def decode(token):
            return self.lookup(token.numpy().decode("utf-8"))

        return tf.py_function(decode, [inputs], "bool")


class StubbedDecodeLayer(keras.layers.Layer):
    def call(self, inputs):
        def decode(token):
            return self.lookup(token.numpy().decode("utf-8"))  # [eager-only-call-in-graph]

        return tf_text.py_function(decode, [inputs], "bool")
