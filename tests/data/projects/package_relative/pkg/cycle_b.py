from .cycle_a import unused


def second(x):
    print("second", x)  # [python-print-in-graph]
    return x


def helper(x):
    return unused(x)
