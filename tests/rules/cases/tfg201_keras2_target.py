"""A module that uses an API only Keras 2 has targets Keras 2: its tf.keras.layers.Dropout holds
no variable, so one made per call is harmless (tensorflow/docs' SNGP tutorial compiles with
tf.keras.optimizers.legacy.Adam). The twin without it is in tfg201_creation_calls.py;
a layer with weights is reported whichever Keras it is."""
import tensorflow as tf


class DeepResNet(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8)

    def call(self, inputs):
        x = self.hidden(inputs)
        x = tf.keras.layers.Dropout(0.1)(x)
        return tf.keras.layers.Dense(2)(x)  # [variable-created-in-graph]


model = DeepResNet()
model.compile(optimizer=tf.keras.optimizers.legacy.Adam(learning_rate=1e-4), loss="mse")


@tf.function
def make_optimizer(x):
    legacy = tf.keras.optimizers.legacy.RMSprop()  # [variable-created-in-graph]
    return legacy, x
