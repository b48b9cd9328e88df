def smooth(x):
    print("smoothing", x)  # [python-print-in-graph]
    return x


def unused(x):
    print("unused", x)  # silent
    return x


class Gate:
    def __call__(self, x):
        print("gate", x)  # [python-print-in-graph]
        return x

    def open(self, x):
        print("open", x)  # self.maybe is not always a Gate: silent
        return x
