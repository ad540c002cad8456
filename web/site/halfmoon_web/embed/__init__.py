"""The embed page (embed.html) and its URL parameters."""
