/**
 * The rate-limit answers of every API-key operation in the served description (CONTRACT 8.2): the three
 * `RateLimit-*` headers on each 2xx and 4xx answer (none on a 401: an unauthenticated call is not counted),
 * and the 429 `RateLimited` answer with `Retry-After`. Staff-token operations are not limited.
 */

/** An OpenAPI object as the generator leaves it: members this module reads or writes. */
interface Json {
  [member: string]: unknown;
}
interface Operation extends Json {
  security?: Json[];
  responses?: Record<string, Json & { description?: string; headers?: Json }>;
}

const integerHeader = (description: string) => ({
  description,
  schema: { type: "integer", format: "int32", minimum: 0, maximum: 100_000 },
});

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": integerHeader("Requests per minute the key may make (the company's budget; default 600)."),
  "RateLimit-Remaining": integerHeader("Requests left in the current one-minute window."),
  "RateLimit-Reset": integerHeader("Seconds until the window resets (at least 1)."),
};

const RATE_LIMITED = {
  description:
    "Over the key's budget (`RateLimited`, message `Rate limit exceeded`): nothing ran; the call is audit-logged.",
  headers: {
    ...RATE_LIMIT_HEADERS,
    "Retry-After": integerHeader("Over the rate limit: seconds to wait before the budget has room (at least 1)."),
  },
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

const keyAuthenticated = (operation: Operation) =>
  Array.isArray(operation.security) && operation.security.some((s) => "ApiKey" in s);

export function withRateLimitAnswers<T extends { paths?: unknown }>(document: T): T {
  for (const item of Object.values((document.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const operation of Object.values(item)) {
      const responses = operation?.responses;
      if (!responses || !keyAuthenticated(operation)) continue;
      for (const [status, answer] of Object.entries(responses)) {
        if (!/^[24]/.test(status)) continue;
        const note = status === "401" ? " Not sent on a 401: a call without a valid key is not counted." : "";
        const headers = Object.fromEntries(
          Object.entries(RATE_LIMIT_HEADERS).map(([name, header]) => [
            name,
            { ...header, description: header.description + note },
          ]),
        );
        answer.headers = { ...answer.headers, ...headers };
      }
      const own = responses["429"];
      // A route's own 429 (bill review capacity) shares the status: both answers are described.
      responses["429"] = own
        ? { ...own, description: `${own.description} Or: ${RATE_LIMITED.description}`, headers: RATE_LIMITED.headers }
        : RATE_LIMITED;
    }
  }
  return document;
}
