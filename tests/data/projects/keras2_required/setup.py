# A project written for tf.keras 2: it caps TensorFlow below 2.16 (tests/projects/README.md).
from setuptools import setup

setup(
    name="keras2-required",
    install_requires=["tensorflow>=2.12,<2.16", "numpy"],
)
