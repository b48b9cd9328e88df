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
that ships a small package), the purpose of most of its files decides. A corpus missing here is
reported as ``unclassified`` and counted with users' code and libraries (the figures that set
the defaults) until it is classified; tests/test_review_verdicts.py asks that every corpus be
classified.
"""

from __future__ import annotations

LIBRARY, USER_CODE, TEACHING = "library", "user-code", "teaching"
UNCLASSIFIED = "unclassified"
KINDS_ORDER = (USER_CODE, LIBRARY, TEACHING, UNCLASSIFIED)

_BY_KIND: dict[str, tuple[str, ...]] = {
    LIBRARY: (
        # the ten PyPI wheels
        "tf-agents", "tensorflow-addons", "tf-models-official", "tensorflow-probability", "tf-keras",
        "tensorflow-gnn", "tensorflow-model-optimization", "neural-structured-learning", "tensorflow-text",
        "tensorflow-federated",
        # TensorFlow's and Keras' own libraries
        "tensorflow-recommenders", "tensorflow-graphics", "tensorflow-privacy", "tensorflow-gan",
        "tensorflow-model-remediation", "tensorflow-ranking", "tensorflow-compression", "tensorflow-lattice",
        "tensorflow-similarity", "tensorflow-quantum", "keras-cv", "keras-nlp", "autokeras", "keras-tuner",
        "tensorflow-hub", "tensorflow-io", "tfx", "keras", "decision-forests", "recommenders-addons",
        "tensorflow-transform", "tensorboard", "model-analysis", "tensorflow-cloud", "keras-contrib",
        "keras-hub", "tflite-micro", "mediapipe-model-maker",
        # research and model libraries of others
        "dopamine", "ddsp", "acme", "tensorlayer", "edward2", "sonnet", "tf-explain", "tf2rl",
        "tensorflow-tts", "graph-nets", "keras-cv-attention-models", "tf-quant-finance", "bert-for-tf2",
        "bert4keras", "keras-retinanet", "time-series-prediction", "spleeter", "keras-tcn",
        "efficientnet-keras", "magenta", "keras-unet-collection", "horovod", "tensorflow-asr", "tf2-yolov4",
        "imageai", "image-segmentation-keras", "deepchem", "tensorflow-onnx", "segmentation-models",
        "focal-loss", "attention-keras", "keras-ocr", "keras-self-attention", "image-super-resolution",
        "rlzoo", "keras-attention", "ktrain", "vit-keras",
        # held out on 2026-11-27: probabilistic, physics and scientific, recommender and graph libraries
        "gpflow", "zfit", "trieste", "tensordiffeq", "deepxde", "tensorforce", "spektral", "stellargraph",
        "tf-geometric", "deepctr", "reclearn", "deeplab2", "ydata-synthetic", "sktime-dl", "delft", "n-beats",
        "keras-bert", "gpflux", "pymc4", "markovflow", "phasespace", "merlin-models",
    ),
    USER_CODE: (
        # users' training programs and re-implementations
        "deeprl-tf2", "yolov3-tf2", "yolov4-tflite", "pythonlessons-yolov3", "lynnho-gans-tf2", "simclr-tf2",
        "swav-tf", "yolov4-deepsort", "resnet-tf2", "yolo-tf2", "cyclegan-tf2", "stylegan2-tf2",
        "vision-transformer-tf2", "keras-yolov3-model-set", "super-resolution", "deeplabv3-plus-tf2",
        "basic-cnns-tf2", "bert-ner-tf", "bubbliiiing-yolov4-tf2", "bubbliiiing-efficientdet-tf2",
        "mask-rcnn-tf2", "efficientdet-xuannianz", "supcon-tf2", "retinanet-tf2x", "music-transformer-tf2",
        "stable-diffusion-tf", "nsfw-model", "age-gender-estimation", "yolov5", "convnext-tf",
        "bubbliiiing-faster-rcnn-tf2", "bubbliiiing-unet-tf2",
        # research code published with papers, and training recipes
        "simclr", "uncertainty-baselines", "automl", "seed-rl", "tensorflow-tpu", "big-transfer", "bleurt",
        "bigbird", "nvidia-dle-tf2", "ravens", "pix2seq",
        # held out on 2026-11-27: research code and users' training programs
        "dreamerv2", "distrl-tf2", "rl-ppo-agent", "stylegan2-tf2x", "paws-tf", "barlow-twins-tf",
        "transformer-tts", "albert-tf2", "director", "simsiam-tf", "dl-4-tsc", "tf2-gan-emretaha",
        "rl-algorithms-marcgil1", "ppo-baichenjia", "dreamer", "deep-recommenders", "arcface-tf2",
        "retinaface-tf2", "esrgan-tf2", "tf2-transformer-chatbot", "mirnet-tf2",
    ),
    TEACHING: (
        # guides, tutorials and example collections
        "keras-io-examples", "tensorflow-examples", "aymericdamien-tf-examples", "yunyang-tf2-examples",
        "dragen1860-tf2-tutorials", "hvass-tf-tutorials", "tensorflow-docs", "docs-l10n-zh-cn",
        "tf2-generative-models", "tf2-tutorials-chinese", "wandb-examples", "tensorflow-course",
        "sign-language-detection", "bayesian-ml", "deeplearning-models", "tfod-course",
        # courses
        "mrdbourke-tf-course", "mit-introtodeeplearning", "t81-558", "mit-deep-learning", "dlaicourse",
        "dlai-tensorflow-1", "dlai-tensorflow-2", "tf2-course", "dltfpt", "gcp-ml-deepdive2",
        "python-for-microscopists", "inoryy-tf2-drl", "huixxi-tf2-drl", "pythonlessons-rl",
        # books' code
        "handson-ml2", "handson-ml3", "deep-learning-with-python", "manning-tf2-in-action", "packt-cv-tf2",
        "pml-3rd-edition", "dl-with-tf-book", "packt-dl-tf2-keras", "packt-generative-ai-tf2",
        "rlcode-rl-kr-v2", "advanced-dl-keras", "deep-learning-illustrated", "d2l-tensorflow",
        "practical-ml-vision", "ml-design-patterns", "packt-nn-tf2", "packt-cv-cookbook-tf2",
        "packt-ml-tf-cookbook",
        # held out on 2026-11-27: a book's recipes and a course's labs
        "rl-cookbook", "dl-lectures-labs",
    ),
}

KINDS: dict[str, str] = {corpus: kind for kind, corpora in _BY_KIND.items() for corpus in corpora}


def kind_of(corpus: str, kinds: dict[str, str] | None = None) -> str:
    """The kind of ``corpus`` (``kinds`` defaults to this module's classification)."""
    return (KINDS if kinds is None else kinds).get(corpus, UNCLASSIFIED)


def sets_defaults(kind: str) -> bool:
    """Whether a corpus of this kind counts in the figures the defaults and targets are judged on."""
    return kind != TEACHING
