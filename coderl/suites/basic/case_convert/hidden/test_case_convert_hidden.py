import pytest
from case_convert import camel_to_snake, snake_to_camel


@pytest.mark.parametrize(
    "name, expected",
    [
        ("parseHttpResponse", "parse_http_response"),
        ("HTTPServer", "http_server"),
        ("getX", "get_x"),
        ("simple", "simple"),
        ("version2Name", "version2_name"),
        ("XMLHttpRequest", "xml_http_request"),
        ("", ""),
        ("Already", "already"),
    ],
)
def test_camel_to_snake(name, expected):
    assert camel_to_snake(name) == expected


@pytest.mark.parametrize(
    "name, expected",
    [
        ("parse_http_response", "parseHttpResponse"),
        ("get_x", "getX"),
        ("simple", "simple"),
        ("__a__b__", "aB"),
        ("", ""),
        ("___", ""),
        ("ALL_CAPS", "allCaps"),
    ],
)
def test_snake_to_camel(name, expected):
    assert snake_to_camel(name) == expected
