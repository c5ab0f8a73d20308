/**
 * The category rule of folders and files (interface, "folder node `category`"; CONTRACT section 6,
 * Folders): a label from the configured list of the owner's entity type, or null. `configured` is that
 * list, or null for a company folder or file, which has no list (any label is refused).
 */
export type CategoryVerdict = { ok: true; category: string | null } | { ok: false; problem: string };

const refused = (label: string, configured: readonly string[] | null): CategoryVerdict => ({
  ok: false,
  problem:
    configured === null
      ? `"${label}" cannot be set: company folders and files take no category`
      : configured.length === 0
        ? `"${label}" is not a configured category; none is configured for this entity type`
        : `"${label}" is not a configured category; use one of ${configured.map((c) => `"${c}"`).join(", ")}`,
});

/** On create: a configured label, or null/omitted for none. */
export function categoryOnCreate(requested: string | null | undefined, configured: readonly string[] | null) {
  if (requested === undefined || requested === null) return { ok: true, category: null } satisfies CategoryVerdict;
  if (configured?.includes(requested)) return { ok: true, category: requested } satisfies CategoryVerdict;
  return refused(requested, configured);
}

/**
 * On update: omitted leaves the current label; null clears it; the label already carried is kept even
 * when the configuration no longer lists it; a configured label is set; any other label is refused.
 */
export function categoryOnUpdate(
  requested: string | null | undefined,
  current: string | null,
  configured: readonly string[] | null,
): CategoryVerdict {
  if (requested === undefined) return { ok: true, category: current };
  if (requested === null) return { ok: true, category: null };
  if (requested === current) return { ok: true, category: current };
  return categoryOnCreate(requested, configured);
}
