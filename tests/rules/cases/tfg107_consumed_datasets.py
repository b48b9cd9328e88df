"""TFG107: a Dataset function reads a global that a later statement rebinds. The dataset is
read to the end where it is made (``list(ds)``, ``for x in ds:``) and never used again: its
function cannot run after the rebinding (shape of tensorflow/recommenders, docs/examples/uet.ipynb:
one vocabulary per feature, the loop variable rebound by a later loop). A dataset kept, handed
on, or iterated after the rebinding still runs the function traced with the old value; and
``Dataset.map`` traces its function at the ``map()`` call, so a rebinding right after it comes
too late even when nothing has run in between.
"""
import numpy as np
import tensorflow as tf

ratings = tf.data.Dataset.from_tensor_slices({"movie": [1, 2, 2], "user": [3, 4, 3]})
features = ["movie", "user"]

vocabularies = {}
for feature in features:
    vocab = ratings.batch(10).map(lambda x: x[feature])
    vocabularies[feature] = np.unique(np.concatenate(list(vocab)))

for feature in features:  # rebinds the global after every dataset above was read
    print(feature, len(vocabularies[feature]))


column = "movie"
values = ratings.map(lambda x: x[column]).batch(10)
for batch in values:
    print(batch)
column = "user"  # after the only loop over the dataset


field = "movie"
kept = ratings.map(lambda x: x[field])  # [mutable-global-capture]
print(list(kept))
field = "user"
print(list(kept))  # iterated again after the rebinding: still the movie column


late = "movie"
made = ratings.map(lambda x: x[late])  # [mutable-global-capture]
late = "user"  # Dataset.map traced it at the line above: too late
print(list(made))


name = "movie"
pipelines = []
handed = ratings.map(lambda x: x[name])  # [mutable-global-capture]
pipelines.append(handed)  # kept: it may be iterated after the rebinding
name = "user"


key = "movie"
stepped = ratings.map(lambda x: x[key])  # [mutable-global-capture]
first = next(iter(stepped))  # an iterator keeps the dataset alive
key = "user"


def make_pipeline():
    return ratings.map(lambda x: x[chosen])  # traced when make_pipeline() runs, not here


def run_pipeline():
    return list(make_pipeline())


chosen = "movie"
chosen = "user"  # set before anything calls run_pipeline(): setting up
run_pipeline()


# A dataset derived from it (shuffled, batched, bound to the same name again) and read to the end
# with enumerate() where it is made (shape of ageron/handson-ml2, 16_nlp_with_rnns_and_attention
# .ipynb, https://github.com/ageron/handson-ml2: a window size set again later for a new dataset).
n_steps = 5
windows = tf.data.Dataset.range(15).window(n_steps, shift=2, drop_remainder=True)
windows = windows.flat_map(lambda window: window.batch(n_steps))
windows = windows.shuffle(10).map(lambda window: (window[:-1], window[1:]))
windows = windows.batch(3).prefetch(1)
for index, (x_batch, y_batch) in enumerate(windows):
    print(index, x_batch, y_batch)
n_steps = 100  # every dataset that reads it was read to the end above


# Twin: the derived dataset is kept and read after the rebinding.
size = 5
chunks = tf.data.Dataset.range(15).window(size, drop_remainder=True)
chunks = chunks.flat_map(lambda window: window.batch(size))  # [mutable-global-capture]
chunks = chunks.batch(3)
for index, batch in enumerate(chunks):
    print(index, batch)
size = 100
print(list(chunks))  # read again after the rebinding: still windows of 5


# Twin: enumerate() kept as an iterator is not reading it to the end.
width = 5
strips = tf.data.Dataset.range(15).batch(3).map(lambda x: x * width)  # [mutable-global-capture]
numbered = enumerate(strips)
width = 7
print(next(numbered))


# A def handed by name, the shape of ageron/handson-ml3's chapter 13 notebook: each cell parses
# and prints its records, then a later cell rebinds the description for another file (silent).
# The twin's dataset is kept and iterated after the rebinding.
description = {"movie": tf.io.FixedLenFeature([], tf.int64)}


def parse(record):
    return tf.io.parse_single_example(record, description)


records = tf.data.TFRecordDataset(["ratings.tfrecord"]).map(parse)
for parsed in records:
    print(parsed)
description = {"user": tf.io.FixedLenFeature([], tf.int64)}


schema = {"movie": tf.io.FixedLenFeature([], tf.int64)}


def parse_kept(record):
    return tf.io.parse_single_example(record, schema)  # [mutable-global-capture]


kept_records = tf.data.TFRecordDataset(["ratings.tfrecord"]).map(parse_kept)
for parsed in kept_records:
    print(parsed)
schema = {"user": tf.io.FixedLenFeature([], tf.int64)}
print(list(kept_records))


# tensorflow/docs' text tutorial: each file's lines are labelled with the loop index by a lambda
# that Dataset.map traces in that iteration; a later loop rebinding i changes no trace (silent).
# The twin's lambda is made outside the loop that rebinds its name.
labelled = []
for i, name in enumerate(["a.txt", "b.txt"]):
    lines = tf.data.TextLineDataset(name)
    labelled.append(lines.map(lambda line: (line, i)))
for i in range(3):
    print(i)

offset = 0
shifted = ratings.map(lambda x: x["movie"] + offset)  # [mutable-global-capture]
for offset in range(3):
    print(list(shifted))
