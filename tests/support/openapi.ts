import type { Hono } from "hono";

/**
 * The shop's own OpenAPI document, read as data: its operations, and a valid example of each schema
 * (the access matrix sends these so that a guard, not the validator, answers; the fuzzer starts from
 * them and breaks them).
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is untyped data here
export type Schema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  operationId?: string;
  parameters?: {
    name: string;
    in: "path" | "query" | "header" | "cookie";
    required?: boolean;
    schema?: Schema;
    example?: unknown;
  }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}

export interface DocumentedOperation {
  /** `GET /v1/account/orders/{number}`: the key of the access rules. */
  key: string;
  method: string;
  /** The path under `/api`, with `{params}`. */
  path: string;
  operation: Operation;
}

const methods = ["get", "post", "put", "patch", "delete"];

export async function openApiDocument(api: Hono): Promise<OpenApiDocument> {
  return (await (await api.request("/api/v1/openapi.json")).json()) as OpenApiDocument;
}

export function documentedOperations(doc: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operation,
      })),
  );
}

export function resolve(schema: Schema | undefined, doc: OpenApiDocument): Schema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth++) {
    const name = String(current.$ref).replace("#/components/schemas/", "");
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** A value the schema accepts (a best effort: patterns get a known example where one is needed). */
export function validSample(input: Schema | undefined, doc: OpenApiDocument, name = ""): unknown {
  const schema = resolve(input, doc);
  if ("const" in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  for (const union of ["anyOf", "oneOf", "allOf"] as const)
    if (schema[union]) {
      const first =
        (schema[union] as Schema[]).find((s) => resolve(s, doc).type !== "null") ?? schema[union][0];
      return validSample(first, doc, name);
    }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = validSample(schema.properties?.[key], doc, key);
      return out;
    }
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => validSample(schema.items, doc, name));
    case "integer":
    case "number":
      return Math.max(
        schema.minimum ?? 1,
        schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1,
      );
    case "boolean":
      return false;
    case "string":
      return sampleString(schema, name);
    default:
      return {};
  }
}

/** Strings that match the patterns the shop uses (SKUs, order numbers, codes, country codes). */
const patternCandidates = [
  "999999999",
  "SKU-1",
  "AB12",
  "NL",
  "1234AB",
  "x1",
  "a",
  "00000000-0000-4000-8000-000000000000",
];

function sampleString(schema: Schema, name: string): string {
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, "u");
    const match = patternCandidates.find((candidate) => pattern.test(candidate));
    if (match) return match;
  }
  if (schema.format === "email" || /email/i.test(name)) return "someone@example.nl";
  if (schema.format === "uuid" || /key$/i.test(name)) return "00000000-0000-4000-8000-000000000000";
  if (schema.format === "date" || /date/i.test(name)) return "1990-05-17";
  if (schema.pattern === "^[1-9]\\d{8}$" || name === "number") return "999999999";
  const text = /password/i.test(name) ? "a-long-password" : "x";
  return text.padEnd(schema.minLength ?? 1, "x").slice(0, schema.maxLength ?? 200);
}

/** A path segment; a lone surrogate goes as its (invalid) UTF-8 bytes, as a hostile client could send it. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ""))}%ED%A0%80`;
  }
}

/** The path with every `{param}` replaced by a valid example: an id that exists nowhere. */
export function concretePath(
  op: DocumentedOperation,
  doc: OpenApiDocument,
  values: Record<string, string> = {},
) {
  return op.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    if (values[name] !== undefined) return encodePathValue(values[name]);
    const param = op.operation.parameters?.find((p) => p.in === "path" && p.name === name);
    const sample = param?.example ?? validSample(param?.schema, doc, name);
    return encodeURIComponent(String(typeof sample === "number" ? 999_999 : sample));
  });
}

/** The JSON body schema of an operation, if it takes one. */
export function bodySchema(op: DocumentedOperation, doc: OpenApiDocument): Schema | undefined {
  const schema = op.operation.requestBody?.content?.["application/json"]?.schema;
  return schema ? resolve(schema, doc) : undefined;
}

/** The query parameters an operation requires, with valid values. */
export function requiredQuery(op: DocumentedOperation, doc: OpenApiDocument): URLSearchParams {
  const query = new URLSearchParams();
  for (const param of op.operation.parameters ?? [])
    if (param.in === "query" && param.required)
      query.set(param.name, String(validSample(param.schema, doc, param.name)));
  return query;
}

/** The headers an operation requires (an idempotency key), with valid values. */
export function requiredHeaders(op: DocumentedOperation, doc: OpenApiDocument): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of op.operation.parameters ?? [])
    if (param.in === "header" && param.required)
      headers[param.name] = /idempotency/i.test(param.name)
        ? crypto.randomUUID()
        : String(validSample(param.schema, doc, param.name));
  return headers;
}
