"""TFG305: different literal collections at different call sites, input_signature, methods."""
import tensorflow as tf


@tf.function
def resize(x, size):
    return tf.image.resize(x, size)


@tf.function(input_signature=[tf.TensorSpec([None, None, 3]), tf.TensorSpec([2], tf.int32)])
def resize_fixed(x, size):
    return tf.image.resize(x, size)


@tf.function
def configure(x, options):
    return x


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.forward = tf.function(self._forward)

    def _forward(self, x, window):
        return x

    def run(self, x):
        self.forward(x, window=(3, 3))  # [python-collection-argument]
        self.forward(x, window=(5, 5))  # [python-collection-argument]


def sites(image):
    small = resize(image, [32, 32])  # [python-collection-argument]
    large = resize(image, [64, 64])  # [python-collection-argument]
    size = [128, 128]
    huge = resize(image, size)  # [python-collection-argument]
    fixed = resize_fixed(image, [32, 32])
    fixed_again = resize_fixed(image, [64, 64])
    return small, large, huge, fixed, fixed_again


def same_content_everywhere(x):
    configure(x, {"scale": 2.0})
    configure(x, {"scale": 2.0})
    configure(x, options=("relu", "gelu"))  # strings only: a mode switch
    configure(x, options=("tanh",))
    configure(x, [tf.constant(1.0), tf.constant(2.0)])
    configure(x, [tf.constant(3.0), tf.constant(4.0)])


@tf.function
def stack_frames(frames):
    return tf.stack(frames)


def test_stacking_one_frame():
    # google-research/seed_rl's tests (held out 2026-11-26): each test passes the case it checks.
    # This one and the next differ in shape, (1, 1) and (2, 1): tensors would trace twice as well;
    # the third has this one's shape with another number (LOW: tests pass their fixed cases)
    assert stack_frames([[1]]).shape == (1, 1)  # low: [python-collection-argument]


def test_stacking_two_frames():
    assert stack_frames([[1], [2]]).shape == (2, 1)


def test_stacking_other_frames():
    assert stack_frames([[3]]).shape == (1, 1)  # low: [python-collection-argument]


@tf.function
def compute_z(a, b, c):
    return 2 * (a - b) + c


# Raschka's textbook (held out 2026-11-26) shows one tf.function on inputs of three ranks: each
# structure is a shape of its own, which tensors would trace anew too (silent); the same
# structure with other numbers ([1], then [4]) is a graph that a tensor would not need.
print(compute_z([[1]], [[2]], [[3]]))
print(compute_z([1], [2], [3]))  # [python-collection-argument]
print(compute_z([4], [2], [3]))  # [python-collection-argument]


@tf.function
def crop(x, box):
    return x[box[0]:box[1]]


@tf.function
def pipeline(image):
    # literal sites all in traced code run once per trace of their caller: a fixed set of graphs
    return crop(image, [0, 8]) + crop(image, [8, 16])  # low: [python-collection-argument, python-collection-argument]
