"""What each review corpus is: a library, users' code or research, or teaching material.

benchmarks/precision.py reports the kinds apart, because they answer different questions:

- ``library``: a package written for others to import (what PyPI or a ``pip install`` from the
  repository gives: Keras and its add-ons, TensorFlow's own libraries, model zoos packaged as
  libraries, RL and probabilistic frameworks). Their authors know tracing well; a finding there
  is what a maintainer would get.
- ``user-code``: code written to train or run models, not to be imported by others: users'
  re-implementations and training programs (YOLO ports, GANs, SimCLR/SwAV copies), research code
  bases published with a paper (SimCLR, AutoML's EfficientDet, SEED RL, BigBird, Pix2Seq) and
  training recipes. This is the code the tool is for.
- ``teaching``: material written to teach: tutorials, guides, courses' labs, textbooks'
  notebooks and example collections (keras-io's examples, TensorFlow's guides and their
  translation, Udacity's, MIT's, deeplearning.ai's courses, Packt's, Manning's and O'Reilly's
  books). Its text often demonstrates trace-time behaviour on purpose (a ``print`` that shows when
  a function is traced, a Python argument that retraces), so its findings are shown as their own
  row and do not set the defaults: users' code and libraries do.

A corpus is classified as a whole, by what its repository (or wheel) is for, read from its
README and layout before and independently of its findings: a textbook's ordinary training loop
counts as teaching, a library's examples folder as library. Where a repository is both (a course
that ships a small package), the purpose of most of its files decides. The kind is the ``kind`` key of
the corpus's entry in ``benchmarks/corpora/*.toml``. A corpus not classified is reported as
``unclassified`` and counted with users' code and libraries (the figures that set the defaults);
the tests of the review data ask that every corpus have a kind.
"""

from __future__ import annotations

from corpus_data import FILES  # beside this script

LIBRARY, USER_CODE, TEACHING = "library", "user-code", "teaching"
UNCLASSIFIED = "unclassified"
KINDS_ORDER = (USER_CODE, LIBRARY, TEACHING, UNCLASSIFIED)

# Each corpus's ``kind``, as its entry in benchmarks/corpora/*.toml says.
KINDS: dict[str, str] = {entry["name"]: entry["kind"] for file in FILES for entry in file.wheels + file.corpora}


def kind_of(corpus: str, kinds: dict[str, str] | None = None) -> str:
    """The kind of ``corpus`` (``kinds`` defaults to this module's classification)."""
    return (KINDS if kinds is None else kinds).get(corpus, UNCLASSIFIED)


def sets_defaults(kind: str) -> bool:
    """Whether a corpus of this kind counts in the figures the defaults and targets are judged on."""
    return kind != TEACHING
