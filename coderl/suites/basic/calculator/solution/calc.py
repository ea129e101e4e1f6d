def _tokens(expr: str) -> list[str]:
    tokens: list[str] = []
    i = 0
    while i < len(expr):
        c = expr[i]
        if c == " ":
            i += 1
        elif c in "0123456789":
            j = i
            while j < len(expr) and expr[j] in "0123456789":
                j += 1
            tokens.append(expr[i:j])
            i = j
        elif c in "+-*()":
            tokens.append(c)
            i += 1
        else:
            raise ValueError(f"unexpected character {c!r}")
    return tokens


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.pos = 0

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise ValueError("unexpected end of expression")
        self.pos += 1
        return token

    def expression(self) -> int:
        value = self.term()
        while self.peek() in ("+", "-"):
            if self.take() == "+":
                value += self.term()
            else:
                value -= self.term()
        return value

    def term(self) -> int:
        value = self.factor()
        while self.peek() == "*":
            self.take()
            value *= self.factor()
        return value

    def factor(self) -> int:
        token = self.take()
        if token == "-":
            return -self.factor()
        if token == "+":
            return self.factor()
        if token == "(":
            value = self.expression()
            if self.take() != ")":
                raise ValueError("expected ')'")
            return value
        if token.isdigit():
            return int(token)
        raise ValueError(f"unexpected {token!r}")


def evaluate(expr: str) -> int:
    """The value of an integer expression with + - * and parentheses."""
    parser = _Parser(_tokens(expr))
    value = parser.expression()
    if parser.peek() is not None:
        raise ValueError(f"unexpected {parser.peek()!r}")
    return value
