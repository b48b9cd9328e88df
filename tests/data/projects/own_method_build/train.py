"""The training script: builds a functional model through each model's method and fits it."""
import numpy as np

from models import BuiltByOwnMethod, BuiltThroughHelper, CalledOnInputs, FittedToo, InheritsItsBuild, ReturnsItself

x, y = np.zeros((8, 3)), np.zeros((8, 3))


def fit(model):
    model.compile(optimizer="adam", loss="mse")
    model.fit(x, y)


net = BuiltByOwnMethod()
fit(net.build_graph())

helper_net = BuiltThroughHelper()
fit(helper_net.build_graph(width=3))

fitted_net = FittedToo()
fit(fitted_net.build_graph())
fit(fitted_net)

self_called_net = CalledOnInputs()
fit(self_called_net.build_graph())

inherited_net = InheritsItsBuild()
fit(inherited_net.build_graph())

returned_net = ReturnsItself()
fit(returned_net.build_graph())
