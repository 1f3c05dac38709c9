"""Quoting a record's text in an answer: paragraphs joined, cut at a word with an ellipsis."""


def quote(text: str, limit: int = 400) -> str:
    text = text.replace("\n\n", " ")
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + " …"
