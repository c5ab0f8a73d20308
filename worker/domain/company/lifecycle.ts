import { DEFAULT_REQUESTS_PER_MINUTE } from "../rate-limits/window";

export const LIFECYCLES = ["sandbox", "live", "retired", "uninitialized"] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];

/**
 * Allowed lifecycle moves (the interface leaves them unshown; documented in the OpenAPI description).
 * Data only ever moves towards safety: a Live company never becomes wipeable again, Retired is final,
 * and nothing returns to `uninitialized`. Staying put is always allowed.
 */
const NEXT: Record<Lifecycle, readonly Lifecycle[]> = {
  uninitialized: ["sandbox", "live", "retired"],
  sandbox: ["live", "retired"],
  live: ["retired"],
  retired: [],
};

export function canMoveLifecycle(from: Lifecycle, to: Lifecycle): boolean {
  return from === to || NEXT[from].includes(to);
}

/** Reset, wipes and forced imports: Sandbox only, for every caller (interface, States). */
export function allowsDestructiveChanges(lifecycle: Lifecycle): boolean {
  return lifecycle === "sandbox";
}

export const FEATURES = ["financials", "policyFinancials", "ofacScreening"] as const;
export type Feature = (typeof FEATURES)[number];
export const DEFAULT_FEATURES: Record<Feature, boolean> = {
  financials: true,
  policyFinancials: true,
  ofacScreening: true,
};

/** Staff settings of bill review (CONTRACT section 7.1): queued + running runs allowed, and the pause. */
export interface BillReviewSettings {
  /** 0-100 queued + running runs per company. */
  capacity: number;
  /** While true, queued runs are not started; switching it off starts them. */
  paused: boolean;
}

export const DEFAULT_BILL_REVIEW: BillReviewSettings = { capacity: 5, paused: false };

/** Staff settings of rate limits (CONTRACT 8.2): each API key's requests per minute. */
export interface RateLimitSettings {
  requestsPerMinute: number;
}

export const rateLimitSettings = (stored: Partial<RateLimitSettings> | null | undefined): RateLimitSettings => ({
  requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE,
  ...stored,
});

export const billReviewSettings = (stored: Partial<BillReviewSettings> | null): BillReviewSettings => ({
  ...DEFAULT_BILL_REVIEW,
  ...stored,
});
