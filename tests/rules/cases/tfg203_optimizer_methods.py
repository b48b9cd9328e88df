"""TFG203: an optimizer's update methods run from the optimizer's own apply_gradients, Keras code
AutoGraph never converts, in Keras 3 (update_step; TF 2.21: a Python if on a tensor there raises
OperatorNotAllowedInGraphError under fit and in a tf.function) and in Keras 2 (OptimizerV2's
_resource_apply_dense/_resource_apply_sparse). A Keras 2 optimizer reads its hyperparameters as
tensors: self._get_hyper(name, dtype), self._decayed_lr(dtype).
The RAdam case is in the shape of tensorflow/addons' fix "Fix comparison when using the optimizer
inside a tf.function":
https://github.com/tensorflow/addons/commit/d150cc2ee17209be84230a35d27a493257112005
Twins stay silent: the decision taken once from a Python constructor argument, a helper's own
_get_hyper, a _get_hyper without a dtype, and the same methods outside an optimizer.
"""
import tensorflow as tf


class DecayingAdam(tf.keras.optimizers.Optimizer):
    def __init__(self, weight_decay=0.0, name="DecayingAdam", **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("weight_decay", weight_decay)
        self._has_weight_decay = weight_decay != 0.0

    def _decayed_wd(self, var_dtype):
        wd_t = self._get_hyper("weight_decay", var_dtype)
        if isinstance(wd_t, tf.keras.optimizers.schedules.LearningRateSchedule):
            wd_t = tf.cast(wd_t(self.iterations), var_dtype)
        return wd_t

    def _resource_apply_dense(self, grad, var):
        var_dtype = var.dtype.base_dtype
        wd_t = self._decayed_wd(var_dtype)
        var_t = var - self._decayed_lr(var_dtype) * grad
        if wd_t > 0.0:  # [tensor-used-as-python-value]
            var_t += wd_t * var
        return var.assign(var_t)

    def _resource_apply_sparse(self, grad, var, indices):
        var_dtype = var.dtype.base_dtype
        lr_t = self._decayed_lr(var_dtype)
        if lr_t < 1e-8:  # [tensor-used-as-python-value]
            return tf.no_op()
        update = tf.IndexedSlices(lr_t * grad, indices)
        if self._has_weight_decay:
            update = tf.IndexedSlices(update.values + self._decayed_wd(var_dtype), indices)
        return var.scatter_sub(update)


class ScaledSGD(tf.keras.optimizers.SGD):
    def update_step(self, gradient, variable, learning_rate):
        lr = tf.cast(learning_rate, variable.dtype)
        if lr > 0.0:  # [tensor-used-as-python-value]
            variable.assign_sub(lr * gradient)
        if self.momentum > 0.0:
            variable.assign_sub(lr * self.momentum * gradient)


class OwnHyperparameters(tf.keras.optimizers.Optimizer):
    """Defines _get_hyper itself: what it returns is its own code's business."""

    def _get_hyper(self, name, dtype=None):
        return self._settings[name]

    def _resource_apply_dense(self, grad, var):
        if self._get_hyper("clip", var.dtype) > 0.0:
            grad = tf.clip_by_norm(grad, 1.0)
        if self._get_hyper("nesterov") > 0:
            grad = grad * 2.0
        return var.assign_sub(grad)


class Scheduler:
    """Not an optimizer: the same method names are its own."""

    def _resource_apply_dense(self, grad, var):
        lr = self._get_hyper("learning_rate", var.dtype)
        if lr > 0.0:
            var.assign_sub(lr * grad)

    def update_step(self, gradient, variable, learning_rate):
        if tf.reduce_sum(gradient) > 0.0:
            variable.assign_sub(learning_rate * gradient)


class CountedUpdates(tf.keras.optimizers.Optimizer):
    """A counter compared with a Python float decides the update: a Python int counter (every
    binding a Python number) gives a Python bool, silent; one made with tf.convert_to_tensor in
    __init__ gives a bool tensor in the traced update_step (the shape of NoteDancing/Note's Kron
    optimizer, https://github.com/NoteDancing/Note, kron.py), reported. Advancing either counter
    there happens while tracing only."""

    def __init__(self, learning_rate=0.01):
        super().__init__(learning_rate=learning_rate)
        self._counter = 0
        self._tensor_counter = tf.convert_to_tensor(0, dtype=tf.int32)

    def update_step(self, gradient, variable, learning_rate):
        self._counter += 1  # [python-state-mutation]
        do_update = self._counter >= 1 / 0.5
        if do_update:
            self._counter = 0
        self._tensor_counter += 1  # [python-state-mutation]
        tensor_update = self._tensor_counter >= 1 / 0.5
        if tensor_update:  # [tensor-used-as-python-value]
            self._tensor_counter = tf.convert_to_tensor(0, dtype=tf.int32)
        variable.assign_add(-learning_rate * gradient)
