import type { IncomingHttpHeaders } from 'node:http';
import { isReadOperation, type Authenticator, type RequestCredential } from '../auth/authenticator.js';
import type { Principal } from '../auth/principal.js';
import type { CapabilityGuard } from '../domain/capabilities/capability-guard.js';
import type { OperationMeta } from '../http/contract.js';
import { capabilitiesOf } from '../http/operation-capabilities.js';

/** The credential of the HTTP request a tool call arrived in, as REST sees its own. */
export interface PresentedCredential {
  headers: IncomingHttpHeaders;
  host: string;
  /** RFC 8707 audiences the tool server serves (see RequestTarget.audiences). */
  audiences?: readonly string[];
  /**
   * The credential as the tool server's door resolved it for this request (Authenticator.resolveRequest):
   * each call's operation is authorized on it without hashing and looking up the token again.
   */
  resolved?: RequestCredential;
}

/**
 * The access check of a tool call: its operation's, from the contract — the same authenticator
 * call (credential kind, scopes, project selection and binding, minimum role) and the same
 * capability rule REST runs. There is no table of tool scopes or roles anywhere else.
 */
export class ToolAccess {
  private readonly operations: ReadonlyMap<string, OperationMeta>;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly capabilities: CapabilityGuard,
    operations: readonly OperationMeta[],
  ) {
    this.operations = new Map(operations.map((operation) => [operation.operationId, operation]));
  }

  operation(operationId: string): OperationMeta | undefined {
    return this.operations.get(operationId);
  }

  /**
   * Whether `principal` may call the operation at all, as far as the credential's kind decides: a
   * read-only key only reads. tools/list shows such a key only these tools; the call is still
   * authorized in full (authorize), which refuses the others with 403 PUBLIC_API_READ_ONLY_CREDENTIAL.
   */
  offersTo(operationId: string, principal: Principal): boolean {
    return !principal.readOnly || isReadOperation(this.operations.get(operationId));
  }

  /** The principal the operation sees, or the ProblemError (401/403/400) REST would answer. */
  async authorize(operationId: string, credential: PresentedCredential): Promise<Principal> {
    const operation = this.operations.get(operationId);
    if (!operation) throw new Error(`No contract operation ${operationId}.`);
    const principal = await this.authenticator.authenticate(credential.headers, operation, { host: credential.host, audiences: credential.audiences }, credential.resolved);
    for (const capability of capabilitiesOf(operation)) this.capabilities.require(capability);
    return principal;
  }
}
