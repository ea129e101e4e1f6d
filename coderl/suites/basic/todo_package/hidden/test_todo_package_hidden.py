import pytest
from todo import Item, TodoList


@pytest.fixture
def todos():
    t = TodoList()
    t.add("write report", ["work"])
    t.add("  buy milk ", ("home", "shop"))
    t.add("call bob", ["work", "phone"])
    return t


def test_ids_and_items(todos):
    item = todos.get(2)
    assert (item.id, item.title, tuple(item.tags), item.done) == (2, "buy milk", ("home", "shop"), False)
    assert isinstance(item, Item)
    assert todos.add("new") == 4


def test_complete(todos):
    todos.complete(1)
    assert todos.pending() == ["buy milk", "call bob"]
    assert todos.finished() == ["write report"]
    assert todos.get(1).done is True


def test_by_tag(todos):
    assert todos.by_tag("work") == ["write report", "call bob"]
    assert todos.by_tag("shop") == ["buy milk"]
    assert todos.by_tag("none") == []


def test_remove_and_ids_not_reused(todos):
    todos.remove(3)
    assert todos.pending() == ["write report", "buy milk"]
    assert todos.add("again") == 4


@pytest.mark.parametrize("method", ["get", "complete", "remove"])
def test_unknown_id(todos, method):
    with pytest.raises(KeyError):
        getattr(todos, method)(99)


@pytest.mark.parametrize("title", ["", "   "])
def test_empty_title(title):
    with pytest.raises(ValueError):
        TodoList().add(title)
