def log_step(x):
    print("step", x)  # [python-print-in-graph]
