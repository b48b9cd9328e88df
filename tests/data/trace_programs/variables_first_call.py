"""A Keras model and optimizer built lazily on the first call: TensorFlow traces that call twice
(the first trace creates the variables, the second must create none). Expected, once."""
import keras
import tensorflow as tf

model = keras.Sequential([keras.layers.Dense(4), keras.layers.Dense(1)])
optimizer = keras.optimizers.SGD(0.1)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return loss


for _ in range(3):
    train_step(tf.ones((8, 3)), tf.zeros((8, 1)))  # retrace: train_step same-call
train_step(tf.ones((5, 3)), tf.zeros((5, 1)))  # retrace: train_step shape x; train_step shape y
