"""Keras guide: a model whose call loops over a Python list of layers (unrolled once, by design)."""
import tensorflow as tf


class Stack(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [tf.keras.layers.Dense(3, activation="relu") for _ in range(3)]
        self.head = tf.keras.layers.Dense(1)

    def call(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def main():
    model = Stack()
    predict = tf.function(model)
    x = tf.ones((2, 4))
    first = predict(x)
    second = predict(x * 2.0)
    return first.shape.as_list(), second.shape.as_list()


if __name__ == "__main__":
    print(main())
