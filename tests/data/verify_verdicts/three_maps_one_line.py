"""A clean pipeline: three pure TensorFlow map functions chained on one line. Must be CLEAN:
tf.data's own wrappers (one tf.function per map) are not the user's tf.function-in-a-loop."""
import tensorflow as tf


def normalize(image):
    return tf.cast(image, tf.float32) / 255.0


def augment(image):
    return tf.image.flip_left_right(image)


def good_augment(image):
    return tf.clip_by_value(image + 0.1, 0.0, 1.0)


def main():
    images = tf.reshape(tf.range(2 * 2 * 2 * 1), (2, 2, 2, 1))
    ds = tf.data.Dataset.from_tensor_slices(images)
    ds = ds.map(normalize).map(augment).map(good_augment)
    return [round(float(tf.reduce_sum(x)), 4) for x in ds]


if __name__ == "__main__":
    print(main())
