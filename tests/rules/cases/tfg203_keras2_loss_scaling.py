"""TFG203 twin: `get_scaled_loss` exists only on Keras 2's LossScaleOptimizer (Keras 3's has
`scale_loss`), so the module runs under Keras 2, whose Model converts train_step: silent."""
import tensorflow as tf


class Scaled(tf.keras.Model):
    def train_step(self, data):
        x, y = data
        if tf.reduce_max(x) > 1.0:
            x = x / tf.reduce_max(x)
        with tf.GradientTape() as tape:
            loss = self.compiled_loss(y, self(x, training=True))
            scaled = self.optimizer.get_scaled_loss(loss)
        grads = self.optimizer.get_unscaled_gradients(tape.gradient(scaled, self.trainable_variables))
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}
