"""Creating the optimizer inside the tf.function training step.

Source: https://www.codegenes.net/blog/running-the-tensorflow-2-0-code-gives-valueerror-tf-function-decorated-function-tried-to-create-variables-on-non-first-call-what-am-i-doing-wrong
Hazard: the optimizer makes its slot variables inside the traced step; a new optimizer per trace raises.
"""
# category: decorated
import tensorflow as tf


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])


@tf.function
def train_step(x, y):
    opt = tf.keras.optimizers.Adam(1e-3)  # [variable-created-in-graph]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss
