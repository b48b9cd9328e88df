"""tf.data guide: (features, label) pairs from tensor slices, shuffled with a seed, batched."""
import tensorflow as tf


def main():
    features = tf.reshape(tf.range(12, dtype=tf.float32), (6, 2))
    labels = tf.constant([0, 1, 0, 1, 1, 0])
    ds = tf.data.Dataset.from_tensor_slices((features, labels))
    ds = ds.shuffle(6, seed=3, reshuffle_each_iteration=False).batch(2)
    sums = []
    for x, y in ds:
        sums.append(float(tf.reduce_sum(x)) + float(tf.reduce_sum(y)))
    return sorted(sums)


if __name__ == "__main__":
    print(main())
