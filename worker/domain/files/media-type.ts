import { MAX_CONTENT_TYPE_LENGTH } from "./limits";

/**
 * A media type as RFC 9110 section 8.3.1 writes it: `type/subtype` followed by `; name=value` parameters
 * (value a token or a quoted string), in printable ASCII, at most 255 characters.
 */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED_STRING = '"(?:[\\t\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\t\\x20-\\x7E])*"';
const PARAMETER = `[\\t ]*;[\\t ]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED_STRING}))?`;
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:${PARAMETER})*$`);
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

export function isMediaType(text: string): boolean {
  return text.length <= MAX_CONTENT_TYPE_LENGTH && PRINTABLE_ASCII.test(text) && MEDIA_TYPE.test(text);
}
