/**
 * How a background validation run walks the stored records: its entity types in order, each in
 * creation order, one chunk of records per step (a chunk may span types). Pure; the run store
 * persists the cursor.
 */

export const RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const isTerminal = (status: RunStatus) => status === "succeeded" || status === "failed";

/** Where the next chunk starts: a type, and the last record already validated in it (null at its start). */
export interface RunCursor {
  typeIndex: number;
  after: { createdAt: string; entityId: string } | null;
}

export const RUN_START: RunCursor = { typeIndex: 0, after: null };

/**
 * The cursor after reading up to `requested` records of the cursor's type: a full read may have more
 * behind it; a short one ends the type. Null when the last type has ended (the run is complete).
 */
export function cursorAfterRead(
  cursor: RunCursor,
  typeCount: number,
  read: ReadonlyArray<{ createdAt: string; id: string }>,
  requested: number,
): RunCursor | null {
  const last = read.at(-1);
  if (last && read.length >= requested)
    return { typeIndex: cursor.typeIndex, after: { createdAt: last.createdAt, entityId: last.id } };
  const typeIndex = cursor.typeIndex + 1;
  return typeIndex < typeCount ? { typeIndex, after: null } : null;
}

/** Position of a record in the run's walk: steps never overlap, so findings keep the walk order. */
export const ordinalOf = (step: number, indexInChunk: number, chunkSize: number) => step * chunkSize + indexInChunk;
