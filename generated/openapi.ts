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
         *     saved-filter rule language. Top-level nodes are joined with And.
         */
        RuleDetectorConfig: {
            rules: components["schemas"]["FilterNode"][];
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
        /** @description A rule or a group. Groups nest up to 8 levels. */
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
            filters: components["schemas"]["FilterNode"][];
        };
        SavedFilterUpdateRequest: {
            name?: string;
            filters?: components["schemas"]["FilterNode"][];
        };
        SavedFilterDeleteRequest: {
            /**
             * Format: uuid
             * @description Must equal the saved filter's id.
             */
            confirmation: string;
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
            /** @description Signing secret; accepted on input, never returned. */
            secret?: string | null;
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
