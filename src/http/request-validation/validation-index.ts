type JsonObject = Record<string, unknown>;

/**
 * What express-openapi-validator's request middleware reads of the preprocessed contract, written
 * by `npm run generate` (scripts/request-validators.ts) as generated/request-validation.json.
 */
export interface RequestValidationIndex {
  /** The contract's base paths: a path under one that no route matches is a 404. */
  basePaths: string[];
  /** The components the parameter mutator dereferences: parameters, and the schemas parameters name by $ref. */
  components: { parameters: JsonObject; schemas: Record<string, unknown> };
  /** Every contract path in the validator's order (the first whose expression matches is the route). */
  routes: ValidatedRoute[];
}

export interface ValidatedRoute {
  expressRoute: string;
  openApiRoute: string;
  /** The route's expression as the validator compiles it (path-to-regexp, not strict), but case-sensitive as the server's routes. */
  pattern: string;
  flags: string;
  /** Its path parameters, in the order of the expression's groups. */
  keys: string[];
  /** By lower-case method. */
  operations: Record<string, ValidatedOperation>;
}

export interface ValidatedOperation {
  operationId: string;
  /** The operation's parameters as the validator reads them (path-level ones merged in). */
  parameters: JsonObject[];
  /** Its body's media types, each naming its body validator (`x-tracewell-validator`) in place of its schema. */
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonObject }> };
  /** Its query parameters' schema as the validator builds it (ParametersSchemaParser), which the parameter mutator reads. */
  querySchema: JsonObject;
  /**
   * Its query parameters' names; `anyName` when one is an object open to any key; the API keys the
   * query may carry; `allowUnknown` when undeclared names pass (x-eov-allow-unknown-query-parameters).
   */
  query: { names: string[]; anyName: boolean; securityNames: string[]; allowUnknown: boolean };
}
