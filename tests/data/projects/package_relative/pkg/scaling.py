import random


def scale(x):
    return x * random.random()  # [python-random-in-graph]


class Scaler:
    def apply(self, x):
        return x * random.uniform(0.5, 2.0)  # [python-random-in-graph]
