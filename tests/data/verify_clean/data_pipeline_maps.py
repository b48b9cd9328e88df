"""tf.data guide: a pipeline of pure map functions, chained on one line, batched and reduced."""
import tensorflow as tf


def normalize(x):
    return (x - 4.0) / 4.0


def augment(x):
    return x * 2.0


def shift(x):
    return x + 1.0


def main():
    ds = tf.data.Dataset.range(8).map(lambda i: tf.cast(i, tf.float32))
    ds = ds.map(normalize).map(augment).map(shift)
    total = 0.0
    for batch in ds.batch(3):
        total += float(tf.reduce_sum(batch))
    return round(total, 4)


if __name__ == "__main__":
    print(main())
