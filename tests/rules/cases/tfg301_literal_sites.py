"""TFG301: different numeric literals at different call sites of the same tf.function."""
import unittest

import tensorflow as tf


@tf.function
def f(x):
    return x + 1


@tf.function
def layer(x, units, training=False, activation="relu", rate=0.5):
    return x * units


@tf.function
def same_everywhere(x, n):
    return x * n


def g(x):
    return x


first = tf.function(g)
second = tf.function(g)


def main():
    f(1)  # [python-scalar-argument]
    f(2)  # [python-scalar-argument]
    f(x=-3)  # [python-scalar-argument]
    f(tf.constant(4))
    x = tf.ones([2])
    layer(x, 16)  # [python-scalar-argument]
    layer(x, units=32)  # [python-scalar-argument]
    layer(x, 16, training=True)  # [python-scalar-argument]
    layer(x, 16, True, "gelu")  # [python-scalar-argument]
    layer(x, 16, activation="tanh", training=False)  # [python-scalar-argument]
    layer(x, 16, rate=0.5)  # [python-scalar-argument]
    same_everywhere(x, 3)
    same_everywhere(x, n=3)
    same_everywhere(x, 3.0)  # 3 == 3.0: the same key
    first(1)  # each tf.function object has its own traces
    second(2)
    g(3)  # the plain Python function, not the tf.function
    g(4)


class Model:
    @tf.function
    def call(self, x, depth):
        return x * depth

    def run(self, x):
        self.call(x, 1)  # [python-scalar-argument]
        return self.call(x, depth=2)  # [python-scalar-argument]


# Literal call sites inside traced code run once per trace of their caller: a fixed set of
# literals is a static setting (keras-io barlow_twins' ``random_execute(0.2)``).
class Augment(tf.keras.layers.Layer):
    @tf.function
    def random_execute(self, prob):
        return tf.random.uniform([]) < prob

    def call(self, x):
        if self.random_execute(0.2):  # low: [python-scalar-argument]
            x = tf.image.flip_left_right(x)  # -1: [tensor-used-as-python-value]
        if self.random_execute(0.8):  # low: [python-scalar-argument]
            x = tf.image.flip_up_down(x)  # -1: [tensor-used-as-python-value]
        return x


@tf.function
def pipeline(x):
    return scale_by(x, 2) + scale_by(x, 3)  # low: [python-scalar-argument, python-scalar-argument]


@tf.function
def scale_by(x, k):
    return x * k


# Test methods pass the values they check, one each: LOW (shape of tensorflow/privacy,
# sparsity_preserving_noise/sparse_noise_utils_test.py, https://github.com/tensorflow/privacy).
# The same calls in a plain function (main() above) still fire.


@tf.function
def sample(n, probability):
    return tf.cast(n, tf.float32) * probability


class SampleTest(unittest.TestCase):
    def test_one_probability(self):
        self.assertEqual(float(sample(tf.constant(2), 1.0)), 2.0)  # low: [python-scalar-argument]

    def test_zero_probability(self):
        self.assertEqual(float(sample(tf.constant(2), 0.0)), 0.0)  # low: [python-scalar-argument]


# A size the tf.function gives TensorFlow as a static shape (tensorflow/federated's sparse
# federated learning tutorial, as translated in tensorflow/docs-l10n: keys_for_client reshapes
# its keys to (max_tokens_per_client,) so that their type is "statically determined"): a tensor
# would make the dimension unknown, so one graph per size is the design (LOW). The twin uses the
# same kind of number only as a value: reported.
@tf.function
def keys_for_client(tokens, max_tokens):
    selected = tokens[:max_tokens]
    padded = tf.pad(selected, [[0, max_tokens - tf.shape(selected)[0]]])
    return tf.reshape(padded, shape=(max_tokens,))


@tf.function
def scaled_tokens(tokens, factor):
    return tokens * factor


def select_keys(tokens):
    small = keys_for_client(tokens, 3)  # low: [python-scalar-argument]
    large = keys_for_client(tokens, 10)  # low: [python-scalar-argument]
    return small, large, scaled_tokens(tokens, 3), scaled_tokens(tokens, 10)  # [python-scalar-argument, python-scalar-argument]


# A size given as a distribution's sample shape (the DHOD notebooks' galaxy model: satellites
# drawn with ``sample_shape=(max_sat,)`` for 30 and for 100 satellites): LOW, as above. The twin
# passes the same kind of number as the distribution's temperature, a value: reported.
@tf.function
def draw_satellites(rates, max_sat, temperature):
    return tf.random.stateless_poisson(shape=(1,), seed=(1, 2), lam=rates) + sample_counts(
        rates, sample_shape=(max_sat,), temperature=temperature)


def sample_counts(rates, sample_shape, temperature):
    return tf.broadcast_to(rates / temperature, sample_shape)


def draw_both(rates):
    few = draw_satellites(rates,
                          30,  # low: [python-scalar-argument]
                          0.1)  # [python-scalar-argument]
    many = draw_satellites(rates,
                           100,  # low: [python-scalar-argument]
                           0.5)  # [python-scalar-argument]
    return few, many


# A parameter the function declares unused (``_``) and never reads: different literals for it do
# nothing but trace again, which is what they are passed for (tensorflow/docs-l10n, the Chinese
# federated tutorial random_noise_generation.ipynb: a new trace draws the same seeded noise). LOW.
# The twins: an ordinary name left unread (a step counter passed by mistake) and an underscore
# name the function does read stay reported.
@tf.function
def one_noise(_):
    return tf.random.normal([])


@tf.function
def noise_at(step):
    return tf.random.normal([])


@tf.function
def shifted_noise(_shift):
    return tf.random.normal([]) + _shift


def draw_noise():
    first, second = one_noise(1), one_noise(2)  # low: [python-scalar-argument, python-scalar-argument]
    third, fourth = noise_at(1), noise_at(2)  # [python-scalar-argument, python-scalar-argument]
    return first, second, third, fourth, shifted_noise(1), shifted_noise(2)  # [python-scalar-argument, python-scalar-argument]


# Each call site passes its number together with a function of its own (the shape of a
# self-supervised augmentation pipeline: random_apply(color_jitter, x, p=0.8), then
# random_apply(color_drop, x, p=0.2)). The tf.function keys a trace on each function anyway, so
# the number adds none: LOW. The twins pass the same function with different numbers, or one
# number that changes while the function stays: reported.
def jitter(image):
    return image * 0.9


def drop(image):
    return image * 0.0


@tf.function
def random_apply(func, image, p):
    if tf.random.uniform([]) < p:
        return func(image)
    return image


def augment(image):
    image = random_apply(jitter, image, p=0.8)  # low: [python-scalar-argument]
    image = random_apply(drop, image, p=0.2)  # low: [python-scalar-argument]
    image = random_apply(lambda x: x + 1.0, image, p=1.0)  # low: [python-scalar-argument]
    return image


@tf.function
def apply_with(func, image, p):
    if tf.random.uniform([]) < p:
        return func(image)
    return image


def augment_twin(image):
    image = apply_with(jitter, image, p=0.8)  # [python-scalar-argument]
    image = apply_with(jitter, image, p=0.5)  # [python-scalar-argument]
    image = apply_with(drop, image, p=0.2)  # [python-scalar-argument]
    return image


@tf.function
def apply_scaled(image, p):
    return image * p


def scale_twin(image):
    return apply_scaled(image, 0.8), apply_scaled(image, 0.2)  # [python-scalar-argument, python-scalar-argument]
