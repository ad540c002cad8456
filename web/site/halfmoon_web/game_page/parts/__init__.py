"""The game page's parts: each built once by ``app.py`` from the frame and the parts before it."""
