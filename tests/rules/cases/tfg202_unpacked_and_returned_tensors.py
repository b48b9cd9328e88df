"""TFG202: NumPy on the items of an unpacked tensor, and on what a def of the module returns, in
helpers a Keras layer's call reaches. The shape of YangyangFu/transformer-time-series' ProbSparse
attention (https://github.com/YangyangFu/transformer-time-series/commit/7c1a11185bbf9796d91eac3df3739c7c39eda8c8):
``B, T, H, _ = tf.shape(query)`` then ``np.arange(B)``, and ``np.transpose(top_index)`` of a
helper's ``return qk, M_top``. The twins stay silent: the items of a static shape, a helper whose
result follows what its caller passes (``return query * factor``), one that may return None, and
a decorated one.
"""
import functools

import numpy as np
import tensorflow as tf


class Attention(tf.keras.layers.Layer):
    def _top(self, query):
        scores = tf.matmul(query, query, transpose_b=True)
        index = tf.math.top_k(scores, k=2).indices
        index = tf.transpose(index)
        return scores, index

    def _projected(self, query):
        return tf.reduce_sum(query, axis=-1)

    def _scaled(self, query, factor):
        return query * factor

    def _maybe(self, query):
        if query.shape.rank == 2:
            return tf.identity(query)

    @functools.lru_cache()
    def _cached(self, size):
        return tf.zeros([size])

    def _gather(self, query):
        batch, heads, _ = tf.shape(query)  # [tensor-used-as-python-value]
        rows, cols, _ = query.shape
        scores, index = self._top(query)
        first = np.arange(batch)  # [eager-only-call-in-graph]
        order = np.transpose(index)  # [eager-only-call-in-graph]
        total = np.sum(self._projected(query))  # [eager-only-call-in-graph]
        scaled = np.sqrt(self._scaled(3.0, 2.0))  # Python numbers: silent
        grid = np.arange(rows) + np.arange(cols)  # static dimensions: silent
        maybe = np.asarray(self._maybe(query))  # may be None: silent
        cached = np.asarray(self._cached(4))  # a decorator may return anything: silent
        return first, order, total, scaled, grid, maybe, cached, scores, heads

    def call(self, inputs):
        return self._gather(inputs)
