"""verlib: release versions."""
