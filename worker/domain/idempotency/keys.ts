/**
 * Idempotency keys (CONTRACT 8.1), as pure rules: which header values are keys, which answers are saved,
 * and what a request meets when its key is already held.
 */

/** 1 to 255 printable ASCII characters. */
const KEY = /^[\x20-\x7e]{1,255}$/;
export const isIdempotencyKey = (value: string) => KEY.test(value);

/** How long a saved answer is replayed, and after how long a running mark counts as lost. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
export const LOST_AFTER_MS = 120 * 1000;

/**
 * Answers of a business outcome are saved: every 2xx, 404 (not a switched-off feature's) and 422. Anything
 * else (400, 401, 403, 409, 413, 429, 5xx) is not, so the same key can be retried.
 */
export const savesAnswer = (status: number, featureSwitchedOff: boolean) =>
  (status >= 200 && status < 300) || (status === 404 && !featureSwitchedOff) || status === 422;

/**
 * What becomes of a key once its request answered `status`:
 * - `save`: the answer is saved and replayed (`savesAnswer`);
 * - `free`: a refusal (4xx not saved) frees the key even when the request committed a write on its way (a
 *   refused bind stores its failures; a counter minted before a refusal leaves a gap). A refusal comes before the
 *   change it refuses, so running the request again repeats no change, and the contract lets the key be retried;
 * - `free-if-uncommitted`: a server error frees it only while the request committed nothing. After a commit its
 *   outcome is unknown, and the key stays committed without an answer (retries answer 409) rather than let a
 *   retry write twice.
 */
export type Settlement = "save" | "free" | "free-if-uncommitted";

export function settlementOf(status: number, featureSwitchedOff: boolean): Settlement {
  if (savesAnswer(status, featureSwitchedOff)) return "save";
  return status >= 400 && status < 500 ? "free" : "free-if-uncommitted";
}

export interface HeldKey {
  fingerprint: string;
  state: "running" | "committed" | "done";
  createdAt: string;
  expiresAt: string;
}

export type Meeting =
  /** The key is free again (its answer expired, or its first request was lost before any write): run. */
  | "take-over"
  | "replay"
  | "reused"
  | "in-flight"
  /** The first request's write committed but its answer was never saved (it stopped in between). */
  | "answer-lost";

/** What a request with fingerprint `fingerprint` meets, at `now`, when its key is already held. */
export function meetHeldKey(held: HeldKey, fingerprint: string, now: Date): Meeting {
  const at = now.getTime();
  if (Date.parse(held.expiresAt) <= at) return "take-over";
  if (held.state === "running" && at - Date.parse(held.createdAt) > LOST_AFTER_MS) return "take-over";
  if (held.fingerprint !== fingerprint) return "reused";
  if (held.state === "done") return "replay";
  // A committed write whose answer is not saved yet is still settling, unless that was long ago (it stopped).
  if (held.state === "running" || at - Date.parse(held.createdAt) <= LOST_AFTER_MS) return "in-flight";
  return "answer-lost";
}

/** How often a request claims a key that was freed between its claim and its look at the holder. */
export const CLAIM_ATTEMPTS = 3;

/**
 * Claims a key, or finds who holds it. A key freed between the claim and the look (a refused request with
 * the same key released it, or the cron expired it) is claimed again, so a request never runs without
 * holding its key or meeting its holder; still contended after `CLAIM_ATTEMPTS`, it is `contended`.
 */
export async function claimOrFind<Held>(
  claim: () => Promise<boolean>,
  find: () => Promise<Held | null>,
): Promise<{ claimed: true } | { claimed: false; held: Held } | { claimed: false; held: null }> {
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    if (await claim()) return { claimed: true };
    const held = await find();
    if (held) return { claimed: false, held };
  }
  return { claimed: false, held: null };
}
