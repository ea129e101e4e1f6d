def eval_rpn(tokens: list[str]) -> int:
    """Evaluate reverse Polish notation with + - * and truncating /."""
    raise NotImplementedError
