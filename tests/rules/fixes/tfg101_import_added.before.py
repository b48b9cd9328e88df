"""No `import tensorflow as tf` yet: the fix adds it after the other imports."""
# fix-runtime: differs in: stdout, stderr
from __future__ import annotations

import os
from tensorflow import function


@function
def f(x):
    print(x)
    return x


def main():
    return f(3)
