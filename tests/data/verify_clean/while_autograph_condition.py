"""AutoGraph guide: a Python while loop with an `and` of tensor conditions, converted to tf.while_loop."""
import tensorflow as tf


@tf.function
def halve(x, floor):
    steps = tf.constant(0)
    while x > floor and steps < 10:
        x = x / 2.0
        steps += 1
    return x, steps


def main():
    x, steps = halve(tf.constant(100.0), tf.constant(3.0))
    return round(float(x), 4), int(steps)


if __name__ == "__main__":
    print(main())
