"""Calls animate.py's functions in loops of its own (and once)."""
import tensorflow as tf

import animate as anim
from animate import animate, export, make_step, wrap


def main(pairs, models):
    step = make_step()
    for pair in pairs:
        animate(pair, 4)
        step(pair)
    for model in models:
        wrap(model, pairs[0])
    export(pairs[0])
    return [anim.animate(pair, 2) for pair in pairs]


if __name__ == "__main__":
    main([tf.ones((8,))], [tf.identity])
