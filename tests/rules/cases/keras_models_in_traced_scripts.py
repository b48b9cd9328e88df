"""Twin of keras_models_in_eager_scripts.py: the same script, but its training step is a
tf.function, which traces the model's ``call``: the counter counts traces, and is reported."""
import tensorflow as tf


class ODEFunc(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(4)
        self.nfe = 0

    def call(self, x):
        self.nfe += 1  # [python-state-mutation]
        return self.dense(x)


@tf.function
def train_step(model, optimizer, batch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))


if __name__ == "__main__":
    model = ODEFunc()
    optimizer = tf.keras.optimizers.Adam()
    for batch in tf.data.Dataset.from_tensor_slices(tf.zeros([8, 4])).batch(2):
        train_step(model, optimizer, batch)
