import { codePointLength, hasControlCharacter } from "../text/code-points";
import { MAX_FILE_NAME_LENGTH } from "./limits";

/** What is wrong with a file name, or null: 1 to 255 code points without control characters. */
export function fileNameProblem(name: string): string | null {
  const length = codePointLength(name);
  if (length < 1) return "must not be empty";
  if (length > MAX_FILE_NAME_LENGTH) return `must be at most ${MAX_FILE_NAME_LENGTH} characters long`;
  if (hasControlCharacter(name)) return "must not contain control characters";
  return null;
}
