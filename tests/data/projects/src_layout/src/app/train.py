import tensorflow as tf

from app.augment import stamp


def pipeline(ds):
    return ds.map(lambda x: stamp(x)[0])


dataset = pipeline(tf.data.Dataset.range(4))
