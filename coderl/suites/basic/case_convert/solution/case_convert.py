import re


def camel_to_snake(name: str) -> str:
    """camelCase or PascalCase to snake_case, keeping acronyms together."""
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return name.lower()


def snake_to_camel(name: str) -> str:
    """snake_case to camelCase."""
    parts = [p for p in name.split("_") if p]
    if not parts:
        return ""
    return parts[0].lower() + "".join(p[:1].upper() + p[1:].lower() for p in parts[1:])
