"""The game page's Statistics panel and its charts."""
