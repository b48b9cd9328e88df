"""TFG107: globals and closure variables rebound after the traced function may have run."""
import tensorflow as tf

foo = 1


@tf.function
def buggy_add():
    return 1 + foo  # [mutable-global-capture]


print("Buggy:", buggy_add())
foo = 100
print("Buggy:", buggy_add())

threshold = 0.5


def set_threshold(value):
    global threshold
    threshold = value


@tf.function
def classify(x):
    return x > threshold  # [mutable-global-capture]


scale = 1.0


def decay():
    global scale
    scale *= 0.5


def scaled(x):
    return x * scale  # [mutable-global-capture]


@tf.function
def calls_scaled(x):
    return scaled(x) + scaled(x)


offset = tf.constant(1.0)


@tf.function
def add_offset(x):
    return x + offset  # [mutable-global-capture]


add_offset(tf.constant(1.0))
offset = tf.constant(2.0)

temperature = 1.0
scaled_ds = tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.float32) / temperature)  # [mutable-global-capture]
for temperature in (0.5, 1.0, 2.0):
    samples = list(scaled_ds)


def train(dataset):
    learning_rate = 0.1

    @tf.function
    def step(x):
        return x * learning_rate  # [mutable-global-capture]

    for _ in range(3):
        for batch in dataset:
            step(batch)
        learning_rate = learning_rate * 0.5


def make_counter():
    count = 0

    @tf.function
    def read(x):
        return x + count  # [mutable-global-capture]

    def bump():
        nonlocal count
        count += 1

    return read, bump


class Scaler(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs * threshold  # [mutable-global-capture]


# The twin of tfg107_silent.py's Critic: rebound after the model has trained with the old one.
def make_judge(units):
    return tf.keras.Sequential([tf.keras.layers.Dense(units)])


judge = make_judge(1)


class Judged(tf.keras.Model):
    def train_step(self, data):
        return {"score": judge(data)}  # [mutable-global-capture]


judged = Judged()
judged.compile()
judged.fit(tf.zeros((4, 1)), epochs=1)
judge = make_judge(2)


def step_called_after_rebinding(first, second):
    """Twins of tfg107_silent.two_steps_in_a_test: the step runs again after the rebinding, or was
    handed to code that may keep it and run it later; both read the frozen value."""
    metrics = first

    @tf.function
    def step(x):
        return x + metrics  # [mutable-global-capture]

    step(tf.constant(1.0))
    metrics = second
    return step(tf.constant(2.0))


def step_handed_over(model, first, second):
    offset = first

    def loss(y_true, y_pred):
        return y_pred - y_true + offset  # silent: nothing shows 'model' (a parameter) is a Keras model

    model.compile(loss=loss)
    model.fit(tf.zeros([2, 1]), tf.zeros([2, 1]))
    offset = second
    model.fit(tf.zeros([2, 1]), tf.zeros([2, 1]))


def loss_handed_to_a_keras_model(first, second):
    offset = first
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])

    def loss(y_true, y_pred):
        return y_pred - y_true + offset  # [mutable-global-capture]

    model.compile(loss=loss)
    model.fit(tf.zeros([2, 1]), tf.zeros([2, 1]))
    offset = second
    model.fit(tf.zeros([2, 1]), tf.zeros([2, 1]))


def step_kept_in_a_list(first, second):
    scale = first

    @tf.function
    def step(x):
        return x * scale  # [mutable-global-capture]

    steps = [step]
    steps[0](tf.constant(1.0))
    scale = second
    return steps[0](tf.constant(2.0))


# A lazily filled global (pattern 3; the shape of keras-cv's Pascal VOC colour map):
# set once, from None, before the tf.function can use it (silent). The twin's tf.function asks
# whether it is set yet: a trace made before the set-up keeps the other branch.
_COLOURS = None


def _load_colours():
    global _COLOURS
    if _COLOURS is None:
        _COLOURS = tf.range(256)
    return _COLOURS


@tf.function
def decode(mask):
    return tf.gather(_COLOURS, mask)


_LABELS = None


def _load_labels():
    global _LABELS
    if not _LABELS:
        _LABELS = tf.range(10)


@tf.function
def label(index):
    if _LABELS is None:  # [mutable-global-capture]
        return index
    return tf.gather(_LABELS, index)


def column_datasets(columns, capacity):
    # tensorflow/tensorflow-io's Avro/JSON/ORC datasets: a first loop makes one reader per column,
    # a second maps each column's dataset with its own reader. The first loop has ended before any
    # map function exists (silent, though both sit in one with block); Dataset.map traces at once,
    # so the second loop's own rebinding is this iteration's value. The twin's loop comes after
    # the map and runs its dataset, so the reader it rebinds is stale there.
    with tf.name_scope("columns"):
        readers = []
        for column in columns:
            reader = tf.constant(column)
            readers.append(reader)
        datasets = []
        for column, reader in zip(columns, readers):
            datasets.append(tf.data.Dataset.range(capacity).map(lambda i: i + reader))
    return datasets


def stale_reader(columns):
    with tf.name_scope("columns"):
        scale = tf.constant(1, tf.int64)
        dataset = tf.data.Dataset.range(3).map(lambda i: i * scale)  # [mutable-global-capture]
        for column in columns:
            scale = tf.constant(column, tf.int64)
            print(list(dataset))
    return dataset


def build_generator(tracks):
    # MuseGAN's generator (held out 2026-11-26; reproduced on TF 2.21): a model runs its Lambda
    # layers' functions again after the loop, so every slice reads the last 'track'. The twin
    # binds the value now, as a default argument.
    inputs = tf.keras.Input((tracks, 4))
    slices, bound = [], []
    for track in range(tracks):
        slices.append(tf.keras.layers.Lambda(lambda x: x[:, track, :])(inputs))  # [mutable-global-capture]
        bound.append(tf.keras.layers.Lambda(lambda x, track=track: x[:, track, :])(inputs))
        # keras-YOLOv3-model-set's ShuffleNet groups: a value the loop body computes, likewise
        offset = track * 2
        slices.append(tf.keras.layers.Lambda(lambda x: x[..., offset:offset + 2])(inputs))  # [mutable-global-capture]
        # Any function a layer keeps runs again with its model; compile()'s is traced by the fit
        # that follows it in the same iteration (silent).
        slices.append(tf.keras.layers.Dense(2, activation=lambda x: x * track)(inputs))  # [mutable-global-capture]
    return tf.keras.Model(inputs, slices + bound)


def fit_per_weight(model, data, weights):
    for weight in weights:
        model.compile(loss=lambda y, p: weight * tf.reduce_mean((y - p) ** 2))
        model.fit(data, epochs=1)
