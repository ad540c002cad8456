"""The engine's texts as data: a key of :data:`MESSAGES` and its parameters (docs/i18n.md).

Every error the engine raises (:mod:`halfmoon_core.errors`) and every reason it gives in words
(``why_not_removal``, ``why_illegal``) is a :class:`Message`. Its ``str`` is the English text of
:data:`MESSAGES`, which the command line prints and the tests read; a view in another language
renders the same key and parameters from its own templates (:func:`render`), never by reading
the English.
"""

from __future__ import annotations

from collections.abc import Mapping

MESSAGES: dict[str, str] = {
    # cards.py
    "card_not_text": "a card must be text, not {type}",
    "card_unknown": "{text!r} is not a card (expected e.g. 5S, TH, 10H, JC)",
    "removal_court_pair": "{cards}: court cards are removed only as J+Q+K",
    "removal_sum": "{cards} sums to {total}, not {target}",
    "removal_not_triple": "{cards} is not one jack, one queen and one king",
    "removal_size": "a removal is 2 or 3 cards, not {count}",
    # deals.py
    "deal_number_range": "deal number {number} is outside 0..{last}",
    "deal_not_text": "a deal code must be text",
    "deal_empty": "the deal code is empty (expected e.g. {example})",
    "deal_shape": "{text!r} is not a deal code (expected e.g. {example})",
    "deal_format": "unknown deal format {prefix!r}: codes start with {format}-",
    "deal_mode": "unknown deal mode {mode!r}: the only mode is N (normal)",
    "deal_length": "the deal part must be {letters} letters A–Z, like {example}; got {text!r}",
    "deal_letters": "the deal part may only hold the letters A–Z",
    # places.py
    "place_not_text": "a place must be text, not {type}",
    "place_unknown": "{text!r} is not a place (piles are 1..12, reserve slots R1..R8)",
    "place_pile": "pile {place}",
    "place_reserve": "reserve slot {place}",
    # moves.py
    "move_size": "a move removes 2 or 3 cards, not {count}",
    "move_place_twice": "{place} is named twice",
    "move_not_text": "a move must be text",
    "move_empty": "empty move (expected places joined by '-', e.g. 1-8)",
    "move_in": "move {move!r}: {error}",
    "moves_not_text": "a list of moves must be text",
    "moves_empty_item": "move {number} of the list is empty (moves are joined by ',')",
    # game.py
    "place_empty": "{place} is empty",
    "move_illegal": "move {move} is illegal: {reason}",
    "move_none_to_undo": "there is no move to undo",
    "move_none_to_redo": "there is no move to redo",
    "redo_illegal": "move {number} of the redo line ({move}) is illegal: {reason}",
    "replay_illegal": "move {number} ({move}) is illegal: {reason}",
    # replay_code.py
    "replay_code_not_text": "a replay code must be text",
    "replay_code_char": "{char!r} (character {at}) is not in a replay code"
    " (A–Z, a–z, 0–9, - and _)",
    "replay_code_over": "the game is over after {played} moves, but the replay code goes on",
    "replay_code_cut": "the replay code stops in the middle of move {number}",
    "replay_code_index": "move {number} of the replay code is not one of the {count} moves there"
    " are",
    # position.py
    "position_not_text": "a position must be text",
    "position_prefix": "a position string starts with {prefix}",
    "position_fields": "a position has {fields} fields (piles 1..12, then R1..R8) separated by"
    " '/', this one has {count}",
    "position_pile": "pile {place}",
    "position_reserve": "reserve {place}",
    "position_bad_card": "{place}: {text!r} is not a card (cards are written like 5S, TH, JC)",
    "position_pile_height": "pile {place} holds {count} cards; a pile holds at most {most}",
    "position_reserve_full": "reserve {place} holds {count} cards; a slot holds 1 at most",
    "position_card_thrice": "{card} appears {count} times; each card is in the two decks twice",
    "position_unpaired": "the cards missing from the two decks cannot be split into pairs"
    " summing to 11 and J+Q+K triples: removed {problems}",
    "position_pair_mismatch": "{first} but {second}",
    "position_triple_mismatch": "{first}, {second} and {third}",
    "removed_1": "{count} aces",
    "removed_2": "{count} 2s",
    "removed_3": "{count} 3s",
    "removed_4": "{count} 4s",
    "removed_5": "{count} 5s",
    "removed_6": "{count} 6s",
    "removed_7": "{count} 7s",
    "removed_8": "{count} 8s",
    "removed_9": "{count} 9s",
    "removed_10": "{count} 10s",
    "removed_11": "{count} jacks",
    "removed_12": "{count} queens",
    "removed_13": "{count} kings",
    # save.py
    "save_negative_time": "the saved game's time cannot be negative",
    "save_not_object": "the saved game is not an object",
    "save_no_version": "the saved game has no version number",
    "save_bad_version": "the saved game has no version number ({version!r} is not one)",
    "save_version_below_1": "the saved game's version number {version} is not valid"
    " (save versions start at 1)",
    "save_newer": "this game was saved by a newer version of Half Moon"
    " (save version {version}; this version reads up to {current})",
    "save_step_missing": "this version of Half Moon cannot read save version {version}:"
    " the step from save version {step} to {next} is missing",
    "save_damaged": "the saved game cannot be brought from save version {version} to {next}:"
    " it is damaged ({kind}: {detail})",
    "save_not_halfmoon": "this is not a Half Moon saved game",
    "save_incomplete": "the saved game lacks its start or its moves",
    "save_bad_time": "the saved game's time is not a whole number of milliseconds",
    "save_replay": "the saved game cannot be replayed: {error}",
    "save_bad_redo": "the saved game's redo line is not text",
    "save_redo": "the saved game's redo line cannot be played: {error}",
    # daily.py
    "date_not_text": "a date must be text",
    "date_shape": "{text!r} is not a date (expected YYYY-MM-DD, e.g. {example})",
    "date_not_a_day": "{text!r} is not a day of the calendar",
    "daily_before_first": "there is no daily deal on {text}: the first is that of {first}",
    # cli.py
    "cli_not_position": "a position string starts with {prefix} (for a deal code use 'deal')",
}
"""Every English text of the engine, by key. A parameter that is a :class:`Message` is itself
rendered in the same language; a tuple of them is joined by ``; ``; text and numbers longer than
:data:`ECHO_LIMIT` are cut (:func:`echo`)."""

ECHO_LIMIT = 40
"""The most characters of input a message repeats; a longer text or number is cut there and
ends with ``…`` (a message about a 100,000-character code stays one line)."""


def echo(value: object, limit: int = ECHO_LIMIT) -> object:
    """``value`` as a message repeats it: text and whole numbers longer than ``limit``
    characters cut to their first ``limit`` and ``…``; anything else as it is."""
    if isinstance(value, str) and not isinstance(value, Message):
        return value if len(value) <= limit else value[:limit] + "…"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        digits = abs(value)
        while digits >= 10 ** (limit + 400):  # never str() a number of over 4,300 digits
            digits //= 10**400
        sign = "-" if value < 0 else ""
        return f"{sign}{str(digits)[:limit]}…"
    return value


class Message(str):
    """A text of the engine as data: ``key`` (of :data:`MESSAGES`) and ``params``. It is the
    English text too (a ``str``), so code that reads words keeps working."""

    key: str
    params: dict[str, object]

    def __new__(cls, key: str, /, **params: object) -> Message:
        text = super().__new__(cls, render(MESSAGES[key], params, MESSAGES))
        text.key = key
        text.params = params
        return text

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, object]]:
        """What :mod:`copy` and :mod:`pickle` rebuild a message from: its key and parameters."""
        return (self.key,), self.params

    def __repr__(self) -> str:
        args = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Message({self.key!r}{args})"


def render(template: str, params: Mapping[str, object], templates: Mapping[str, str]) -> str:
    """``template`` filled with ``params``, every nested :class:`Message` rendered from
    ``templates`` (a language's texts by key, falling back to the English)."""
    return template.format(**{name: _rendered(value, templates) for name, value in params.items()})


def render_message(message: Message, templates: Mapping[str, str]) -> str:
    """``message`` in the language of ``templates`` (English for a key it lacks)."""
    template = templates.get(message.key, MESSAGES[message.key])
    return render(template, message.params, templates)


def _rendered(value: object, templates: Mapping[str, str]) -> object:
    if isinstance(value, Message):
        return render_message(value, templates)
    if isinstance(value, tuple):
        return "; ".join(str(_rendered(item, templates)) for item in value)
    return echo(value)
