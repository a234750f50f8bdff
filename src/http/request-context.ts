import type { Principal } from '../auth/principal.js';
import type { ProjectRecord } from '../ports/projects.js';
import { ProblemError } from '../errors.js';

/** What a handler knows about the request beyond its validated inputs. */
export interface RequestContext {
  requestId: string;
  principal: Principal;
  /** The operation's id in the contract, used e.g. to bind cursors to an endpoint. */
  operationId: string;
  /**
   * Where a list starts when no cursor is given. Only the tool adapter sets it: the spec's
   * search_traces and triage_list page by offset, REST pages by cursor alone (it has no such input).
   */
  startOffset?: number;
  /** Bytes of the JSON body as received, when the request had one (REST); size rules use it instead of re-serializing. */
  bodyBytes?: number;
}

/** The selected project; only operations that declare `x-project-id` have one. */
export function selectedProject(ctx: RequestContext): ProjectRecord {
  if (!ctx.principal.project) {
    throw new ProblemError(500, 'PUBLIC_API_INTERNAL_ERROR', 'This operation has no project context.');
  }
  return ctx.principal.project;
}
