"""TFG109 on attributes whose new value the trace key already decides.

``self.index = tf.zeros(x.shape[0])`` before ``self._step(x, ...)``: the value depends only on the
shape of an argument of the traced method, and a new shape is a new trace, so the captured value
is never stale. Twins: a value read from the argument's values (``tf.argmax(self.model(x))``), and
one made from the shape of something not passed to the traced method, stay reported.
"""
import tensorflow as tf


class Explainer:
    def __init__(self, model):
        self.model = model
        self.index = None
        self.prediction = None
        self.other = None
        self.opt = tf.keras.optimizers.Adam()

    def explain(self, x, mask, reference):
        self.index = tf.zeros(x.shape[0], dtype=tf.int32)
        self.prediction = tf.argmax(self.model([x, self.index]), axis=1)
        self.other = tf.ones([len(reference), 2])
        for _ in range(10):
            self._step(x, mask)
        return mask

    @tf.function
    def _step(self, x, mask):
        with tf.GradientTape() as tape:
            out = self.model([x * mask, self.index])  # trace key decides it: silent
            loss = tf.reduce_sum(out * tf.cast(self.prediction, out.dtype))  # [mutable-attribute-capture]
            loss += tf.reduce_sum(self.other)  # [mutable-attribute-capture]
        self.opt.apply_gradients(zip(tape.gradient(loss, [mask]), [mask]))
        return loss
