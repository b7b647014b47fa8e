//! Strings of the verifier page.

pub struct VerifierTexts {
    pub title: &'static str,
}

pub static EN: VerifierTexts = VerifierTexts {
    title: "Verify a draw",
};

pub static RU: VerifierTexts = VerifierTexts {
    title: "Проверка жеребьёвки",
};
