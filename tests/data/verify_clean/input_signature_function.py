"""tf.function guide: an input_signature with a None dimension traces once for every length."""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def mean_square(x):
    return tf.reduce_mean(tf.square(x))


def main():
    results = []
    for n in (2, 3, 5):
        results.append(round(float(mean_square(tf.ones([n]) * float(n))), 4))
    return results


if __name__ == "__main__":
    print(main())
