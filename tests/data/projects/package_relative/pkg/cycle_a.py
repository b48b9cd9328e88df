from . import cycle_b


def first(x):
    return cycle_b.second(x)


def unused(x):
    print(x)  # silent
