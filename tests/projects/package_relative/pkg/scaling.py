import random


def scale(x):
    return x * random.random()  # [python-random-in-graph]
