"""Twin of keras_models_in_eager_scripts.py: a script with no tf.function that runs ``fit``:
Keras traces the model's ``call`` in its train step, so the counter is reported."""
import tensorflow as tf


class Counted(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.calls = 0

    def call(self, x):
        self.calls += 1  # [python-state-mutation]
        return self.dense(x)


if __name__ == "__main__":
    model = Counted()
    model.compile(optimizer="adam", loss="mse")
    model.fit(tf.zeros([8, 4]), tf.zeros([8, 1]), epochs=1)
