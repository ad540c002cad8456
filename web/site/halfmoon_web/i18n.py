"""Every visible string and accessible name, in Vietnamese and English.

Card names follow docs/interface.md ("Cards"): Vietnamese speaks of «5 bích», «Át cơ»,
«Bồi chuồn», «Đầm cơ», «Già cơ» and writes the short forms A, 2..10, V, D, R; English says
"5 of spades", "ace of hearts" and writes A, 2..10, J, Q, K.
"""

from __future__ import annotations

from collections.abc import Iterable

from halfmoon_core import Card, HalfMoonError, Status
from halfmoon_core.messages import Message, render_message

LANGS = ("vi", "en")
DEFAULT_LANG = "vi"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")

_SHORT_RANKS = {
    "en": {1: "A", 11: "J", 12: "Q", 13: "K"},
    "vi": {1: "A", 11: "V", 12: "D", 13: "R"},
}
_RANK_WORDS = {
    "en": {1: "ace", 11: "jack", 12: "queen", 13: "king"},
    "vi": {1: "Át", 11: "Bồi", 12: "Đầm", 13: "Già"},
}
_SUIT_WORDS = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "vi": {"S": "bích", "H": "cơ", "D": "rô", "C": "chuồn"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "page_title": "Half Moon",
        "tagline": "Two-deck solitaire: pairs that sum to 11, jack + queen + king",
        "toolbar": "Game actions",
        "info": "Game information",
        "board": "Board",
        "new_game": "New game",
        "undo": "Undo",
        "restart": "Restart deal",
        "open_deal": "Open deal",
        "settings": "Settings",
        "rules": "Rules",
        "statistics": "Statistics",
        "time": "Time",
        "score": "Score",
        "moves": "Moves",
        "deal": "Deal",
        "copy_code": "Copy code",
        "share_link": "Share link",
        "code_copied": "Deal code {code} copied",
        "link_copied": "Link to deal {code} copied",
        "copy_failed": "Could not copy. The deal code is {code}",
        "share_title": "Half Moon deal {code}",
        "move_errors": "Move errors",
        "placement_assist": "Placement assist",
        "diagram_labels": "Diagram labels",
        "reduced_motion": "Reduced motion",
        "language": "Language",
        "lang_vi": "Tiếng Việt",
        "lang_en": "English",
        "close": "Close",
        "update_ready": "New version",
        "update_reload": "Reload",
        "cancel": "Cancel",
        "removed": "Removed {cards}",
        "undone": "Undid {cards}",
        "list_and": "{first} and {last}",
        "list_or": "{first} or {last}",
        "keys_help": "Keys on the board: arrows move from card to card, Home and End go to the "
        "first and the last, a rank (A, 2–9, 1 for 10, J, Q, K) goes to the next card of that "
        "rank, Enter or Space plays the card. Anywhere: U or Ctrl+Z undo, N new game, "
        "S settings, T statistics.",
        "E1": "The sum must be 11",
        "E2": "You need a J, a Q and a K",
        "won_title": "You won!",
        "won_body": "Score {score}, {moves} moves, time {time}.",
        "stalemate_title": "No more moves",
        "stalemate_body": "No pair sums to 11 and no jack + queen + king is left. "
        "Undo a move or start a new game.",
        "stalemate_body_deal": "No pair sums to 11 and no jack + queen + king can be played "
        "in this deal. Start a new game.",
        "confirm_new_title": "Start a new game?",
        "confirm_new_body": "The game in progress will count as a lost game.",
        "open_title": "Open a deal",
        "deal_code_label": "Deal code",
        "deal_code_hint": "For example HM1-N-AAAAAAB",
        "new_deal": "New deal {code}",
        "opened_deal": "Deal {code} opened",
        "restarted": "Deal {code} restarted",
        "bad_code": "That deal code cannot be opened: {reason}",
        "bad_link": "The deal in the link cannot be opened: {reason}",
        "unreadable_game": "The saved game could not be read: {reason}. A new game started.",
        "unreadable_settings": "The saved settings could not be read: {reason}. "
        "The defaults are used.",
        "unreadable_stats": "The saved statistics could not be read: {reason}. "
        "They start again from zero.",
        "unreadable_backups": "The kept copies of unreadable saves could not be read: {reason}. "
        "They were removed.",
        "reason_too_large": "it is {size} characters long, far more than any save",
        "reason_too_deep": "it is nested deeper than any save",
        "reason_not_json": "it is not valid JSON",
        "reason_earlier_version": "an earlier version of the game set it aside",
        "shelved_kept": "A copy is kept in Settings, under “Unreadable saves”.",
        "shelved_part": "Its first {kept} characters are kept in Settings, "
        "under “Unreadable saves”.",
        "shelved_dropped": "It could not be kept (the browser's storage is full) and was removed.",
        "backups_given_up": "To make room for your game, the kept copies of unreadable saves "
        "were deleted.",
        "not_saving_blocked": "Not saved: this browser does not let the game save. "
        "The game lasts while this page is open.",
        "not_saving_full": "Not saved: the browser's storage is full. The game lasts while "
        "this page is open; saving resumes as soon as there is room.",
        "not_saving_conflict": "Not saved: another tab changed this game.",
        "sync_choose": "Choose a game",
        "sync_title": "This game changed in another tab",
        "sync_body": "Another tab saved this game while you played here. Only one of the two "
        "can be kept.",
        "sync_keep": "Keep this tab's game",
        "sync_take": "Show the other tab's game",
        "game_from_other_tab": "This game was played on in another tab; here it is as it is there.",
        "kept_this_game": "This tab's game is saved; the other tab now shows it.",
        "took_other_game": "This is the game from the other tab.",
        "backups_title": "Unreadable saves",
        "backups_none": "None: every save could be read.",
        "backup_item": "{when}: {what}, {size} characters: {why}.",
        "backup_item_part": "{when}: {what}, {size} characters (the first {kept} kept): {why}.",
        "what_game": "the game",
        "what_settings": "the settings",
        "what_stats": "the statistics",
        "download_backups": "Download",
        "clear_backups": "Delete",
        "backups_cleared": "The kept copies of unreadable saves were deleted.",
        "stats_played": "Games played",
        "stats_won": "Games won",
        "stats_rate": "Win rate",
        "stats_best_time": "Best time",
        "stats_streak": "Current streak",
        "stats_best_streak": "Best streak",
        "stats_recent": "Recent games",
        "stats_none": "No finished games yet.",
        "stats_note": "A game counts once it is won, or when it is left (new game, "
        "restart or another deal) after at least one move; then it counts as lost.",
        "result_won": "won",
        "result_lost": "lost",
        "col_deal": "Deal",
        "col_result": "Result",
        "col_score": "Score",
        "col_moves": "Moves",
        "col_time": "Time",
        "none": "—",
        "pile": "pile {place}",
        "reserve": "reserve {place}",
        "cards_one": "1 card",
        "cards_many": "{count} cards",
        "empty": "empty",
        "reserve_area": "Reserve",
        "rules_title": "Half Moon — rules",
        "step_viewer": "Step viewer",
        "step_first": "Start",
        "step_prev": "Previous step",
        "step_next": "Next step",
        "step_pick": "Step",
        "step_count": "Step {step} of {total}",
        "step_start_text": "The starting position. Press Next step to play the first move.",
        "step_pair_text": "Step {step}: {cards} = 11",
        "step_triple_text": "Step {step}: {cards} — a jack, a queen and a king",
        "step_tried_text": "Your own moves. Next step goes back to the example.",
        "embed_bad_param": "This board cannot be shown: parameter {param}: {message}",
        "embed_heading": "Half Moon board",
        "embed_unknown_param": "unknown parameter (known: {known})",
        "embed_param_twice": "given more than once",
        "embed_bad_lang": "{value!r} is not a language (use {choices})",
        "embed_bad_labels": "{value!r} is not 1 or 0",
        "embed_deal_and_position": "give deal or position, not both",
        "embed_no_start": "missing: give deal=HM1-N-… or position=HMP1:…",
        "step_value": "Step {step} of {total}",
        "step_pair_words": "Step {step}: {cards}, which make 11.",
        "step_triple_words": "Step {step}: {cards}: a jack, a queen and a king.",
        "card_from": "{card} from {place}",
    },
    "vi": {
        "page_title": "Half Moon",
        "tagline": "Xếp bài hai bộ: cặp có tổng 11, bộ Bồi + Đầm + Già",
        "toolbar": "Thao tác",
        "info": "Thông tin ván",
        "board": "Bàn chơi",
        "new_game": "Ván mới",
        "undo": "Hoàn tác",
        "restart": "Chơi lại thế bài",
        "open_deal": "Mở thế bài",
        "settings": "Cài đặt",
        "rules": "Luật chơi",
        "statistics": "Thống kê",
        "time": "Thời gian",
        "score": "Điểm",
        "moves": "Nước đi",
        "deal": "Thế bài",
        "copy_code": "Chép mã",
        "share_link": "Chia sẻ liên kết",
        "code_copied": "Đã chép mã thế bài {code}",
        "link_copied": "Đã chép liên kết đến thế bài {code}",
        "copy_failed": "Không chép được. Mã thế bài là {code}",
        "share_title": "Thế bài Half Moon {code}",
        "move_errors": "Lỗi nước đi",
        "placement_assist": "Hỗ trợ đặt bài",
        "diagram_labels": "Nhãn sơ đồ",
        "reduced_motion": "Giảm chuyển động",
        "language": "Ngôn ngữ",
        "lang_vi": "Tiếng Việt",
        "lang_en": "English",
        "close": "Đóng",
        "update_ready": "Có phiên bản mới",
        "update_reload": "Tải lại",
        "cancel": "Hủy",
        "removed": "Đã loại {cards}",
        "undone": "Đã hoàn tác {cards}",
        "list_and": "{first} và {last}",
        "list_or": "{first} hoặc {last}",
        "keys_help": "Phím trên bàn chơi: mũi tên chuyển từ lá này sang lá khác, Home và End "
        "về lá đầu và lá cuối, gõ hạng bài (A, 2–9, 1 cho 10, V, D, R) để đến lá tiếp theo "
        "cùng hạng, Enter hoặc Space để chơi lá đó. Ở mọi nơi: U hoặc Ctrl+Z hoàn tác, "
        "N ván mới, S cài đặt, T thống kê.",
        "E1": "Tổng phải bằng 11",
        "E2": "Cần một Bồi, một Đầm và một Già",
        "won_title": "Bạn đã thắng!",
        "won_body": "Điểm {score}, {moves} nước đi, thời gian {time}.",
        "stalemate_title": "Hết nước đi",
        "stalemate_body": "Không còn cặp nào có tổng 11 và không còn bộ Bồi, Đầm, Già nào. "
        "Hãy hoàn tác hoặc bắt đầu ván mới.",
        "stalemate_body_deal": "Thế bài này không có cặp nào có tổng 11 và không có bộ Bồi, "
        "Đầm, Già nào. Hãy bắt đầu ván mới.",
        "confirm_new_title": "Bắt đầu ván mới?",
        "confirm_new_body": "Ván đang chơi sẽ được tính là một ván thua.",
        "open_title": "Mở một thế bài",
        "deal_code_label": "Mã thế bài",
        "deal_code_hint": "Ví dụ HM1-N-AAAAAAB",
        "new_deal": "Thế bài mới {code}",
        "opened_deal": "Đã mở thế bài {code}",
        "restarted": "Đã chơi lại thế bài {code}",
        "bad_code": "Không mở được mã thế bài này: {reason}",
        "bad_link": "Không mở được thế bài trong liên kết: {reason}",
        "unreadable_game": "Không đọc được ván đã lưu: {reason}. Đã bắt đầu ván mới.",
        "unreadable_settings": "Không đọc được cài đặt đã lưu: {reason}. Dùng cài đặt mặc định.",
        "unreadable_stats": "Không đọc được thống kê đã lưu: {reason}. "
        "Thống kê bắt đầu lại từ đầu.",
        "unreadable_backups": "Không đọc được các bản lưu hỏng đã giữ lại: {reason}. "
        "Chúng đã bị xoá.",
        "reason_too_large": "dữ liệu dài {size} ký tự, lớn hơn nhiều so với mọi bản lưu",
        "reason_too_deep": "dữ liệu lồng nhau sâu hơn mọi bản lưu",
        "reason_not_json": "dữ liệu không phải JSON hợp lệ",
        "reason_earlier_version": "phiên bản trước của trò chơi đã để riêng dữ liệu này",
        "shelved_kept": "Một bản sao được giữ trong Cài đặt, mục “Bản lưu không đọc được”.",
        "shelved_part": "{kept} ký tự đầu được giữ trong Cài đặt, mục “Bản lưu không đọc được”.",
        "shelved_dropped": "Không giữ lại được (bộ nhớ của trình duyệt đã đầy) nên đã bị xoá.",
        "backups_given_up": "Để có chỗ lưu ván của bạn, các bản lưu hỏng đã giữ lại đã bị xoá.",
        "not_saving_blocked": "Chưa lưu: trình duyệt này không cho trò chơi lưu lại. "
        "Ván bài chỉ còn khi trang này còn mở.",
        "not_saving_full": "Chưa lưu: bộ nhớ của trình duyệt đã đầy. Ván bài chỉ còn khi "
        "trang này còn mở; trò chơi sẽ lưu lại ngay khi có chỗ.",
        "not_saving_conflict": "Chưa lưu: một thẻ khác đã thay đổi ván này.",
        "sync_choose": "Chọn ván",
        "sync_title": "Ván này đã thay đổi ở một thẻ khác",
        "sync_body": "Một thẻ khác đã lưu ván này trong lúc bạn chơi ở đây. Chỉ giữ được "
        "một trong hai ván.",
        "sync_keep": "Giữ ván ở thẻ này",
        "sync_take": "Xem ván ở thẻ kia",
        "game_from_other_tab": "Ván này đã được chơi tiếp ở một thẻ khác; đây là ván như ở thẻ đó.",
        "kept_this_game": "Đã lưu ván ở thẻ này; thẻ kia giờ hiện ván này.",
        "took_other_game": "Đây là ván từ thẻ kia.",
        "backups_title": "Bản lưu không đọc được",
        "backups_none": "Không có: mọi bản lưu đều đọc được.",
        "backup_item": "{when}: {what}, {size} ký tự: {why}.",
        "backup_item_part": "{when}: {what}, {size} ký tự (giữ {kept} ký tự đầu): {why}.",
        "what_game": "ván bài",
        "what_settings": "cài đặt",
        "what_stats": "thống kê",
        "download_backups": "Tải xuống",
        "clear_backups": "Xoá",
        "backups_cleared": "Đã xoá các bản lưu hỏng đã giữ lại.",
        "stats_played": "Số ván đã chơi",
        "stats_won": "Số ván thắng",
        "stats_rate": "Tỉ lệ thắng",
        "stats_best_time": "Thời gian tốt nhất",
        "stats_streak": "Chuỗi thắng hiện tại",
        "stats_best_streak": "Chuỗi thắng dài nhất",
        "stats_recent": "Các ván gần đây",
        "stats_none": "Chưa có ván nào kết thúc.",
        "stats_note": "Một ván được tính khi thắng, hoặc khi bị bỏ (ván mới, chơi lại "
        "hay mở thế bài khác) sau ít nhất một nước đi; khi đó ván được tính là thua.",
        "result_won": "thắng",
        "result_lost": "thua",
        "col_deal": "Thế bài",
        "col_result": "Kết quả",
        "col_score": "Điểm",
        "col_moves": "Nước đi",
        "col_time": "Thời gian",
        "none": "—",
        "pile": "chồng {place}",
        "reserve": "ô dự trữ {place}",
        "cards_one": "1 lá",
        "cards_many": "{count} lá",
        "empty": "trống",
        "reserve_area": "Bài dự trữ",
        "rules_title": "Half Moon — luật chơi",
        "step_viewer": "Xem từng bước",
        "step_first": "Về đầu",
        "step_prev": "Bước trước",
        "step_next": "Bước tiếp",
        "step_pick": "Bước",
        "step_count": "Bước {step} / {total}",
        "step_start_text": "Thế bài ban đầu. Nhấn Bước tiếp để đi nước đầu tiên.",
        "step_pair_text": "Bước {step}: {cards} = 11",
        "step_triple_text": "Bước {step}: {cards} — một Bồi, một Đầm và một Già",
        "step_tried_text": "Các nước của bạn. Bước tiếp sẽ quay lại ví dụ.",
        "embed_bad_param": "Không hiển thị được bàn chơi: tham số {param}: {message}",
        "embed_heading": "Bàn chơi Half Moon",
        "embed_unknown_param": "không có tham số này (các tham số: {known})",
        "embed_param_twice": "được cho nhiều lần",
        "embed_bad_lang": "{value!r} không phải là ngôn ngữ (dùng {choices})",
        "embed_bad_labels": "{value!r} không phải là 1 hoặc 0",
        "embed_deal_and_position": "chỉ cho deal hoặc position, không cho cả hai",
        "embed_no_start": "thiếu: hãy cho deal=HM1-N-… hoặc position=HMP1:…",
        "step_value": "Bước {step} trên {total}",
        "step_pair_words": "Bước {step}: {cards}, tổng bằng 11.",
        "step_triple_words": "Bước {step}: {cards}: một Bồi, một Đầm và một Già.",
        "card_from": "{card} ở {place}",
    },
}


ENGINE_TEXTS: dict[str, dict[str, str]] = {
    "en": {},  # the engine's own texts (halfmoon_core/messages.py)
    "vi": {
        "card_not_text": "lá bài phải là văn bản, không phải {type}",
        "card_unknown": "{text!r} không phải là một lá bài (ví dụ 5S, TH, 10H, JC)",
        "removal_court_pair": "{cards}: Bồi, Đầm và Già chỉ được loại cùng nhau (J+Q+K)",
        "removal_sum": "{cards} có tổng {total}, không phải {target}",
        "removal_not_triple": "{cards} không phải là một Bồi, một Đầm và một Già",
        "removal_size": "mỗi lần loại 2 hoặc 3 lá, không phải {count}",
        "deal_number_range": "số thế bài {number} nằm ngoài khoảng 0..{last}",
        "deal_not_text": "mã thế bài phải là văn bản",
        "deal_empty": "mã thế bài đang trống (ví dụ {example})",
        "deal_shape": "{text!r} không phải là mã thế bài (ví dụ {example})",
        "deal_format": "không có định dạng {prefix!r}: mã bắt đầu bằng {format}-",
        "deal_mode": "không có chế độ {mode!r}: chỉ có chế độ N (thường)",
        "deal_length": "phần cuối phải gồm {letters} chữ cái A–Z, ví dụ {example}; "
        "mã này là {text!r}",
        "deal_letters": "phần cuối chỉ được chứa các chữ cái A–Z",
        "place_not_text": "vị trí phải là văn bản, không phải {type}",
        "place_unknown": "{text!r} không phải là một vị trí (chồng 1..12, ô dự trữ R1..R8)",
        "place_pile": "chồng {place}",
        "place_reserve": "ô dự trữ {place}",
        "move_size": "một nước đi loại 2 hoặc 3 lá, không phải {count}",
        "move_place_twice": "{place} được nêu hai lần",
        "move_not_text": "nước đi phải là văn bản",
        "move_empty": "nước đi trống (các vị trí nối bằng '-', ví dụ 1-8)",
        "move_in": "nước đi {move!r}: {error}",
        "moves_not_text": "danh sách nước đi phải là văn bản",
        "moves_empty_item": "nước đi thứ {number} của danh sách bị trống "
        "(các nước đi nối bằng ',')",
        "place_empty": "{place} đang trống",
        "move_illegal": "nước đi {move} không hợp lệ: {reason}",
        "move_none_to_undo": "không có nước đi nào để hoàn tác",
        "replay_illegal": "nước đi thứ {number} ({move}) không hợp lệ: {reason}",
        "position_not_text": "thế bài phải là văn bản",
        "position_prefix": "chuỗi thế bài bắt đầu bằng {prefix}",
        "position_fields": "chuỗi thế bài có {fields} trường (chồng 1..12, rồi R1..R8) "
        "phân cách bằng '/', chuỗi này có {count}",
        "position_pile": "chồng {place}",
        "position_reserve": "ô dự trữ {place}",
        "position_bad_card": "{place}: {text!r} không phải là một lá bài "
        "(lá bài viết như 5S, TH, JC)",
        "position_pile_height": "chồng {place} có {count} lá; một chồng có nhiều nhất {most} lá",
        "position_reserve_full": "ô dự trữ {place} có {count} lá; một ô có nhiều nhất 1 lá",
        "position_card_thrice": "{card} có {count} lần; hai bộ bài chỉ có mỗi lá hai lần",
        "position_unpaired": "các lá thiếu khỏi hai bộ bài không chia được thành các cặp có "
        "tổng 11 và các bộ Bồi + Đầm + Già: đã loại {problems}",
        "position_pair_mismatch": "{first} nhưng {second}",
        "position_triple_mismatch": "{first}, {second} và {third}",
        "removed_1": "{count} lá Át",
        "removed_2": "{count} lá 2",
        "removed_3": "{count} lá 3",
        "removed_4": "{count} lá 4",
        "removed_5": "{count} lá 5",
        "removed_6": "{count} lá 6",
        "removed_7": "{count} lá 7",
        "removed_8": "{count} lá 8",
        "removed_9": "{count} lá 9",
        "removed_10": "{count} lá 10",
        "removed_11": "{count} lá Bồi",
        "removed_12": "{count} lá Đầm",
        "removed_13": "{count} lá Già",
        "save_negative_time": "thời gian của ván đã lưu không được âm",
        "save_not_object": "ván đã lưu không phải là một đối tượng",
        "save_no_version": "ván đã lưu không có số phiên bản",
        "save_bad_version": "ván đã lưu không có số phiên bản ({version!r} không phải là số)",
        "save_version_below_1": "số phiên bản {version} của ván đã lưu không hợp lệ "
        "(phiên bản bắt đầu từ 1)",
        "save_newer": "ván này được lưu bởi một phiên bản Half Moon mới hơn "
        "(phiên bản lưu {version}; phiên bản này đọc được đến {current})",
        "save_step_missing": "phiên bản Half Moon này không đọc được phiên bản lưu {version}: "
        "thiếu bước chuyển từ phiên bản lưu {step} lên {next}",
        "save_damaged": "không chuyển được ván đã lưu từ phiên bản lưu {version} lên {next}: "
        "dữ liệu bị hỏng ({kind}: {detail})",
        "save_not_halfmoon": "đây không phải là ván Half Moon đã lưu",
        "save_incomplete": "ván đã lưu thiếu thế bài ban đầu hoặc các nước đi",
        "save_bad_time": "thời gian của ván đã lưu không phải là một số nguyên mili giây",
        "save_replay": "không chơi lại được ván đã lưu: {error}",
        "cli_not_position": "chuỗi thế bài bắt đầu bằng {prefix} (với mã thế bài, dùng 'deal')",
    },
}
"""The engine's texts (halfmoon_core/messages.py) by key, per language; a key a language
lacks is said in English."""


def message_text(message: Message, lang: str) -> str:
    """An engine text (a reason, an error's message) in ``lang``, from its key and parameters."""
    return render_message(message, ENGINE_TEXTS[_lang(lang)])


def error_text(error: HalfMoonError, lang: str) -> str:
    """What an engine error says, in ``lang`` (docs/i18n.md)."""
    return message_text(error.message, lang)


def normalise_lang(value: object) -> str | None:
    """``"en"``/``"vi"`` for a supported language tag (``"en-GB"`` → ``"en"``), else None."""
    if not isinstance(value, str):
        return None
    base = value.strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGS else None


def choose_language(url_lang: object, saved: object, browser: Iterable[object] = ()) -> str:
    """The language: ``?lang=`` beats the saved setting beats the browser's first en*/vi*."""
    for choice in (url_lang, saved):
        lang = normalise_lang(choice)
        if lang:
            return lang
    for tag in browser:
        lang = normalise_lang(tag)
        if lang:
            return lang
    return DEFAULT_LANG


def t(lang: str, key: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (English when the key is missing), formatted."""
    catalog = MESSAGES.get(lang, MESSAGES["en"])
    text = catalog.get(key, MESSAGES["en"][key])
    return text.format(**params) if params else text


def end_title(status: Status, lang: str) -> str:
    """The words that end a game of this status (the engine's ``Game.status``), as the game
    page's end dialog titles them: ``You won!``, ``No more moves``; empty while playing."""
    key = _END_TITLES.get(status)
    return t(_lang(lang), key) if key else ""


_END_TITLES = {"won": "won_title", "stalemate": "stalemate_title"}


def rank_short(card: Card, lang: str) -> str:
    """The rank as printed on the card: ``A``, ``2``..``10``, ``J Q K`` (en) or ``V D R`` (vi)."""
    return _SHORT_RANKS[_lang(lang)].get(card.rank, str(card.rank))


def card_short(card: Card, lang: str) -> str:
    """Short display form, e.g. ``5♠``, ``10♥``, ``V♣`` (vi) / ``J♣`` (en)."""
    return rank_short(card, lang) + SUIT_SYMBOLS[card.suit]


def card_name(card: Card, lang: str) -> str:
    """The spoken name: ``5 of spades``, ``ace of hearts`` / ``5 bích``, ``Át cơ``."""
    lang = _lang(lang)
    rank = _RANK_WORDS[lang].get(card.rank, str(card.rank))
    suit = _SUIT_WORDS[lang][card.suit]
    return f"{rank} {suit}" if lang == "vi" else f"{rank} of {suit}"


def place_name(place: str, lang: str) -> str:
    """``pile 3`` / ``reserve R3`` (``chồng 3`` / ``ô dự trữ R3``)."""
    key = "reserve" if place.startswith("R") else "pile"
    return t(_lang(lang), key, place=place)


def count_text(count: int, lang: str) -> str:
    """``1 card`` / ``8 cards`` (``8 lá``)."""
    return t(_lang(lang), "cards_one") if count == 1 else t(_lang(lang), "cards_many", count=count)


def card_label(card: Card, place: str, count: int, lang: str) -> str:
    """A playable card's accessible name (docs/interface.md, "Cards"): ``5 of spades, pile 1,
    8 cards``, ``ace of hearts, reserve R3``."""
    if place.startswith("R"):
        return f"{card_name(card, lang)}, {place_name(place, lang)}"
    return f"{card_name(card, lang)}, {place_name(place, lang)}, {count_text(count, lang)}"


def empty_label(place: str, lang: str) -> str:
    """An empty pile's or slot's description: ``pile 3, empty``."""
    return f"{place_name(place, lang)}, {t(_lang(lang), 'empty')}"


def cards_text(cards: Iterable[Card], lang: str) -> str:
    """``5♠ + 6♦``: the cards of a move in display notation."""
    return " + ".join(card_short(card, lang) for card in cards)


def words_list(items: Iterable[str], lang: str, key: str = "list_and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``a, b và c``): a list as a sentence says it
    (``key="list_or"``: ``a or b``)."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return t(_lang(lang), key, first=", ".join(items[:-1]), last=items[-1])


def cards_words(cards: Iterable[Card], lang: str) -> str:
    """The cards of a move as spoken: ``9 of hearts and 2 of diamonds``, ``jack of hearts,
    queen of clubs and king of spades`` (``9 cơ và 2 rô``), as the card buttons name them."""
    return words_list((card_name(card, lang) for card in cards), lang)


def sentences(*parts: str) -> str:
    """Texts joined as sentences: each non-empty part ends with ``.``, ``!`` or ``?``."""
    kept = [part.strip() for part in parts if part and part.strip()]
    return " ".join(part if part[-1] in ".!?…" else f"{part}." for part in kept)


def rank_keys(lang: str) -> dict[str, int]:
    """The characters that name a rank on the keyboard (docs/keyboard.md): the rank as printed
    (``A``, ``2``..``9``, ``1`` or ``0`` for 10, ``J Q K`` / ``V D R``) and the first letter of
    its spoken name (``B`` for Bồi, ``D`` or ``Đ`` for Đầm, ``G`` for Già), in lower case."""
    lang = _lang(lang)
    keys = {str(rank): rank for rank in range(2, 10)}
    keys.update({"1": 10, "0": 10})
    for rank in (1, 11, 12, 13):
        for word in (_SHORT_RANKS[lang][rank], _RANK_WORDS[lang][rank]):
            first = word[0].lower()
            keys[first] = rank
            keys[_PLAIN_LETTERS.get(first, first)] = rank
    return keys


_PLAIN_LETTERS = {"á": "a", "đ": "d"}


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "en"
