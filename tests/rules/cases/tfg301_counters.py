"""TFG301: counters updated in a loop, and accumulators that are not Python numbers."""
import tensorflow as tf


@tf.function
def train_step(x, step, lr=0.1):
    return x * lr + tf.cast(step, tf.float32)


def while_counter(x):
    step = 0
    while step < 100:
        train_step(x, step)  # [python-scalar-argument]
        step += 1


def for_counter(x, dataset):
    global_step = 0
    lr = 0.1
    for batch in dataset:
        global_step += 1
        lr = lr * 0.99
        train_step(batch, global_step)  # [python-scalar-argument]
        train_step(batch, 0, lr=lr)  # [python-scalar-argument]
        train_step(batch, 0, lr)  # [python-scalar-argument]
        train_step(batch, global_step * 2)  # [python-scalar-argument]


def counter_at_module_level(x):
    return x


counter = 0
for _ in range(3):
    counter -= 1
    train_step(tf.constant(1.0), counter)  # [python-scalar-argument]


def silent_counters(x, dataset, start):
    step = start  # a parameter: maybe a tensor
    for batch in dataset:
        step += 1
        train_step(batch, step)
    total = tf.constant(0.0)
    for batch in dataset:
        total += tf.reduce_sum(batch)
        train_step(batch, total)
    loss_sum = 0.0
    for batch in dataset:
        loss_sum += train_step(batch, 0)  # the increment is a tensor: loss_sum becomes one
        train_step(batch, loss_sum)
    calls = 0
    calls += 1
    for batch in dataset:
        train_step(batch, calls)  # updated before the loop, not in it
    tensor_step = tf.Variable(0)
    for batch in dataset:
        tensor_step.assign_add(1)
        train_step(batch, tensor_step)


def unpacked_counters(x, dataset):
    """Counters set by unpacking a literal tuple (``step, lr = 0, 0.1``), as a training script of a
    public issue does (tests/rules/recall/metapseudo1_python_float_hyperparams.py): the same as two
    assignments. Unpacked but never updated in the loop: one value, one graph."""
    step, lr = 0, 0.1
    while step < 10:
        train_step(x, step, lr)  # [python-scalar-argument]
        lr *= 0.9
        step += 1
    fixed_step, fixed_lr = 0, 0.1  # the values other call sites pass: no new graph
    for batch in dataset:
        train_step(batch, fixed_step, fixed_lr)
