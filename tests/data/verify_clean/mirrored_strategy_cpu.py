"""Distributed training guide: MirroredStrategy on the one CPU device, a custom step under run()."""
import tensorflow as tf


def main():
    strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
    with strategy.scope():
        weight = tf.Variable(1.0)

    @tf.function
    def step(x):
        def replica_fn(x):
            weight.assign_add(tf.reduce_sum(x))
            return tf.reduce_sum(x) * weight

        per_replica = strategy.run(replica_fn, args=(x,))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    results = [float(step(tf.constant([1.0, 2.0]))) for _ in range(2)]
    return results, float(weight.read_value())


if __name__ == "__main__":
    print(main())
