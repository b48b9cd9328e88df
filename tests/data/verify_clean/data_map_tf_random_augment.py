"""tf.data augmentation: random flips and noise from TensorFlow random ops in a map function."""
import tensorflow as tf


def augment(image):
    image = tf.image.random_flip_left_right(image)
    noise = tf.random.uniform(tf.shape(image), maxval=0.1)
    return image + noise


def main():
    images = tf.reshape(tf.range(2 * 4 * 4 * 1, dtype=tf.float32), (2, 4, 4, 1))
    ds = tf.data.Dataset.from_tensor_slices(images).repeat(3).map(augment).batch(2)
    shapes = [tuple(batch.shape) for batch in ds]
    return shapes


if __name__ == "__main__":
    print(main())
