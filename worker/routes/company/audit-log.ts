import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { and, count, desc, eq } from "drizzle-orm";
import { database } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { AppEnv } from "../../http/context";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { companyParams, companyRoute, jsonContent, keyCaller, validationErrorResponse } from "../../http/route";

const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["request", "receipt"]),
    requestId: z.string(),
    keyId: z.string().nullable(),
    actor: z.string(),
    action: z.string().nullable(),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    durationMs: z.number().int(),
    batchId: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .openapi("AuditEntry");

const listAuditLog = companyRoute("P", "audit.view", {
  method: "get",
  path: "/audit-log",
  operationId: "listAuditLog",
  tags: ["Audit"],
  summary: "The company's audit log, newest first",
  description:
    "Every external call made with the company's keys (refused ones included) and the receipts that changes commit with themselves. Entries are written after the response is sent, so a call appears within moments of completing.",
  request: {
    params: companyParams(),
    query: z.object({
      ...pageQuery(50, 500),
      batchId: z.string().optional().openapi({ description: "Only entries carrying this `batchId`." }),
    }),
  },
  responses: { 200: jsonContent(pageEnvelope(AuditEntrySchema), "A page of entries."), ...validationErrorResponse },
});

export function registerAuditLogRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listAuditLog, async (c) => {
    const { companyId } = keyCaller(c);
    const { page, pageSize, batchId } = c.req.valid("query");
    const db = database(c.env.DB);
    const where = and(
      eq(auditLog.companyId, companyId),
      batchId === undefined ? undefined : eq(auditLog.batchId, batchId),
    );
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageSize)
        .offset(offsetOf(page, pageSize)),
      db.select({ value: count() }).from(auditLog).where(where),
    ]);
    const entries = items.map(({ companyId: _company, ...entry }) => entry);
    return c.json({ items: entries, totalCount: total?.value ?? 0, page, pageSize }, 200);
  });
}
