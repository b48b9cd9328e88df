"""Metric bases: one passes dynamic=True up to Keras's Metric (as HanLP's ChunkingF1_TF,
https://github.com/hankcs/HanLP, hanlp/metrics/chunking/chunking_f1_tf.py), one passes
dynamic=False, one passes nothing. Their update_state hands each batch to the subclass's
update_tags, which Keras reaches through ``self.``."""
import tensorflow as tf


class DynamicChunkF1(tf.keras.metrics.Metric):
    def __init__(self, vocab, name="f1", dtype=None, **kwargs):
        super().__init__(name, dtype, dynamic=True, **kwargs)
        self.vocab = vocab

    def update_state(self, y_true, y_pred, sample_weight=None):
        return self.update_tags(y_true, y_pred)


class StaticChunkF1(tf.keras.metrics.Metric):
    def __init__(self, vocab, name="f1", dtype=None, **kwargs):
        super().__init__(name, dtype, dynamic=False, **kwargs)
        self.vocab = vocab

    def update_state(self, y_true, y_pred, sample_weight=None):
        return self.update_tags(y_true, y_pred)


class PlainChunkF1(tf.keras.metrics.Metric):
    def __init__(self, vocab, name="f1", dtype=None, **kwargs):
        super().__init__(name, dtype, **kwargs)
        self.vocab = vocab

    def update_state(self, y_true, y_pred, sample_weight=None):
        return self.update_tags(y_true, y_pred)
