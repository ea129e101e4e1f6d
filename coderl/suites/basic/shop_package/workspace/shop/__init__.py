"""A tiny shop: a catalog and a cart."""
