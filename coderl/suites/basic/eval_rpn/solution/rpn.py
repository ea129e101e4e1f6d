def _divide(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def eval_rpn(tokens: list[str]) -> int:
    """Evaluate reverse Polish notation with + - * and truncating /."""
    stack: list[int] = []
    for token in tokens:
        if token in ("+", "-", "*", "/"):
            if len(stack) < 2:
                raise ValueError(f"{token!r} needs two operands")
            b, a = stack.pop(), stack.pop()
            if token == "+":
                stack.append(a + b)
            elif token == "-":
                stack.append(a - b)
            elif token == "*":
                stack.append(a * b)
            else:
                if b == 0:
                    raise ZeroDivisionError("division by zero")
                stack.append(_divide(a, b))
        else:
            try:
                stack.append(int(token))
            except ValueError:
                raise ValueError(f"unknown token {token!r}") from None
    if len(stack) != 1:
        raise ValueError("malformed expression")
    return stack[0]
