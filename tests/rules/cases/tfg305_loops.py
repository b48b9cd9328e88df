"""TFG305: lists, tuples and dicts whose Python numbers change between the calls of a loop."""
import tensorflow as tf

SHAPES = [(2, 3), (4, 6), (8, 12)]


@tf.function
def step(x, sizes=None):
    return x


def elements_from_the_loop(x):
    for i in range(10):
        step(x, [i, 2])  # [python-collection-argument]
        step(x, sizes=(1, i + 1))  # [python-collection-argument]
        step(x, {"lr": 0.1 * i})  # [python-collection-argument]
        step(x, [[1, i], [2, 3]])  # [python-collection-argument]
        step(x, [0.5 * k * i for k in range(3)])  # [python-collection-argument]
        step(x, [0] * i)  # [python-collection-argument]
        sizes = (i, i * 2)
        step(x, sizes)  # [python-collection-argument]
    lr = 0.1
    for _ in range(5):
        lr = lr * 0.5
        step(x, {"lr": lr})  # [python-collection-argument]


def loop_variables_over_collections(x):
    for shape in [(1, 2), (3, 4)]:
        step(x, shape)  # [python-collection-argument]
    for shape in SHAPES:
        step(x, list(shape))  # [python-collection-argument]
    outputs = [step(x, [i]) for i in range(4)]  # [python-collection-argument]
    for ids in [[1, 2, 3], [4, 5]]:  # held inside another collection (a Q&A page's request dict)
        step(x, {"ids": ids})  # [python-collection-argument]
    for ids in [[1, 2], [1, 2]]:  # the same collection every time: one graph
        step(x, {"ids": ids})
    return outputs


def growing_collections(x, dataset):
    history = []
    for batch in dataset:
        history.append(batch)
        step(x, history)  # [python-collection-argument]
    totals = [0.0]
    for _ in range(3):
        totals += [1.0]
        step(x, totals)  # [python-collection-argument]
    seen = {}
    for i in range(3):
        seen[i] = 1.0
        step(x, seen)  # [python-collection-argument]


def silent_in_loops(x, dataset):
    for i in range(3):
        step(x, [1, 2])  # the same content every time
        step(x, [tf.constant(i), x])  # tensors: keyed by dtype and shape
        step(x, tf.constant([i, 2]))
        step(x, [k for k in range(3)])
        step(x, ("relu", "gelu"))
    for shape in [(1, 2), (1, 2)]:
        step(x, shape)
    for batch in dataset:
        step(batch, [batch, batch])
        step(batch, {"features": batch})
    buffer = []
    for batch in dataset:
        buffer.append(1.0)
        step(x, buffer)
        buffer.clear()  # back to the same length every time
    state = {}
    for batch in dataset:
        state["last"] = batch
        step(x, state)  # the same key, a tensor value


# -- known misses --------------------------------------------------------------------------------

def make_sizes(i):
    return [i, i + 1]


def built_by_a_function(x):
    for i in range(3):
        step(x, make_sizes(i))  # todo: [python-collection-argument]
