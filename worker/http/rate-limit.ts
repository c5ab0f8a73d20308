import type { Context } from "hono";
import { type RateLimitSettings, rateLimitSettings } from "../domain/company/lifecycle";
import type { Decision } from "../domain/rate-limits/window";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";

/**
 * Charges one request to an API key's budget (CONTRACT 8.2) in the key's own limiter object, before the
 * key's company is compared with the path (a key used on another company's path counts against its own
 * budget). Over budget: 429 `RateLimited`, and nothing runs. The decision is kept for the answer's headers.
 */
export async function chargeApiKey(
  c: Context<AppEnv>,
  keyId: string,
  stored: Partial<RateLimitSettings> | null,
): Promise<void> {
  if (c.env.RATE_LIMITS === "off") return;
  const limiter = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(keyId));
  const decision = await limiter.take(rateLimitSettings(stored).requestsPerMinute);
  c.set("rateLimit", decision);
  if (!decision.allowed) {
    throw new ApiError({
      code: "RateLimited",
      message: "Rate limit exceeded",
      userMessages: [`Too many requests: retry in ${decision.resetSeconds} seconds.`],
    });
  }
}

/** The headers of an answer to a key-authenticated request; `Retry-After` only when it was refused. */
export function rateLimitHeaders(decision: Decision): Record<string, string> {
  return {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(decision.remaining),
    "RateLimit-Reset": String(decision.resetSeconds),
    ...(decision.allowed ? {} : { "Retry-After": String(decision.resetSeconds) }),
  };
}
