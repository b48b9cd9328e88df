"""Objects made while tracing: what their methods do to ``self`` is per-trace, like a local.

Shape from the review corpus (tensorflow/examples, efficientdet's dataloader): a Dataset.map
function builds an input processor from the element and calls its methods, which update
``self._image`` and fill ``self._boxes``. Silent. Twins: the same methods on a processor made
once outside the trace, and a method also called on such a long-lived one, stay reported.
"""
import tensorflow as tf


class Processor:
    def __init__(self, image):
        self._image = image
        self._steps = []
        self.calls = 0

    def normalize(self):
        self._image -= 0.5
        self._image /= 0.25
        self._steps.append("normalize")
        self._flip()

    def _flip(self):
        self._image = tf.image.flip_left_right(self._image)
        self._steps.append("flip")

    def replace(self, image):  # public, never called here: may rebind _image at any time
        self._image = image

    def result(self):
        return self._image


def parse(image):
    processor = Processor(image)
    processor.normalize()
    return processor.result()


def parse_inline(image):
    return Processor(image).result()


dataset = tf.data.Dataset.from_tensor_slices(tf.zeros([2, 4, 4, 3])).map(parse).map(parse_inline)


class Counter:
    def __init__(self):
        self.count = 0
        self.seen = []
        self.scale = 1.0

    def rescale(self, scale):
        self.scale = scale

    def tick(self, x):
        self.count += 1  # [python-state-mutation]
        self.seen.append(x)  # [outer-collection-mutation]
        return x * self.scale  # low: [mutable-attribute-capture]


shared = Counter()


@tf.function
def uses_shared(x):
    return shared.tick(x)


@tf.function
def uses_fresh(x):
    return Counter().tick(x)  # a fresh one here, but tick also runs on the shared one
