//! Strings of the Crazyhouse module: setup, the two-player clock, the board
//! with pockets, the menu and the end screen.

use crate::ui::format::Plural;
use crate::ui::i18n::Catalogue;
use crate::ui::i18n::game::{self, TwoPlayerChessTexts};
use crate::ui::i18n::game::{ImportTexts, PgnErrorTexts};

/// This module's strings in every language the app speaks.
pub static TEXTS: Catalogue<CrazyhouseTexts> = Catalogue {
    en: &EN,
    ru: &RU,
    he: &HE,
};

pub struct CrazyhouseTexts {
    /// What Crazyhouse and Undo Chess say alike (read through `Deref`).
    pub chess: &'static TwoPlayerChessTexts,
    pub game_name: &'static str,
    pub game_summary: &'static str,
    // setup
    pub setup_title: &'static str,
    pub rules: [&'static str; 4],
    pub import: ImportTexts,
    pub pgn_errors: PgnErrorTexts,
    // play
    /// On the starter's half, by the colour whose clock it starts: White's, Black's.
    pub tap_to_start: [&'static str; 2],
    /// Board mode before the starting press, by the side to move.
    pub board_waits: [&'static str; 2],
    /// On the first mover's half, by the colour that starts: White, Black.
    pub wait_for_start: [&'static str; 2],
    pub tap_when_moved: &'static str,
    pub waiting: &'static str,
    /// How many moves a side has made ("12 moves").
    pub moves_made: Plural,
    pub undo_tap: &'static str,
    pub undo_move: &'static str,
    pub undo_confirm: &'static str,
    pub refused: &'static str,
    // menu
    pub claim_threefold: &'static str,
    pub adjust_hint: &'static str,
    pub discard: &'static str,
    // end
    pub reasons: ZhReasonTexts,
}

pub struct ZhReasonTexts {
    pub checkmate: &'static str,
    pub stalemate: &'static str,
    pub resignation: &'static str,
    pub agreement: &'static str,
    pub threefold: &'static str,
    pub fivefold: &'static str,
    pub ply_limit: &'static str,
    pub flag: &'static str,
    pub recorded: &'static str,
}

pub static EN: CrazyhouseTexts = CrazyhouseTexts {
    chess: &game::CHESS_EN,
    game_name: "Crazyhouse",
    game_summary: "Captured pieces change sides and can be dropped back onto the board. Two players, a full chess clock.",
    setup_title: "New Crazyhouse game",
    rules: [
        "A captured piece changes colour and goes into the capturer's pocket. Instead of moving you may drop a pocket piece on any empty square — even with check or mate.",
        "Pawns are not dropped on the first or last rank. A promoted piece goes back to the pocket as a pawn when captured.",
        "Mate must hold against every drop. A rook dropped on its corner does not give castling back.",
        "Draws: stalemate, agreement, threefold repetition with equal pockets (claimed), and after 600 half-moves. No 50-move rule; bare kings are not a draw. A flag always loses.",
    ],
    import: ImportTexts {
        title: "Continue or review a game (PGN)",
        explain: "Paste a Crazyhouse PGN. A game without a result continues on the on-screen board with the time control above; a finished one opens for review.",
        label: "PGN text",
    },
    pgn_errors: PgnErrorTexts {
        empty: "there is no game in this text.",
        other_variant: "{text} games cannot be imported here: only Crazyhouse games.",
        bad_fen: "the FEN tag is not a legal Crazyhouse position: {text}",
    },
    tap_to_start: ["Tap to start White's clock", "Tap to start Black's clock"],
    board_waits: [
        "Black starts White's clock first: tap Black's half, then White moves here.",
        "White starts Black's clock first: tap White's half, then Black moves here.",
    ],
    wait_for_start: ["White starts the clock", "Black starts the clock"],
    tap_when_moved: "Tap when you have moved",
    waiting: "Waiting",
    moves_made: Plural::En {
        one: "move",
        other: "moves",
    },
    undo_tap: "Undo last tap",
    undo_move: "Undo last move",
    undo_confirm: "Take it back? The time since that tap is charged to the player who tapped.",
    refused: "Not possible now.",
    claim_threefold: "Claim threefold repetition",
    adjust_hint: "Pause the clock to adjust time.",
    discard: "End and discard this game",
    reasons: ZhReasonTexts {
        checkmate: "checkmate",
        stalemate: "stalemate",
        resignation: "resignation",
        agreement: "agreed draw",
        threefold: "threefold repetition (claimed)",
        fivefold: "fivefold repetition",
        ply_limit: "600 half-moves were played",
        flag: "the flag fell",
        recorded: "result as recorded in the PGN",
    },
};

pub static HE: CrazyhouseTexts = CrazyhouseTexts {
    chess: &game::CHESS_HE,
    game_name: "קרייזיהאוס",
    game_summary: "כלים שנלקחו עוברים צד ואפשר להציב אותם בחזרה על הלוח. שני שחקנים, שעון שחמט מלא.",
    setup_title: "משחק קרייזיהאוס חדש",
    rules: [
        "כלי שנלקח מחליף צבע ועובר לכיס של מי שלקח אותו. במקום לשחק מסע אפשר להציב כלי מהכיס על כל משבצת ריקה — גם עם שח או מט.",
        "רגלים לא מוצבים בשורה הראשונה או האחרונה. כלי שהוכתר חוזר לכיס כרגלי כשהוא נלקח.",
        "מט חייב לעמוד מול כל הצבה. צריח שמוצב בפינה שלו לא מחזיר את זכות ההצרחה.",
        "תיקו: פט, הסכמה, חזרה משולשת עם כיסים שווים (בתביעה), ואחרי 600 חצאי מסעים. אין חוק 50 המסעים; מלכים בודדים אינם תיקו. נפילת דגל היא תמיד הפסד.",
    ],
    import: ImportTexts {
        title: "המשך או צפייה במשחק (PGN)",
        explain: "הדביקו PGN של קרייזיהאוס. משחק ללא תוצאה ימשיך על הלוח שבמסך עם בקרת הזמן שלמעלה; משחק שהסתיים ייפתח לצפייה.",
        label: "טקסט PGN",
    },
    pgn_errors: PgnErrorTexts {
        empty: "אין משחק בטקסט הזה.",
        other_variant: "אי אפשר לייבא כאן משחקי \u{2068}{text}\u{2069}: רק משחקי קרייזיהאוס.",
        bad_fen: "תג ה־FEN אינו עמדת קרייזיהאוס חוקית: \u{2068}{text}\u{2069}",
    },
    tap_to_start: ["לחצו להפעלת השעון של לבן", "לחצו להפעלת השעון של שחור"],
    board_waits: [
        "שחור מפעיל ראשון את השעון של לבן: לחצו על החצי של שחור, ואז לבן משחק כאן.",
        "לבן מפעיל ראשון את השעון של שחור: לחצו על החצי של לבן, ואז שחור משחק כאן.",
    ],
    wait_for_start: ["לבן מפעיל את השעון", "שחור מפעיל את השעון"],
    tap_when_moved: "לחצו אחרי המסע",
    waiting: "בהמתנה",
    moves_made: Plural::He {
        one: "מסע",
        two: "מסעים",
        other: "מסעים",
    },
    undo_tap: "ביטול הלחיצה האחרונה",
    undo_move: "ביטול המסע האחרון",
    undo_confirm: "לבטל? הזמן שעבר מאז הלחיצה ההיא ינוכה מהשחקן שלחץ.",
    refused: "לא אפשרי כרגע.",
    claim_threefold: "תביעת חזרה משולשת",
    adjust_hint: "השהו את השעון כדי לכוונן את הזמן.",
    discard: "סיום ומחיקת המשחק",
    reasons: ZhReasonTexts {
        checkmate: "מט",
        stalemate: "פט",
        resignation: "כניעה",
        agreement: "תיקו בהסכמה",
        threefold: "חזרה משולשת (בתביעה)",
        fivefold: "חזרה מחומשת",
        ply_limit: "שוחקו 600 חצאי מסעים",
        flag: "הדגל נפל",
        recorded: "התוצאה כפי שנרשמה ב־PGN",
    },
};

pub static RU: CrazyhouseTexts = CrazyhouseTexts {
    chess: &game::CHESS_RU,
    game_name: "Крейзихаус",
    game_summary: "Взятые фигуры меняют цвет и выставляются обратно на доску. Двое игроков, полноценные шахматные часы.",
    setup_title: "Новая партия в крейзихаус",
    rules: [
        "Взятая фигура меняет цвет и попадает в запас взявшего. Вместо хода можно выставить фигуру из запаса на любое пустое поле — даже с шахом или матом.",
        "Пешки не выставляются на первую и последнюю горизонталь. Превращённая фигура, будучи взятой, возвращается в запас пешкой.",
        "Мат должен держаться против любого выставления. Ладья, выставленная в угол, не возвращает право рокировки.",
        "Ничья: пат, соглашение, троекратное повторение при одинаковых запасах (по заявлению) и после 600 полуходов. Правила 50 ходов нет; голые короли — не ничья. Упавший флаг — всегда поражение.",
    ],
    import: ImportTexts {
        title: "Продолжить или просмотреть партию (PGN)",
        explain: "Вставьте PGN партии в крейзихаус. Партия без результата продолжится на экранной доске с контролем времени выше; законченная откроется для просмотра.",
        label: "Текст PGN",
    },
    pgn_errors: PgnErrorTexts {
        empty: "в этом тексте нет партии.",
        other_variant: "партии в {text} здесь не импортируются — только крейзихаус.",
        bad_fen: "тег FEN — не допустимая позиция крейзихауса: {text}",
    },
    tap_to_start: [
        "Нажмите, чтобы пустить часы белых",
        "Нажмите, чтобы пустить часы чёрных",
    ],
    board_waits: [
        "Сначала чёрные пускают часы белых: нажмите половину чёрных, затем белые ходят здесь.",
        "Сначала белые пускают часы чёрных: нажмите половину белых, затем чёрные ходят здесь.",
    ],
    wait_for_start: ["Часы пускают белые", "Часы пускают чёрные"],
    tap_when_moved: "Сделав ход, нажмите",
    waiting: "Ждёт",
    moves_made: Plural::Ru {
        one: "ход",
        few: "хода",
        many: "ходов",
    },
    undo_tap: "Отменить нажатие",
    undo_move: "Отменить ход",
    undo_confirm: "Отменить? Время после этого нажатия спишется с нажавшего.",
    refused: "Сейчас это невозможно.",
    claim_threefold: "Заявить троекратное повторение",
    adjust_hint: "Остановите часы, чтобы поправить время.",
    discard: "Завершить и удалить партию",
    reasons: ZhReasonTexts {
        checkmate: "мат",
        stalemate: "пат",
        resignation: "сдача",
        agreement: "ничья по соглашению",
        threefold: "троекратное повторение (по заявлению)",
        fivefold: "пятикратное повторение",
        ply_limit: "сыграно 600 полуходов",
        flag: "упал флаг",
        recorded: "результат из PGN",
    },
};

impl std::ops::Deref for CrazyhouseTexts {
    type Target = TwoPlayerChessTexts;

    fn deref(&self) -> &TwoPlayerChessTexts {
        self.chess
    }
}
