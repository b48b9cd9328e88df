"""Functions handed to TensorFlow graph builders are traced."""
import tensorflow as tf


def parse(record):
    print(record)  # [python-print-in-graph]
    return record


def keep(record):
    print(record)  # [python-print-in-graph]
    return True


dataset = tf.data.Dataset.range(10).map(parse).filter(keep)
dataset.flat_map(lambda x: print(x))  # [python-print-in-graph]
dataset.interleave(lambda x: print(x), cycle_length=2)  # [python-print-in-graph]
dataset.reduce(0, lambda state, x: print(x))  # [python-print-in-graph]
tf.data.Dataset.from_tensor_slices([1, 2]).batch(1).map(map_func=lambda x: print(x))  # [python-print-in-graph]


def loader():
    return None


train_ds = loader()
train_ds.map(lambda x: print(x))  # [python-print-in-graph]

values = tf.constant([1.0, 2.0])
# These trace their function once per call, even in eager code.
tf.vectorized_map(fn=lambda t: print(t), elems=values)  # [python-print-in-graph]
tf.scan(lambda acc, t: print(t), values)  # [python-print-in-graph]
tf.foldl(lambda acc, t: print(t), values)  # [python-print-in-graph]
tf.foldr(lambda acc, t: print(t), values)  # [python-print-in-graph]
# Called in eager code, these call their functions eagerly, per element, iteration or branch
# (checked on TF 2.21): graph code only on a name's word, so LOW.
tf.map_fn(lambda t: print(t), values)  # low: [python-print-in-graph]
tf.while_loop(lambda i: print(i), lambda i: print(i), [0])  # low: [python-print-in-graph, python-print-in-graph]
tf.cond(values[0] > 0, lambda: print("yes"), lambda: print("no"))  # low: [python-print-in-graph, python-print-in-graph]
tf.switch_case(0, [lambda: print(0), lambda: print(1)])  # low: [python-print-in-graph, python-print-in-graph]
tf.switch_case(0, branch_fns={0: lambda: print(0)})  # low: [python-print-in-graph]


def positive_branch():
    print("positive")  # [python-print-in-graph]
    return tf.constant(1.0)


def body(i):
    print(i)  # [python-print-in-graph]
    return (i + 1,)


def double(t):
    print(t)  # [python-print-in-graph]
    return t * 2


def branch_in_branch():
    return tf.cond(values[1] > 0, positive_branch, lambda: tf.constant(0.0))


# Inside graph code they trace: as sure as the code around the call, to any depth.
@tf.function
def graph_step(x):
    tf.map_fn(double, x)
    tf.while_loop(lambda i: i < 3, body, (tf.constant(0),))
    return tf.cond(x[0] > 0, branch_in_branch, lambda: tf.constant(0.0))


strategy = tf.distribute.MirroredStrategy()


def replica_step(x):
    # Run by strategy.run in eager code: eagerly, on every call (checked on TF 2.21, Mirrored and
    # OneDevice strategies; tensorflow/docs' random numbers guide): LOW.
    print(x)  # low: [python-print-in-graph]


strategy.run(replica_step, args=(1,))


def traced_replica_step(x):
    print(x)  # [python-print-in-graph]


@tf.function
def distributed_step(x):
    return strategy.run(traced_replica_step, args=(x,))

# Not datasets and not strategies: ordinary .map / .run stay Python.
names = {"a": 1}
list(map(lambda x: print(x), [1]))
import subprocess
subprocess.run(["true"])


class Frame:
    def map(self, fn):
        return fn


Frame().map(lambda x: print(x))
