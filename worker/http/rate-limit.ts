import type { Context } from "hono";
import { type RateLimitSettings, rateLimitSettings } from "../domain/company/lifecycle";
import { grantedDecision, joined, spend, unusedOf } from "../domain/rate-limits/allowance";
import type { Decision } from "../domain/rate-limits/window";
import { ApiError } from "../errors/api-error";
import { logFailure } from "../lib/log";
import type { AppEnv } from "./context";
import { KeyAllowances } from "./key-allowances";

/** This isolate's allowances: most requests are charged here, without a call to the key's limiter object. */
export const keyAllowances = new KeyAllowances();

/**
 * Charges one request to an API key's budget (CONTRACT 8.2), before the key's company is compared with the
 * path (a key used on another company's path counts against its own budget): from this isolate's allowance
 * while it holds units, else from a grant of the key's limiter object (which takes back the units of a lapsed
 * allowance). Over budget: 429 `RateLimited`, and nothing runs. The decision is kept for the answer's headers.
 */
export async function chargeApiKey(
  c: Context<AppEnv>,
  keyId: string,
  stored: Partial<RateLimitSettings> | null,
): Promise<void> {
  if (c.env.RATE_LIMITS === "off") return;
  const limit = rateLimitSettings(stored).requestsPerMinute;
  const decision = spendAllowance(keyId, limit, Date.now()) ?? (await chargeLimiter(c, keyId, limit));
  c.set("rateLimit", decision);
  if (!decision.allowed) {
    throw new ApiError({
      code: "RateLimited",
      message: "Rate limit exceeded",
      userMessages: [`Too many requests: retry in ${decision.resetSeconds} seconds.`],
    });
  }
  if (keyAllowances.claimTopUp(keyId, limit, Date.now())) c.executionCtx.waitUntil(topUp(c, keyId, limit));
}

function spendAllowance(keyId: string, limit: number, now: number): Decision | null {
  const spent = spend(keyAllowances.get(keyId), limit, now);
  if (!spent) return null;
  keyAllowances.set(keyId, spent.allowance);
  return spent.decision;
}

const limiterOf = (c: Context<AppEnv>, keyId: string) => c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(keyId));

async function chargeLimiter(c: Context<AppEnv>, keyId: string, limit: number): Promise<Decision> {
  const unused = unusedOf(keyAllowances.take(keyId));
  const grant = await limiterOf(c, keyId).grant(limit, unused);
  const now = Date.now();
  // Another request of this isolate may have been granted units meanwhile: hold both.
  keyAllowances.set(keyId, joined(keyAllowances.get(keyId), grant, now));
  return spendAllowance(keyId, limit, now) ?? grantedDecision(grant, now);
}

/** More units for the key, joined to what this isolate holds, in `waitUntil`: the claiming call does not wait (`claimTopUp`). */
async function topUp(c: Context<AppEnv>, keyId: string, limit: number): Promise<void> {
  try {
    const grant = await limiterOf(c, keyId).grant(limit, null);
    keyAllowances.set(keyId, joined(keyAllowances.get(keyId), grant, Date.now()));
  } catch (error) {
    // The allowance still answers until it lapses; the call after that asks the object itself.
    logFailure("rate-limit-top-up-failed", error);
  } finally {
    keyAllowances.endTopUp(keyId);
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
