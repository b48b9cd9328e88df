"""Keras guide: built-in metrics and losses updated in a tf.function over a batched dataset."""
import tensorflow as tf


def main():
    mean = tf.keras.metrics.Mean()
    auc = tf.keras.metrics.AUC(num_thresholds=5)
    mse = tf.keras.losses.MeanSquaredError()

    @tf.function
    def update(y_true, y_pred):
        loss = mse(y_true, y_pred)
        mean.update_state(loss)
        auc.update_state(y_true, y_pred)
        return loss

    y_true = tf.constant([[0.0], [1.0], [1.0], [0.0]])
    y_pred = tf.constant([[0.1], [0.8], [0.6], [0.3]])
    ds = tf.data.Dataset.from_tensor_slices((y_true, y_pred)).batch(2)
    for t, p in ds:
        update(t, p)
    return round(float(mean.result()), 4), round(float(auc.result()), 4)


if __name__ == "__main__":
    print(main())
