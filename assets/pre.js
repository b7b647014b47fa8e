// Runs before the first paint (a classic script in <head>; a release build
// writes this text into the page, where the Content-Security-Policy allows it
// by its hash: .ci/page-head.mjs). It picks what the static
// first screen in index.html shows while the WebAssembly app loads:
// - Sun mode, as src/ui/theme.rs decides it: the stored choice, else the
//   system's light/dark setting;
// - the language, as src/ui/i18n decides it: the stored choice, else the
//   browser's language, else English;
// - the home screen for the home page, a plain splash for any other page.
// Storage may throw (private mode, disabled): the defaults then apply.
(function () {
  var root = document.documentElement;
  function stored(key) {
    try { return localStorage.getItem(key); } catch (_) { return null; }
  }
  var theme = stored('nordau-shift.theme');
  if (theme === 'sun' || (theme !== 'dark' && matchMedia('(prefers-color-scheme: light)').matches)) {
    root.dataset.theme = 'sun';
  }
  var lang = (stored('nordau-shift.lang') || navigator.language || 'en').split(/[-_]/)[0].toLowerCase();
  if (lang === 'iw') lang = 'he'; // older Android's tag for Hebrew
  root.lang = lang === 'ru' || lang === 'he' ? lang : 'en';
  root.dir = root.lang === 'he' ? 'rtl' : 'ltr';
  var page = location.hash.replace(/^#\/?/, '');
  root.dataset.start = page === '' ? 'home' : 'page';
})();
