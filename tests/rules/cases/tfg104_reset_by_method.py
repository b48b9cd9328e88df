"""TFG104: a collection on self that a method of the class rebinds afresh before the trace fills it.

The shape of dexter2406/Monodepth2-TF2's Trainer (held out): ``compute_losses``, called from the
tf.function ``grad``, first calls ``self.reset_losses()``, whose body rebinds ``self.losses`` to a
new dict, then adds each scale's loss tensor to it and returns it; only graph code reads it. Each
trace rebinds it before filling it, as if it were a local: a channel within the trace (LOW).
Twins that still fire: the method rebinds only under an ``if``, the call comes after the filling,
the method is another object's, the method rebinds to a collection the object held before, a
subclass's override does not rebind, the method may return before rebinding.
"""
import tensorflow as tf


class Trainer:
    def __init__(self, scales):
        self.scales = scales
        self.losses = {}

    def reset_losses(self):
        self.losses = {"pixel": 0, "smooth": 0}

    def compute_losses(self, images):
        self.reset_losses()
        for scale in range(self.scales):
            self.losses["pixel"] += tf.reduce_mean(images) / (scale + 1)  # low: [outer-collection-mutation]
        self.losses["pixel"] /= self.scales  # low: [outer-collection-mutation]
        return self.losses

    @tf.function
    def grad(self, images):
        return self.compute_losses(images)


class ResetThroughAnotherMethod:
    """The rebinding method is reached through a second ``self.`` call: followed."""

    def __init__(self):
        self.totals = {}

    def _clear_totals(self):
        self.totals = {"loss": 0.0}

    def start_step(self):
        self._clear_totals()

    @tf.function
    def step(self, x):
        self.start_step()
        self.totals["loss"] += tf.reduce_sum(x)  # low: [outer-collection-mutation]
        return self.totals


class ResetUnderIf:
    def __init__(self):
        self.sums = {"loss": 0}
        self.fresh = True

    def reset_sums(self):
        if self.fresh:
            self.sums = {"loss": 0}

    @tf.function
    def step(self, x):
        self.reset_sums()
        self.sums["loss"] += tf.reduce_sum(x)  # [outer-collection-mutation]
        return self.sums


class ResetAfterFilling:
    def __init__(self):
        self.partials = {"loss": 0}

    def reset_partials(self):
        self.partials = {"loss": 0}

    @tf.function
    def step(self, x):
        self.partials["loss"] += tf.reduce_sum(x)  # [outer-collection-mutation]
        self.reset_partials()
        return x


class Tracker:
    def __init__(self):
        self.scores = {"loss": 0}

    def reset_scores(self):
        self.scores = {"loss": 0}


class ResetOfAnotherObject:
    def __init__(self):
        self.tracker = Tracker()
        self.scores = {"loss": 0}

    @tf.function
    def step(self, x):
        self.tracker.reset_scores()
        self.scores["loss"] += tf.reduce_sum(x)  # [outer-collection-mutation]
        return self.scores


class ResetToHeldCollection:
    def __init__(self):
        self.history = []
        self.records = []

    def reset_records(self):
        self.records = self.history

    @tf.function
    def step(self, x):
        self.reset_records()
        self.records.append(tf.reduce_sum(x))  # [outer-collection-mutation]
        return x


class ResetMayReturnFirst:
    def __init__(self):
        self.steps = {"loss": 0}
        self.keep = False

    def reset_steps(self):
        if self.keep:
            return
        self.steps = {"loss": 0}

    @tf.function
    def step(self, x):
        self.reset_steps()
        self.steps["loss"] += tf.reduce_sum(x)  # [outer-collection-mutation]
        return self.steps


class BaseLosses:
    def __init__(self):
        self.terms = {"loss": 0}

    def reset_terms(self):
        self.terms = {"loss": 0}

    @tf.function
    def step(self, x):
        self.reset_terms()
        self.terms["loss"] += tf.reduce_sum(x)  # [outer-collection-mutation]
        return self.terms


class KeptLosses(BaseLosses):
    """Its override keeps the dict: on its instances the base's ``step`` piles up per trace."""

    def reset_terms(self):
        pass
