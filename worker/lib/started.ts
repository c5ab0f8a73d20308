/**
 * A read started before the reads it does not depend on have answered, so they share one round trip: its
 * failure surfaces only where its value is taken (in the order the operation takes them, so refusals keep
 * their precedence), never as an unhandled rejection meanwhile.
 */
export function started<T>(read: Promise<T>): () => Promise<T> {
  const outcome = read.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return async () => {
    const settled = await outcome;
    if (!settled.ok) throw settled.error;
    return settled.value;
  };
}
