/**
 * CSV cells that a spreadsheet would run as a formula (docs/commands.md, "Command line"): titles come from
 * channels and upstreams, so `=HYPERLINK(…)` or `+cmd|' /C calc'!A0` must not reach Excel or LibreOffice
 * as one. As OWASP's CSV Injection page recommends, a cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is written with a leading `'`, which spreadsheets show as text. An import of such a CSV
 * takes that `'` off again, so `export` then `import` gives back the same titles, `-` starts included. For
 * the pair to be exact both ways, a cell that already starts with apostrophes before such a character
 * gets one more on the way out and loses one on the way in.
 */

const FORMULA = /^'*[=+\-@\t\r]/;

/** The cell as written to a CSV export. */
export function neutraliseCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** A CSV import's cell as it was before `neutraliseCell`. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value;
}
