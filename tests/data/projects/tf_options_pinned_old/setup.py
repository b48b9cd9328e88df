# A project pinned to TensorFlow 2.4 in requirements.txt (tests/data/projects/README.md).
from setuptools import setup

setup(name="tf-options-pinned-old", install_requires=["tensorflow>=2.2.0"])
