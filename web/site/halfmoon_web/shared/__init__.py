"""The lowest floor: texts in the page's language, invalid values, small DOM helpers."""
