import { z } from "@hono/zod-openapi";
import { listAuditEntries } from "../../db/queries/audit-log";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";

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

const DESCRIPTION =
  "Every external call made with the company's keys (refused ones included) and the receipts that changes commit " +
  "with themselves. Entries are written after the response is sent, so a call appears within moments of completing.";

export const listAuditLog = defineRoute(
  companyRoute("P", "audit.view", {
    method: "get",
    path: "/audit-log",
    operationId: "listAuditLog",
    tags: ["Audit"],
    summary: "The company's audit log, newest first",
    description: DESCRIPTION,
    request: {
      params: companyParams(),
      query: z.object({
        ...pageQuery(50, 500),
        batchId: z.string().optional().openapi({ description: "Only entries carrying this `batchId`." }),
      }),
    },
    responses: { 200: jsonContent(pageEnvelope(AuditEntrySchema), "A page of entries."), ...validationErrorResponse },
  }),
  async (c) => {
    const { page, pageSize, batchId } = c.req.valid("query");
    const { db, companyId } = contextOf(c);
    const { items, totalCount } = await listAuditEntries(db, companyId, {
      limit: pageSize,
      offset: offsetOf(page, pageSize),
      batchId,
    });
    const entries = items.map(({ companyId: _company, ...entry }) => entry);
    return c.json({ items: entries, totalCount, page, pageSize }, 200);
  },
);
