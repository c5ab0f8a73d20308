/** The members of a comma-separated header, each as its lowercased token and its `q` weight (default 1). */
function weightedTokens(header: string): Array<{ token: string; q: number }> {
  return header.split(",").flatMap((member) => {
    const [name = "", ...parameters] = member.split(";").map((part) => part.trim());
    if (!name) return [];
    const weight = parameters.find((parameter) => /^q\s*=/i.test(parameter));
    const q = weight === undefined ? 1 : Number(weight.slice(weight.indexOf("=") + 1).trim());
    return [{ token: name.toLowerCase(), q: Number.isFinite(q) ? q : 0 }];
  });
}

/**
 * Whether an `Accept-Encoding` value accepts gzip (RFC 9110, 12.5.3): `gzip` (or `x-gzip`) named with a weight
 * above 0, or `*` above 0 when gzip is not named. A request without the header gets the identity coding: RFC 9110
 * would allow any coding, but a client that sends none (curl without `--compressed`) usually cannot decode one.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const members = weightedTokens(header);
  const named = members.filter(({ token }) => token === "gzip" || token === "x-gzip");
  if (named.length) return named.some(({ q }) => q > 0);
  return members.some(({ token, q }) => token === "*" && q > 0);
}

/** Whether an `If-None-Match` value names `etag` (the weak comparison of RFC 9110, 13.1.2) or is `*`. */
export function entityTagListed(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.replace(/^W\//, "");
  return header.split(",").some((member) => {
    const tag = member.trim();
    return tag === "*" || opaque(tag) === opaque(etag);
  });
}
