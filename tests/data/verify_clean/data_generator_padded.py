"""tf.data guide: a Python generator with an output_signature, padded_batch."""
import tensorflow as tf


def sequences():
    for n in range(1, 5):
        yield list(range(n))


def main():
    ds = tf.data.Dataset.from_generator(
        sequences, output_signature=tf.TensorSpec(shape=(None,), dtype=tf.int32))
    shapes = [tuple(batch.shape) for batch in ds.padded_batch(2)]
    return shapes


if __name__ == "__main__":
    print(main())
