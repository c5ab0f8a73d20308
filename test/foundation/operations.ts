import { call } from "../support/harness";

/**
 * The operations the served OpenAPI description lists, for tests that check a rule on every route: routes
 * added later are covered without anyone remembering to add them.
 */
export interface Operation {
  method: string;
  path: string;
  /** `x-permission`: a permission, a path-dependent name (`<entityType>.view`), null (any valid key), "staff". */
  permission: string | null;
  /** Every permission the route requires before it looks anything up (`x-permissions`, else `x-permission`). */
  required: string[];
  /** Path-dependent permissions: the key must hold one of these before anything is looked up. */
  anyOf: string[] | null;
  /** `x-lifecycles`: the lifecycles in which the route runs. */
  lifecycles: string[];
  operation: any;
}

let cached: Promise<any> | undefined;
export const servedDocument = () => {
  cached ??= call("GET", "/openapi.json").then((res) => res.json);
  return cached;
};

export async function allOperations(): Promise<Operation[]> {
  const document = await servedDocument();
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      const permission = operation["x-permission"] ?? null;
      const anyOf = operation["x-permission-any-of"] ?? null;
      operations.push({
        method: method.toUpperCase(),
        path,
        permission,
        required: operation["x-permissions"] ?? (permission && !anyOf ? [permission] : []),
        anyOf,
        lifecycles: operation["x-lifecycles"] ?? [],
        operation,
      });
    }
  }
  return operations;
}

/** Company routes an API key calls (staff-only company routes refuse every key with 401; repair tests cover them). */
export async function companyOperations(): Promise<Operation[]> {
  return (await allOperations()).filter((op) => op.path.startsWith("/api/") && op.permission !== "staff");
}

export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000001";

/**
 * A value for a path parameter that names nothing stored: the first value of an enum, the schema's
 * example for free text (an entity type, an object type), the least integer, or a well-formed id.
 */
function parameterValue(parameter: any): string {
  const schema = parameter?.schema;
  if (Array.isArray(schema?.enum)) return String(schema.enum[0]);
  if (schema?.type === "integer") return String(schema.minimum ?? 1);
  if (schema?.format === "uuid") return UNKNOWN_ID;
  const example = schema?.example ?? parameter?.example;
  return example !== undefined ? String(example) : "unknownKey";
}

/** Fills the path parameters of an operation with values that name nothing stored. */
export function concretePath(op: Operation, companyId: string): string {
  const parameters: any[] = op.operation.parameters ?? [];
  return op.path.replaceAll(/\{(\w+)\}/g, (_match, name: string) => {
    if (name === "companyId") return companyId;
    const parameter = parameters.find((p) => p.in === "path" && p.name === name);
    return encodeURIComponent(parameterValue(parameter));
  });
}

export const bodyFor = (op: Operation) => (op.method === "GET" || op.method === "HEAD" ? {} : { body: {} });
