"""tf.function guide: a tf.range loop over a dynamic length, under an input_signature."""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.int32)])
def cumulative(values):
    total = tf.constant(0)
    out = tf.TensorArray(tf.int32, size=tf.shape(values)[0])
    for i in tf.range(tf.shape(values)[0]):
        total += values[i]
        out = out.write(i, total)
    return out.stack()


def main():
    return [cumulative(tf.constant(v)).numpy().tolist() for v in ([1, 2, 3], [4, 5])]


if __name__ == "__main__":
    print(main())
