from todo import TodoList


def test_add():
    todos = TodoList()
    assert todos.add("buy milk") == 1
    assert todos.pending() == ["buy milk"]
