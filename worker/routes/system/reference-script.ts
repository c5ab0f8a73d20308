import { createRoute } from "@hono/zod-openapi";
import { REFERENCE_SCRIPT, REFERENCE_SCRIPT_CACHING, referenceScriptResponse } from "../../http/reference-page";
import { defineRoute } from "../../http/registry";
import { commonErrorResponses } from "../../http/route";

const ETagHeader = { ETag: { description: "The bundle's entity tag.", schema: { type: "string" as const } } };

export const referenceScript = defineRoute(
  createRoute({
    method: "get",
    path: REFERENCE_SCRIPT,
    operationId: "getReferenceScript",
    tags: ["System"],
    summary: "The reference page's script",
    description:
      "The pinned Scalar bundle that `/docs` loads, so the page needs nothing from the internet. Needs no key; " +
      "not audit-logged. Sent gzipped (`Content-Encoding: gzip`) when `Accept-Encoding` accepts gzip, else " +
      `as plain text. Carries \`ETag\` and \`Cache-Control: ${REFERENCE_SCRIPT_CACHING}\` (not \`no-store\`): ` +
      "`If-None-Match` naming the tag (or `*`) gets 304 without a body.",
    security: [],
    responses: {
      200: {
        description: "The script.",
        headers: ETagHeader,
        content: { "text/javascript": { schema: { type: "string" } } },
      },
      304: { description: "The client's copy is current.", headers: ETagHeader },
      500: commonErrorResponses[500],
    },
  }),
  (c) => referenceScriptResponse(c.req.header("If-None-Match"), c.req.header("Accept-Encoding")),
);
