def smooth(x):
    print("smoothing", x)  # [python-print-in-graph]
    return x


def unused(x):
    print("unused", x)  # silent
    return x
