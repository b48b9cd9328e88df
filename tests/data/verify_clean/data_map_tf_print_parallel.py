"""tf.data guide: a map function that logs with tf.print (the recommended way), run in parallel
and prefetched; the order and count of its output depend on the pipeline, not on a hazard."""
import tensorflow as tf


def preprocess(x):
    tf.print("preprocessing", x)
    return tf.cast(x, tf.float32) / 10.0


def main():
    ds = tf.data.Dataset.range(24).map(preprocess, num_parallel_calls=tf.data.AUTOTUNE)
    ds = ds.batch(4).prefetch(tf.data.AUTOTUNE)
    total = 0.0
    for batch in ds:
        total += float(tf.reduce_sum(batch))
    return round(total, 4)


if __name__ == "__main__":
    print(main())
