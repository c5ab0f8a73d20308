import { z } from "@hono/zod-openapi";

/**
 * `page` (one-based) and `pageSize` query parameters. Sizes above the cap are clamped and the response
 * reports the size used (CONTRACT section 4, "Page sizes").
 */
export function pageQuery(defaultSize: number, maxSize: number) {
  return {
    page: z.coerce.number().int().min(1).default(1).openapi({ description: "One-based page number.", example: 1 }),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .default(defaultSize)
      .transform((size) => Math.min(size, maxSize))
      .openapi({
        description: `Items per page; default ${defaultSize}, values above ${maxSize} are clamped to ${maxSize}.`,
        example: defaultSize,
      }),
  };
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
