import { z } from "@hono/zod-openapi";
import { queryInteger } from "../lib/bounded";

/**
 * `page` (one-based) and `pageSize` query parameters. Sizes above the cap are clamped and the response
 * reports the size used (CONTRACT section 4, "Page sizes").
 */
export function pageQuery(defaultSize: number, maxSize: number) {
  return {
    page: queryInteger(1, MAX_PAGE).default(1).openapi({ description: "One-based page number.", example: 1 }),
    pageSize: pageSizeOf(z.coerce.number(), defaultSize, maxSize),
  };
}

/** The highest page number accepted (CONTRACT 8.3: every integer is bounded). */
export const MAX_PAGE = 1_000_000;

/**
 * A page size: at least 1; above `maxSize` it is clamped, not refused (CONTRACT section 4, "Page sizes"),
 * so the description states `maxSize` as its maximum. `number` is `z.number()` in bodies, coerced in queries.
 */
export function pageSizeOf(number: z.ZodNumber | z.ZodCoercedNumber, defaultSize: number, maxSize: number) {
  return number
    .int()
    .min(1)
    .default(defaultSize)
    .transform((size) => Math.min(size, maxSize))
    .openapi({
      format: "int32",
      maximum: maxSize,
      description: `Items per page; default ${defaultSize}, values above ${maxSize} are clamped to ${maxSize}.`,
      example: defaultSize,
    });
}

export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    totalCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
