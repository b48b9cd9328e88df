"""Twin of keras_models_in_eager_scripts.py: a script with no tf.function and no Keras loop, but
the model is called inside a function handed to ``Dataset.map``, which traces it."""
import tensorflow as tf


class Featurizer(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(4)
        self.calls = 0

    def call(self, x):
        self.calls += 1  # [python-state-mutation]
        return self.dense(x)


if __name__ == "__main__":
    featurizer = Featurizer()
    data = tf.data.Dataset.from_tensor_slices(tf.zeros([8, 4])).batch(2).map(lambda x: featurizer(x))
    for features in data:
        print(features.shape)
