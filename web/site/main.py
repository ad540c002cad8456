"""Placeholder entry point of the Half Moon page (the game view replaces this file).

It proves the runtime works end to end: it imports the engine, writes into the board container
and marks the page ready (``<html data-ready>``, spec §11). If anything fails it marks the page
with ``data-error`` and shows the message to the player instead.
"""

from js import document


def show_error(message: str) -> None:
    """Mark start-up as failed and show ``message`` in the page's error box."""
    root = document.documentElement
    root.removeAttribute("data-ready")
    root.setAttribute("data-error", message)
    detail = document.getElementById("boot-error-detail")
    if detail is not None:
        detail.textContent = message


def start() -> None:
    """Load the engine and draw the (placeholder) board."""
    import halfmoon_core

    board = document.getElementById("board")
    note = document.createElement("p")
    note.className = "board-note"
    note.textContent = f"Half Moon — {len(halfmoon_core.PLACES)} places ready."
    board.replaceChildren(note)
    board.removeAttribute("aria-busy")
    document.documentElement.setAttribute("data-ready", "")


try:
    start()
except Exception as exc:  # every start-up failure must reach the player, not just the console
    show_error(f"{type(exc).__name__}: {exc}")
