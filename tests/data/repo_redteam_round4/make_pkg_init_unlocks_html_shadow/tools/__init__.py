"""Site build tools."""
