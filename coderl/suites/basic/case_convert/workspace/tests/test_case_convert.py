from case_convert import camel_to_snake, snake_to_camel


def test_round_trip():
    assert camel_to_snake("parseHttpResponse") == "parse_http_response"
    assert snake_to_camel("parse_http_response") == "parseHttpResponse"
