_PAIRS = {")": "(", "]": "[", "}": "{"}


def is_balanced(text: str) -> bool:
    """Whether the (), [] and {} brackets of ``text`` are balanced and nested."""
    stack: list[str] = []
    for c in text:
        if c in "([{":
            stack.append(c)
        elif c in _PAIRS and (not stack or stack.pop() != _PAIRS[c]):
            return False
    return not stack
