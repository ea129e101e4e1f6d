"""reportgen: text reports."""
