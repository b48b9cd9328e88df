"""``python -m tfgraph_lint``: the same command line as the ``tfgraph-lint`` script."""

from tfgraph_lint.cli import main

if __name__ == "__main__":
    main()
