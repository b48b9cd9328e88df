"""What a finding in code that a Keras class runs only eagerly says about it (keras_run_evidence's
verdicts; ModuleContext.finding makes such findings LOW)."""

EAGER_METRIC = ("the code runs this Keras class only eagerly: every call of its instances is "
                "outside traced code, and none is compiled (but with run_eagerly=True), fit or handed on")

EAGER_SCRIPT = ("the script runs this Keras class only eagerly: it makes no tf.function, runs no "
                "Keras loop, compile, build or symbolic Input, and no other file makes its instances")

# A layer or model whose every instance the project shows called only outside traced code, where
# nothing builds a model symbolically.
EAGER_INSTANCES = ("the code runs this Keras class only eagerly: every instance the project makes is called "
                   "outside traced code (by its call method, by a plain training step with a gradient tape, by its "
                   "own build override, which runs call once to return a functional model, or "
                   "in modules that make no Keras Input or functional model), and none is compiled "
                   "(but with run_eagerly=True), fit, saved or handed on elsewhere")

# Every instance the project makes only has methods of the class's own called (analysis/own_method_builds).
OWN_METHOD_BUILD = ("this Keras class's call runs only when its own method ({methods}) calls it directly, once, "
                    "outside traced code, to build a functional model: the project never calls, compiles, fits "
                    "or hands on its instances, so Keras never traces this call")

# Every instance the project makes only has methods called directly, on real values (analysis/direct_method_runs).
DIRECT_CALLS = ("the project runs this Keras class only eagerly: every instance it makes only has methods called "
                "directly ({methods}), outside traced code, as plain Python calls, never a Keras loop; they run "
                "the model on real values (under a gradient tape) or not at all")

# Made only by tests that name nothing tracing (cli/view_unmade's seed), reached from no traced code.
EAGER_TESTS = ("the project runs this Keras class only in its tests, which call it eagerly: "
               "{how}, and no code of them traces it, compiles, fits or saves it")
