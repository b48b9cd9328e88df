"""tf.data: filter with a tf.print, interleave of small ranges, shuffled with a seed."""
import tensorflow as tf


def keep_even(x):
    tf.print("filter sees", x)
    return x % 2 == 0


def main():
    ds = tf.data.Dataset.range(4).interleave(lambda i: tf.data.Dataset.range(i, i + 3), cycle_length=2)
    ds = ds.filter(keep_even).shuffle(8, seed=3)
    return sorted(int(v) for v in ds)


if __name__ == "__main__":
    print(main())
