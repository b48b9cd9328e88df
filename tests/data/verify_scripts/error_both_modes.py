"""Raises the same way in both modes: nothing to compare."""


def main():
    raise RuntimeError("this example is broken")
