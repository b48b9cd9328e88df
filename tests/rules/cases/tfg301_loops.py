"""TFG301: loop variables passed to a tf.function, and loops that do not vary the value."""
import tensorflow as tf

LEARNING_RATES = [0.1, 0.01, 0.001]


@tf.function
def step(x, scale=1.0):
    return x * scale


def range_loops(x):
    for i in range(10):
        step(x, i)  # [python-scalar-argument]
    for epoch in range(1, 4):
        for batch in range(5):
            step(x, epoch)  # [python-scalar-argument]
            step(x, scale=batch)  # [python-scalar-argument]
    for i in reversed(range(3)):
        step(x, i)  # [python-scalar-argument]


def enumerate_loops(x, dataset):
    for index, batch in enumerate(dataset):
        step(batch, index)  # [python-scalar-argument]
        step(batch)
    for index, (features, labels) in enumerate(dataset):
        step(features, labels)
        step(features, scale=index)  # [python-scalar-argument]
    for _, lr in enumerate(LEARNING_RATES):
        step(x, lr)  # [python-scalar-argument]


def literal_lists(x):
    for scale in [0.5, 1.0, 2.0]:
        step(x, scale)  # [python-scalar-argument]
    for lr in LEARNING_RATES:
        step(x, lr)  # [python-scalar-argument]
    for lr, factor in [(0.1, 2), (0.01, 4)]:
        step(x, lr)  # [python-scalar-argument]
        step(x, factor)  # [python-scalar-argument]
    for i, lr in zip(range(3), LEARNING_RATES):
        step(x, i)  # [python-scalar-argument]
        step(x, lr)  # [python-scalar-argument]
    for flag in [True, False]:
        step(x, flag)  # [python-scalar-argument]
    for name in ("relu", "gelu"):
        step(x, name)  # [python-scalar-argument]


def comprehensions(x):
    outputs = [step(x, i) for i in range(4)]  # [python-scalar-argument]
    totals = {i: step(x, scale=i) for i in range(4)}  # [python-scalar-argument]
    nested = [step(x, j) for i in range(2) for j in range(3)]  # [python-scalar-argument]
    return outputs, totals, nested


def silent_loops(x, dataset, bound):
    for i in range(3):
        step(x, tf.constant(i))
        step(x, tf.cast(i, tf.float32))
        step(x)
    for i in range(1):
        step(x, i)
    for scale in [2.0, 2.0]:
        step(x, scale)
    for i in tf.range(3):
        step(x, i)
    for features in dataset:
        step(features, features)
    for value in [tf.constant(1.0), tf.constant(2.0)]:
        step(x, value)
    for i in range(3):
        i = tf.constant(i)
        step(x, i)
    for i in range(3):
        pass
    step(x, i)  # after the loop: one value
    for _ in range(3):
        step(x, bound)  # the same value on every iteration


@tf.function
def graph_caller(x, n):
    # pylint: disable-next=python-range-loop
    for i in range(3):
        step(x, i)  # [python-scalar-argument]
    # pylint: disable-next=python-range-loop
    for i in range(n):
        step(x, i)  # n may be a tensor: AutoGraph then makes i a tensor
    for i in tf.range(n):
        step(x, i)
    for scale in [0.5, 2.0]:
        step(x, scale)  # [python-scalar-argument]
    return x


def nested_function_in_loop(x):
    for i in range(3):
        def later():
            return step(x, i)  # the loop does not repeat this body

        later()


# A loop over Python strings that the tf.function uses as strings (compares with literals): mode
# switches, one graph per mode by design, as with training=True/False: LOW (shape of
# google/uncertainty-baselines, baselines/privileged_information/imagenet_pi/distill_pi.py,
# https://github.com/google/uncertainty-baselines). Used as a number, a string still fires above.
@tf.function
def update_metrics(x, split, phase="train"):
    if split == "_clean":
        return x * 2.0
    return x if phase in ("train", "eval") else -x


def loops_over_modes(x):
    for split in ["", "_clean", "_noisy"]:
        update_metrics(x, split)  # low: [python-scalar-argument]
    for phase in ("train", "eval"):
        update_metrics(x, "", phase=phase)  # low: [python-scalar-argument]
    for scale in [0.5, 2.0]:
        update_metrics(x, scale)  # [python-scalar-argument]
