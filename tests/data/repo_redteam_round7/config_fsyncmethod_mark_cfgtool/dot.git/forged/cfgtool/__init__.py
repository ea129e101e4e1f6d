"""cfgtool: layered configuration."""
