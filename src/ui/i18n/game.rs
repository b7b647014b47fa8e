//! Strings every game module shares: the confirm step, saved games, and the
//! on-screen board (with Crazyhouse's drop pockets).

use crate::ui::format::Plural;

pub struct GameTexts {
    /// The second tap of a confirm-protected button ("Resign — Confirm").
    pub confirm: &'static str,
    pub controls: ControlTexts,
    pub mode: ModeTexts,
    pub saves: SaveTexts,
    pub board: BoardTexts,
    pub numbers: NumberTexts,
    pub time: TimeTexts,
    pub menu: MenuTexts,
    pub setup: SetupTexts,
    pub names: NameTexts,
    pub record_errors: RecordErrorTexts,
    pub end: EndTexts,
}

/// A drawn start's commitment screen (`ui::commit_parts`): each game with a
/// committed draw has its own wording, in one shape.
pub struct CommitTexts {
    pub title: &'static str,
    pub explain: &'static str,
    pub commitment: &'static str,
    pub copy: &'static str,
    pub copied: &'static str,
    pub words_title: &'static str,
    pub words_explain: &'static str,
    /// `{name}`: the player whose words these are.
    pub words_for: &'static str,
    pub words_refused: &'static str,
    pub lock_words: &'static str,
    /// On the play screen, under the commitment, until move one.
    pub until_move_one: &'static str,
    pub close: &'static str,
}

/// Why a name is refused, for every game (the one rule, `referee::names`):
/// `{n}` the name's number, `{c}` the character's code.
pub struct NameTexts {
    pub too_long: &'static str,
    pub character: &'static str,
    pub spaces: &'static str,
    pub mark: &'static str,
}

/// The setup screen's shared parts (`ui::setup_parts`).
pub struct SetupTexts {
    /// The two-player forms' names legend (`ui::setup_parts::form`).
    pub players: &'static str,
    pub start: &'static str,
    pub rules_title: &'static str,
    pub import_button: &'static str,
    pub import_failed: &'static str,
}

/// A module's words of its import box (`ui::setup_parts::ImportBox`): the
/// title ("Continue or review a game (PGN)"), what it does, the field's label.
pub struct ImportTexts {
    pub title: &'static str,
    pub explain: &'static str,
    pub label: &'static str,
}

/// Why a PGN-like record was not imported, where every module's reader says
/// the same: `{text}` the text, `{move}` the move's number or label.
pub struct RecordErrorTexts {
    pub bad_tag: &'static str,
    pub comment: &'static str,
    pub variation: &'static str,
    pub unreadable: &'static str,
    pub illegal: &'static str,
    pub ambiguous: &'static str,
    pub after_result: &'static str,
}

/// Why a PGN was not imported, in a module's own words: `{text}` the variant
/// or the FEN.
pub struct PgnErrorTexts {
    pub empty: &'static str,
    pub other_variant: &'static str,
    pub bad_fen: &'static str,
}

/// The game menu's shared rows (`ui::clock_controls::AdjustRow`, `SoundAndDiscard`).
pub struct MenuTexts {
    pub adjust_title: &'static str,
    /// Adjustment steps: `{n}` minutes, `{n}` seconds.
    pub adjust_minutes: &'static str,
    pub adjust_seconds: &'static str,
    pub mute: &'static str,
    pub unmute: &'static str,
}

/// The end screen's shared parts (`ui::end_parts`).
pub struct EndTexts {
    pub final_clocks: &'static str,
    pub record: &'static str,
    pub download_pgn: &'static str,
    pub copy: &'static str,
    pub copied: &'static str,
    pub share: &'static str,
    pub rematch: &'static str,
    pub new_setup: &'static str,
}

/// The time-control group of a setup form (`ui::time_setup`).
pub struct TimeTexts {
    pub legend: &'static str,
    pub custom: &'static str,
    pub handicap_hint: &'static str,
    pub increment_kind: &'static str,
    /// Nothing, Fischer, Bronstein, simple delay.
    pub increments: [&'static str; 4],
    pub increment_seconds: &'static str,
    /// The referee refused the time (out of its limits).
    pub bad_time: &'static str,
}

/// A refused number (`ui::number_field`); `{min}` and `{max}` are filled in.
pub struct NumberTexts {
    pub whole: &'static str,
    pub decimal: &'static str,
    /// Start was tapped while a number is refused.
    pub fix_first: &'static str,
}

/// The strip between the clock halves and the game menu (`ui::clock_controls`).
pub struct ControlTexts {
    pub pause: &'static str,
    pub resume: &'static str,
    pub cancel: &'static str,
    /// The game menu's button and title.
    pub menu: &'static str,
    pub close: &'static str,
    /// Shown in the game menu while it holds the clocks.
    pub menu_paused: &'static str,
    /// Read (not shown) after a clock half's colour chip: "White" + " clock: Dana…".
    pub clock: &'static str,
    /// A clock's time as screen readers and the voice say it: hours,
    /// minutes, seconds, never a time of day (`format::spoken_duration`).
    pub hours: Plural,
    pub minutes: Plural,
    pub seconds: Plural,
    /// The Sun mode switch (`ui::theme::SunToggle`): its name, then its tooltip.
    pub sun_mode: &'static str,
    pub sun_mode_hint: &'static str,
    /// C-4a's correction (`ClockControls`' extra undo): the button, and the
    /// question before it with `{name}` (who tapped) and `{other}`.
    pub undo_tap: &'static str,
    /// Board mode: the move entered on the screen was the tap (C-1).
    pub undo_move: &'static str,
    pub undo_tap_confirm: &'static str,
}

/// How a game is played (C-1; `ui::input_mode`).
pub struct ModeTexts {
    pub legend: &'static str,
    pub clock: &'static str,
    pub clock_hint: &'static str,
    pub board: &'static str,
    pub board_hint: &'static str,
}

/// A saved game that cannot be restored (`ui::saved::DamagedSave`).
pub struct SaveTexts {
    pub save_damaged: &'static str,
    pub save_newer: &'static str,
    /// What the player can do, in their language.
    pub save_damaged_help: &'static str,
    /// The summary of the referee's own (English) technical message.
    pub technical_detail: &'static str,
    pub download_save: &'static str,
    pub start_fresh: &'static str,
    pub delete_save: &'static str,
    /// `ui::one_window`: the game runs in another window of this app.
    pub elsewhere_title: &'static str,
    pub elsewhere_help: &'static str,
    pub take_over: &'static str,
    /// `ui::saved::UnsavedWarning`: this phone refuses to store the game.
    pub unsaved_title: &'static str,
    pub unsaved_help: &'static str,
    pub export_now: &'static str,
    /// Both in one, on the play screen's button.
    pub unsaved_short: &'static str,
}

/// The on-screen board (`ui::board::Board`).
pub struct BoardTexts {
    pub board_label: &'static str,
    pub white: &'static str,
    pub black: &'static str,
    pub check: &'static str,
    pub promote_to: &'static str,
    /// King, queen, rook, bishop, knight, pawn.
    pub pieces: [&'static str; 6],
    pub last_move: &'static str,
    /// Heading of the board on an end screen.
    pub final_position: &'static str,
    /// Each side's pocket of pieces to drop (Crazyhouse): White's, Black's.
    pub pockets: [&'static str; 2],
    /// A pocket button: `{piece}` is a name from `pieces`, `{count}` how many.
    pub drop: &'static str,
}

pub static EN: GameTexts = GameTexts {
    confirm: "Confirm",
    controls: ControlTexts {
        pause: "Pause",
        resume: "Resume",
        cancel: "Cancel",
        menu: "Game menu",
        close: "Close",
        menu_paused: "The clocks are stopped while the menu is open.",
        clock: "clock",
        hours: Plural::En {
            one: "hour",
            other: "hours",
        },
        minutes: Plural::En {
            one: "minute",
            other: "minutes",
        },
        seconds: Plural::En {
            one: "second",
            other: "seconds",
        },
        sun_mode: "Sun mode",
        sun_mode_hint: "Sun mode: light, high-contrast colours for daylight",
        undo_tap: "Undo last tap",
        undo_move: "Undo last move",
        undo_tap_confirm: "Take back {name}'s last tap? The time since it is charged to {name}; {other}'s clock shows again what it showed then.",
    },
    mode: ModeTexts {
        legend: "How you play",
        clock: "Physical board",
        clock_hint: "The phone is the clock: tap your half when you have moved.",
        board: "On-screen board",
        board_hint: "Moves are entered here; the referee checks them and sees mate.",
    },
    saves: SaveTexts {
        save_damaged: "The saved game on this phone cannot be read",
        save_newer: "The saved game comes from a newer version of this app",
        save_damaged_help: "Nothing was deleted: download the data to keep it, then start a new game.",
        technical_detail: "Technical detail",
        download_save: "Download the saved data",
        start_fresh: "Start fresh (the old data stays downloadable)",
        delete_save: "Delete the old data",
        elsewhere_title: "This game is open in another window",
        elsewhere_help: "Only one window runs a game, so the two cannot split it in two. Carry on there, or take it over here: that window stops, and nothing it recorded is lost.",
        take_over: "Take over here",
        unsaved_title: "This phone is not saving the game",
        unsaved_help: "Its storage is off or full. The game goes on here, but closing or reloading this page would lose it: export it now to keep a copy.",
        export_now: "Export the game now",
        unsaved_short: "Not saved on this phone — export",
    },
    board: BoardTexts {
        board_label: "Board",
        white: "White",
        black: "Black",
        check: "Check",
        promote_to: "Promote to",
        pieces: ["king", "queen", "rook", "bishop", "knight", "pawn"],
        last_move: "Last move",
        final_position: "Final position",
        pockets: ["White's pieces to drop", "Black's pieces to drop"],
        drop: "Drop {piece} ({count})",
    },
    numbers: NumberTexts {
        whole: "Enter a whole number from {min} to {max}.",
        decimal: "Enter a number from {min} to {max}.",
        fix_first: "Correct the marked numbers first.",
    },
    time: TimeTexts {
        legend: "Time control",
        custom: "Custom",
        handicap_hint: "Different minutes give a stronger player less time.",
        increment_kind: "After each move",
        increments: [
            "Nothing",
            "Increment (Fischer)",
            "Bronstein delay",
            "Delay (US)",
        ],
        increment_seconds: "Seconds",
        bad_time: "Times must be between 1 second and 10 hours; increments up to 10 minutes.",
    },
    menu: MenuTexts {
        adjust_title: "Adjust time",
        adjust_minutes: "{n} min",
        adjust_seconds: "{n} s",
        mute: "Sound off",
        unmute: "Sound on",
    },
    end: EndTexts {
        final_clocks: "Clocks at the end",
        record: "Record",
        download_pgn: "Download PGN",
        copy: "Copy",
        copied: "Copied",
        share: "Share",
        rematch: "Rematch, colours swapped",
        new_setup: "New setup",
    },
    setup: SetupTexts {
        players: "Players",
        start: "Start",
        rules_title: "Rules in brief",
        import_button: "Import",
        import_failed: "Not imported",
    },
    names: NameTexts {
        too_long: "Name {n} is too long: at most 64 bytes (64 Latin or 32 Cyrillic letters).",
        character: "Name {n} contains an invisible or control character (U+{c}); please retype it.",
        spaces: "Name {n} has two spaces in a row.",
        mark: "Name {n} cannot start with an accent mark (U+{c}).",
    },
    record_errors: RecordErrorTexts {
        bad_tag: "unreadable tag line: {text}",
        comment: "a comment in { } is not closed.",
        variation: "the brackets ( ) of a variation do not match.",
        unreadable: "move {move} {text} is not a move.",
        illegal: "move {move} {text} is illegal in that position.",
        ambiguous: "move {move} {text} is ambiguous: say which piece moves.",
        after_result: "unexpected text after the result: {text}",
    },
};

pub static HE: GameTexts = GameTexts {
    confirm: "אישור",
    controls: ControlTexts {
        pause: "השהיה",
        resume: "המשך",
        cancel: "ביטול",
        menu: "תפריט המשחק",
        close: "סגירה",
        menu_paused: "השעונים עצורים כל עוד התפריט פתוח.",
        // After the chip "לבן"/"שחור": "לבן – שעון: דנה…".
        clock: "– שעון",
        hours: Plural::He {
            one: "שעה",
            two: "שעות",
            other: "שעות",
        },
        minutes: Plural::He {
            one: "דקה",
            two: "דקות",
            other: "דקות",
        },
        seconds: Plural::He {
            one: "שנייה",
            two: "שניות",
            other: "שניות",
        },
        sun_mode: "מצב שמש",
        sun_mode_hint: "מצב שמש: צבעים בהירים וניגודיים לאור יום",
        undo_tap: "ביטול הלחיצה האחרונה",
        undo_move: "ביטול המסע האחרון",
        undo_tap_confirm: "לבטל את הלחיצה האחרונה של \u{2068}{name}\u{2069}? הזמן שעבר מאז נזקף לחובת \u{2068}{name}\u{2069}; השעון של \u{2068}{other}\u{2069} יחזור להראות את מה שהראה אז.",
    },
    mode: ModeTexts {
        legend: "איך משחקים",
        clock: "לוח אמיתי",
        clock_hint: "הטלפון הוא השעון: אחרי המסע לחצו על החצי שלכם.",
        board: "לוח על המסך",
        board_hint: "המסעים מוזנים כאן; השופט בודק אותם ומזהה מט.",
    },
    saves: SaveTexts {
        save_damaged: "אי אפשר לקרוא את המשחק השמור בטלפון הזה",
        save_newer: "המשחק השמור נוצר בגרסה חדשה יותר של האפליקציה",
        save_damaged_help: "שום דבר לא נמחק: הורידו את הנתונים כדי לשמור אותם, ואז התחילו משחק חדש.",
        technical_detail: "פרטים טכניים (באנגלית)",
        download_save: "הורדת הנתונים השמורים",
        start_fresh: "להתחיל מחדש (הנתונים הישנים עדיין זמינים להורדה)",
        delete_save: "מחיקת הנתונים הישנים",
        elsewhere_title: "המשחק הזה פתוח בחלון אחר",
        elsewhere_help: "רק חלון אחד מנהל משחק, כדי שהמשחק לא יתפצל לשניים. המשיכו שם, או העבירו אותו לכאן: החלון ההוא ייעצר, ושום דבר שנרשם בו לא יאבד.",
        take_over: "להמשיך כאן",
        unsaved_title: "הטלפון הזה לא שומר את המשחק",
        unsaved_help: "האחסון כבוי או מלא. המשחק ממשיך כאן, אבל סגירה או טעינה מחדש של הדף יאבדו אותו: ייצאו אותו עכשיו כדי לשמור עותק.",
        export_now: "לייצא את המשחק עכשיו",
        unsaved_short: "לא נשמר בטלפון — לייצא",
    },
    board: BoardTexts {
        board_label: "לוח",
        white: "לבן",
        black: "שחור",
        check: "שח",
        promote_to: "הכתרה ל…",
        pieces: ["מלך", "מלכה", "צריח", "רץ", "פרש", "רגלי"],
        last_move: "המסע האחרון",
        final_position: "העמדה הסופית",
        pockets: ["הכיס של לבן (כלים להצבה)", "הכיס של שחור (כלים להצבה)"],
        drop: "הצבת {piece} (\u{2068}{count}\u{2069})",
    },
    numbers: NumberTexts {
        whole: "הזינו מספר שלם מ־\u{2068}{min}\u{2069} עד \u{2068}{max}\u{2069}.",
        decimal: "הזינו מספר מ־\u{2068}{min}\u{2069} עד \u{2068}{max}\u{2069}.",
        fix_first: "תקנו קודם את המספרים המסומנים.",
    },
    time: TimeTexts {
        legend: "בקרת זמן",
        custom: "מותאם",
        handicap_hint: "דקות שונות לכל צד נותנות לשחקן החזק פחות זמן.",
        increment_kind: "אחרי כל מסע",
        increments: ["ללא", "תוספת (פישר)", "עיכוב ברונשטיין", "עיכוב (ארה״ב)"],
        increment_seconds: "שניות",
        bad_time: "הזמן חייב להיות בין שנייה אחת ל־10 שעות; תוספת עד 10 דקות.",
    },
    menu: MenuTexts {
        adjust_title: "תיקון זמן",
        adjust_minutes: "\u{2068}{n}\u{2069} דק׳",
        adjust_seconds: "\u{2068}{n}\u{2069} שנ׳",
        mute: "כיבוי צליל",
        unmute: "הפעלת צליל",
    },
    end: EndTexts {
        final_clocks: "השעונים בסיום",
        record: "רישום",
        download_pgn: "הורדת PGN",
        copy: "העתקה",
        copied: "הועתק",
        share: "שיתוף",
        rematch: "משחק חוזר, בהחלפת צבעים",
        new_setup: "הגדרה חדשה",
    },
    setup: SetupTexts {
        players: "שחקנים",
        start: "התחלה",
        rules_title: "החוקים בקצרה",
        import_button: "ייבוא",
        import_failed: "לא יובא",
    },
    names: NameTexts {
        too_long: "שם מס׳ \u{2068}{n}\u{2069} ארוך מדי: לכל היותר 64 בתים (64 אותיות לטיניות או 32 אותיות עבריות).",
        character: "שם מס׳ \u{2068}{n}\u{2069} מכיל תו בלתי נראה או תו בקרה (\u{2068}U+{c}\u{2069}); הקלידו אותו מחדש.",
        spaces: "בשם מס׳ \u{2068}{n}\u{2069} יש שני רווחים ברצף.",
        mark: "שם מס׳ \u{2068}{n}\u{2069} לא יכול להתחיל בסימן ניקוד או הטעמה (\u{2068}U+{c}\u{2069}).",
    },
    record_errors: RecordErrorTexts {
        bad_tag: "שורת תג לא קריאה: \u{2068}{text}\u{2069}",
        comment: "הערה בתוך { } לא נסגרה.",
        variation: "הסוגריים ( ) של וריאציה לא תואמים.",
        unreadable: "המסע \u{2068}{move}\u{2069} \u{2068}{text}\u{2069} אינו מסע.",
        illegal: "המסע \u{2068}{move}\u{2069} \u{2068}{text}\u{2069} אינו חוקי בעמדה הזו.",
        ambiguous: "המסע \u{2068}{move}\u{2069} \u{2068}{text}\u{2069} דו־משמעי: ציינו איזה כלי זז.",
        after_result: "טקסט לא צפוי אחרי התוצאה: \u{2068}{text}\u{2069}",
    },
};

pub static RU: GameTexts = GameTexts {
    confirm: "Подтвердить",
    controls: ControlTexts {
        pause: "Пауза",
        resume: "Продолжить",
        cancel: "Отмена",
        menu: "Меню партии",
        close: "Закрыть",
        menu_paused: "Часы остановлены, пока открыто меню.",
        // After the chip "Белые"/"Чёрные": "Белые часы: Дана…".
        clock: "часы",
        hours: Plural::Ru {
            one: "час",
            few: "часа",
            many: "часов",
        },
        minutes: Plural::Ru {
            one: "минута",
            few: "минуты",
            many: "минут",
        },
        seconds: Plural::Ru {
            one: "секунда",
            few: "секунды",
            many: "секунд",
        },
        sun_mode: "Режим «Солнце»",
        sun_mode_hint: "Режим «Солнце»: светлые контрастные цвета для яркого дня",
        undo_tap: "Отменить последнее нажатие",
        undo_move: "Отменить последний ход",
        undo_tap_confirm: "Отменить последнее нажатие ({name})? Время после него спишется с нажавшего — {name}; часы ({other}) снова покажут то, что показывали тогда.",
    },
    mode: ModeTexts {
        legend: "Как играете",
        clock: "Настоящая доска",
        clock_hint: "Телефон — это часы: сделал ход — нажми свою половину.",
        board: "Доска на экране",
        board_hint: "Ходы вводятся здесь; судья проверяет их и видит мат.",
    },
    saves: SaveTexts {
        save_damaged: "Сохранённую партию на этом телефоне не удаётся прочитать",
        save_newer: "Сохранённая партия сделана более новой версией приложения",
        save_damaged_help: "Ничего не удалено: скачайте данные, чтобы их сохранить, и начните новую партию.",
        technical_detail: "Технические подробности (на английском)",
        download_save: "Скачать сохранённые данные",
        start_fresh: "Начать заново (старые данные можно скачать)",
        delete_save: "Удалить старые данные",
        elsewhere_title: "Эта партия открыта в другом окне",
        elsewhere_help: "Партию ведёт только одно окно, чтобы она не раздвоилась. Продолжайте там или перенесите её сюда: то окно остановится, и ничего записанного в нём не пропадёт.",
        take_over: "Продолжить здесь",
        unsaved_title: "Телефон не сохраняет партию",
        unsaved_help: "Хранилище выключено или заполнено. Партия идёт дальше, но если закрыть или перезагрузить страницу, она пропадёт: сохраните копию сейчас.",
        export_now: "Сохранить партию в файл",
        unsaved_short: "Не сохраняется — в файл",
    },
    board: BoardTexts {
        board_label: "Доска",
        white: "Белые",
        black: "Чёрные",
        check: "Шах",
        promote_to: "Превратить в",
        pieces: ["король", "ферзь", "ладья", "слон", "конь", "пешка"],
        last_move: "Последний ход",
        final_position: "Итоговая позиция",
        pockets: ["Запас белых", "Запас чёрных"],
        // The piece name stays in the nominative: no case clashes.
        drop: "Поставить из запаса: {piece} ({count})",
    },
    numbers: NumberTexts {
        whole: "Введите целое число от {min} до {max}.",
        decimal: "Введите число от {min} до {max}.",
        fix_first: "Сначала исправьте отмеченные числа.",
    },
    time: TimeTexts {
        legend: "Контроль времени",
        custom: "Свой",
        handicap_hint: "Разное время — фора более слабому игроку.",
        increment_kind: "После каждого хода",
        increments: [
            "Ничего",
            "Добавление (Фишер)",
            "Задержка Бронштейна",
            "Задержка (США)",
        ],
        increment_seconds: "Секунды",
        bad_time: "Время — от 1 секунды до 10 часов; добавление — до 10 минут.",
    },
    menu: MenuTexts {
        adjust_title: "Поправить время",
        adjust_minutes: "{n} мин",
        adjust_seconds: "{n} с",
        mute: "Выключить звук",
        unmute: "Включить звук",
    },
    end: EndTexts {
        final_clocks: "Часы в конце",
        record: "Запись",
        download_pgn: "Скачать PGN",
        copy: "Копировать",
        copied: "Скопировано",
        share: "Поделиться",
        rematch: "Реванш, цвета меняются",
        new_setup: "Новые настройки",
    },
    setup: SetupTexts {
        players: "Игроки",
        start: "Начать",
        rules_title: "Правила коротко",
        import_button: "Загрузить",
        import_failed: "Не загружено",
    },
    names: NameTexts {
        too_long: "Имя № {n} слишком длинное: не больше 64 байт (64 латинские или 32 русские буквы).",
        character: "В имени № {n} есть невидимый или управляющий символ (U+{c}); наберите имя заново.",
        spaces: "В имени № {n} два пробела подряд.",
        mark: "Имя № {n} не может начинаться с диакритического знака (U+{c}).",
    },
    record_errors: RecordErrorTexts {
        bad_tag: "непонятная строка тега: {text}",
        comment: "комментарий {…} не закрыт.",
        variation: "скобки ( ) вариантов не сходятся.",
        unreadable: "ход {move} {text} — это не ход.",
        illegal: "ход {move} {text} невозможен в этой позиции.",
        ambiguous: "ход {move} {text} неоднозначен: укажите, какая фигура ходит.",
        after_result: "лишний текст после результата: {text}",
    },
};

/// What the two-player chess games (Crazyhouse, Undo Chess) say alike; each
/// game's catalogue refers to one and reads its fields through `Deref`.
pub struct TwoPlayerChessTexts {
    pub names_required: &'static str,
    pub minutes_white: &'static str,
    pub minutes_black: &'static str,
    pub white: &'static str,
    pub black: &'static str,
    pub your_move: &'static str,
    pub paused: &'static str,
    pub delay: &'static str,
    pub move_no: &'static str,
    pub resign: &'static str,
    pub resign_as: &'static str,
    pub draw: &'static str,
    pub agree_draw: &'static str,
    pub report: &'static str,
    pub mated: &'static str,
    pub stalemate: &'static str,
    pub game_over: &'static str,
    pub wins: &'static str,
    pub draw_result: &'static str,
    pub moves: &'static str,
    pub end_announce: &'static str,
}

pub static CHESS_EN: TwoPlayerChessTexts = TwoPlayerChessTexts {
    names_required: "Enter both names.",
    minutes_white: "White, minutes",
    minutes_black: "Black, minutes",
    white: "White",
    black: "Black",
    your_move: "Your move",
    paused: "Paused",
    delay: "delay",
    move_no: "Move",
    resign: "Resign",
    resign_as: "resigns",
    draw: "Draw",
    agree_draw: "Both agree to a draw",
    report: "Report the result on the board",
    mated: "is checkmated",
    stalemate: "Stalemate",
    game_over: "Game over",
    wins: "{name} wins",
    draw_result: "Draw",
    moves: "Moves",
    end_announce: "Game over: {result}, {reason}.",
};

pub static CHESS_RU: TwoPlayerChessTexts = TwoPlayerChessTexts {
    names_required: "Введите оба имени.",
    minutes_white: "Белые, минуты",
    minutes_black: "Чёрные, минуты",
    white: "Белые",
    black: "Чёрные",
    your_move: "Ваш ход",
    paused: "Пауза",
    delay: "задержка",
    move_no: "Ход",
    resign: "Сдаться",
    resign_as: "сдаётся",
    draw: "Ничья",
    agree_draw: "Оба согласны на ничью",
    report: "Сообщить результат на доске",
    mated: "получает мат",
    stalemate: "Пат",
    game_over: "Партия окончена",
    wins: "Победа: {name}",
    draw_result: "Ничья",
    moves: "Ходы",
    end_announce: "Партия окончена: {result}, {reason}.",
};

pub static CHESS_HE: TwoPlayerChessTexts = TwoPlayerChessTexts {
    names_required: "הזינו את שני השמות.",
    minutes_white: "לבן, דקות",
    minutes_black: "שחור, דקות",
    white: "לבן",
    black: "שחור",
    your_move: "תורך",
    paused: "מושהה",
    delay: "עיכוב",
    move_no: "מסע",
    resign: "כניעה",
    // After the name ("{who} {resign_as}"): a noun, so no verb takes a gender.
    resign_as: "— כניעה",
    draw: "תיקו",
    agree_draw: "שני הצדדים מסכימים לתיקו",
    report: "דיווח על התוצאה בלוח",
    mated: "— מט",
    stalemate: "פט",
    game_over: "המשחק נגמר",
    wins: "ניצחון ל־\u{2068}{name}\u{2069}",
    draw_result: "תיקו",
    moves: "מסעים",
    end_announce: "המשחק נגמר: {result}, {reason}.",
};
