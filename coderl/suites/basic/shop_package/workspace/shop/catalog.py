"""Prices in cents, and coupon codes with their percentage discount."""

PRICES: dict[str, int] = {
    "apple": 45,
    "bread": 250,
    "cheese": 599,
    "milk": 119,
    "tea": 375,
}

COUPONS: dict[str, int] = {
    "SAVE10": 10,
    "HALF": 50,
    "FREE": 100,
}
