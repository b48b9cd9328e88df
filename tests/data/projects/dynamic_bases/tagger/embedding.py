"""Layers whose call hands its string tensor to text.py. The first passes dynamic fourth to
Keras's Layer, a parameter it asserts (as HanLP's ContextualStringEmbeddingTF,
hanlp/layers/embeddings/contextual_string_embedding_tf.py): every instance is dynamic. The
second's parameter defaults to True but a caller may pass False: not shown dynamic, and neither
is what both call."""
import tensorflow as tf

from tagger.text import any_string, first_string, last_string, shared_string


class StringEmbedding(tf.keras.layers.Layer):
    def __init__(self, trainable=False, name=None, dtype=None, dynamic=True, **kwargs):
        assert dynamic, "works only in eager mode"
        super().__init__(trainable, name, dtype, dynamic, **kwargs)

    def call(self, inputs):
        return first_string(inputs) + any_string(inputs) + shared_string(inputs)


class MaybeDynamicEmbedding(tf.keras.layers.Layer):
    def __init__(self, trainable=False, name=None, dtype=None, dynamic=True, **kwargs):
        super().__init__(trainable, name, dtype, dynamic, **kwargs)

    def call(self, inputs):
        return last_string(inputs) + any_string(inputs)
