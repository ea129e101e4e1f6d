def camel_to_snake(name: str) -> str:
    """camelCase or PascalCase to snake_case, keeping acronyms together."""
    raise NotImplementedError


def snake_to_camel(name: str) -> str:
    """snake_case to camelCase."""
    raise NotImplementedError
