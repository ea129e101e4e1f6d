class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        raise NotImplementedError

    def peek(self) -> str | None:
        raise NotImplementedError

    def take(self) -> str:
        raise NotImplementedError

    def expression(self) -> int:
        raise NotImplementedError

    def term(self) -> int:
        raise NotImplementedError

    def factor(self) -> int:
        raise NotImplementedError


def evaluate(expr: str) -> int:
    """The value of an integer expression with + - * and parentheses."""
    raise NotImplementedError
