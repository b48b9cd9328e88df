"""TFG106: tf.data iterators, iterators made per call, and unknown iterables stay silent."""
import tensorflow as tf

dataset = tf.data.Dataset.range(10)
data_iterator = iter(dataset)
batches = iter(tf.data.Dataset.from_tensor_slices([1, 2, 3]).batch(2))
train_ds = tf.data.Dataset.range(3)
train_iterator = iter(train_ds.repeat())


@tf.function
def from_datasets():
    a = next(data_iterator)
    b = next(batches)
    c = next(train_iterator)
    return a + c, b


@tf.function
def good_consume_next(iterator):
    tf.print("Value:", next(iterator))


ds = tf.data.Dataset.from_tensor_slices([1, 2, 3])
iterator = iter(ds)
good_consume_next(iterator)
good_consume_next(iterator)


@tf.function
def made_per_call(x):
    local = iter([1, 2, 3])
    first = next(local)
    second = next(iter([4, 5]))
    return x + first + second


@tf.function
def fresh_argument(iterator):
    return next(iterator)


fresh_argument(iter([1, 2, 3]))


class Loader(tf.Module):
    def __init__(self, source):
        super().__init__()
        self.source = iter(source)  # unknown: maybe a dataset

    @tf.function
    def __call__(self):
        return next(self.source)


def python_loop(items):
    it = iter(items)
    return next(it)
