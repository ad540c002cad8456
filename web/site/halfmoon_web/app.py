"""The game page (``index.html``): the one module that wires the page to the board and state.

It reads the URL (``?deal=``, ``?lang=``), restores settings, statistics and the game in
progress from storage, mounts a :class:`~halfmoon_web.board.Board`, plays the taps made on the
board ``early.js`` painted before Python was up, runs the clock, and answers the toolbar, the
panels and the dialogs. It saves the board's snapshot with the game (docs/startup.md, "Before
Python"). Rules stay in the engine; texts in ``i18n``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy

from halfmoon_core import Game, HalfMoonError, normalise_code, random_code

from . import i18n, saving_view
from .board import Board
from .clock import format_time
from .dom import found, translate_marked, url_param
from .game_store import GameStore
from .model import TapOutcome
from .saved import SavedData
from .session import GameSession
from .settings import Settings
from .snapshot import early_focus, early_taps, game_identity, make_snapshot
from .storage import BACKUPS_KEY, GAME_KEY, SETTINGS_KEY, SNAPSHOT_KEY, STATS_KEY, Storage

TICK_MS = 250
SHORTCUTS = {"new-game": "N", "undo": "Control+Z Meta+Z U", "settings": "S", "statistics": "T"}
"""The toolbar's keyboard shortcuts (docs/keyboard.md), as ``aria-keyshortcuts`` says them."""
TYPING = "input:not([type=checkbox]):not([type=radio]), select, textarea, [contenteditable]"
"""Where a key types rather than acts: no shortcut there."""


class GamePage:
    """Everything on the game page, built by :func:`start`."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.document = window.document
        self.storage = Storage.from_window(window)
        self.data = SavedData(self.storage)
        self.games = GameStore(self.data)
        self.notices: list[str] = []
        """Start-up notices, in the page's language."""
        self._theirs: GameSession | None = None
        """Another tab's game, while the player chooses between it and this page's."""
        self._proxies: list[Any] = []
        self._was_running = False
        self._tasks: set[Any] = set()
        self._snapshot_drawn: tuple[object, ...] | None = None
        """What the saved snapshot shows (game, language, options), to skip a rewrite."""

        self.url_lang = url_param(window, "lang")
        url_deal = url_param(window, "deal")

        self.data.adopt_old_backups()
        self.settings = self.data.settings()
        self.lang = i18n.choose_language(
            self.url_lang, self.settings.lang, list(window.navigator.languages or [])
        )
        self.session = self.games.load()
        self.notices.extend(self.problem_texts())
        if url_deal is not None:
            self._open_from_link(url_deal)
        if self.session is None:
            self.session = GameSession(Game.from_code(random_code()))
        self.session.record_win(self.data, self.now())

        # The taps made on the board early.js painted, taken (and its listener stopped) in the
        # turn this board starts listening: none is lost or doubled (docs/startup.md).
        early = self.take_early()
        self.board = Board(
            self.el("board"),
            self.session.model,
            lang=self.lang,
            labels=self.settings.diagram_labels,
            assist=self.settings.placement_assist,
            reduced_motion=self.motion_reduced(),
            on_tap=self.on_tap,
        )
        self.say("")  # early.js's loading note
        self._listen()
        self.mark_shortcuts()
        self.apply_language()
        self.sync_settings_form()
        self.save_game()
        self.notices.extend(self.problem_texts())
        for button in self.document.querySelectorAll("[data-action][disabled]"):
            button.removeAttribute("disabled")
        self.update_info()
        self.check_end()
        for place in early_taps(early, self.session.game):
            self.board.tap(place)
        focus = early_focus(early)
        if focus is not None:
            self.keep_focus(focus)  # the card focused on the painted board was replaced
        if self.notices:
            self.say(i18n.sentences(*self.notices, str(self.el("message").textContent)))

    # -- small helpers --------------------------------------------------------------------
    def el(self, element_id: str) -> Any:
        """The element with this id."""
        return self.document.getElementById(element_id)

    def t(self, key: str, **params: object) -> str:
        """A text in the page's language."""
        return i18n.t(self.lang, key, **params)

    def now(self) -> float:
        """Monotonic milliseconds."""
        return float(self.window.performance.now())

    def proxy(self, func: Any) -> Any:
        """A JS-callable proxy of ``func``, kept alive as long as the page."""
        wrapped = create_proxy(func)
        self._proxies.append(wrapped)
        return wrapped

    def os_reduced_motion(self) -> bool:
        """The OS asks for reduced motion."""
        try:
            return bool(self.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        except Exception:
            return False

    def motion_reduced(self) -> bool:
        """Whether animations are off (the setting, else the OS)."""
        return self.settings.motion_reduced(self.os_reduced_motion())

    def say(self, text: str) -> None:
        """Put a message in the status line (the page's one live region)."""
        self.el("message").textContent = text

    # -- loading and saving (docs/storage.md) --------------------------------------------
    def problem_texts(self) -> list[str]:
        """What to tell the player about stored values found unusable since the last call
        (each moved to the kept copies, or dropped), and kept copies given up for room."""
        texts = [
            saving_view.problem_text(problem, self.lang) for problem in self.data.take_problems()
        ]
        shelf = self.data.shelf
        if shelf.reset_problem is not None:
            reason = saving_view.reason_text(shelf.reset_problem, self.lang)
            texts.append(self.t("unreadable_backups", reason=reason))
            shelf.reset_problem = None
        if BACKUPS_KEY in self.storage.take_given_up():
            texts.append(self.t("backups_given_up"))
        return texts

    def _open_from_link(self, text: str) -> None:
        """``?deal=CODE``: a saved game of that deal goes on (unless won), else it starts."""
        try:
            code = normalise_code(text)
        except HalfMoonError as exc:
            self.notices.append(self.t("bad_link", reason=i18n.engine_text(str(exc), self.lang)))
        else:
            current = self.session
            if current is None or current.code != code or current.game.status == "won":
                self._leave_current()
                self.session = GameSession(Game.from_code(code))
        self._drop_url_param("deal")

    def _drop_url_param(self, name: str) -> None:
        """Take a consumed parameter out of the address (a reload then resumes the game)."""
        params = self.window.URLSearchParams.new(self.window.location.search)
        if not params.has(name):
            return
        params.delete(name)
        query = str(params.toString())
        url = str(self.window.location.pathname) + (f"?{query}" if query else "")
        self.window.history.replaceState(None, "", url)

    def save_game(self, *, leaving: bool = False, force: bool = False) -> None:
        """Save the game in progress (with its clock) and the board's snapshot; ``leaving``:
        the page is being hidden or closed (the snapshot is written even if the board is the
        same, for the clock it shows); ``force``: the player chose this game over another
        tab's. When another tab stored a different game meanwhile, nothing is written and the
        player is asked which to keep (not while leaving: there is no one to ask)."""
        result = self.games.save(self.session, self.now(), force=force)
        if result in ("saved", "failed"):
            self.save_snapshot(always=leaving)
        elif result == "behind" and not leaving:
            self.reconcile(self.storage.get_text(GAME_KEY))
        elif result == "conflict" and not leaving:
            self.ask_which_game(self.games.stored_elsewhere())
        self.show_saving()

    def save_snapshot(self, *, always: bool = False) -> None:
        """Keep the board as drawn for early.js to paint on the next visit (docs/startup.md),
        unless the stored one already shows the same game, language and options."""
        game = self.session.game
        drawn = (
            game_identity(game),
            self.lang,
            self.settings.diagram_labels,
            self.motion_reduced(),
        )
        if drawn == self._snapshot_drawn and not always:
            return
        self._snapshot_drawn = drawn
        time_text = format_time(self.session.clock.elapsed(self.now()))
        text = make_snapshot(
            game, lang=self.lang, markup=self.board.view.markup(), time_text=time_text
        )
        if text is None:
            self.storage.remove(SNAPSHOT_KEY)
        else:
            self.storage.offer_text(SNAPSHOT_KEY, text)

    def take_early(self) -> str | None:
        """Take what early.js kept on the board it painted (the taps, the focus) and stop its
        listener: JSON for :func:`~halfmoon_web.snapshot.early_taps`, None without early.js."""
        early = getattr(self.window, "halfmoonEarly", None)
        return str(early.take()) if found(early) else None

    def show_saving(self) -> None:
        """The indicator that stays while anything is not being saved, and the problems met
        since the last look (said after the current message)."""
        saving_view.show_saving(self, self.storage, self.games)
        texts = self.problem_texts()
        if texts:
            self.say(i18n.sentences(str(self.el("message").textContent), *texts))

    # -- other tabs (docs/storage.md, "Tabs") ----------------------------------------------
    def on_storage(self, event: Any) -> None:
        """Another tab (or the installed app) changed a stored value: follow it."""
        key = event.key
        if key == GAME_KEY:
            self.reconcile(event.newValue if isinstance(event.newValue, str) else None)
        elif key == SETTINGS_KEY:
            self.apply_settings(self.data.settings())
        elif key == STATS_KEY:
            self.render_stats()
        elif key == BACKUPS_KEY:
            saving_view.render_backups(self)
        self.show_saving()

    def reconcile(self, text: str | None) -> None:
        """Another tab stored ``text`` as the game: show it, or ask when this page has moves
        of its own that are not stored."""
        decision, theirs = self.games.incoming(text, self.session)
        if decision == "adopt":
            self.show_session(theirs, "game_from_other_tab")
        elif decision == "conflict":
            self.ask_which_game(theirs)

    def on_visible_again(self) -> None:
        """Back on this page: a change another tab made meanwhile (its event may have been
        missed while the page was frozen) is followed as if just announced."""
        self.reconcile(self.storage.get_text(GAME_KEY))
        self.apply_settings(self.data.settings())

    def ask_which_game(self, theirs: GameSession | None) -> None:
        """Open the dialog that asks whether to keep this page's game or another tab's."""
        if theirs is None:
            return
        self._theirs = theirs
        self.open_dialog("sync-dialog")

    def keep_this_game(self) -> None:
        """The player keeps this page's game: it replaces the other tab's."""
        self.close_dialog("sync-dialog")
        self._theirs = None
        self.save_game(force=True)
        self.say(self.t("kept_this_game"))

    def take_their_game(self) -> None:
        """The player takes the other tab's game: this page shows it."""
        theirs, self._theirs = self._theirs, None
        self.close_dialog("sync-dialog")
        if theirs is not None:
            self.show_session(theirs, "took_other_game")
            self.show_saving()

    def show_session(self, session: GameSession, message_key: str) -> None:
        """Show a game another tab stored (its clock waits for the next tap)."""
        self.session = session
        self.games.adopted(session)
        self.board.model = session.model
        self.board.render()
        self.update_info()
        self.say(self.t(message_key))
        self.check_end(announce=False)
        self.save_snapshot()
        self.keep_focus()

    # -- events ---------------------------------------------------------------------------
    def _listen(self) -> None:
        doc = self.document
        doc.body.addEventListener("click", self.proxy(self.on_click))
        doc.body.addEventListener("keydown", self.proxy(self.on_keydown))
        self.el("settings-panel").addEventListener("change", self.proxy(self.on_setting))
        self.el("open-form").addEventListener("submit", self.proxy(self.on_open_submit))
        closed = self.proxy(self.on_dialog_closed)
        for dialog in doc.querySelectorAll("dialog"):
            dialog.addEventListener("close", closed)
        doc.addEventListener("visibilitychange", self.proxy(self.on_visibility))
        self.window.addEventListener("storage", self.proxy(self.on_storage))
        self.window.addEventListener(
            "pagehide", self.proxy(lambda _event: self.save_game(leaving=True))
        )
        self.window.setInterval(self.proxy(self.tick), TICK_MS)

    def on_click(self, event: Any) -> None:
        """Toolbar, panels and dialogs: one delegated listener on the body."""
        target = event.target.closest("[data-action]")
        if not found(target) or target.hasAttribute("disabled"):
            return
        action = target.getAttribute("data-action")
        handler = {
            "new-game": self.ask_new_game,
            "new-game-now": self.new_game,
            "undo": self.undo,
            "restart": self.restart,
            "open-deal": self.show_open_dialog,
            "settings": lambda: self.show_panel("settings-panel"),
            "statistics": lambda: self.show_panel("stats-panel"),
            "close-panel": self.close_panels,
            "close-dialog": lambda: target.closest("dialog").close(),
            "copy-code": self.copy_code,
            "share-link": self.share_link,
            "sync-keep": self.keep_this_game,
            "sync-take": self.take_their_game,
            "sync-choose": lambda: self.ask_which_game(self.games.stored_elsewhere()),
            "download-backups": lambda: saving_view.download_backups(self),
            "clear-backups": self.clear_backups,
        }.get(action)
        if handler is not None:
            handler()

    def on_keydown(self, event: Any) -> None:
        """Space activates the Rules link (it has the role of a button); Escape closes a panel;
        the shortcuts (docs/keyboard.md)."""
        target = event.target
        if event.key == " " and target.getAttribute("role") == "button" and target.tagName == "A":
            event.preventDefault()
            target.click()
        elif event.key == "Escape" and not found(self.document.querySelector("dialog[open]")):
            self.close_panels()
        else:
            self.on_shortcut(event)

    def on_shortcut(self, event: Any) -> None:
        """U, Ctrl+Z or Cmd+Z undo; N new game (asking first, as the button does); S and T
        open or close Settings and Statistics. Never while typing in a field, with a dialog
        open, on a key held down, or on a key the board took (a rank)."""
        if event.defaultPrevented or event.repeat or event.altKey:
            return
        if found(event.target.closest(TYPING)):
            return
        if found(self.document.querySelector("dialog[open]")):
            return
        letter = shortcut_letter(str(event.key), str(event.code or ""))
        if event.ctrlKey or event.metaKey:
            action = self.undo if letter == "z" and not event.shiftKey else None
        else:
            action = {
                "u": self.undo,
                "n": self.ask_new_game,
                "s": lambda: self.toggle_panel("settings-panel"),
                "t": lambda: self.toggle_panel("stats-panel"),
            }.get(letter)
        if action is not None:
            event.preventDefault()
            action()

    def mark_shortcuts(self) -> None:
        """Tell assistive technology the toolbar's shortcuts (once they work: Python is up)."""
        for action, keys in SHORTCUTS.items():
            button = self.document.querySelector(f'.toolbar [data-action="{action}"]')
            if found(button):
                button.setAttribute("aria-keyshortcuts", keys)

    def on_tap(self, outcome: TapOutcome) -> None:
        """A card was tapped on the board: a removal is said in words (with the end of the
        game when it ends it), an error when Move errors is on (docs/keyboard.md)."""
        session = self.session
        session.acted(self.now())
        if outcome.move is not None:
            removed = self.t("removed", cards=i18n.cards_words(outcome.removed, self.lang))
            self.say(removed)
            self.after_change(announce=True, lead=removed)
        elif outcome.error is not None and self.settings.move_errors:
            self.say(self.t(outcome.error))
        else:
            self.say("")
        # A tap that removes nothing changes no stored state (the clock is saved on leaving).

    def after_change(self, announce: bool, lead: str = "") -> None:
        """After a removal, an undo or a new game: info bar, statistics, save, end of game
        (said after ``lead``, what the status line says of the change)."""
        if self.session.record_win(self.data, self.now()) is not None:
            self.render_stats()
        self.update_info()
        self.save_game()
        self.check_end(announce, lead)

    def check_end(self, announce: bool = True, lead: str = "") -> None:
        """Open the end-of-game dialog when the game is won or stuck; ``announce``: say the end
        in the status line, after ``lead``."""
        status = self.session.game.status
        if status == "playing":
            self.close_dialog("end-dialog")
            return
        game = self.session.game
        title = i18n.end_title(status, self.lang)
        if status == "won":
            body = self.t(
                "won_body",
                score=game.score,
                moves=game.moves,
                time=format_time(self.session.clock.elapsed(self.now())),
            )
        else:
            body = self.t("stalemate_body" if game.can_undo else "stalemate_body_deal")
        self.el("end-title").textContent = title
        self.el("end-body").textContent = body
        self.el("end-undo").hidden = not game.can_undo
        if announce:
            self.say(i18n.sentences(lead, title, body))
        self.open_dialog("end-dialog")

    def on_visibility(self, _event: Any) -> None:
        """The clock pauses while the page is hidden; back in view, the page first follows
        what other tabs stored meanwhile (a game taken from them keeps its clock paused)."""
        session = self.session
        if self.document.visibilityState == "hidden":
            self._was_running = session.clock.running
            session.clock.pause(self.now())
            self.save_game(leaving=True)
            return
        self.on_visible_again()
        if self.session is session and self._was_running and session.game.status == "playing":
            session.clock.start(self.now())

    def tick(self) -> None:
        """Refresh the clock display."""
        text = format_time(self.session.clock.elapsed(self.now()))
        time_el = self.el("time")
        if time_el.textContent != text:
            time_el.textContent = text

    # -- game commands --------------------------------------------------------------------
    def _leave_current(self) -> None:
        """The game in progress is left: it counts as lost if it had a move."""
        counted = self.session is not None and self.session.record_left(self.data, self.now())
        if counted and getattr(self, "board", None) is not None:
            self.render_stats()

    def catch_up(self) -> bool:
        """Before leaving the game shown: follow what another tab stored meanwhile (the game
        left is then the newest one, counted once). False when the player must choose first."""
        self.reconcile(self.storage.get_text(GAME_KEY))
        return not self.el("sync-dialog").open

    def _start(self, code: str, message_key: str) -> None:
        if not self.catch_up():
            return
        self._leave_current()
        self.session = GameSession(Game.from_code(code))
        self.board.model = self.session.model
        self.board.render()
        self.close_dialog("end-dialog")
        self.say(self.t(message_key, code=code))
        self.after_change(announce=True)
        self.keep_focus()  # the card focused before the end of the game is gone

    def ask_new_game(self) -> None:
        """New game: ask first when the game in progress has moves."""
        game = self.session.game
        if game.status == "playing" and game.history:
            self.open_dialog("confirm-dialog")
        else:
            self.new_game()

    def new_game(self) -> None:
        """Deal a new random game."""
        self.close_dialog("confirm-dialog")
        self._start(random_code(), "new_deal")

    def undo(self) -> None:
        """Take back the last removal."""
        outcome = self.board.undo()
        if outcome is None:
            return
        self.session.acted(self.now())
        self.say(self.t("undone", cards=i18n.cards_words(outcome.returned, self.lang)))
        self.after_change(announce=True)
        self.keep_focus(outcome.move.places[0])  # Undo may be disabled now, or its dialog gone

    def restart(self) -> None:
        """Back to the start of this deal (the attempt so far counts as lost)."""
        if not self.catch_up():
            return
        self._leave_current()
        self.session.restart()
        self.board.render()
        self.close_dialog("end-dialog")
        self.say(self.t("restarted", code=self.session.code))
        self.after_change(announce=True)

    def show_open_dialog(self) -> None:
        """Ask for a deal code."""
        self.open_dialog("open-dialog")
        field = self.el("deal-input")
        field.select()

    def on_open_submit(self, event: Any) -> None:
        """Open the typed deal; a bad code changes nothing and the engine says why."""
        event.preventDefault()
        text = str(self.el("deal-input").value)
        self.close_dialog("open-dialog")
        try:
            code = normalise_code(text)
        except HalfMoonError as exc:
            self.say(self.t("bad_code", reason=i18n.engine_text(str(exc), self.lang)))
            return
        self.el("deal-input").value = ""
        self._start(code, "opened_deal")

    # -- clipboard ------------------------------------------------------------------------
    def share_url(self) -> str:
        """The address that opens this deal."""
        location = self.window.location
        base = str(location.origin) + str(location.pathname)
        params = self.window.URLSearchParams.new()
        params.set("deal", self.session.code)
        return f"{base}?{params.toString()}"

    def copy_code(self) -> None:
        """Copy the deal code."""
        code = self.session.code
        self._run(self._copy(code, self.t("code_copied", code=code)))

    def share_link(self) -> None:
        """Share a ``?deal=`` link (the share sheet when there is one, else the clipboard)."""
        code = self.session.code
        navigator = self.window.navigator
        if hasattr(navigator, "share"):
            self._run(self._share(code))
        else:
            self._run(self._copy(self.share_url(), self.t("link_copied", code=code)))

    def _run(self, coroutine: Any) -> None:
        """Run a coroutine, keeping a reference until it is done."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _copy(self, text: str, done: str) -> None:
        try:
            await self.window.navigator.clipboard.writeText(text)
        except Exception:
            self.say(self.t("copy_failed", code=self.session.code))
        else:
            self.say(done)

    async def _share(self, code: str) -> None:
        data = to_js_options(
            self.window, title=self.t("share_title", code=code), url=self.share_url()
        )
        try:
            await self.window.navigator.share(data)
        except Exception:
            await self._copy(self.share_url(), self.t("link_copied", code=code))

    # -- panels and dialogs ---------------------------------------------------------------
    def show_panel(self, panel_id: str) -> None:
        """Open the settings or statistics panel (only one at a time); the focus stays on its
        button; the panel follows the toolbar in the tab order."""
        for other in ("settings-panel", "stats-panel"):
            opened = other == panel_id
            self.el(other).hidden = not opened
            button = self.document.querySelector(f'[aria-controls="{other}"]')
            button.setAttribute("aria-expanded", "true" if opened else "false")
        if panel_id == "stats-panel":
            self.render_stats()
        else:
            saving_view.render_backups(self)
        panel = self.el(panel_id)
        panel.scrollIntoView(to_js_options(self.window, block="nearest"))

    def toggle_panel(self, panel_id: str) -> None:
        """Open the panel, or close it when it is open (the focus, if it was in the panel,
        goes back to the panel's button)."""
        panel = self.el(panel_id)
        if panel.hidden:
            self.show_panel(panel_id)
            return
        button = self.document.querySelector(f'[aria-controls="{panel_id}"]')
        had_focus = panel.contains(self.document.activeElement)
        panel.hidden = True
        button.setAttribute("aria-expanded", "false")
        if had_focus:
            button.focus()

    def close_panels(self) -> None:
        """Close the open panel."""
        for panel_id in ("settings-panel", "stats-panel"):
            if not self.el(panel_id).hidden:
                self.el(panel_id).hidden = True
                button = self.document.querySelector(f'[aria-controls="{panel_id}"]')
                button.setAttribute("aria-expanded", "false")
                button.focus()

    def open_dialog(self, dialog_id: str) -> None:
        """Show a modal dialog; the page behind it is hidden from assistive technology."""
        dialog = self.el(dialog_id)
        for el in self.document.querySelectorAll("[data-modal-hide]"):
            el.setAttribute("aria-hidden", "true")
        if not dialog.open:
            dialog.showModal()

    def close_dialog(self, dialog_id: str) -> None:
        """Close a dialog if it is open (the focus goes back where it was, if still there)."""
        dialog = self.el(dialog_id)
        if dialog.open:
            dialog.close()

    def on_dialog_closed(self, _event: Any) -> None:
        """When no modal dialog is left open, the page is audible again, and the keyboard
        focus is back on the page (on the board when the element it came from is gone)."""
        doc = self.document
        if found(doc.querySelector("dialog[open]")):
            return
        for el in doc.querySelectorAll("[data-modal-hide]"):
            el.removeAttribute("aria-hidden")
        self.keep_focus()

    def keep_focus(self, place: str | None = None) -> None:
        """When the keyboard focus fell off the page (its element gone, hidden or disabled),
        put it on the card at ``place``, else on the first card, else on New game."""
        doc = self.document
        active = doc.activeElement
        if (
            found(active)
            and active.tagName != "BODY"
            and active.getClientRects().length
            and not active.disabled
        ):
            return
        candidates = [
            f'#board button[data-place="{place}"]' if place else "",
            '#board button[data-place][tabindex="0"]',
            "#board button[data-place]",
            '.toolbar [data-action="new-game"]',
        ]
        for selector in filter(None, candidates):
            target = doc.querySelector(selector)
            if found(target):
                target.focus()
                return

    # -- settings -------------------------------------------------------------------------
    def sync_settings_form(self) -> None:
        """Show the current settings in the form."""
        doc = self.document
        for name in ("move_errors", "placement_assist", "diagram_labels"):
            doc.querySelector(f'[data-setting="{name}"]').checked = getattr(self.settings, name)
        doc.querySelector('[data-setting="reduced_motion"]').checked = self.motion_reduced()
        doc.querySelector('[data-setting="lang"]').value = self.lang

    def on_setting(self, event: Any) -> None:
        """A setting changed: store it (into the settings as stored now, so a change made in
        another tab stays) and apply them all."""
        target = event.target
        name = target.getAttribute("data-setting")
        if not found(name):
            return
        if name == "lang":
            value: object = i18n.normalise_lang(str(target.value)) or i18n.DEFAULT_LANG
            self._drop_url_param("lang")
        else:
            value = bool(target.checked)
        settings = self.data.change_settings(lambda stored: setattr(stored, name, value))
        self.apply_settings(settings)
        self.show_saving()

    def apply_settings(self, settings: Settings) -> None:
        """Use these settings: the language they name, the board's options, the form."""
        language_changed = settings.lang is not None and settings.lang != self.lang
        self.settings = settings
        if language_changed:
            self.lang = settings.lang
            self.apply_language()
        self.board.set_options(
            lang=self.lang,
            labels=settings.diagram_labels,
            assist=settings.placement_assist,
            reduced_motion=self.motion_reduced(),
        )
        self.document.documentElement.classList.toggle("reduce-motion", self.motion_reduced())
        self.sync_settings_form()
        self.save_snapshot()

    def clear_backups(self) -> None:
        """Delete the kept copies of unreadable saves."""
        self.data.shelf.clear()
        saving_view.render_backups(self)
        self.say(self.t("backups_cleared"))

    def apply_language(self) -> None:
        """Write every text of the page in the current language."""
        doc = self.document
        doc.documentElement.setAttribute("lang", self.lang)
        doc.documentElement.classList.toggle("reduce-motion", self.motion_reduced())
        doc.title = self.t("page_title")
        translate_marked(doc, self.t)
        rules = doc.querySelector('[data-action="rules"]')
        rules.setAttribute("href", f"./rules.html?lang={self.lang}")
        if getattr(self, "board", None) is not None:
            self.board.set_options(lang=self.lang)
            self.render_stats()
            saving_view.render_backups(self)
            self.show_saving()
            if self.el("end-dialog").open:
                self.check_end(announce=False)

    # -- info bar and statistics ----------------------------------------------------------
    def update_info(self) -> None:
        """Score, moves, deal code, clock and the Undo button."""
        game = self.session.game
        self.el("score").textContent = str(game.score)
        self.el("moves").textContent = str(game.moves)
        self.el("deal-code").textContent = self.session.code
        self.tick()
        undo = self.document.querySelector('.toolbar [data-action="undo"]')
        if game.can_undo:
            undo.removeAttribute("disabled")
        else:
            undo.setAttribute("disabled", "")

    def render_stats(self) -> None:
        """Fill the statistics panel."""
        stats = self.data.stats()
        none = self.t("none")
        values = {
            "stat-played": str(stats.played),
            "stat-won": str(stats.won),
            "stat-rate": none if stats.win_rate is None else f"{stats.win_rate}%",
            "stat-best-time": none
            if stats.best_time_ms is None
            else format_time(stats.best_time_ms),
            "stat-streak": str(stats.streak),
            "stat-best-streak": str(stats.best_streak),
        }
        for element_id, text in values.items():
            self.el(element_id).textContent = text
        body = self.el("stats-recent").querySelector("tbody")
        rows = []
        for record in stats.recent:
            row = self.document.createElement("tr")
            result = self.t("result_won" if record.won else "result_lost")
            cells = (
                record.code,
                result,
                str(record.score),
                str(record.moves),
                format_time(record.time_ms),
            )
            for text in cells:
                cell = self.document.createElement("td")
                cell.textContent = text
                row.append(cell)
            rows.append(row)
        body.replaceChildren(*rows)
        self.el("stats-recent").hidden = not rows
        self.el("stats-empty").hidden = bool(rows)


def shortcut_letter(key: str, code: str) -> str:
    """The letter a key press names, in lower case: its ``key``, else (a layout or an input
    method that gives no Latin letter) the letter of its ``code`` (``KeyU``)."""
    if len(key) == 1 and key.isascii():
        return key.lower()
    return code[3:].lower() if code.startswith("Key") and len(code) == 4 else ""


def to_js_options(window: Any, **options: object) -> Any:
    """A plain JS object for DOM calls that take an options dictionary."""
    from pyodide.ffi import to_js

    return to_js(options, dict_converter=window.Object.fromEntries)


def start(window: Any) -> GamePage:
    """Build the game page."""
    return GamePage(window)
