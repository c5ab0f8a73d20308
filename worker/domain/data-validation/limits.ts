/** Limits of data validation (interface, Limits table). Sizes above a cap are clamped, never refused. */

/** Batch validation: one page of stored records validated synchronously. `page` is one-based. */
export const BATCH_PAGE_SIZE = { default: 100, max: 100 } as const;

/** Saved findings of a run. */
export const FINDINGS_PAGE_SIZE = { default: 50, max: 500 } as const;

/** Records one queue message of a run validates. */
export const RUN_CHUNK_SIZE = 100;

/** Failed deliveries of one step before the run is marked failed (the queue allows 5 retries). */
export const RUN_STEP_MAX_ATTEMPTS = 5;
