/**
 * Who made a screening or a review when it arrives through an API key: the External API service user,
 * one per key. Stored as text because `screenedBy` and `reviewedBy` are text in the published schema.
 */
export function externalApiServiceUser(keyId: string): string {
  return `External API service user (key ${keyId})`;
}
