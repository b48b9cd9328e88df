"""Corrected code: a loop over a Python list of layers, compiled with XLA. Its summary string op
has no XLA kernel, so only graph mode raises (the eager run ignores jit_compile). The failure is
not the mechanism of any finding: ERROR or UNCONFIRMED, never MISSED."""
import tensorflow as tf

layers = [tf.keras.layers.Dense(2) for _ in range(2)]


@tf.function(jit_compile=True)
def forward(x):
    for layer in layers:
        x = layer(x)
    summary = tf.strings.as_string(tf.reduce_sum(x))
    return x, summary


def main():
    out, summary = forward(tf.ones((1, 2)))
    return out.shape.as_list()


if __name__ == "__main__":
    print(main())
