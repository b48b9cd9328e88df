"""tf.data from a Python generator, with a map function that logs with tf.print."""
import tensorflow as tf


def records():
    for i in range(6):
        yield [float(i), float(i * i)]


def to_features(row):
    tf.print("row", row)
    return {"x": row[0], "x2": row[1]}


def main():
    ds = tf.data.Dataset.from_generator(records, output_signature=tf.TensorSpec((2,), tf.float32))
    ds = ds.map(to_features, num_parallel_calls=tf.data.AUTOTUNE).batch(3)
    return [round(float(tf.reduce_sum(b["x2"])), 3) for b in ds]


if __name__ == "__main__":
    print(main())
