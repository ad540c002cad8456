"""Helpers every page uses: DOM helpers, texts in the page's language, invalid values, SVG."""
