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
tf.map_fn(lambda t: print(t), values)  # [python-print-in-graph]
tf.vectorized_map(fn=lambda t: print(t), elems=values)  # [python-print-in-graph]
tf.scan(lambda acc, t: print(t), values)  # [python-print-in-graph]
tf.foldl(lambda acc, t: print(t), values)  # [python-print-in-graph]
tf.foldr(lambda acc, t: print(t), values)  # [python-print-in-graph]
tf.while_loop(lambda i: print(i), lambda i: print(i), [0])  # [python-print-in-graph, python-print-in-graph]
tf.cond(values[0] > 0, lambda: print("yes"), lambda: print("no"))  # [python-print-in-graph, python-print-in-graph]
tf.switch_case(0, [lambda: print(0), lambda: print(1)])  # [python-print-in-graph, python-print-in-graph]
tf.switch_case(0, branch_fns={0: lambda: print(0)})  # [python-print-in-graph]

strategy = tf.distribute.MirroredStrategy()


def replica_step(x):
    print(x)  # [python-print-in-graph]


strategy.run(replica_step, args=(1,))

# Not datasets and not strategies: ordinary .map / .run stay Python.
names = {"a": 1}
list(map(lambda x: print(x), [1]))
import subprocess
subprocess.run(["true"])


class Frame:
    def map(self, fn):
        return fn


Frame().map(lambda x: print(x))
