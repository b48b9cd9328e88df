"""TFG203: Keras 3 runs a layer's call (and a model's train_step, test_step, predict_step and
compute_loss) from its own code, which AutoGraph does not convert, and so the helpers they call
too: len() of a tensor, a Python if or `or` on one raise when the layer is built into a model,
fitted or called from a tf.function (TF 2.21: "len is not well defined for a symbolic Tensor",
OperatorNotAllowedInGraphError). The twins stay silent: shape facts, TensorFlow ops, a Python
bool argument, code only called eagerly, and the same methods under Keras 2
(tfg203_keras2_layer_methods). A call that loops over tf.range was written for Keras 2's
conversion: what it claims of Keras 3 there is LOW.
"""
import tensorflow as tf


class StochasticDepth(tf.keras.layers.Layer):
    def __init__(self, rate, **kwargs):
        super().__init__(**kwargs)
        self.rate = rate

    def call(self, x, training=None):
        if training:  # a Python bool (or None) Keras passes: silent
            shape = (tf.shape(x)[0],) + (1,) * (len(tf.shape(x)) - 1)  # [tensor-used-as-python-value]
            keep = tf.floor(1.0 - self.rate + tf.random.uniform(shape))
            return x * keep
        return x


class MaskGenerator(tf.keras.layers.Layer):
    def call(self, inputs):
        is_1d = tf.rank(inputs) == 1
        if is_1d:  # [tensor-used-as-python-value]
            inputs = inputs[tf.newaxis, :]
        rank = len(inputs.shape)  # a static shape fact: silent
        return self.pad(inputs) if rank == 2 else inputs

    def pad(self, inputs):
        width = tf.shape(inputs)[-1]
        if width < 4:  # [tensor-used-as-python-value]
            inputs = tf.pad(inputs, [[0, 0], [0, 4 - width]])
        return inputs


class Scaled(tf.keras.Model):
    def train_step(self, data):
        x, y = data  # a structure Keras passes: silent
        scale = tf.reduce_max(x) or 1.0  # [tensor-used-as-python-value]
        with tf.GradientTape() as tape:
            loss = self.compute_loss(x=x, y=y, y_pred=self(x / scale))
        self.optimizer.apply(tape.gradient(loss, self.trainable_variables), self.trainable_variables)
        return {"loss": loss}


class Speller(tf.keras.layers.Layer):
    def call(self, inputs, teacher_forcing_rate=0.5):
        if inputs.shape[1] is not None:
            steps = range(inputs.shape[1])
        else:
            steps = tf.range(tf.shape(inputs)[1])
        forced = tf.random.uniform(()) < teacher_forcing_rate
        outputs = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for step in steps:
            if forced or step == 0:  # low: [tensor-used-as-python-value]
                outputs = outputs.write(step, inputs[:, step])
        return outputs.stack()


class Decoder(tf.keras.layers.Layer):
    def call(self, frames, lengths):
        steps = tf.reduce_max(lengths)
        outputs = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for step in tf.range(steps):  # low: [tensor-used-as-python-value]
            outputs = outputs.write(step, frames[step])
        return outputs.stack()


def eager_helper(x):
    return len(tf.shape(x))  # called only eagerly: silent


print(eager_helper(tf.ones((2, 3))))
