//! What every setup screen says about a refused name: the one name rule of
//! every game (`referee::names`, docs/fairness.md §1.2).

use super::format;
use super::i18n::I18n;
use crate::referee::names::NameProblem;

/// The message for name `index` (0-based) and its problem, in the current
/// language; `required` is the module's own "enter the names" text.
pub fn name_problem_text(
    i18n: &I18n,
    required: &'static str,
    index: usize,
    problem: NameProblem,
) -> String {
    let t = &i18n.t().game.names;
    let n = (index + 1).to_string();
    let c = |c: char| format!("{:04X}", u32::from(c));
    match problem {
        NameProblem::Empty => required.to_owned(),
        NameProblem::TooLong { .. } => format::fill(t.too_long, &[("n", &n)]),
        NameProblem::Character(ch) => format::fill(t.character, &[("n", &n), ("c", &c(ch))]),
        // The forms trim the ends, so only inner runs are left.
        NameProblem::EdgeSpace | NameProblem::DoubleSpace => format::fill(t.spaces, &[("n", &n)]),
        NameProblem::LeadingMark(ch) => format::fill(t.mark, &[("n", &n), ("c", &c(ch))]),
    }
}
