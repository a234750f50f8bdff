/**
 * Generated from contract/openapi.yaml by `npm run generate`. Do not edit by hand.
 */

export interface paths {
    "/api/v1/public/account/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the current user's profile. */
        get: operations["getAccountProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Partially update the current user's profile.
         * @description Send only the fields to change; each keeps the Profile constraints. An empty object is rejected.
         */
        patch: operations["patchAccountProfile"];
        trace?: never;
    };
    "/api/v1/public/project": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm the selected project.
         * @description Returns the metadata of the project the credential is authorized for. A project-scoped API key
         *     selects its own project; an organization key, an OAuth token or a service-account token selects
         *     it with `x-project-id`.
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recent traces of the selected project, newest first.
         * @description Keyset-paginated, newest first (`createdAt` descending, then `id` descending as a stable tiebreak).
         *     Filters and `savedFilterId` are bound into the cursor: changing them between pages is
         *     `PUBLIC_API_INVALID_CURSOR`; changing `limit` is allowed.
         */
        get: operations["listTraces"];
        put?: never;
        /**
         * Store one trace (a tree of spans).
         * @description The body is the `log_trace` tool input (snake_case, so one payload works on both faces). The
         *     whole trace is validated before anything is written and stored in one transaction: duplicate
         *     span ids, a `parent_span_id` not in the trace, cycles, a bad status or `start_time` are 400
         *     with `errors[].path` naming the span (e.g. `/spans/3/parent_span_id`) and nothing is stored.
         *     Trace status, latency (sum of root-level spans), cost and token totals, span count and the
         *     first error message are derived from the spans. A `trace_id` that already exists in the
         *     project is rejected with 409 `PUBLIC_API_TRACE_EXISTS` (traces are immutable; no upsert).
         *     Bodies above 1 MB are 413.
         */
        post: operations["ingestTrace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/traces/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store up to 1000 traces in one all-or-nothing request.
         * @description Each trace follows the rules of `POST /traces`; field paths are prefixed with `/traces/<n>`.
         *     One invalid trace, a `trace_id` sent twice in the batch (400) or one that already exists (409
         *     `PUBLIC_API_TRACE_EXISTS`) rejects the whole batch and nothing is stored.
         */
        post: operations["ingestTraceBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/traces/{traceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one trace with its span tree.
         * @description The trace context: the trace's fields and its spans as a tree (`children`), in the order they
         *     were sent. Traces of more than 1000 spans are cut to the first 1000 in breadth-first order
         *     (parents before children) and say `truncated: true`; `spanCount` stays the full count. An
         *     unknown trace and a trace of another project are both 404. A guest review token reads only
         *     the trace it was issued for.
         */
        get: operations["getTrace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/detections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the detections of the selected project, newest first.
         * @description Keyset-paginated (`createdAt` descending, then `id` descending). The filters `type`, `active` and
         *     `groupId` are bound into the cursor; changing `limit` between pages is allowed.
         */
        get: operations["listDetections"];
        put?: never;
        /**
         * Create a detection.
         * @description `config` must be the variant of the detection's `type` (see `DetectionConfig`). A `slug` is unique
         *     within the project (409 `PUBLIC_API_DETECTION_SLUG_TAKEN`). Give `groupId` (an existing group) or
         *     `groupName` (found or created), not both; with neither the detection joins the project's unnamed
         *     default group.
         */
        post: operations["createDetection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/detections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** Read one detection. */
        get: operations["getDetection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a detection.
         * @description Send only the fields to change. `type` and `slug` are fixed at creation; `config` must match the type.
         */
        patch: operations["updateDetection"];
        trace?: never;
    };
    "/api/v1/public/saved-filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the saved filters of the selected project, newest first.
         * @description Summaries only (id, name, createdAt, updatedAt); read one filter for its rules. Keyset-paginated,
         *     newest first (`createdAt` descending, then `id` descending).
         */
        get: operations["listSavedFilters"];
        put?: never;
        /**
         * Save a named filter.
         * @description The filter tree is validated node by node (see `FilterNode` and the README section "Saved
         *     filters"); a failure is 400 `PUBLIC_API_VALIDATION_FAILED` whose `errors[].path` points at the
         *     offending node, e.g. `/body/filters/0/rules/3/value`. The stored and returned form is the
         *     normalized one (identifiers trimmed, keys sorted).
         */
        post: operations["createSavedFilter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/saved-filters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The saved filter's id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Read one saved filter with its rules.
         * @description A filter of another project is 404, exactly like one that does not exist.
         */
        get: operations["getSavedFilter"];
        put?: never;
        post?: never;
        /**
         * Delete a saved filter.
         * @description The body's `confirmation` must equal the id in the path, else 400 `PUBLIC_API_CONFIRMATION_MISMATCH`.
         */
        delete: operations["deleteSavedFilter"];
        options?: never;
        head?: never;
        /**
         * Rename a saved filter and/or replace its rules.
         * @description At least one of `name` and `filters`; `filters` replaces the whole tree and is validated as on create.
         */
        patch: operations["updateSavedFilter"];
        trace?: never;
    };
    "/api/v1/public/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the webhooks of the selected project, newest first.
         * @description Keyset-paginated (`createdAt` descending, then `id` descending).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook.
         * @description Creates an enabled webhook in the selected project. The operation id is the spec's, kept as written.
         *
         *     * **Idempotency**: `idempotency-key` is required. Keys are scoped to the credential, the project and
         *       the key itself and kept for 24 hours. The same key with the same body (compared as canonical JSON)
         *       replays the first response — same status and `data` — with `Idempotent-Replayed: true`; the same
         *       key with a different body (or on another operation) is 409 `PUBLIC_API_IDEMPOTENCY_KEY_REUSED`.
         *       A key shaped like a UUID must be a UUIDv4 with at least 8 distinct hex digits; any other key a base64url value of 22
         *       to 43 characters with at least 12 distinct characters drawn from at least two of lower case,
         *       upper case and digits; anything weaker is 400 `PUBLIC_API_WEAK_IDEMPOTENCY_KEY`. Concurrent
         *       requests with one key create exactly one webhook: the later request waits for the first and then
         *       replays it. Only successful responses are stored; a failed request may be retried with its key.
         *     * **Names** are unique within a project: 409 `PUBLIC_API_WEBHOOK_CONFLICT`.
         *     * **Destination**: `http` or `https`; the host is resolved and refused (400
         *       `PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN`) when any address is loopback, private, link-local,
         *       CGNAT, unspecified, multicast, reserved or a cloud metadata address, unless the deployment's
         *       `WEBHOOK_ALLOWED_HOSTS` names the host (metadata addresses are refused always).
         *     * **Secret**: stored encrypted (AES-256-GCM), never returned or logged. With a secret, deliveries
         *       carry `webhook-signature`; without one (omitted or null) they are sent unsigned.
         *     * **Capability**: when the deployment turns `public-api-mutations` off, every mutation answers 403
         *       `PUBLIC_API_MUTATIONS_DISABLED` and writes nothing.
         */
        post: operations["post_api_v1_public_webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                webhookId: string;
            };
            cookie?: never;
        };
        /** Read one webhook of the selected project. */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook together with its deliveries and their log. */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook; enable or disable it, change its events or destination, rotate its secret.
         * @description Send only what changes (at least one property).
         *
         *     Enabled state: a webhook is created `enabled`. `{"enabled": false}` disables it: events are no
         *     longer enqueued for it and its pending deliveries are cancelled when they come due.
         *     `{"enabled": true}` enables it again; only events published afterwards are delivered. Both
         *     transitions are allowed from either state (setting the current state is a no-op that still
         *     answers 200). A webhook is never disabled automatically.
         *
         *     `secret` replaces the signing secret from the next attempt on (rotation; `null` removes it, so
         *     deliveries go unsigned). A new `destinationUrl` passes the same SSRF policy as on creation.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/public/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                webhookId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to this webhook now.
         * @description Enqueues one delivery of type `webhook.test` to this webhook only (whatever its `eventTypes`),
         *     signed and retried like any other delivery; follow it in the delivery log. A disabled webhook
         *     answers 409 `PUBLIC_API_WEBHOOK_DISABLED`.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                webhookId: string;
            };
            cookie?: never;
        };
        /** The delivery log of a webhook, newest first, each delivery with its attempts. */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/service-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the service accounts of the selected project's organization, newest first.
         * @description Keyset-paginated. Each account lists its project bindings. Needs the admin role in the selected project.
         */
        get: operations["listServiceAccounts"];
        put?: never;
        /**
         * Create a service account in the selected project's organization.
         * @description Consumes the security-lifecycle bucket of the organization (10 requests, refilled at 10 per hour).
         */
        post: operations["createServiceAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/service-accounts/{serviceAccountId}/binding": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
            };
            cookie?: never;
        };
        get?: never;
        /** Bind the service account to the selected project with a role (or change the role). */
        put: operations["bindServiceAccount"];
        post?: never;
        /** Remove the service account's binding to the selected project; its tokens stop working there. */
        delete: operations["unbindServiceAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/service-accounts/{serviceAccountId}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
            };
            cookie?: never;
        };
        /**
         * List the active (unrevoked, unexpired) tokens of a service account, newest first.
         * @description At most 10 tokens are active per service account, so this list has no pages. Token values are never returned.
         */
        get: operations["listServiceAccountTokens"];
        put?: never;
        /**
         * Mint an expiring tw_sa_ token; the value is shown once.
         * @description Consumes the security-lifecycle bucket of the organization. At most 10 tokens may be active per service account (409 beyond).
         */
        post: operations["createServiceAccountToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/service-accounts/{serviceAccountId}/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
                tokenId: components["parameters"]["ServiceAccountTokenId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a token; it stops working at once.
         * @description Consumes the security-lifecycle bucket of the organization. Revoking a revoked token returns it unchanged.
         */
        delete: operations["revokeServiceAccountToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/service-accounts/{serviceAccountId}/tokens/{tokenId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
                tokenId: components["parameters"]["ServiceAccountTokenId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace an active token with a new one of the same scopes and lifetime; the old one is revoked.
         * @description Consumes the security-lifecycle bucket of the organization. The new value is shown once.
         */
        post: operations["rotateServiceAccountToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/sharing/guest-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Share one trace or fix of the selected project read-only through an expiring guest review token.
         * @description The tw_gt_ token is shown once and is accepted only as `Authorization: ServiceGuest <token>`.
         */
        post: operations["createGuestToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/guest-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the presented guest review token grants. */
        get: operations["getGuestReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the fixes of the selected project, newest first.
         * @description Keyset-paginated (`createdAt` descending, then `id` descending). The filters `status`, `severity`
         *     and `label` are bound into the cursor. Triage transitions are agent tools (`triage_*`).
         */
        get: operations["listFixes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one fix with its linked traces and comments. */
        get: operations["getFix"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Comment on a fix.
         * @description Emits `notification.comment_created` in the same transaction as the comment.
         */
        post: operations["createFixComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        RequestId: string;
        /**
         * Format: date-time
         * @description UTC, ISO 8601 with a Z suffix.
         */
        Timestamp: string;
        Page: {
            /** @description false when no further page */
            hasMore: boolean;
            /** @description effective page size */
            limit: number;
            /** @description Opaque; null when no further page. */
            nextCursor: string | null;
        };
        Problem: {
            type: string;
            title: string;
            /** @enum {integer} */
            status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
            code: string;
            detail: string;
            instance: string;
            requestId: components["schemas"]["RequestId"];
            retryable: boolean;
            errors?: components["schemas"]["ProblemFieldError"][];
        };
        ProblemFieldError: {
            code: string;
            message: string;
            path: string;
        };
        Profile: {
            avatarConfigured: boolean;
            bio: string | null;
            companyName: string | null;
            language: string;
            name: string;
            timezone: string | null;
            websiteUrl: string | null;
        };
        /** @description A partial Profile. `avatarConfigured` is derived and cannot be set here. */
        ProfileUpdate: {
            bio?: string | null;
            companyName?: string | null;
            language?: string;
            name?: string;
            timezone?: string | null;
            websiteUrl?: string | null;
        };
        Project: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uuid */
            organizationId: string;
            organizationName: string;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description Caller-chosen or generated (a uuid). Letters, digits and `._:-`, 1 to 128 characters. */
        TraceId: string;
        /** @enum {string} */
        TraceStatus: "success" | "error";
        TraceSummary: {
            id: components["schemas"]["TraceId"];
            name: string;
            status: components["schemas"]["TraceStatus"];
            createdAt: components["schemas"]["Timestamp"];
            /** @description Total latency of the trace (root span */
            latencyMs: number;
            /** @description Total cost in dollars */
            cost: number;
            spanCount: number;
            framework: string | null;
            agentName: string | null;
            /** @description The first error of the trace */
            errorMessage: string | null;
            /** @description Path of the trace's REST resource. */
            url: string;
        };
        /** @enum {string} */
        SpanStatus: "success" | "error";
        /** @description Free keys; the known ones are typed. `cost` is dollars and sums into the trace cost. */
        SpanInputMetadata: {
            model?: string;
            framework?: string;
            tool_name?: string;
            tokens_used?: number;
            input_tokens?: number;
            output_tokens?: number;
            retry_count?: number;
            cost?: number;
        } & {
            [key: string]: unknown;
        };
        SpanInput: {
            span_id: components["schemas"]["TraceId"];
            /** @description The parent's span_id within the same trace; absent or null for a root span. */
            parent_span_id?: components["schemas"]["TraceId"] | null;
            name: string;
            /** @description e.g. WORKFLOW, LLM, TOOL, AGENT */
            span_type: string;
            status: components["schemas"]["SpanStatus"];
            /** @description Free-form JSON object. */
            input?: {
                [key: string]: unknown;
            } | null;
            /** @description Free-form JSON object. */
            output?: {
                [key: string]: unknown;
            } | null;
            error?: string | null;
            latency_ms?: number;
            metadata?: components["schemas"]["SpanInputMetadata"];
            /**
             * Format: date-time
             * @description ISO 8601 with a time zone.
             */
            start_time?: string;
        };
        TraceInput: {
            trace_id?: components["schemas"]["TraceId"];
            name: string;
            /** @description `framework` and `agent_name` become list fields and filters; other keys are kept and searchable. */
            metadata?: {
                framework?: string;
                agent_name?: string;
            } & {
                [key: string]: unknown;
            };
            spans?: components["schemas"]["SpanInput"][];
        };
        IngestedTrace: {
            id: components["schemas"]["TraceId"];
            spanCount: number;
            status: components["schemas"]["TraceStatus"];
            /** @description Path of the trace's REST resource. */
            url: string;
        };
        TraceSpan: {
            spanId: string;
            parentSpanId: string | null;
            name: string;
            spanType: string;
            status: components["schemas"]["SpanStatus"];
            latencyMs: number | null;
            startTime: components["schemas"]["Timestamp"] | null;
            /** @description Free-form JSON object. */
            input: {
                [key: string]: unknown;
            } | null;
            /** @description Free-form JSON object. */
            output: {
                [key: string]: unknown;
            } | null;
            error: string | null;
            /** @description Free-form span metadata as sent. */
            metadata: {
                [key: string]: unknown;
            };
            children: components["schemas"]["TraceSpan"][];
        };
        TraceContext: {
            id: components["schemas"]["TraceId"];
            name: string;
            status: components["schemas"]["TraceStatus"];
            createdAt: components["schemas"]["Timestamp"];
            latencyMs: number;
            cost: number;
            /** @description All spans of the trace */
            spanCount: number;
            framework: string | null;
            agentName: string | null;
            errorMessage: string | null;
            /** @description Free-form trace metadata as sent. */
            metadata: {
                [key: string]: unknown;
            };
            /** @description true when the trace has more than 1000 spans and only the first 1000 are returned. */
            truncated: boolean;
            /** @description The root-level spans, each with its children. */
            spans: components["schemas"]["TraceSpan"][];
        };
        /** @enum {string} */
        DetectionType: "classifier" | "regex" | "conditional" | "pii" | "custom_trained" | "code" | "trace_rules" | "decision";
        IssueSemanticsInput: {
            /** @constant */
            schema_version: "detector-issue-semantics-v1";
            /** @enum {string} */
            polarity: "problem" | "healthy" | "informational" | "unknown";
            /**
             * @default none
             * @enum {string}
             */
            authority: "none" | "project_authoritative";
            truth_role?: string;
            contract_id?: string;
            contract_version?: string;
        };
        IssueSemantics: {
            /** @constant */
            schema_version: "detector-issue-semantics-v1";
            /** @enum {string} */
            polarity: "problem" | "healthy" | "informational" | "unknown";
            /** @enum {string} */
            authority: "none" | "project_authoritative";
            truth_role?: string;
            contract_id?: string;
            contract_version?: string;
        };
        DetectionSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            groupId: string;
            groupName: string | null;
            slug: string;
            displayName: string;
            type: components["schemas"]["DetectionType"];
            threshold: number;
            isActive: boolean;
            issueSemantics?: components["schemas"]["IssueSemantics"] | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @enum {string} */
        Severity: "critical" | "high" | "medium" | "low";
        /** @description Letters, digits and `._-`, starting with a letter or digit; the detection's name in agent tools. */
        DetectionSlug: string;
        /**
         * @description An agent framework Tracewell knows (see the README).
         * @enum {string}
         */
        Framework: "langchain" | "langgraph" | "llamaindex" | "openai" | "openai-agents" | "anthropic" | "crewai" | "autogen" | "haystack" | "dspy" | "semantic-kernel" | "vercel-ai" | "mastra" | "pydantic-ai" | "smolagents" | "bedrock" | "custom";
        /** @description `regex`: fires when `pattern` matches any chosen field of any span (score 1). */
        RegexDetectorConfig: {
            pattern: string;
            /** @description JavaScript RegExp flags; default none. */
            flags?: string;
            /** @description Span fields searched; default [input, output]. */
            fields?: ("name" | "input" | "output" | "error" | "metadata")[];
        };
        /** @description `pii`: fires when span inputs/outputs carry an email, phone number, Luhn-valid card number, mod-97-valid IBAN or API-key-like secret (score 1). */
        PiiDetectorConfig: {
            kinds?: ("email" | "phone" | "credit_card" | "iban" | "secret")[];
            fields?: ("input" | "output")[];
        };
        /**
         * @description `classifier` with the built-in `robust_zscore` model: a trace fires when its cost or latency has a robust
         *     z-score (median/MAD of the project's last `baselineSize` traces) of at least `zThreshold`. Score is
         *     min(1, z / (2 × zThreshold)), so a firing scores at least 0.5.
         */
        AnomalyDetectorConfig: {
            /** @constant */
            model: "robust_zscore";
            /** @enum {string} */
            metric: "cost" | "latency_ms";
            /** @description Default 3.5. */
            zThreshold?: number;
            /** @description Default 200. */
            baselineSize?: number;
            /** @description Default 20. */
            minBaseline?: number;
        };
        /**
         * @description `conditional` (rules over each span's fields) and `trace_rules` (rules over the trace's fields), in the
         *     saved-filter rule language. Top-level nodes are joined with And. As for saved filters
         *     (`FilterTreeInput`), the contract checks only that each rule node is an object and the service
         *     validates every node (errors[].path such as `/body/config/rules/0/value`): a recursive `oneOf`
         *     under request type coercion would refuse numeric operands (`1000` also coerces to a string).
         */
        RuleDetectorConfig: {
            rules: {
                [key: string]: unknown;
            }[];
        };
        /** @description `classifier` (other models), `custom_trained`, `code` and `decision`: stored; executed by a detector plugin named `plugin`. */
        PluginDetectorConfig: {
            plugin?: string;
            /** @description Free-form settings the plugin reads. */
            settings?: {
                [key: string]: unknown;
            };
        };
        /** @description The per-type configuration; which variant applies depends on `type` (see each variant). */
        DetectionConfig: components["schemas"]["RegexDetectorConfig"] | components["schemas"]["PiiDetectorConfig"] | components["schemas"]["AnomalyDetectorConfig"] | components["schemas"]["RuleDetectorConfig"] | components["schemas"]["PluginDetectorConfig"];
        /** @description A detection summary plus description, severity, framework scope and config. */
        Detection: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            groupId: string;
            groupName: string | null;
            slug: string;
            displayName: string;
            type: components["schemas"]["DetectionType"];
            threshold: number;
            isActive: boolean;
            issueSemantics: components["schemas"]["IssueSemantics"] | null;
            description: string | null;
            severity: components["schemas"]["Severity"];
            /** @description Frameworks whose traces the detection evaluates; empty means every trace. */
            frameworks: components["schemas"]["Framework"][];
            config: components["schemas"]["DetectionConfig"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        DetectionList: {
            detections: components["schemas"]["DetectionSummary"][];
            page: components["schemas"]["Page"];
        };
        DetectionCreateRequest: {
            slug: components["schemas"]["DetectionSlug"];
            displayName: string;
            type: components["schemas"]["DetectionType"];
            /** @default 0.5 */
            threshold: number;
            /** @default true */
            isActive: boolean;
            /** Format: uuid */
            groupId?: string;
            groupName?: string;
            description?: string | null;
            severity?: components["schemas"]["Severity"];
            frameworks?: components["schemas"]["Framework"][];
            issueSemantics?: components["schemas"]["IssueSemanticsInput"] | null;
            config?: components["schemas"]["DetectionConfig"];
        };
        DetectionUpdateRequest: {
            displayName?: string;
            threshold?: number;
            isActive?: boolean;
            description?: string | null;
            severity?: components["schemas"]["Severity"];
            frameworks?: components["schemas"]["Framework"][];
            issueSemantics?: components["schemas"]["IssueSemanticsInput"] | null;
            config?: components["schemas"]["DetectionConfig"];
        };
        FilterScalar: string | number | boolean | null;
        /** @description An array or object whose values are scalars (the innermost nesting level). */
        FilterLeafCollection: components["schemas"]["FilterScalar"][] | {
            [key: string]: components["schemas"]["FilterScalar"];
        };
        /** @description A scalar, or an array/object of scalars or of leaf collections. */
        FilterNestedValue: components["schemas"]["FilterScalar"] | (components["schemas"]["FilterScalar"] | components["schemas"]["FilterLeafCollection"])[] | {
            [key: string]: components["schemas"]["FilterScalar"] | components["schemas"]["FilterLeafCollection"];
        };
        /**
         * @description A scalar (string up to 4096 characters, number, boolean or null), an array (up to 100 items) or
         *     an object (up to 50 properties, keys 1 to 255 characters). Values may nest up to two further
         *     levels of arrays or objects whose innermost values are scalars or arrays/objects of scalars.
         */
        FilterValue: components["schemas"]["FilterScalar"] | components["schemas"]["FilterNestedValue"][] | {
            [key: string]: components["schemas"]["FilterNestedValue"];
        };
        /** @enum {string} */
        FilterOperator: "is" | "is_not" | "contains" | "contains_any" | "not_contains" | "starts_with" | "ends_with" | "greater_than" | "less_than" | "is_empty" | "is_not_empty" | "is_within_range" | "is_any_of" | "is_not_any_of" | "equals" | "not_equals" | "is_exactly";
        FilterRule: {
            id: string;
            /**
             * @description One of name, status, framework, agentName, errorMessage (strings); latencyMs, cost, spanCount,
             *     totalTokens (numbers); createdAt (epoch ms or an ISO 8601 date-time); or `metadata.<key>`
             *     with a key of letters, digits and `_.:-`.
             */
            field: string;
            label?: string;
            operator: components["schemas"]["FilterOperator"];
            value: components["schemas"]["FilterValue"];
        };
        FilterGroup: {
            id: string;
            /** @constant */
            type: "group";
            /** @enum {string} */
            logicalOperator: "And" | "Or";
            rules: components["schemas"]["FilterNode"][];
        };
        /**
         * @description A rule or a group. Groups nest up to 8 levels (a top-level group is level 1). A filter tree has at
         *     most 100 nodes in total (rules and groups), at most 100 rules per group and 100 top-level nodes,
         *     and at most 262144 UTF-8 bytes after normalization (canonical JSON: object keys sorted, no
         *     insignificant whitespace, `id`, `field` and `label` trimmed). Limits that JSON Schema cannot
         *     express (depth, total nodes, bytes, known fields, operator/value compatibility) are checked by
         *     the service, which reports each failure with the JSON pointer of the offending node.
         */
        FilterNode: components["schemas"]["FilterGroup"] | components["schemas"]["FilterRule"];
        SavedFilter: {
            /** Format: uuid */
            id: string;
            name: string;
            filters: components["schemas"]["FilterNode"][];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        SavedFilterSummary: {
            /** Format: uuid */
            id: string;
            name: string;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        SavedFilterList: {
            savedFilters: components["schemas"]["SavedFilterSummary"][];
            page: components["schemas"]["Page"] & {
                limit?: number;
            };
        };
        SavedFilterCreateRequest: {
            name: string;
            filters: components["schemas"]["FilterTreeInput"];
        };
        SavedFilterUpdateRequest: {
            name?: string;
            filters?: components["schemas"]["FilterTreeInput"];
        };
        SavedFilterDeleteRequest: {
            /**
             * Format: uuid
             * @description Must equal the saved filter's id.
             */
            confirmation: string;
        };
        /**
         * @description The top-level nodes of a filter tree; each item must be a `FilterNode`. The contract checks only
         *     that items are objects: a recursive `oneOf` would report every branch's mismatch and none at the
         *     node that is wrong, so the service validates each node against `FilterNode` and the limits
         *     described there, answering 400 `PUBLIC_API_VALIDATION_FAILED` with `errors[].path` such as
         *     `/body/filters/0/rules/3/value`.
         */
        FilterTreeInput: Record<string, never>[];
        SavedFilterDeleted: {
            /** Format: uuid */
            id: string;
            /** @constant */
            deleted: true;
        };
        /** @enum {string} */
        EventType: "*" | "alert.anomaly_detected" | "alert.compound_breach" | "alert.ingestion_silent" | "alert.metric_threshold_breach" | "alert.per_event_match" | "alert.sla_breach_warning" | "alert.threshold_breach" | "notification.action_items" | "notification.approval_approved" | "notification.approval_expired" | "notification.approval_rejected" | "notification.approval_requested" | "notification.backfill_completed" | "notification.classifier_trained" | "notification.comment_created" | "notification.daily_digest" | "notification.experiment_significant" | "notification.mention" | "notification.prompt_version_changed" | "notification.weekly_report" | "notify.eval_assigned" | "notify.eval_batch_deadline_passed" | "notify.eval_batch_dispatched" | "notify.eval_completed" | "notify.eval_deadline_approaching" | "notify.eval_deadline_passed" | "notify.eval_reminder" | "notify.eval_response_submitted" | "ops.trace_finalizer_scaled";
        Webhook: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The destination address itself is never returned. */
            destinationConfigured: boolean;
            enabled: boolean;
            eventTypes: components["schemas"]["EventType"][];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        WebhookCreateRequest: {
            name: string;
            /** Format: uri */
            destinationUrl: string;
            eventTypes: components["schemas"]["EventType"][];
            /** @description Signing secret; accepted on input, never returned. When a string, 1 to 128 characters. */
            secret?: string | null;
        };
        WebhookUpdateRequest: {
            name?: string;
            /** Format: uri */
            destinationUrl?: string;
            eventTypes?: components["schemas"]["EventType"][];
            enabled?: boolean;
            /** @description A new signing secret (rotation), or null to remove it. Never returned. When a string, 1 to 128 characters. */
            secret?: string | null;
        };
        WebhookList: {
            webhooks: components["schemas"]["Webhook"][];
            page: components["schemas"]["Page"];
        };
        /**
         * @description `pending` (waiting for its next attempt), `succeeded` (a 2xx answer), `failed` (a non-retryable
         *     answer, a refused destination, or the retry schedule exhausted), `cancelled` (the webhook was
         *     disabled before the delivery came due).
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "succeeded" | "failed" | "cancelled";
        WebhookDeliveryAttempt: {
            attempt: number;
            startedAt: components["schemas"]["Timestamp"];
            durationMs: number;
            /** @description null when no HTTP answer arrived. */
            statusCode: number | null;
            /** @description Why the attempt did not succeed (timeout, connection error, refused destination, HTTP status). */
            error: string | null;
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description Sent as the `webhook-id` header; the same on every attempt.
             */
            id: string;
            /**
             * Format: uuid
             * @description The payload's `id`.
             */
            eventId: string;
            /** @description An EventType, or `webhook.test` for test deliveries. */
            eventType: string;
            status: components["schemas"]["WebhookDeliveryStatus"];
            attempts: number;
            /** @description When the next attempt is due; null once the delivery is settled. */
            nextAttemptAt: components["schemas"]["Timestamp"] | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
            attemptLog: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        WebhookDeliveryList: {
            deliveries: components["schemas"]["WebhookDelivery"][];
            page: components["schemas"]["Page"];
        };
        /**
         * @description Project roles, weakest first. Organization owners and admins are admins of every project.
         * @enum {string}
         */
        ProjectRole: "viewer" | "editor" | "admin";
        ServiceAccountBinding: {
            /** Format: uuid */
            projectId: string;
            role: components["schemas"]["ProjectRole"];
        };
        ServiceAccount: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organizationId: string;
            name: string;
            description: string | null;
            bindings: components["schemas"]["ServiceAccountBinding"][];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        ServiceAccountList: {
            serviceAccounts: components["schemas"]["ServiceAccount"][];
            page: components["schemas"]["Page"];
        };
        ServiceAccountCreateRequest: {
            name: string;
            description?: string | null;
        };
        ServiceAccountBindRequest: {
            role: components["schemas"]["ProjectRole"];
        };
        /**
         * @description An OAuth scope other than offline_access.
         * @enum {string}
         */
        FunctionalScope: "context:read" | "project:write" | "organization:read" | "organization:write" | "billing:read" | "profile:read" | "profile:write" | "observability:read" | "observability:write" | "evaluation:read" | "evaluation:write" | "configuration:read" | "configuration:write" | "sharing:read" | "sharing:write" | "access:read" | "access:write";
        ServiceAccountTokenCreateRequest: {
            scopes: components["schemas"]["FunctionalScope"][];
            /**
             * @description Lifetime; 30 days when omitted, at most one year.
             * @default 2592000
             */
            expiresInSeconds: number;
        };
        ServiceAccountToken: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            serviceAccountId: string;
            /** @description The first characters of the token (tw_sa_ plus four), safe to show. */
            prefix: string;
            scopes: components["schemas"]["FunctionalScope"][];
            expiresAt: components["schemas"]["Timestamp"];
            revokedAt: components["schemas"]["Timestamp"] | null;
            /** Format: uuid */
            rotatedFromId: string | null;
            createdAt: components["schemas"]["Timestamp"];
        };
        IssuedServiceAccountToken: {
            /** @description Shown once; only its hash is stored. */
            token: string;
            tokenInfo: components["schemas"]["ServiceAccountToken"];
        };
        /** @enum {string} */
        SharedResourceType: "trace" | "fix";
        GuestTokenCreateRequest: {
            resourceType: components["schemas"]["SharedResourceType"];
            resourceId: string;
            /**
             * @description Lifetime; 7 days when omitted, at most 30 days.
             * @default 604800
             */
            expiresInSeconds: number;
        };
        GuestGrant: {
            resourceType: components["schemas"]["SharedResourceType"];
            resourceId: string;
            /** Format: uuid */
            projectId: string;
            expiresAt: components["schemas"]["Timestamp"];
        };
        IssuedGuestToken: {
            /** @description Shown once; send as Authorization: ServiceGuest <token>. */
            token: string;
            grant: components["schemas"]["GuestGrant"];
        };
        /** @enum {string} */
        FixStatus: "draft" | "open" | "in_progress" | "resolved" | "archived";
        FixLinkedTrace: {
            traceId: components["schemas"]["TraceId"];
            name: string | null;
            /** @description The detection score of the linked trace. */
            accuracy: number;
            /** @description Path of the trace's REST resource. */
            url: string;
        };
        FixComment: {
            /** Format: uuid */
            id: string;
            author: string;
            text: string;
            createdAt: components["schemas"]["Timestamp"];
        };
        FixCommentCreateRequest: {
            text: string;
        };
        FixSummary: {
            /** Format: uuid */
            id: string;
            title: string;
            description: string | null;
            status: components["schemas"]["FixStatus"];
            severity: components["schemas"]["Severity"];
            label: string | null;
            confidence: number;
            creator: string;
            linkedTraceIds: components["schemas"]["TraceId"][];
            dispatchStatus: string | null;
            /**
             * Format: uuid
             * @description The detection whose firings created the fix.
             */
            detectionId: string | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        Fix: {
            /** Format: uuid */
            id: string;
            title: string;
            description: string | null;
            status: components["schemas"]["FixStatus"];
            severity: components["schemas"]["Severity"];
            label: string | null;
            confidence: number;
            creator: string;
            linkedTraces: components["schemas"]["FixLinkedTrace"][];
            dispatchStatus: string | null;
            /** Format: uuid */
            detectionId: string | null;
            rootCause: string | null;
            recommendedAction: string | null;
            riskAssessment: string | null;
            verification: string | null;
            rollbackPlan: string | null;
            /** @description The reason given when the fix was dismissed. */
            feedback: string | null;
            comments: components["schemas"]["FixComment"][];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        FixList: {
            fixes: components["schemas"]["FixSummary"][];
            page: components["schemas"]["Page"];
        };
    };
    responses: {
        /** @description Invalid request. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing or invalid credential. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A scope, project binding, role or entitlement is missing. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Resource not found. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Conflict with the current state. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Body too large. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Unsupported body type; send application/json. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request is well-formed but cannot be processed. */
        UnprocessableContent: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Rate limit exceeded; wait at least Retry-After seconds. */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Internal error. Never carries a stack trace. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Credential, project context or rate limiting unavailable, or the backend is draining. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
        ProjectIdHeader: string;
        /** @description The selected project. */
        ProjectIdHeaderRequired: string;
        /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
        Cursor: string;
        /**
         * @description 22 to 43 characters: a canonical UUIDv4 or a high-entropy base64url value. The same key with
         *     the same body within 24 hours replays the first response.
         */
        IdempotencyKey: string;
        ServiceAccountId: string;
        ServiceAccountTokenId: string;
    };
    requestBodies: never;
    headers: {
        /** @description Identifies this request in logs and Problem bodies. */
        "X-Request-Id": components["schemas"]["RequestId"];
        /** @description Effective ceiling for the current window. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": number;
        /** @description Unix seconds when the window resets. */
        "RateLimit-Reset": number;
        /** @description Same as RateLimit-Limit. */
        "X-Service-RateLimit-Limit": number;
        /** @description Same as RateLimit-Remaining. */
        "X-Service-RateLimit-Remaining": number;
        /** @description Seconds until the window resets. */
        "X-Service-RateLimit-Reset-After": number;
        /** @description The applied rate class, e.g. `read;w=60;q=600`. */
        "X-Service-RateLimit-Policy": string;
        /** @description true when bounded emergency enforcement (the shared limiter is unreachable) is active. */
        "X-Service-RateLimit-Degraded": "true" | "false";
        /** @description Rate-limit contract version. */
        "X-Service-RateLimit-Version": "1";
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description Bearer challenge (RFC 6750). */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccountProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Profile"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchAccountProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileUpdate"];
            };
        };
        responses: {
            /** @description The updated profile. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Profile"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The authorized project. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Project"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTraces: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                status?: components["schemas"]["TraceStatus"];
                framework?: string;
                agentName?: string;
                /** @description Inclusive lower bound of createdAt. */
                from?: string;
                /** @description Exclusive upper bound of createdAt. */
                to?: string;
                minLatencyMs?: number;
                maxLatencyMs?: number;
                /** @description Dollars. */
                minCost?: number;
                /** @description Dollars. */
                maxCost?: number;
                /** @description Apply a saved filter of this project (compiled to SQL). */
                savedFilterId?: string;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of traces. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: {
                            traces: components["schemas"]["TraceSummary"][];
                            page: components["schemas"]["Page"];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    ingestTrace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TraceInput"];
            };
        };
        responses: {
            /** @description The trace was stored. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["IngestedTrace"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    ingestTraceBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    traces: components["schemas"]["TraceInput"][];
                };
            };
        };
        responses: {
            /** @description Every trace was stored. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: {
                            traces: components["schemas"]["IngestedTrace"][];
                            traceCount: number;
                            spanCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTrace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                traceId: components["schemas"]["TraceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trace context. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["TraceContext"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDetections: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                type?: components["schemas"]["DetectionType"];
                active?: boolean;
                groupId?: string;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of detections. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["DetectionList"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDetection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DetectionCreateRequest"];
            };
        };
        responses: {
            /** @description The detection. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Detection"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDetection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The detection. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Detection"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateDetection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DetectionUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated detection. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Detection"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSavedFilters: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of saved-filter summaries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["SavedFilterList"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSavedFilter: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedFilterCreateRequest"];
            };
        };
        responses: {
            /** @description The saved filter. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["SavedFilter"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSavedFilter: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The saved filter's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The saved filter. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["SavedFilter"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSavedFilter: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The saved filter's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedFilterDeleteRequest"];
            };
        };
        responses: {
            /** @description The filter was deleted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["SavedFilterDeleted"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSavedFilter: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The saved filter's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SavedFilterUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated saved filter. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["SavedFilter"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of webhooks. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["WebhookList"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_api_v1_public_webhooks: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description 22 to 43 characters: a canonical UUIDv4 or a high-entropy base64url value. The same key with
                 *     the same body within 24 hours replays the first response.
                 */
                "idempotency-key": components["parameters"]["IdempotencyKey"];
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreateRequest"];
            };
        };
        responses: {
            /** @description The webhook (or, with `Idempotent-Replayed true`, the first response to this key). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    /** @description `true` when this response replays the first response to the idempotency key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The webhook's id. */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The webhook's id. */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook was deleted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @constant */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The webhook's id. */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated webhook. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The webhook's id. */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enqueued test delivery. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The webhook's id. */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["WebhookDeliveryList"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listServiceAccounts: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of service accounts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["ServiceAccountList"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceAccountCreateRequest"];
            };
        };
        responses: {
            /** @description The service account, without bindings. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["ServiceAccount"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    bindServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceAccountBindRequest"];
            };
        };
        responses: {
            /** @description The service account with its bindings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["ServiceAccount"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unbindServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service account with its remaining bindings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["ServiceAccount"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listServiceAccountTokens: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active tokens. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: {
                            tokens: components["schemas"]["ServiceAccountToken"][];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createServiceAccountToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceAccountTokenCreateRequest"];
            };
        };
        responses: {
            /** @description The token, shown once, and its metadata. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["IssuedServiceAccountToken"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeServiceAccountToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
                tokenId: components["parameters"]["ServiceAccountTokenId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked token's metadata. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["ServiceAccountToken"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateServiceAccountToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                serviceAccountId: components["parameters"]["ServiceAccountId"];
                tokenId: components["parameters"]["ServiceAccountTokenId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new token, shown once, and its metadata. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["IssuedServiceAccountToken"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createGuestToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GuestTokenCreateRequest"];
            };
        };
        responses: {
            /** @description The token, shown once, and what it grants. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["IssuedGuestToken"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getGuestReview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["GuestGrant"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFixes: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                status?: components["schemas"]["FixStatus"];
                severity?: components["schemas"]["Severity"];
                label?: string;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of fixes. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["FixList"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFix: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fix. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["Fix"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFixComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FixCommentCreateRequest"];
            };
        };
        responses: {
            /** @description The comment. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "X-Service-RateLimit-Limit": components["headers"]["X-Service-RateLimit-Limit"];
                    "X-Service-RateLimit-Remaining": components["headers"]["X-Service-RateLimit-Remaining"];
                    "X-Service-RateLimit-Reset-After": components["headers"]["X-Service-RateLimit-Reset-After"];
                    "X-Service-RateLimit-Policy": components["headers"]["X-Service-RateLimit-Policy"];
                    "X-Service-RateLimit-Degraded": components["headers"]["X-Service-RateLimit-Degraded"];
                    "X-Service-RateLimit-Version": components["headers"]["X-Service-RateLimit-Version"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["FixComment"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
