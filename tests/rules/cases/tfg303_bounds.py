"""TFG303: range() bounds that are Python numbers unroll the loop into the graph."""
import tensorflow as tf

NUM_STEPS = 64
NAMES = ["a", "b", "c"]


@tf.function
def literals(x):
    for _ in range(100):  # [python-range-loop]
        x = x * 2.0
    for _ in range(2, 100):  # [python-range-loop]
        x = x + 1.0
    for _ in range(100, 0, -2):  # [python-range-loop]
        x = x - 1.0
    return x


@tf.function
def constants_and_variables(x):
    steps = 50
    for _ in range(NUM_STEPS):  # [python-range-loop]
        x = x * 2.0
    for _ in range(steps):  # [python-range-loop]
        x = x + 1.0
    for _ in range(len(NAMES)):  # [python-range-loop]
        x = x - 1.0
    for _ in range(len(x)):  # [python-range-loop]
        x = x * 0.5
    return x


@tf.function
def indexes_a_tensor(x):
    table = tf.constant([1.0, 2.0, 3.0])
    outputs = []
    for i in range(3):  # low: [python-range-loop]
        outputs.append(x * table[i])  # a few per-index tensors in a Python list: a deliberate unroll
    return tf.stack(outputs)


@tf.function
def features_of_many_steps(x):
    outputs = []
    for i in range(1000):  # [python-range-loop]
        outputs.append(x * i)  # a thousand copies in the graph: the list does not make it small
    return tf.stack(outputs)


@tf.function
def positional_features(x):
    features = [x]
    for i in range(NUM_STEPS):  # low: [python-range-loop]
        features.append(tf.sin(2.0**i * x))
    return tf.concat(features, axis=-1)


@tf.function
def repeat(x, n):
    for _ in range(n):  # [python-range-loop]
        x = x * 2.0
    return x


@tf.function
def with_default(x, n=4):
    for _ in range(n):  # [python-range-loop]
        x = x + 1.0
    return x


def body(x, n):
    for _ in range(n):  # [python-range-loop]
        x = x + 1.0
    return x


wrapped = tf.function(body)


def helper(x, k):
    for _ in range(k):  # [python-range-loop]
        x = x * 3.0
    return x


def passed_through(x, m):
    for _ in range(m):  # [python-range-loop]
        x = x - 3.0
    return x


@tf.function
def calls_helpers(x, m):
    for _ in range(NUM_STEPS):  # [python-range-loop]
        x = helper(x, 4)

    def nested(y):
        for _ in range(80):  # [python-range-loop]
            y = y + 1.0
        return y

    return passed_through(nested(x), m)


class Stepper(tf.Module):
    num_steps = 3

    @tf.function
    def run(self, x, n):
        for _ in range(n):  # [python-range-loop]
            x = x * 2.0
        for _ in range(self.num_steps):  # low: [python-range-loop]
            x = x + 1.0
        return x


class Block(tf.keras.layers.Layer):
    def call(self, inputs):
        for _ in range(80):  # [python-range-loop]
            inputs = inputs * 2.0
        return inputs


@tf.function
def two_passes(mask):
    """A small fixed count of copies of the body is written on purpose (one pass per axis: shape
    of gridmask in tensorflow/examples; four steps of a search; a stack of twelve blocks): LOW up to
    sixteen. Seventeen and more: reported."""
    for _ in range(2):  # low: [python-range-loop]
        mask = tf.transpose(mask * 2.0)
    for _ in range(3):  # low: [python-range-loop]
        mask = mask + 1.0
    for _ in range(4):  # low: [python-range-loop]
        mask = mask * 0.5
    for _ in range(16):  # low: [python-range-loop]
        mask = mask - 1.0
    for _ in range(17):  # [python-range-loop]
        mask = mask * 0.5
    return mask


@tf.function
def arithmetic_bounds(images):
    """A bound written as arithmetic on a local constant counts like the literal: ``2 * k - 1``
    with ``k = 1`` is one iteration, nothing repeated (silent); with ``k = 2`` three fixed
    copies (LOW); a result past sixteen is reported."""
    k = 1
    for _ in range(2 * k - 1):
        images = images + tf.zeros_like(images)
    twice = 2
    for _ in range(twice * 2 - 1):  # low: [python-range-loop]
        images = images * 2.0
    steps = 12
    for _ in range(steps * 2 + 1):  # [python-range-loop]
        images = images - 1.0
    return images


def main():
    x = tf.constant(1.0)
    repeat(x, 3)
    with_default(x)
    wrapped(x, n=5)
    calls_helpers(x, 2)
    Stepper().run(x, 6)


def evaluate_interpolation(coefficients, x):
    """tensorflow-probability's Runge-Kutta interpolation (found through the project view,
    2026-11-26): one power of x per coefficient, collected in a Python list, and a tuple built
    per model component: only an unrolled loop can fill them, one item per item of a Python
    sequence. LOW. Twin: the same loop summing tensors, reported."""
    xs = [tf.constant(1.0), x]
    for _ in range(2, len(coefficients)):  # low: [python-range-loop]
        xs.append(xs[-1] * x)
    parts = ()
    for index in range(len(coefficients)):  # low: [python-range-loop]
        parts += (x * 2.0,)
    total = x
    for _ in range(len(coefficients)):  # [python-range-loop]
        total = total * x
    return xs, parts, total


@tf.function
def interpolate(x):
    return evaluate_interpolation([1.0, 2.0, 3.0, 4.0], x)


def apply_with_random_selector(x, func, num_cases):
    """tensorflow/tpu's inception preprocessing (held out 2026-11-26): one (condition, branch) pair
    per case for tf.case, as many as the caller asks for; only an unrolled loop can build the
    list. LOW. Twin: the same caller-sized loop that only chains ops, reported."""
    selector = tf.random.uniform([], maxval=num_cases, dtype=tf.int32)
    pairs = []
    for i in range(num_cases):  # low: [python-range-loop]
        pairs.append((tf.equal(selector, i), lambda i=i: func(x, i)))
    for _ in range(num_cases):  # [python-range-loop]
        x = x * 2.0
    return tf.case(pairs), x


@tf.function
def distort(image):
    return apply_with_random_selector(image, lambda x, i: x + i, num_cases=4)


def alpha_share(inputs, alphas):
    """DeepChem's AlphaShareLayer (held out 2026-11-26): the count is the length of a Python list
    the function builds, bound to a name first (``n_alphas = len(subspaces)``), and the body
    collects one output per item in Python lists: LOW, as ``range(len(...))``. Twin: the same
    bound for a loop that only chains ops, reported."""
    subspaces = []
    for input_tensor in inputs:
        subspaces.append(tf.reshape(input_tensor, [-1]))
    n_alphas = len(subspaces)
    stacked = tf.matmul(alphas, tf.stack(subspaces))
    outputs = []
    for row in range(n_alphas):  # low: [python-range-loop]
        outputs.append(stacked[row])
    total = stacked[0]
    for _ in range(n_alphas):  # [python-range-loop]
        total = total * 2.0
    return outputs, total


@tf.function
def share(x, y, alphas):
    return alpha_share([x, y], alphas)
