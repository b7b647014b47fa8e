//! Strings of the Undo Chess module: setup (start position, tokens), the
//! commitment, play with tokens and the UC-7 decision, the menu and the end.

use crate::ui::format::Plural;
use crate::ui::i18n::Catalogue;
use crate::ui::i18n::game::CommitTexts;
use crate::ui::i18n::game::{self, TwoPlayerChessTexts};
use crate::ui::i18n::game::{ImportTexts, PgnErrorTexts};

/// This module's strings in every language the app speaks.
pub static TEXTS: Catalogue<UndoTexts> = Catalogue {
    en: &EN,
    ru: &RU,
    he: &HE,
};

pub struct UndoTexts {
    /// What Crazyhouse and Undo Chess say alike (read through `Deref`).
    pub chess: &'static TwoPlayerChessTexts,
    pub game_name: &'static str,
    pub game_summary: &'static str,
    // setup
    pub setup_title: &'static str,
    pub start_title: &'static str,
    /// Drawn, standard, typed number.
    pub start_choices: StartChoiceTexts,
    pub start_number: &'static str,
    pub tokens_title: &'static str,
    pub tokens_white: &'static str,
    pub tokens_black: &'static str,
    pub rules: [&'static str; 4],
    pub import: ImportTexts,
    pub pgn_errors: PgnErrorTexts,
    // commitment
    pub commit: CommitTexts,
    pub unsealed: &'static str,
    pub cannot_draw: &'static str,
    // play
    pub tap_to_start: [&'static str; 2],
    pub board_waits: [&'static str; 2],
    pub wait_for_start: [&'static str; 2],
    pub tap_when_moved: &'static str,
    pub waiting: &'static str,
    pub tokens: Plural,
    /// "Position 518".
    pub position_no: &'static str,
    /// On the play and end screens a drawn and a chosen start are told apart.
    pub position_drawn: &'static str,
    pub position_chosen: &'static str,
    pub set_up_board: &'static str,
    pub rank_of: [&'static str; 2],
    pub undo_button: &'static str,
    pub undo_confirm: &'static str,
    /// `{moves}`: "3... Qxd1, 3. Qh5".
    pub undo_would: &'static str,
    /// Board mode, after an undo: `{name}`, `{other}`, `{moves}`.
    pub undone: &'static str,
    /// Clock mode, after an undo: `{first}`, `{second}`.
    pub take_back: &'static str,
    pub refused: &'static str,
    /// UC-7: `{name}`; by board end: mate, stalemate.
    /// UC-7's question: `{name}` the decider.
    pub decision: BoardEndTexts,
    /// The decider's half while the question is open: short, the strip says the rest.
    pub decision_status: &'static str,
    pub decision_clock: &'static str,
    pub accept: BoardEndTexts,
    // menu
    pub claim_threefold: &'static str,
    pub claim_fifty: &'static str,
    pub adjust_hint: &'static str,
    pub discard: &'static str,
    // end
    /// Why the game ended, one text per `UcReason`.
    pub reasons: UcReasonTexts,
    pub flag_while_deciding: &'static str,
    pub tokens_left: &'static str,
    pub undos_made: Plural,
    pub reveal_title: &'static str,
    pub reveal_explain: &'static str,
    pub review_title: &'static str,
    pub review_prev: &'static str,
    pub review_next: &'static str,
    pub review_close: &'static str,
}

/// Why an Undo Chess game ended (`referee::undo::UcReason`), by name.
pub struct UcReasonTexts {
    pub checkmate: &'static str,
    pub stalemate: &'static str,
    pub insufficient_material: &'static str,
    pub fivefold: &'static str,
    pub seventy_five_moves: &'static str,
    pub threefold_claim: &'static str,
    pub fifty_moves_claim: &'static str,
    pub agreement: &'static str,
    pub resignation: &'static str,
    pub flag: &'static str,
}

/// The start position's three choices in the setup form.
pub struct StartChoiceTexts {
    pub drawn: &'static str,
    pub standard: &'static str,
    pub typed: &'static str,
}

/// One text for each end UC-7 lets the mated or stalemated player undo.
pub struct BoardEndTexts {
    pub checkmate: &'static str,
    pub stalemate: &'static str,
}

impl BoardEndTexts {
    pub fn of(&self, end: crate::referee::undo::UcBoardEnd) -> &'static str {
        match end {
            crate::referee::undo::UcBoardEnd::Checkmate => self.checkmate,
            crate::referee::undo::UcBoardEnd::Stalemate => self.stalemate,
        }
    }
}

pub static EN: UndoTexts = UndoTexts {
    chess: &game::CHESS_EN,
    game_name: "Undo Chess",
    game_summary: "Chess960 from a drawn start. Each player holds undo tokens: give one to take back your opponent's last move and yours.",
    setup_title: "New Undo Chess game",
    start_title: "Start position",
    start_choices: StartChoiceTexts {
        drawn: "Drawn (Chess960, committed before the game)",
        standard: "Standard chess (position 518)",
        typed: "A number you choose",
    },
    start_number: "Position number (0–959)",
    tokens_title: "Undo tokens",
    tokens_white: "White's tokens (0–3)",
    tokens_black: "Black's tokens (0–3)",
    rules: [
        "Chess960: the back rank is drawn, Black's mirrors White's. Castle by tapping the king, then its rook; the king and rook end on the usual squares.",
        "On your turn, after your first move, you may give your opponent one token to take back their last move and your move before it. Several in a row are allowed.",
        "Your clock keeps running through an undo: time is never given back.",
        "Mated or stalemated while holding a token, you may still undo or accept. If your flag falls meanwhile, the result on the board stands.",
    ],
    import: ImportTexts {
        title: "Review a Chess960 game (PGN)",
        explain: "Paste a Chess960 or standard PGN to step through it.",
        label: "PGN text",
    },
    pgn_errors: PgnErrorTexts {
        empty: "There is no game in this text.",
        other_variant: "This is a {text} game, not Chess960.",
        bad_fen: "The FEN tag is not a legal Chess960 position: {text}",
    },
    commit: CommitTexts {
        title: "Commitment",
        explain: "This fingerprint fixes the start position before anyone can know it. Photograph it or scan its code with another phone now; after the game the seed is shown and anyone can check the draw.",
        commitment: "Commitment",
        copy: "Copy",
        copied: "Copied ✓",
        words_title: "Your words (optional)",
        words_explain: "Each player may type any words; they are mixed into the draw, so the phone alone cannot choose the position.",
        words_for: "Words of {name}",
        words_refused: "Too many or too long words (at most 16, each up to 256 bytes).",
        lock_words: "Lock words and draw the position",
        until_move_one: "Shown until move one, for anyone who joins late: after the game the revealed seed must give exactly this.",
        close: "Close",
    },
    unsealed: "This browser cannot seal the seed: until the draw it is stored readable on this phone.",
    cannot_draw: "This browser gives no random numbers: choose a position instead.",
    tap_to_start: ["Tap to start White's clock", "Tap to start Black's clock"],
    board_waits: [
        "Black starts White's clock first: tap Black's half, then White moves here.",
        "White starts Black's clock first: tap White's half, then Black moves here.",
    ],
    wait_for_start: ["White starts the clock", "Black starts the clock"],
    tap_when_moved: "Move, then tap",
    waiting: "Waiting",
    tokens: Plural::En {
        one: "token",
        other: "tokens",
    },
    position_no: "Position {n}",
    position_drawn: "Drawn position {n}",
    position_chosen: "Chosen position {n}",
    set_up_board: "Set up the board: both back ranks as shown, pawns in front.",
    rank_of: ["White, rank 1", "Black, rank 8"],
    undo_button: "Undo (give a token)",
    undo_confirm: "Give your opponent one token and take back their last move and yours?",
    undo_would: "Undo takes back {moves}",
    undone: "{name} gave {other} a token: {moves} taken back.",
    take_back: "Take back on the board: first {first}, then {second}.",
    refused: "Not possible now.",
    decision: BoardEndTexts {
        checkmate: "{name} is checkmated — but holds a token.",
        stalemate: "{name} is stalemated — but holds a token.",
    },
    decision_status: "Undo or accept?",
    decision_clock: "The clock runs; if it runs out, the result on the board stands.",
    accept: BoardEndTexts {
        checkmate: "Accept the checkmate",
        stalemate: "Accept the stalemate",
    },
    claim_threefold: "Claim threefold repetition",
    claim_fifty: "Claim the 50-move rule",
    adjust_hint: "Pause the clock to adjust time.",
    discard: "End and discard this game",
    reasons: UcReasonTexts {
        checkmate: "checkmate",
        stalemate: "stalemate",
        insufficient_material: "insufficient material",
        fivefold: "fivefold repetition",
        seventy_five_moves: "75-move rule",
        threefold_claim: "threefold repetition (claimed)",
        fifty_moves_claim: "50-move rule (claimed)",
        agreement: "agreed draw",
        resignation: "resignation",
        flag: "the flag fell",
    },
    flag_while_deciding: "The flag fell while deciding: the result on the board stands (UC-7).",
    tokens_left: "Tokens at the end",
    undos_made: Plural::En {
        one: "undo",
        other: "undos",
    },
    reveal_title: "Check the drawn start",
    reveal_explain: "The seed is revealed: with the setup code and the words it must give the commitment shown before the game and this position.",
    review_title: "Review",
    review_prev: "Previous move",
    review_next: "Next move",
    review_close: "Close",
};

pub static HE: UndoTexts = UndoTexts {
    chess: &game::CHESS_HE,
    game_name: "שחמט עם ביטול",
    game_summary: "Chess960 מעמדה מוגרלת. לכל שחקן יש אסימוני ביטול: תנו אחד כדי להחזיר את המסע האחרון של היריב ואת שלכם.",
    setup_title: "משחק חדש: שחמט עם ביטול",
    start_title: "עמדת פתיחה",
    start_choices: StartChoiceTexts {
        drawn: "מוגרלת (Chess960, עם התחייבות לפני המשחק)",
        standard: "שחמט רגיל (עמדה 518)",
        typed: "מספר לבחירתכם",
    },
    start_number: "מספר עמדה (0–959)",
    tokens_title: "אסימוני ביטול",
    tokens_white: "אסימוני לבן (0–3)",
    tokens_black: "אסימוני שחור (0–3)",
    rules: [
        "Chess960: השורה האחורית מוגרלת, ושל שחור היא תמונת ראי של לבן. להצרחה הקישו על המלך ואז על הצריח שלו; המלך והצריח מגיעים למשבצות הרגילות.",
        "בתורכם, אחרי המסע הראשון שלכם, אפשר לתת ליריב אסימון אחד כדי להחזיר את המסע האחרון שלו ואת המסע שלכם שלפניו. מותר כמה פעמים ברצף.",
        "השעון שלכם ממשיך לרוץ גם בזמן ביטול: זמן לעולם אינו מוחזר.",
        "אם אתם במט או בפט ויש לכם אסימון, עדיין אפשר לבטל או לקבל. אם בינתיים הדגל שלכם נופל, התוצאה על הלוח נשארת בתוקף.",
    ],
    import: ImportTexts {
        title: "סקירת משחק Chess960 (PGN)",
        explain: "הדביקו PGN של Chess960 או של שחמט רגיל כדי לעבור עליו מסע אחר מסע.",
        label: "טקסט PGN",
    },
    pgn_errors: PgnErrorTexts {
        empty: "אין משחק בטקסט הזה.",
        other_variant: "זה משחק \u{2068}{text}\u{2069}, לא Chess960.",
        bad_fen: "תג ה־FEN אינו עמדת Chess960 חוקית: \u{2068}{text}\u{2069}",
    },
    commit: CommitTexts {
        title: "התחייבות",
        explain: "טביעת האצבע הזו קובעת את עמדת הפתיחה לפני שמישהו יכול לדעת אותה. צלמו אותה או סרקו את הקוד שלה בטלפון אחר עכשיו; אחרי המשחק יוצג הזרע, וכל אחד יוכל לאמת את ההגרלה.",
        commitment: "התחייבות",
        copy: "העתקה",
        copied: "הועתק ✓",
        words_title: "המילים שלכם (רשות)",
        words_explain: "כל שחקן יכול להקליד מילים כלשהן; הן משתלבות בהגרלה, כך שהטלפון לבדו לא יכול לבחור את העמדה.",
        words_for: "המילים של \u{2068}{name}\u{2069}",
        words_refused: "יותר מדי מילים או מילים ארוכות מדי (עד 16, כל אחת עד 256 בתים).",
        lock_words: "נעילת המילים והגרלת העמדה",
        until_move_one: "מוצג עד המסע הראשון, למי שמצטרף מאוחר: אחרי המשחק הזרע שייחשף חייב לתת בדיוק את זה.",
        close: "סגירה",
    },
    unsealed: "הדפדפן הזה לא יכול להצפין את הזרע: עד ההגרלה הוא שמור בטלפון הזה בצורה קריאה.",
    cannot_draw: "הדפדפן הזה לא מספק מספרים אקראיים: בחרו עמדה במקום הגרלה.",
    tap_to_start: [
        "הקישו כדי להפעיל את השעון של לבן",
        "הקישו כדי להפעיל את השעון של שחור",
    ],
    board_waits: [
        "קודם שחור מפעיל את השעון של לבן: הקישו על החצי של שחור, ואז לבן משחק כאן.",
        "קודם לבן מפעיל את השעון של שחור: הקישו על החצי של לבן, ואז שחור משחק כאן.",
    ],
    wait_for_start: ["לבן מפעיל את השעון", "שחור מפעיל את השעון"],
    tap_when_moved: "שחקו, ואז הקישו",
    waiting: "בהמתנה",
    tokens: Plural::He {
        one: "אסימון",
        two: "אסימונים",
        other: "אסימונים",
    },
    position_no: "עמדה \u{2068}{n}\u{2069}",
    position_drawn: "עמדה מוגרלת \u{2068}{n}\u{2069}",
    position_chosen: "עמדה נבחרת \u{2068}{n}\u{2069}",
    set_up_board: "סדרו את הלוח: שתי השורות האחוריות כמוצג, והרגלים לפניהן.",
    rank_of: ["לבן, שורה 1", "שחור, שורה 8"],
    undo_button: "ביטול (מתן אסימון)",
    undo_confirm: "לתת ליריב אסימון אחד ולהחזיר את המסע האחרון שלו ואת שלכם?",
    undo_would: "ביטול יחזיר: \u{2068}{moves}\u{2069}",
    undone: "אסימון עבר מידי \u{2068}{name}\u{2069} לידי \u{2068}{other}\u{2069}: הוחזרו \u{2068}{moves}\u{2069}.",
    take_back: "החזירו על הלוח: קודם \u{2068}{first}\u{2069}, ואז \u{2068}{second}\u{2069}.",
    refused: "לא אפשרי כרגע.",
    decision: BoardEndTexts {
        checkmate: "\u{2068}{name}\u{2069}: מט — אבל יש אסימון.",
        stalemate: "\u{2068}{name}\u{2069}: פט — אבל יש אסימון.",
    },
    decision_status: "לבטל או לקבל?",
    decision_clock: "השעון רץ; אם הזמן נגמר, התוצאה על הלוח נשארת בתוקף.",
    accept: BoardEndTexts {
        checkmate: "לקבל את המט",
        stalemate: "לקבל את הפט",
    },
    claim_threefold: "תביעת חזרה משולשת",
    claim_fifty: "תביעת חוק 50 המסעים",
    adjust_hint: "השהו את השעון כדי לתקן את הזמן.",
    discard: "לסיים ולבטל את המשחק",
    reasons: UcReasonTexts {
        checkmate: "מט",
        stalemate: "פט",
        insufficient_material: "חוסר חומר",
        fivefold: "חזרה חמש פעמים",
        seventy_five_moves: "חוק 75 המסעים",
        threefold_claim: "חזרה משולשת (בתביעה)",
        fifty_moves_claim: "חוק 50 המסעים (בתביעה)",
        agreement: "תיקו בהסכמה",
        resignation: "כניעה",
        flag: "נפילת דגל",
    },
    flag_while_deciding: "הדגל נפל בזמן ההחלטה: התוצאה על הלוח נשארת בתוקף (UC-7).",
    tokens_left: "אסימונים בסיום",
    undos_made: Plural::He {
        one: "ביטול",
        two: "ביטולים",
        other: "ביטולים",
    },
    reveal_title: "אימות העמדה המוגרלת",
    reveal_explain: "הזרע נחשף: יחד עם קוד ההגדרה והמילים הוא חייב לתת את ההתחייבות שהוצגה לפני המשחק ואת העמדה הזו.",
    review_title: "סקירה",
    review_prev: "המסע הקודם",
    review_next: "המסע הבא",
    review_close: "סגירה",
};

pub static RU: UndoTexts = UndoTexts {
    chess: &game::CHESS_RU,
    game_name: "Шахматы с отменой",
    game_summary: "Шахматы Фишера со случайной расстановкой. У каждого есть жетоны отмены: отдайте один, чтобы вернуть последний ход соперника и свой.",
    setup_title: "Новая партия с отменой",
    start_title: "Начальная позиция",
    start_choices: StartChoiceTexts {
        drawn: "Жребий (Шахматы-960, с обязательством до партии)",
        standard: "Обычные шахматы (позиция 518)",
        typed: "Номер на ваш выбор",
    },
    start_number: "Номер позиции (0–959)",
    tokens_title: "Жетоны отмены",
    tokens_white: "Жетоны белых (0–3)",
    tokens_black: "Жетоны чёрных (0–3)",
    rules: [
        "Шахматы-960: задний ряд выпадает по жребию, у чёрных — зеркально. Рокировка: нажмите короля, затем его ладью; король и ладья встают на обычные поля.",
        "В свой ход, сделав хотя бы один ход, можно отдать сопернику жетон и вернуть его последний ход и свой ход перед ним. Можно несколько раз подряд.",
        "Ваши часы идут и во время отмены: время не возвращается.",
        "Если вам мат или пат, а жетон есть, можно отменить или согласиться. Если флажок упадёт раньше, остаётся результат на доске.",
    ],
    import: ImportTexts {
        title: "Просмотр партии Шахмат-960 (PGN)",
        explain: "Вставьте PGN партии Шахмат-960 или обычных шахмат, чтобы пройти её по ходам.",
        label: "Текст PGN",
    },
    pgn_errors: PgnErrorTexts {
        empty: "В этом тексте нет партии.",
        other_variant: "Это партия «{text}», а не Шахматы-960.",
        bad_fen: "Тег FEN — не допустимая позиция Шахмат-960: {text}",
    },
    commit: CommitTexts {
        title: "Обязательство",
        explain: "Этот отпечаток фиксирует начальную позицию раньше, чем её можно узнать. Сфотографируйте его или отсканируйте код другим телефоном; после партии будет показан ключ, и любой сможет проверить жребий.",
        commitment: "Обязательство",
        copy: "Копировать",
        copied: "Скопировано ✓",
        words_title: "Ваши слова (по желанию)",
        words_explain: "Каждый может ввести любые слова; они участвуют в жребии, так что телефон один не выберет позицию.",
        words_for: "Слова: {name}",
        words_refused: "Слишком много или слишком длинные слова (не больше 16, каждое до 256 байт).",
        lock_words: "Закрепить слова и тянуть позицию",
        until_move_one: "Видно до первого хода — для тех, кто подошёл позже: после партии раскрытое зерно должно дать ровно это.",
        close: "Закрыть",
    },
    unsealed: "Этот браузер не умеет запечатывать ключ: до жребия он хранится на телефоне открыто.",
    cannot_draw: "Браузер не даёт случайных чисел: выберите позицию.",
    tap_to_start: [
        "Нажмите, чтобы пустить часы белых",
        "Нажмите, чтобы пустить часы чёрных",
    ],
    board_waits: [
        "Сначала чёрные пускают часы белых: нажмите половину чёрных, затем белые ходят здесь.",
        "Сначала белые пускают часы чёрных: нажмите половину белых, затем чёрные ходят здесь.",
    ],
    wait_for_start: ["Белые пускают часы", "Чёрные пускают часы"],
    tap_when_moved: "Нажмите после хода",
    waiting: "Ожидание",
    tokens: Plural::Ru {
        one: "жетон",
        few: "жетона",
        many: "жетонов",
    },
    position_no: "Позиция {n}",
    position_drawn: "Позиция {n} по жребию",
    position_chosen: "Выбранная позиция {n}",
    set_up_board: "Расставьте доску: оба задних ряда как здесь, пешки перед ними.",
    rank_of: ["Белые, 1-я горизонталь", "Чёрные, 8-я горизонталь"],
    undo_button: "Отменить (отдать жетон)",
    undo_confirm: "Отдать сопернику жетон и вернуть его последний ход и ваш?",
    undo_would: "Отмена вернёт {moves}",
    undone: "{name} отдаёт жетон ({other}): ходы {moves} отменены.",
    take_back: "Верните на доске: сначала {first}, затем {second}.",
    refused: "Сейчас нельзя.",
    decision: BoardEndTexts {
        checkmate: "{name}: мат — но есть жетон.",
        stalemate: "{name}: пат — но есть жетон.",
    },
    decision_status: "Отменить или согласиться?",
    decision_clock: "Часы идут; если время кончится, остаётся результат на доске.",
    accept: BoardEndTexts {
        checkmate: "Согласиться с матом",
        stalemate: "Согласиться с патом",
    },
    claim_threefold: "Ничья: троекратное повторение",
    claim_fifty: "Ничья: правило 50 ходов",
    adjust_hint: "Поставьте часы на паузу, чтобы поправить время.",
    discard: "Прервать и удалить партию",
    reasons: UcReasonTexts {
        checkmate: "мат",
        stalemate: "пат",
        insufficient_material: "недостаточно материала",
        fivefold: "пятикратное повторение",
        seventy_five_moves: "правило 75 ходов",
        threefold_claim: "троекратное повторение (заявлено)",
        fifty_moves_claim: "правило 50 ходов (заявлено)",
        agreement: "ничья по согласию",
        resignation: "сдача",
        flag: "упал флажок",
    },
    flag_while_deciding: "Флажок упал во время решения: остаётся результат на доске (UC-7).",
    tokens_left: "Жетоны в конце",
    undos_made: Plural::Ru {
        one: "отмена",
        few: "отмены",
        many: "отмен",
    },
    reveal_title: "Проверка жребия",
    reveal_explain: "Ключ раскрыт: вместе с кодом настройки и словами он должен дать обязательство, показанное до партии, и эту позицию.",
    review_title: "Просмотр",
    review_prev: "Предыдущий ход",
    review_next: "Следующий ход",
    review_close: "Закрыть",
};

impl std::ops::Deref for UndoTexts {
    type Target = TwoPlayerChessTexts;

    fn deref(&self) -> &TwoPlayerChessTexts {
        self.chess
    }
}
