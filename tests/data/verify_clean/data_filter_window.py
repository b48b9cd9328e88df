"""tf.data guide: filter, window and flat_map, then reduce."""
import tensorflow as tf


def is_even(x):
    return x % 2 == 0


def main():
    ds = tf.data.Dataset.range(20).filter(is_even)
    windows = ds.window(3, shift=2, drop_remainder=True).flat_map(lambda w: w.batch(3))
    total = windows.reduce(tf.constant(0, tf.int64), lambda acc, w: acc + tf.reduce_sum(w))
    return int(total)


if __name__ == "__main__":
    print(main())
