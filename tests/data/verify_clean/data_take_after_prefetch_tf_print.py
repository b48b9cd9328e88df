"""A pipeline read only partly: map with tf.print, prefetched, then take(); graph mode may run
the map function ahead of what the loop consumes."""
import tensorflow as tf


def parse(x):
    tf.print("parsed record", x)
    return x * 2


def main():
    ds = tf.data.Dataset.range(100).map(parse, num_parallel_calls=4).prefetch(8)
    seen = []
    for value in ds.take(5):
        seen.append(int(value))
    return seen


if __name__ == "__main__":
    print(main())
