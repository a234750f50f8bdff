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
}
