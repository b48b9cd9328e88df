"""range() -> tf.range() makes the loop variable an int32 tensor (or the dtype asked for): only
where every use of it takes that tensor as it took the Python int is the loop rewritten."""
import tensorflow as tf

WEIGHTS = [0.5, 1.0, 2.0]


@tf.function
def ramp(x):  # x's dtype is not in the code: x * i with an int32 i would raise
    total = tf.zeros_like(x)
    for i in range(40):
        total = total + x * i
    return total


@tf.function
def ramp_known(values):
    x = tf.cast(values, tf.float32)  # float32 here: tf.range(40, dtype=tf.float32)
    total = tf.zeros_like(x)
    for i in tf.range(40, dtype=tf.float32):
        total = total + x * i
    return total


@tf.function
def powers(x):  # left alone: x's dtype is unknown
    total = tf.zeros_like(x)
    for i in range(30):
        total = total + x ** (i + 1)
    return total


@tf.function
def powers_known(values):
    x = tf.cast(values, tf.float64)
    total = tf.zeros_like(x)
    for i in tf.range(60, dtype=tf.float64):
        total = total + x ** (i + 1)
    return total


@tf.function
def scales(x):
    total = tf.zeros_like(x)
    for i in range(30):
        total = total + x * float(2 ** i)  # float() needs a Python number: left alone
    return total


@tf.function
def weighted(x):
    total = tf.zeros_like(x)
    for i in range(3):
        total = total + x * WEIGHTS[i]  # a Python list takes no tensor index: left alone
    return total


@tf.function
def rolled(x):
    total = tf.zeros_like(x)
    for i in tf.range(60):
        total = total + tf.roll(x, shift=i, axis=0)  # shift takes an int32 tensor
    return total


@tf.function
def int_accumulator(x):
    count = tf.constant(0)
    for i in tf.range(50):
        count += i  # int32 with int32
        count = count + 2 * i
    return x * tf.cast(count, x.dtype)


@tf.function
def halves(x):
    half = tf.constant(64)
    for _ in range(30):
        half = half / 2  # int32 / 2 is float64: the carried tensor would change dtype
    return x * tf.cast(half, x.dtype)


@tf.function
def scalar_total(x):
    total = tf.constant(0.0)
    for i in range(40):
        total += tf.cast(i, tf.float32) * x  # a vector x would change total's shape: left alone
    return total


def main():
    x = tf.constant([1.0, 2.0])
    ints = tf.constant([1, 2])
    return [ramp(x), ramp_known(ints), powers(x), powers_known(ints), scales(x), weighted(x),
            rolled(tf.constant([1.0, 2.0, 3.0])), int_accumulator(x), halves(x), scalar_total(x)]


if __name__ == "__main__":
    print(main())
