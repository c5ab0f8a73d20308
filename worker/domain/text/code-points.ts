/**
 * Text rules of CONTRACT section 6: lengths count Unicode code points (not UTF-16 units), and "not blank"
 * means at least one character that is not white space.
 */
export const codePointLength = (text: string): number => {
  let length = 0;
  for (const _ of text) length++;
  return length;
};

export const isBlank = (text: string): boolean => !/\S/u.test(text);

/** Control characters (C0, DEL, C1): never part of a file name. */
export const hasControlCharacter = (text: string): boolean => /\p{Cc}/u.test(text);
