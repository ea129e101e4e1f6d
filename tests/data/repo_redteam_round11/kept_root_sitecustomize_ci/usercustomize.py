import sitecustomize  # noqa: F401  (the same rule wherever the user site is on)
