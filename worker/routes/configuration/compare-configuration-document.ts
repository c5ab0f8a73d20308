import { CONFIGURATION_MANAGER_ROLE, withConfigurationManager } from "../../http/configuration-manager";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { defineRoute } from "../../http/registry";
import { BODY_LIMITS } from "../../http/request-body";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { compareDocument } from "../../operations/configuration/compare-document";
import { ConfigurationDiffSchema, DocumentInputSchema } from "./schemas";

const DESCRIPTION =
  "What importing the document would change, per category: items added, updated, deleted and unchanged. As with " +
  "import, a member the document omits counts as unchanged. An invalid document is 400 `InvalidConfiguration`. " +
  "Like every configuration compare, it needs a key with the `FMV1_CONFIGURATION_MANAGER` role (or a legacy " +
  "`SUPER_ADMIN` key) beside the permission.";

const route = companyRoute(
  "P",
  "company.configuration:export",
  {
    method: "post",
    path: "/configuration/compare",
    operationId: "compareConfigurationDocument",
    tags: ["Configuration"],
    summary: "Compare a configuration document with the stored configuration",
    description: DESCRIPTION,
    request: { params: companyParams(), body: jsonBody(DocumentInputSchema) },
    responses: {
      200: jsonContent(ConfigurationDiffSchema, "The diff."),
      ...validationErrorResponse,
      403: jsonContent(
        ErrorEnvelopeSchema,
        "Key scoped to another company, missing the route's permission, or without the " +
          `\`${CONFIGURATION_MANAGER_ROLE}\` role (\`AuthorizationError\`).`,
      ),
    },
    "x-required-role": CONFIGURATION_MANAGER_ROLE,
  },
  { readOnly: true, duringSetup: true, bodyLimit: BODY_LIMITS.configurationDocument },
);

export const compareConfigurationDocument = defineRoute(withConfigurationManager(route), async (c) =>
  c.json(await compareDocument(contextOf(c), c.req.valid("json")), 200),
);
