"""Field splitting as the 0.x reader did it (kept for the split-compatibility mode)."""


def parse_line(line, dialect):
    return [field.strip() if dialect.strip else field for field in line.split(dialect.delimiter)]
