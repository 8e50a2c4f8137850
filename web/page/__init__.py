"""The page glue: the only Python that imports ``js`` or ``pyscript`` (besides the worker)."""
