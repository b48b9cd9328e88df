"""The held-out batches of the review corpus and their first runs, as recorded.

A batch is the repositories chosen and pinned together, by commit, before the linter saw them.
Its first run is the precision a user can expect on code no rule was tuned on; every later run
(the re-run benchmarks/precision.py makes) is on code whose false positives have been mended
since. So the report shows, for each batch, its first run next to its re-run.

``pinned_by``: the commit(s) of this repository that added the batch's ``GIT_CORPORA`` entries
(``git log -S<pinned commit> -- benchmarks/precision.py`` finds them). ``first_run``: findings and
true findings of that first run, as recorded when its findings were reviewed (the README's
per-session tables; where a review commit gave another count, the comment says so).
``counted``: what the first run counted: until the measured defaults, the linter's default
(HIGH and INFERENCE, LOW off); since, the shipped defaults (``SHIPPED``), with every rule at
HIGH and INFERENCE recorded beside them (``first_run_every_rule``). Deliberate
findings were not recorded apart at first runs, so a first run has an actionable figure (true
over findings) and no claim figure (true and deliberate over findings).

The repositories the rules were tuned on (the ten wheels, keras-io's examples,
tensorflow/examples) belong to no batch. A batch pinned from now on adds a ``Batch`` here in the
commit that pins it, with ``first_run=None`` until its first run is reviewed.
"""

from __future__ import annotations

from dataclasses import dataclass

EVERY_RULE_THEN = "default then, HIGH+INFERENCE"
SHIPPED = "shipped defaults"


@dataclass(frozen=True)
class FirstRun:
    findings: int
    true: int


@dataclass(frozen=True)
class Batch:
    pinned_by: tuple[str, ...]  # short commit hashes of this repository
    date: str
    corpora: tuple[str, ...]
    first_run: FirstRun | None  # None: not run or not reviewed yet
    counted: str = EVERY_RULE_THEN
    first_run_every_rule: FirstRun | None = None  # every rule at HIGH+INFERENCE, when counted is SHIPPED

    @property
    def label(self) -> str:
        return f"{self.date} {'+'.join(self.pinned_by)}"


B = Batch
R = FirstRun
BATCHES: tuple[Batch, ...] = (
    B(("ed4f6f7", "e90c442"), "2026-11-25", ("aymericdamien-tf-examples", "yunyang-tf2-examples", "deeprl-tf2",
                                              "tensorflow-recommenders", "yolov3-tf2"), R(5, 3)),
    B(("59054c1",), "2026-11-25", ("simclr", "tensorflow-graphics"), R(17, 4)),
    B(("854ddf8",), "2026-11-26", ("handson-ml2", "dragen1860-tf2-tutorials", "yolov4-tflite"), R(8, 0)),
    # The review commit (f1b258e) said 12 true; the README's table, written after the verdicts were re-read, 10.
    B(("0b1a5ee",), "2026-11-26", ("uncertainty-baselines", "tensorflow-privacy", "tensorflow-gan",
                                   "hvass-tf-tutorials"), R(27, 10)),
    B(("7880af0",), "2026-11-26", ("pythonlessons-yolov3", "tensorflow-model-remediation", "tensorflow-ranking",
                                   "dopamine"), R(0, 0)),
    B(("4e2a55d",), "2026-11-26", ("ddsp", "acme", "tensorlayer"), R(15, 0)),
    B(("b977af7",), "2026-11-26", ("tensorflow-compression", "tensorflow-lattice", "edward2",
                                   "mrdbourke-tf-course"), R(11, 0)),
    B(("151ff63",), "2026-11-26", ("mit-introtodeeplearning", "t81-558", "deep-learning-with-python"), R(1, 1)),
    B(("67a97b7",), "2026-11-26", ("sonnet", "automl", "seed-rl", "tf-explain", "tensorflow-similarity"), R(55, 7)),
    B(("8c3b99a",), "2026-11-26", ("tf2rl", "inoryy-tf2-drl", "huixxi-tf2-drl", "pythonlessons-rl",
                                   "tensorflow-tpu"), R(3, 1)),
    B(("4faca4e",), "2026-11-26", ("tensorflow-tts", "lynnho-gans-tf2", "tf2-generative-models", "graph-nets",
                                   "keras-cv-attention-models"), R(23, 19)),
    B(("61333df",), "2026-11-26", ("tf-quant-finance", "tensorflow-quantum", "big-transfer", "bert-for-tf2",
                                   "bert4keras"), R(13, 3)),
    B(("376cd4a",), "2026-11-26", ("keras-cv", "keras-nlp", "autokeras", "keras-retinanet", "handson-ml3"),
      R(41, 8)),
    B(("0746fa0",), "2026-11-26", ("manning-tf2-in-action", "keras-tuner", "tensorflow-hub", "tensorflow-io",
                                   "tfx"), R(25, 1)),
    B(("190ac3b",), "2026-11-26", ("keras", "tensorflow-docs", "decision-forests", "recommenders-addons"),
      R(58, 0)),
    B(("f48c65b",), "2026-11-26", ("simclr-tf2", "swav-tf", "yolov4-deepsort", "resnet-tf2",
                                   "time-series-prediction"), R(4, 4)),
    B(("bd94c6b",), "2026-11-26", ("packt-cv-tf2", "mit-deep-learning", "yolo-tf2", "deeplearning-models",
                                   "tfod-course"), R(1, 0)),
    B(("707ed80",), "2026-11-26", ("pml-3rd-edition", "dl-with-tf-book", "dlaicourse", "dlai-tensorflow-1",
                                   "dlai-tensorflow-2", "tf2-course", "cyclegan-tf2", "stylegan2-tf2",
                                   "vision-transformer-tf2", "tensorflow-transform"), R(15, 2)),
    B(("f00f7bd",), "2026-11-26", ("packt-dl-tf2-keras", "keras-yolov3-model-set", "bleurt", "spleeter",
                                   "keras-tcn", "efficientnet-keras", "magenta"), R(7, 4)),
    B(("9a360dc",), "2026-11-26", ("packt-generative-ai-tf2", "super-resolution", "deeplabv3-plus-tf2",
                                   "rlcode-rl-kr-v2", "keras-unet-collection", "python-for-microscopists",
                                   "advanced-dl-keras"), R(2, 1)),
    B(("36b5e65",), "2026-11-26", ("horovod", "tensorboard", "model-analysis", "tensorflow-cloud",
                                   "keras-contrib"), R(9, 0)),
    B(("0b588b5",), "2026-11-26", ("tensorflow-asr", "tf2-yolov4", "imageai", "dltfpt",
                                   "deep-learning-illustrated", "image-segmentation-keras"), R(3, 2)),
    B(("fba4965",), "2026-11-26", ("deepchem", "tensorflow-onnx", "segmentation-models", "d2l-tensorflow",
                                   "focal-loss", "attention-keras", "keras-hub"), R(18, 14)),
    B(("0b2cea3",), "2026-11-26", ("practical-ml-vision", "tf2-tutorials-chinese", "basic-cnns-tf2",
                                   "ml-design-patterns", "bert-ner-tf", "wandb-examples"), R(29, 10)),
    B(("7b9abf5",), "2026-11-26", ("tensorflow-course", "keras-ocr", "bubbliiiing-yolov4-tf2",
                                   "bubbliiiing-efficientdet-tf2", "mask-rcnn-tf2", "efficientdet-xuannianz",
                                   "packt-nn-tf2"), R(12, 7)),
    B(("5c2c954",), "2026-11-26", ("packt-cv-cookbook-tf2", "packt-ml-tf-cookbook", "bigbird",
                                   "keras-self-attention"), R(15, 11)),
    B(("ad745b0",), "2026-11-26", ("supcon-tf2", "retinanet-tf2x", "music-transformer-tf2", "bayesian-ml",
                                   "sign-language-detection"), R(0, 0)),
    B(("e029b91",), "2026-11-26", ("stable-diffusion-tf", "image-super-resolution", "rlzoo", "nsfw-model",
                                   "age-gender-estimation"), R(0, 0)),
    B(("3d8ff06",), "2026-11-26", ("docs-l10n-zh-cn",), R(16, 1)),
    # First named with three repositories the corpus already had; those were replaced (2569ff1) before any run.
    B(("8960a08", "2569ff1"), "2026-11-26", ("nvidia-dle-tf2", "yolov5", "ravens", "pix2seq", "keras-attention"),
      R(4, 4), SHIPPED, R(5, 4)),
    B(("ab91049",), "2026-11-26", ("mediapipe-model-maker", "gcp-ml-deepdive2", "tflite-micro"), R(0, 0),
      SHIPPED, R(1, 1)),
    B(("82ffdab",), "2026-11-26", ("ktrain", "convnext-tf", "vit-keras", "bubbliiiing-faster-rcnn-tf2",
                                   "bubbliiiing-unet-tf2"), R(0, 0), SHIPPED, R(0, 0)),
    # Eight batches of kinds the corpus was thin in, each pinned in one commit and reviewed in the next.
    B(("9176e70",), "2026-11-27", ("gpflow", "zfit", "trieste", "tensordiffeq", "deepxde"), R(16, 7),
      SHIPPED, R(32, 11)),
    B(("8ff25d0",), "2026-11-27", ("dreamerv2", "tensorforce", "rl-cookbook", "distrl-tf2", "rl-ppo-agent"),
      R(19, 18), SHIPPED, R(19, 18)),
    B(("370fe94",), "2026-11-27", ("spektral", "stellargraph", "tf-geometric", "deepctr", "reclearn"), R(22, 11),
      SHIPPED, R(35, 14)),
    B(("e3d81a4",), "2026-11-27", ("stylegan2-tf2x", "deeplab2", "ydata-synthetic", "paws-tf", "barlow-twins-tf"),
      R(14, 1), SHIPPED, R(41, 1)),
    B(("2e893de",), "2026-11-27", ("transformer-tts", "n-beats", "sktime-dl", "delft", "albert-tf2"), R(0, 0),
      SHIPPED, R(3, 3)),
    B(("6d2187c",), "2026-11-27", ("gpflux", "director", "simsiam-tf", "dl-4-tsc", "keras-bert"), R(0, 0),
      SHIPPED, R(5, 0)),
    B(("681d041",), "2026-11-27", ("tf2-gan-emretaha", "rl-algorithms-marcgil1", "ppo-baichenjia", "dreamer",
                                   "dl-lectures-labs"), R(2, 0), SHIPPED, R(2, 0)),
    B(("0b32c43",), "2026-11-27", ("pymc4", "markovflow", "phasespace", "merlin-models", "deep-recommenders"),
      R(7, 4), SHIPPED, R(13, 4)),
    B(("c4f6dde",), "2026-11-27", ("arcface-tf2", "retinaface-tf2", "esrgan-tf2", "tf2-transformer-chatbot",
                                   "mirnet-tf2"), R(0, 0), SHIPPED, R(0, 0)),
)
del B, R

# The corpora the rules were tuned on: in no batch.
TUNED_ON = ("tf-agents", "tensorflow-addons", "tf-models-official", "tensorflow-probability", "tf-keras",
            "tensorflow-gnn", "tensorflow-model-optimization", "neural-structured-learning", "tensorflow-text",
            "tensorflow-federated", "keras-io-examples", "tensorflow-examples")
