/** Column letters of a 0-based column index in A1 notation: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A1 notation of a tab name: always quoted, quotes doubled. */
export const quotedTab = (title: string) => `'${title.replaceAll("'", "''")}'`;
