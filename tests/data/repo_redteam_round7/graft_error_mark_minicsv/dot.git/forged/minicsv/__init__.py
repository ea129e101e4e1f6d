"""minicsv: a small CSV reader and writer."""
