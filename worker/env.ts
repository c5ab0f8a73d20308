import type { CompanyObject } from "../durable/company";
import type { RateLimiter } from "../durable/rate-limiter";

/** Bindings declared in wrangler.toml plus the secrets set with `wrangler secret put`. */
export interface Env {
  DB: D1Database;
  COMPANY: DurableObjectNamespace<CompanyObject>;
  /** One object per API key: its requests-per-minute budget (CONTRACT 8.2). */
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  BACKGROUND: Queue<BackgroundMessage>;
  FILES: R2Bucket;
  STAFF_TOKEN: string;
  APP_BASE_URL?: string;
  /** Google Sheets API origin; default `https://sheets.googleapis.com` (tests point it at a fake). */
  SHEETS_API_BASE_URL?: string;
  /** Google Drive API origin; default `https://www.googleapis.com` (tests point it at a fake). */
  DRIVE_API_BASE_URL?: string;
  /** U.S. Census Geocoder origin; default `https://geocoding.geo.census.gov` (tests point it at a fake). */
  GEOCODER_BASE_URL?: string;
  /** Milliseconds one geocoder lookup may take before the address is recorded as `failed`; default 3000. */
  GEOCODER_TIMEOUT_MS?: string;
  /**
   * `off` skips the per-key rate limiter: only `npm run bench` sets it (`wrangler dev --var`), on a server of
   * its own, to measure what the limiter costs. Never set in a deployment.
   */
  RATE_LIMITS?: string;
}

/** Every queue message names its job type and carries a producer-generated id for deduplication. */
export interface BackgroundMessage {
  type: string;
  messageId: string;
  companyId: string;
  payload: Record<string, unknown>;
}
