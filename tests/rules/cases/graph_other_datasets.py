"""Only tf.data's map traces its function: other libraries' datasets run theirs in Python.

The review corpus (keras-io pretraining_BERT: HuggingFace ``dataset.map(fn, batched=True)``) and
a library (a Grain ``MapDataset(...).batch(4).map(f)``): a name like ``dataset`` is no evidence,
and tf.data's ``map`` accepts none of ``batched``/``num_proc``/``remove_columns``.
"""
import grain
import numpy as np
import tensorflow as tf
from datasets import load_dataset


def tokenize(batch):
    noise = np.random.uniform()  # runs in Python for every batch: not graph code
    return {"ids": batch["text"], "noise": noise}


dataset = load_dataset("wikitext", "wikitext-2-raw-v1")
tokenized = dataset.map(tokenize, batched=True, num_proc=1, remove_columns=["text"])

records = grain.MapDataset.source([1, 2, 3]).batch(4).map(tokenize)


def train_data():
    return tf.data.Dataset.from_tensor_slices({"text": ["a", "b"]})


def augment(example):
    return example["text"], np.random.uniform()  # todo: [python-random-in-graph] (a local factory's return is not followed)


ds = train_data().map(augment, num_parallel_calls=tf.data.AUTOTUNE)


def tf_augment(example):
    return np.random.normal()  # [python-random-in-graph]


pipeline = tf.data.Dataset.range(4)
pipeline = pipeline.map(tf_augment, deterministic=True)


def read_text(path):
    with open(path) as handle:
        return handle.read()


def text_pipeline(paths, shuffle):
    # keras' grain text pipeline: the name ``ds`` goes through another name and a shuffle of the
    # Grain dataset; its map runs read_text in Python (silent). The twin's ds is tf.data's.
    path_ds = grain.MapDataset.source(paths)
    ds = path_ds
    if shuffle:
        ds = ds.shuffle(seed=1)
    return ds.map(read_text)


def read_tf(path):
    with open(path) as handle:  # [python-side-effect-in-graph]
        return handle.read()


def tf_pipeline(paths, shuffle):
    path_ds = tf.data.Dataset.from_tensor_slices(paths)
    ds = path_ds
    if shuffle:
        ds = ds.shuffle(10)
    return ds.map(read_tf)


from keras.src.utils.module_utils import grain as lazy_grain  # noqa: E402 - keras' own source


def lazy_text_pipeline(paths):
    # keras' own source imports Grain through a lazy module of Keras: still Grain's map (silent);
    # the twin's dataset comes from a Keras dataset utility, which returns tf.data's.
    ds = lazy_grain.MapDataset.source(paths)
    return ds.map(read_text)


def keras_text_pipeline(folder):
    ds = tf.keras.utils.text_dataset_from_directory(folder)
    return ds.map(read_keras)


def read_keras(path):
    with open(path) as handle:  # [python-side-effect-in-graph]
        return handle.read()
