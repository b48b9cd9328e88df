"""TFG201: a model zoo module whose models make their layers in ``call`` and override ``build`` to
return a functional model from one direct ``self.call`` on ``keras.Input``s (the shape of a user's
computer-vision model collection). Its ``__main__`` block keeps what ``build`` returns and uses
that: the class's ``call`` runs once, directly, outside traced code, and Keras never traces it, so
the layers it makes are made once. LOW. The twins: a model whose ``build`` override returns
nothing (Keras's kind, which the instance's own call then runs), and a model whose build result is
dropped and the instance itself is fitted, stay reported."""
import tensorflow as tf


class Zoo(tf.keras.Model):
    def __init__(self, classes):
        super().__init__()
        self._classes = classes

    def _block(self, x, filters):
        conv = tf.keras.layers.Conv2D(filters, 3)  # low: [variable-created-in-graph]
        return tf.keras.layers.BatchNormalization()(conv(x))  # low: [variable-created-in-graph]

    def call(self, x):
        x = self._block(x, 16)
        return tf.keras.layers.Dense(self._classes)(x)  # low: [variable-created-in-graph]

    def build(self, input_shape):
        inputs = tf.keras.Input(shape=input_shape)
        outputs = self.call(inputs)
        return tf.keras.Model(inputs=inputs, outputs=outputs, name="zoo")


class Plain(tf.keras.Model):
    def call(self, x):
        return tf.keras.layers.Dense(4)(x)  # [variable-created-in-graph]

    def build(self, input_shape):
        super().build(input_shape)


class Fitted(tf.keras.Model):
    def call(self, x):
        return tf.keras.layers.Dense(4)(x)  # [variable-created-in-graph]

    def build(self, input_shape):
        inputs = tf.keras.Input(shape=input_shape)
        return tf.keras.Model(inputs, self.call(inputs))


if __name__ == "__main__":
    model = Zoo(classes=10)
    model = model.build(input_shape=(32, 32, 3))
    model.summary()
    plain = Plain()
    plain.build((None, 3))
    plain.fit(tf.zeros([2, 3]), tf.zeros([2, 4]))
    fitted = Fitted()
    fitted.build((3,))
    fitted.compile(loss="mse")
    fitted.fit(tf.zeros([2, 3]), tf.zeros([2, 4]))
