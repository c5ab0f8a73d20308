/** Life of a bordereau export: queued → running → succeeded or failed. */
export const EXPORT_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const CHUNK_STATUSES = ["pending", "written", "failed"] as const;

export const isTerminal = (status: ExportStatus) => status === "succeeded" || status === "failed";

/** Failed deliveries of one chunk before the export is marked failed (the queue allows 5 retries). */
export const CHUNK_MAX_ATTEMPTS = 5;
