import { ApiError } from "../../errors/api-error";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, type Family } from "../../http/route";

const retired = () =>
  new ApiError({
    code: "starter_configuration_unavailable",
    message: "The starter configuration seed has been removed; import a configuration document instead",
    userMessages: ["Starter configurations are no longer available. Import a configuration document instead."],
  });

/** The starter configuration seed was removed (interface, Versioning); its paths in both families answer 501. */
const starterRoute = (family: Family) =>
  defineRoute(
    companyRoute(
      family,
      null,
      {
        method: "post",
        path: "/configuration/starter",
        operationId: `seedStarterConfiguration${family}`,
        tags: ["Configuration"],
        summary: "Retired: starter configuration seed",
        deprecated: true,
        request: { params: companyParams() },
        responses: {
          501: {
            description: "Always `starter_configuration_unavailable`.",
            content: { "application/json": { schema: ErrorEnvelopeSchema } },
          },
        },
      },
      // Changes nothing in any lifecycle: always the same 501.
      { readOnly: true, duringSetup: true },
    ),
    () => {
      throw retired();
    },
  );

export const seedStarterConfiguration = [starterRoute("P"), starterRoute("X")];
