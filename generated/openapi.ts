/**
 * Generated from contract/openapi.yaml by `npm run generate`. Do not edit by hand.
 */

export interface paths {
    "/api/v1/public/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This contract as JSON.
         * @description The OpenAPI document the deployment serves, for clients and conformance suites. Needs no
         *     credential and has no rate class. The body is the document itself, not an envelope. Send
         *     `If-None-Match` with the `ETag` to get 304 when it has not changed.
         */
        get: operations["getContractJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This contract as YAML.
         * @description The file `contract/openapi.yaml` as the deployment has it. Needs no credential and has no rate class.
         */
        get: operations["getContractYaml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/account/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the current user's profile.
         * @description The profile of the user the OAuth access token was issued to. API keys and service accounts have no profile.
         */
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
    "/api/v1/public/account/email-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read which kinds of notification mail the current user receives.
         * @description One flag per kind of notification mail (true: the user receives it). All are on until the user turns one off
         *     here or with the one-click unsubscribe link of a mail. Invitations and password links are not preferences:
         *     they are sent whenever someone asks for them. Mail is sent only when the deployment configures `SMTP_URL`.
         */
        get: operations["getEmailPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn kinds of notification mail on or off for the current user.
         * @description Send only the kinds to change; an empty object is rejected. Answers the preferences after the change.
         */
        patch: operations["updateEmailPreferences"];
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
         *     it with `x-project-id`. Tokens need `context:read` or `observability:read` (each alternative of
         *     `security` suffices). The agent tool `whoami` is this operation.
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        /**
         * Delete the selected project and all of its data.
         * @description The body's `confirmation` must equal the project id, else 400 `PUBLIC_API_CONFIRMATION_MISMATCH`. The project
         *     disappears at once (its keys and tokens stop working within `CREDENTIAL_CACHE_MS`); its traces, spans, search
         *     rows, detections, fixes, webhooks and every other row are purged in bounded batches by the data-lifecycle worker.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        /**
         * Rename the selected project or change its retention period or search settings.
         * @description `retentionDays` (1 to 36500, or null for unlimited): traces older than that are hidden from lists, search and
         *     export at once and deleted by the data-lifecycle worker in bounded batches. `searchInputsOutputs` (default true):
         *     whether the text of span inputs and outputs goes into the search documents of traces (docs/search.md); a
         *     change applies to traces stored from now on at once, and the documents already written are rebuilt to follow it
         *     in the background, in batches (searches keep answering meanwhile).
         *     `experimentAlpha` (0 exclusive to 0.5, default 0.05): the project's significance level for experiment runs — the
         *     finish-time `notification.experiment_significant` check and the compare operation's default `alpha`.
         */
        patch: operations["updateProject"];
        trace?: never;
    };
    "/api/v1/public/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check that the service answers and the credential works in the selected project.
         * @description Touches no storage beyond authentication. The agent tool `ping` is this operation.
         */
        get: operations["ping"];
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
         * List the traces of the selected project, newest first or in a chosen order.
         * @description Keyset-paginated, newest first by default (`createdAt` descending, then `id` descending as a stable
         *     tiebreak); `sort` orders by latency, cost or tokens instead, either way, `id` breaking ties in the same
         *     direction. Filters, `savedFilterId` and `sort` are bound into the cursor: changing them between pages is
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
    "/api/v1/public/search/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Full-text search over the traces of the selected project, most relevant first.
         * @description `q` is the query syntax of docs/search.md: words (identifiers are split, so `timeout` finds
         *     `TimeoutError` and `fetch` finds `http_fetch`), prefixes `time*`, phrases `"rate limit"`, and exclusions
         *     `-word`; every word, prefix and phrase must match a trace name, error message, span name, metadata key or
         *     value, or the text of a span input or output. `sort=relevance` (default) puts the most relevant first,
         *     equally relevant traces newest first; `sort=recency` puts the newest first. `totalCount` counts matches exactly up to the server's
         *     `SEARCH_COUNT_LIMIT`; past it, it is that bound and `totalCountExact` is false, and `sort=relevance`
         *     ranks the `SEARCH_COUNT_LIMIT` most recently stored matches (of those the filters pass) instead of
         *     every match, so a common word stays fast over millions of traces (docs/search.md#order). A query holding a
         *     phrase (or an identifier, a phrase of its words) has the lower bound `SEARCH_PHRASE_COUNT_LIMIT` instead,
         *     as each of its matches is checked for the words' order. The filters are
         *     bound into the cursor. (The path is not `/traces/search`: `search` is a valid trace id.) The
         *     agent tool `search_traces` is this operation (its `offset` is the tool's own paging).
         */
        get: operations["searchTraces"];
        put?: never;
        post?: never;
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
        /**
         * Delete one trace and everything derived from it.
         * @description Removes the trace, its spans, its search document, its detection events and evaluation jobs, and its links to
         *     fixes. An unknown trace is 404.
         */
        delete: operations["deleteTrace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/traces/{traceId}/spans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through all spans of one trace, flat, by start time.
         * @description Unlike `GET /traces/{traceId}`, which nests at most 1000 spans, this lists every span of the trace
         *     (with `parentSpanId` to rebuild the tree), so a viewer can show traces of any size. Ordered by start
         *     time (to the millisecond); on a tied start a parent comes before its children (by depth), then the
         *     order sent, then the span id. A span without `startTime` starts with its parent, a root without one
         *     first. Keyset-paginated along that order (the cursor holds the last span's place and is bound to
         *     the trace). An unknown trace and a trace of another project are both 404.
         */
        get: operations["listTraceSpans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/traces/{traceId}/detections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The detections that fired on one trace.
         * @description Each detection fires at most once per trace, so this short list is not paginated; oldest firing
         *     first. An unknown trace and a trace of another project are both 404.
         */
        get: operations["listTraceDetections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OpenTelemetry OTLP/HTTP trace export.
         * @description The OTLP/HTTP traces endpoint, outside `/api/v1/public` so an exporter configured with
         *     `OTEL_EXPORTER_OTLP_ENDPOINT=<base URL>` and `OTEL_EXPORTER_OTLP_HEADERS=x-api-key=<key>` works
         *     unchanged. **Its bodies are not described by JSON Schema**: the request is an
         *     `opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest` as protobuf
         *     (`application/x-protobuf`) or OTLP JSON (`application/json`: hex ids, integer enums,
         *     lowerCamelCase keys), optionally `Content-Encoding: gzip`; the 200 answer is an
         *     `ExportTraceServiceResponse` in the request's encoding, with `partialSuccess.rejectedSpans`
         *     and `errorMessage` when some spans were refused one by one (bad ids, a native trace id); every
         *     failure is a `google.rpc.Status` (`code`, `message`) in the request's encoding, not a Problem.
         *     Bodies above `OTLP_MAX_BODY_BYTES` (4 MiB) as sent or `OTLP_MAX_DECOMPRESSED_BYTES` (16 MiB)
         *     inflated are 413; an undecodable payload is 400; 429 and 503 carry `Retry-After`.
         *     Spans append to traces by trace id: a re-sent span is not stored twice, a span whose parent has
         *     not arrived is kept and linked when it does, and the trace's derived fields are recomputed.
         *     The attribute mapping is docs/opentelemetry.md.
         */
        post: operations["exportOtlpTraces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/project/model-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's model price overrides.
         * @description Prices (dollars per million tokens) this project sets over the deployment's price table; spans
         *     with a model and token counts but no cost are priced at ingest (docs/opentelemetry.md#cost).
         */
        get: operations["listModelPrices"];
        /**
         * Replace the project's model price overrides.
         * @description The list replaces every override of the project (an empty list removes them). Names are
         *     matched lowercased, after the table's prefix and date-suffix rules; a project entry wins over
         *     the deployment's for the same name. Applies to spans ingested from then on.
         */
        put: operations["replaceModelPrices"];
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
         * @description Keyset-paginated (`createdAt` descending, then `id` descending). The filters `type`, `active`,
         *     `groupId` and `framework` are bound into the cursor; changing `limit` between pages is allowed.
         *     Each detection carries its firing counts; `totalCount` and `activeCount` count every detection
         *     the filters match. The agent tool `list_detections` is this operation.
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
    "/api/v1/public/detections/trend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How often a detection fired per hour or day, with the share of traces ingested in each bucket.
         * @description The detection is named by its slug. Empty buckets are included. The agent tool
         *     `get_detection_trend` is this operation.
         */
        get: operations["getDetectionTrend"];
        put?: never;
        post?: never;
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
        /**
         * Read one detection.
         * @description One detection of the selected project with its configuration. A detection of another project is 404.
         */
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
         * @description The filter tree is validated node by node (see `FilterNode` and docs/saved-filters.md); a failure is 400 `PUBLIC_API_VALIDATION_FAILED` whose `errors[].path` points at the
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
    "/api/v1/public/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sessions of the selected project with their totals.
         * @description A session is every trace of the project carrying one `sessionId` (OTLP `session.id` /
         *     `gen_ai.conversation.id`, native `metadata.session_id`). Each row is computed from the stored
         *     traces at read time, so it is exact after OTLP appends, deletes, retention and purge
         *     (docs/sessions.md). `from`/`to` choose which traces count: a session is listed when it has a
         *     trace created in the range, and its figures are those of its traces in the range. The project's
         *     retention applies as on the trace list. Keyset-paginated in the chosen order, the session id
         *     breaking ties in the same direction; filters and `sort` are bound into the cursor.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one session - its totals and its traces in start order.
         * @description The session's summary (over all its traces the project's retention keeps) and one page of its
         *     traces, oldest first (`createdAt` ascending, then trace id). A session id no trace carries is 404.
         *     The cursor pages the traces and is bound to the session.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the end users of the traced application with their usage.
         * @description End users are the users of the application being traced - the `userId` on traces (OTLP
         *     `user.id`, native `metadata.user_id`) - not Tracewell accounts, which are project members
         *     (`/api/v1/public/members`). Each row is computed from the stored traces at read time, like the
         *     session list (docs/sessions.md); `from`/`to` choose the traces counted. Keyset-paginated in the
         *     chosen order, the user id breaking ties in the same direction; filters and `sort` are bound into
         *     the cursor.
         */
        get: operations["listEndUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one end user of the traced application - usage and sessions.
         * @description The end user's summary (over all their traces the project's retention keeps) and one page of
         *     their sessions, most recently seen first (each session's figures over all its traces, whoever
         *     they belong to). A user id no trace carries is 404. The cursor pages the sessions.
         */
        get: operations["getEndUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/prompts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the prompts of the selected project, by name.
         * @description One summary per prompt (name, type, latest version, the labels and the version each names, the
         *     latest version's tags). Keyset-paginated in name order (byte order). `namePrefix` keeps names
         *     that start with it (a folder: `support/`), `label` prompts where some version carries that label,
         *     `tag` prompts whose latest version carries that tag. Filters are bound into the cursor.
         */
        get: operations["listPrompts"];
        put?: never;
        /**
         * Create a new version of a prompt (creating the prompt with version 1).
         * @description Versions are immutable and numbered 1, 2, 3… per prompt; a number is never reused, even after its
         *     version is deleted. The new version takes `latest` and every label in `labels` (a label names one
         *     version at a time, so each moves here from wherever it was). A prompt's `type` is fixed by its first
         *     version: another type later is 400 with path `/body/type`; a `template` of the wrong shape for the
         *     type is 400 with path `/body/template`. `latest` cannot be given (it moves by itself). Labels that
         *     are protected in the project (`/project/prompt-protected-labels`) need the admin role: 403
         *     `PUBLIC_API_PROMPT_LABEL_PROTECTED`.
         *
         *     Concurrent creations: two requests that race for version N both succeed, as N and N+1, unless they
         *     send `baseVersion`, the version the edit started from: when the prompt's latest version is another
         *     one, the request is 409 `PUBLIC_API_PROMPT_VERSION_CONFLICT` and writes nothing, so of two edits
         *     from version N exactly one becomes N+1. Emits `notification.prompt_version_changed`.
         */
        post: operations["createPromptVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/prompts/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        /**
         * Read the version of a prompt under a label (default `production`) or by number.
         * @description What an application fetches at run time. `label` (default `production`) or `version`, not both
         *     (400). A label that names no version of this prompt, an unknown version and an unknown prompt are
         *     404 `PUBLIC_API_NOT_FOUND`.
         *
         *     Served like a configuration service: the response carries a strong `ETag` (a hash of `data`; the
         *     envelope's `requestId` is per exchange) and `Cache-Control: private, max-age=0, must-revalidate`,
         *     so a client may keep the body but asks again each time; `If-None-Match` with the ETag answers 304
         *     with no body while the version and its labels are unchanged. Why no max-age: moving a label is how
         *     a team rolls back, and it must take effect at the next fetch; a revalidation costs one keyed read.
         *     Any API key of the project may read it, read-only ones included (an application's ingest key);
         *     OAuth and service-account tokens need `configuration:read`, or an observability scope.
         */
        get: operations["getPrompt"];
        put?: never;
        post?: never;
        /**
         * Delete a prompt and every version of it.
         * @description The body's `confirmation` must equal the prompt's name, else 400 `PUBLIC_API_CONFIRMATION_MISMATCH`.
         *     When any version carries a protected label the admin role is needed (403
         *     `PUBLIC_API_PROMPT_LABEL_PROTECTED`). Spans that recorded the prompt keep their name and version.
         */
        delete: operations["deletePrompt"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/prompts/{name}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        /**
         * How each version of a prompt did over a window - traces, latency p50/p95, cost, error rate, scores.
         * @description The traces created in `[from, to)` that used the prompt (some span records its name and version), per
         *     version, newest version first: every existing version, or only `version`. A trace that used two versions
         *     counts for each. Latency percentiles are linear interpolation between closest ranks (Hyndman & Fan 1996
         *     type 7, NumPy's default) over the traces' latencies, computed identically on both databases. `to` defaults
         *     to now, `from` to 7 days before `to`; the window is at most 90 days (400 at `/query/from`), a reversed
         *     one is 400 at `/query/to`. An unknown prompt or version is 404. See docs/prompts.md#usage.
         */
        get: operations["getPromptUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/metrics/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Measures of the traces (or their spans) in a time range, grouped by time bucket and up to two dimensions.
         * @description Reads the traces created in `[from, to)` that pass `filters` (the saved-filter rule language) and
         *     answers one row per group with the asked `measures`. Without a span dimension each trace is one unit;
         *     with one (model, provider, spanType, promptName, promptVersion) each span of those traces is one unit,
         *     so cost, tokens, latency and errors are the spans' (docs/analytics.md#units). `time` groups by
         *     calendar buckets of an IANA time zone (a day is local midnight to local midnight, 23 or 25 hours
         *     across a DST change). Each dimension keeps its `top` values ranked by `rankBy` over the whole range;
         *     the rest are one group with `other: true`. Latency percentiles are exact nearest-rank percentiles
         *     (Hyndman & Fan 1996 type 1). Bounds (400 with the field's path): at most 1000 time buckets, at most
         *     two dimensions, `top` at most 50, at most 10000 groups (buckets x series), a range of at most 400 days.
         *     Every number is computed from the stored rows at query time, so it matches them after appends,
         *     deletes, retention and purges.
         */
        post: operations["queryMetrics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/dashboards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboards of the selected project, the built-in default first.
         * @description Summaries (no widgets). The first page starts with the project's built-in default dashboard (id
         *     `default`, `builtIn: true`), which every project has and which cannot be changed or deleted; then the
         *     saved dashboards, newest first (`createdAt` descending, then `id` descending). The built-in counts
         *     towards the first page's `limit`. Keyset-paginated (docs/analytics.md#dashboards).
         */
        get: operations["listDashboards"];
        put?: never;
        /**
         * Save a dashboard of metrics widgets.
         * @description Each widget's `query` is a metrics query without its time range (the dashboard is viewed over a chosen
         *     range) and is validated by the rules of `queryMetrics`: a bad one is 400 `PUBLIC_API_VALIDATION_FAILED`
         *     whose `errors[].path` points into the widget, e.g. `/body/widgets/2/query/dimensions/0/top`. At most 24
         *     widgets, laid out on a 12-column grid (`x + w` at most 12), and at most 100 dashboards per project
         *     (409 `PUBLIC_API_DASHBOARD_LIMIT`).
         */
        post: operations["createDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/dashboards/{dashboardId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dashboard's id, or `default` for the project's built-in default dashboard. */
                dashboardId: components["parameters"]["DashboardIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read one dashboard with its widgets.
         * @description `default` is the built-in default dashboard. A dashboard of another project is 404, exactly like one that does not exist.
         */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        /**
         * Delete a saved dashboard.
         * @description The built-in default dashboard cannot be deleted (409 `PUBLIC_API_DASHBOARD_BUILT_IN`).
         */
        delete: operations["deleteDashboard"];
        options?: never;
        head?: never;
        /**
         * Rename a dashboard, change its description and/or replace its widgets.
         * @description At least one of `name`, `description` and `widgets`; `widgets` replaces the whole list and is validated as
         *     on create. The built-in default dashboard cannot be changed (409 `PUBLIC_API_DASHBOARD_BUILT_IN`).
         */
        patch: operations["updateDashboard"];
        trace?: never;
    };
    "/api/v1/public/prompts/{name}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        /**
         * The versions of a prompt, newest first, each in full.
         * @description Keyset-paginated by version number, descending. An unknown prompt is 404.
         */
        get: operations["listPromptVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/prompts/{name}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
                /** @description The version number. */
                version: components["parameters"]["PromptVersionPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one version of a prompt.
         * @description The body's `confirmation` must be `<name>@<version>` (e.g. `support/triage@3`), else 400
         *     `PUBLIC_API_CONFIRMATION_MISMATCH`. Its labels go with it (`latest` moves to the highest remaining
         *     version); a version carrying a protected label needs the admin role. Deleting the only version
         *     deletes the prompt. Its number is not reused.
         */
        delete: operations["deletePromptVersion"];
        options?: never;
        head?: never;
        /**
         * Set the labels of a version (moving them from other versions).
         * @description `labels` becomes this version's exact set of labels: each one it did not carry moves here from the
         *     version that had it, each one it carried and is not listed is removed. `latest` cannot be set or
         *     removed (400 with path `/body/labels/<i>`). Adding, moving or removing a protected label needs the
         *     admin role: 403 `PUBLIC_API_PROMPT_LABEL_PROTECTED`, nothing changed. Emits
         *     `notification.prompt_version_changed` when some label moved.
         */
        patch: operations["setPromptVersionLabels"];
        trace?: never;
    };
    "/api/v1/public/prompts/{name}/compile": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fill a version's variables (and a chat prompt's placeholders).
         * @description Reads the version as `GET /prompts/{name}` does (`label`, default `production`, or `version`), and
         *     replaces every `{{variable}}` with `variables[variable]` (the text as given: no escaping, no
         *     second pass over inserted text) and, in a chat prompt, every placeholder entry with the messages in
         *     `placeholders[name]`. A variable the template uses and `variables` lacks is 400
         *     `PUBLIC_API_VALIDATION_FAILED` with path `/body/variables/<name>`; a missing placeholder likewise
         *     with `/body/placeholders/<name>`. Extra variables are ignored. Changes nothing.
         */
        post: operations["compilePrompt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/project/prompt-protected-labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's protected prompt labels.
         * @description Labels that only admins may add, move or remove (none by default).
         */
        get: operations["getPromptProtectedLabels"];
        /**
         * Replace the project's protected prompt labels.
         * @description The whole set, sorted and without duplicates on return. `latest` cannot be protected (it moves by itself).
         */
        put: operations["setPromptProtectedLabels"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the monitors of the selected project, newest first.
         * @description Keyset-paginated (`createdAt` descending, then `id` descending). Each monitor carries its state and open incident.
         */
        get: operations["listMonitors"];
        put?: never;
        /**
         * Create a monitor.
         * @description A monitor evaluates one condition per window of `windowSeconds` (aligned to multiples of that
         *     length since the Unix epoch) over the project's traces, optionally narrowed by `scope`. The
         *     first window evaluated is the one in progress at creation. `kind` decides the condition fields
         *     and the event type (docs/alerts.md, "Which condition emits which type"); a field of another
         *     kind is 400 with its path. A saved filter, detection or member monitor that is not in the
         *     project is 400 `not_found` at its path. Names are unique within a project: 409
         *     `PUBLIC_API_MONITOR_CONFLICT`.
         */
        post: operations["createMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The monitor's id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Read one monitor.
         * @description A monitor of another project is 404, exactly like one that does not exist.
         */
        get: operations["getMonitor"];
        put?: never;
        post?: never;
        /**
         * Delete a monitor with its windows and incidents.
         * @description The body's `confirmation` must equal the id in the path, else 400
         *     `PUBLIC_API_CONFIRMATION_MISMATCH`. A member of a compound monitor is 409 `PUBLIC_API_MONITOR_IN_USE`.
         */
        delete: operations["deleteMonitor"];
        options?: never;
        head?: never;
        /**
         * Change a monitor, mute or snooze it, or enable or disable it.
         * @description Any of the create fields but `kind`; `scope` and `condition` replace the whole object and the
         *     result is validated as on create. `mutedUntil` (or null to unmute) mutes the monitor: windows
         *     ending before it are still evaluated and incidents still open and resolve, but no event is sent.
         *     A new `windowSeconds`, or enabling a disabled monitor, starts from the window in progress
         *     (disabled time is not caught up); a new metric, detection, scope, condition or window forgets
         *     the anomaly history. A member of a compound monitor cannot change its window: 409
         *     `PUBLIC_API_MONITOR_IN_USE`.
         */
        patch: operations["updateMonitor"];
        trace?: never;
    };
    "/api/v1/public/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the incidents of the selected project's monitors, newest first.
         * @description Keyset-paginated (`startedWindowEnd` descending, then `id` descending); the filters are bound into the
         *     cursor. `fixId` lists the incidents linked to a fix: those of a monitor on a detection's fire
         *     count opened while that detection had the fix open.
         */
        get: operations["listIncidents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one incident with its metric values.
         * @description An incident of another project is 404, exactly like one that does not exist.
         */
        get: operations["getIncident"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the incidents linked to a fix, newest first.
         * @description The incidents of monitors on the fix's detection fire count that opened while the fix was the
         *     detection's open fix (docs/alerts.md, "Incidents over REST"). A fix of another project is 404.
         *     Keyset-paginated like `listIncidents`; `status` is bound into the cursor.
         */
        get: operations["listFixIncidents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List scores, newest first.
         * @description Scores of the selected project, newest first (`createdAt` descending, then `id`), optionally
         *     narrowed to one trace, span, session, name or source. Keyset-paginated; the filters are bound into
         *     the cursor.
         */
        get: operations["listScores"];
        put?: never;
        /**
         * Record a score.
         * @description A numeric, boolean or categorical value with a name, attached to a trace (`traceId`), a span
         *     (`traceId` + `spanId`) or a session (`sessionId`). Source `api`; `author` defaults to the
         *     credential. `dataType` may be omitted: the value says it (a number is `numeric`, true/false
         *     `boolean`, a string `categorical`). An unknown trace or span is 404; a value that does not match a
         *     given `dataType` is 400 with the field path `/body/value`.
         */
        post: operations["createScore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/scores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The score id. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a score.
         * @description A score of another project is 404, like one that does not exist.
         */
        delete: operations["deleteScore"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/playground/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a chat prompt against one of the project's model connections, streamed as Server-Sent Events.
         * @description Fills the `{{variable}}` placeholders of `messages` from `variables` by the prompts' own rule (as
         *     `compilePrompt`; a variable without a value is 400 `PUBLIC_API_VALIDATION_FAILED` with path
         *     `/body/variables/<name>`), then calls the model connection's
         *     OpenAI-compatible `chat/completions` with `stream: true` and relays the text as it arrives.
         *
         *     The answer is `text/event-stream` (Server-Sent Events, one JSON object per `data:` line), chosen over JSON
         *     Lines because browsers and every HTTP client read it incrementally and it names each event:
         *
         *     - `event: run` — `{ "traceId" }`, first, before the model is called;
         *     - `event: delta` — `{ "content" }`, each piece of text as the model sends it;
         *     - `event: done` — `{ "traceId", "output", "promptTokens", "completionTokens", "costUsd", "latencyMs", "finishReason" }`;
         *     - `event: error` — `{ "traceId", "code", "detail", "output" }` when the model fails after the stream began
         *       (`model_error`: an HTTP error, an `error` chunk, an answer over 256,000 characters; `model_unreachable`: a
         *       broken connection; `model_timeout`: silence past `EVALUATOR_TIMEOUT_MS`) or, rarely, when the finished run
         *       could not be stored (`run_not_stored`); `output` is the text received until then.
         *
         *     Exactly one of `done` or `error` ends the stream. Either way the run is stored as a trace (`traceId`,
         *     framework `tracewell-playground`) with one `LLM` span carrying the filled messages, the answer, the model,
         *     the parameters, the token counts, the cost from the price table and, when `prompt` is given, the prompt
         *     name and version it came from, and its tokens and dollars count against the project's daily evaluation
         *     budget (`GET /evaluation-budget`). While that budget is spent the run is refused before any call: 409
         *     `PUBLIC_API_EVALUATION_BUDGET_EXHAUSTED`. An unknown connection is 404; a base URL that no longer passes
         *     the SSRF policy is 400 `PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN`. Scope `evaluation:write` (it spends the
         *     evaluation budget on the evaluators' model connections); role editor.
         */
        post: operations["runPlayground"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/model-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List model connections.
         * @description The OpenAI-compatible chat-completions endpoints evaluators call. The API key is never returned.
         */
        get: operations["listModelConnections"];
        put?: never;
        /**
         * Add a model connection.
         * @description An OpenAI-compatible chat-completions endpoint (`baseUrl` + `/chat/completions`), a model name and
         *     an API key sealed at rest (AES-256-GCM, like webhook secrets). The base URL passes the same SSRF
         *     policy as webhook destinations (400 `PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN` with path
         *     `/body/baseUrl`), checked again before every call. A name taken in the project is 409
         *     `PUBLIC_API_MODEL_CONNECTION_CONFLICT`.
         */
        post: operations["createModelConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/model-connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The model connection id. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a model connection.
         * @description Evaluators that use it are deleted with it. Another project's connection is 404.
         */
        delete: operations["deleteModelConnection"];
        options?: never;
        head?: never;
        /**
         * Change a model connection.
         * @description Rename it, point it at another base URL or model, or replace its API key (a new `apiKey` is sealed
         *     in place of the old one; leaving it out keeps the old key; the key is never returned). At least one
         *     field. A new base URL passes the same SSRF policy as on creation (400
         *     `PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN` with path `/body/baseUrl`); a name taken by another
         *     connection of the project is 409 `PUBLIC_API_MODEL_CONNECTION_CONFLICT`. Evaluators that use it call
         *     the changed endpoint from their next job. Another project's connection is 404.
         */
        patch: operations["updateModelConnection"];
        trace?: never;
    };
    "/api/v1/public/evaluators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List evaluators.
         * @description LLM-as-judge evaluators of the selected project, newest first, with their state (`active`, `paused`
         *     with the reason, e.g. the daily budget).
         */
        get: operations["listEvaluators"];
        put?: never;
        /**
         * Create an LLM-as-judge evaluator.
         * @description A built-in template (`hallucination`, `answer_relevance`, `toxicity`, `pii_leakage`) or `custom`
         *     with its own prompt, whose `{{variables}}` are mapped from trace fields (`input`, `output`,
         *     `context`, `expected_output`). New traces are sampled at `samplingRate` and narrowed by `filters`
         *     (the saved-filter language) and evaluated through the durable job outbox. The judge must answer JSON
         *     `{"score": 0..1, "reasoning": "…"}`; anything else is recorded as an evaluation error, not a score.
         */
        post: operations["createEvaluator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/evaluators/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The evaluator id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Read one evaluator.
         * @description With today's spend against its budget. Another project's evaluator is 404.
         */
        get: operations["getEvaluator"];
        put?: never;
        post?: never;
        /**
         * Delete an evaluator.
         * @description Its scores stay; its pending jobs are dropped.
         */
        delete: operations["deleteEvaluator"];
        options?: never;
        head?: never;
        /**
         * Change an evaluator.
         * @description Activate or deactivate it, change the sampling rate, filters or budget. Raising a budget that paused
         *     it resumes it.
         */
        patch: operations["updateEvaluator"];
        trace?: never;
    };
    "/api/v1/public/evaluators/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The evaluator id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * List the runs of an evaluator, newest first.
         * @description One row per evaluated trace: `scored` with the score id, `error` with why (invalid judge output,
         *     HTTP failure after retries), or `skipped` (the daily budget was spent).
         */
        get: operations["listEvaluatorRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/evaluation-budget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the project's daily evaluation budget.
         * @description The budget over all evaluators of the project (UTC day), what they spent today, and whether they are
         *     paused because it is spent (with the reason and when they resume).
         */
        get: operations["getEvaluationBudget"];
        /**
         * Set the project's daily evaluation budget.
         * @description Dollars (priced from the model price table) and/or tokens per UTC day over all evaluators of the
         *     project; null or absent removes that limit. Setting the budget lifts a pause caused by the old one.
         */
        put: operations["setEvaluationBudget"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/annotation-queues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List annotation queues.
         * @description Human annotation queues of the selected project, newest first.
         */
        get: operations["listAnnotationQueues"];
        put?: never;
        /**
         * Create an annotation queue.
         * @description Traces or spans reviewed by people against one score configuration (name, data type, range or
         *     categories). Responses become `annotation` scores.
         */
        post: operations["createAnnotationQueue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/annotation-queues/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The annotation queue id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Read one annotation queue.
         * @description With its members. Another project's queue is 404.
         */
        get: operations["getAnnotationQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/annotation-queues/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The annotation queue id. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign a member to an annotation queue.
         * @description The user must be a member of the project's organization (else 400 with path `/body/userId`). Emits
         *     `notify.eval_assigned`. Assigning a member twice is 409.
         */
        post: operations["addAnnotationQueueMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/annotation-queues/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The annotation queue id. */
                id: string;
                /** @description The member's user id. */
                userId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from an annotation queue.
         * @description Returns the queue without the member. Batches dispatched from now on do not deal items to them; items
         *     already dealt to them stay theirs (still listed by `GET /annotation-items` and answerable until the
         *     batch closes), so no response in progress is lost — dispatch a new batch to re-deal work. A user who
         *     is not a member of the queue, or another project's queue, is 404.
         */
        delete: operations["removeAnnotationQueueMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/annotation-queues/{id}/batches": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The annotation queue id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * List a queue's batches.
         * @description The queue's batches without their items (read one batch for those), newest first, keyset-paginated.
         *     Another project's queue is 404.
         */
        get: operations["listAnnotationBatches"];
        put?: never;
        /**
         * Dispatch a batch of items to the queue's members.
         * @description Items (traces, or spans for a span queue) are dealt round-robin to the members, with a deadline and
         *     an optional reminder time. Emits `notify.eval_batch_dispatched`. A queue without members is 409; an
         *     unknown trace or span is 400 with its item path.
         */
        post: operations["createAnnotationBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/annotation-queues/{id}/batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The annotation queue id. */
                id: string;
                /** @description The batch id. */
                batchId: string;
            };
            cookie?: never;
        };
        /**
         * Read one annotation batch with its items.
         * @description Each item with its assignee, status and score.
         */
        get: operations["getAnnotationBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/annotation-queues/{id}/batches/{batchId}/items/{itemId}/response": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The annotation queue id. */
                id: string;
                /** @description The batch id. */
                batchId: string;
                /** @description The item id. */
                itemId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer one item of a batch.
         * @description Annotators need only the viewer role (x-min-role viewer): people who review need not edit the
         *     project. The value is checked against the queue's score configuration and recorded as an `annotation` score.
         *     A signed-in user answers only their own items (403 `PUBLIC_API_NOT_ASSIGNEE`); an answered item is
         *     409. Emits `notify.eval_response_submitted`, and `notify.eval_completed` when it was the batch's
         *     last open item.
         */
        post: operations["submitAnnotationResponse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/annotation-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling user's annotation items in the selected project.
         * @description Every item assigned to the user behind the credential (an API key's creator, a signed-in user), with
         *     its queue, batch, target and deadline: pending items first, then by batch deadline (soonest first),
         *     then item id. Keyset-paginated; `status` filters (bound into the cursor). Annotators need only the
         *     viewer role. Service accounts act for no user and are refused (403 `PUBLIC_API_CREDENTIAL_NOT_ALLOWED`).
         */
        get: operations["listMyAnnotationItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
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
        /**
         * Read one webhook of the selected project.
         * @description The webhook's settings. The destination address and the secret are never returned; `destinationConfigured` says whether one is set.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook together with its deliveries and their log.
         * @description Deletion is permanent: pending deliveries are not sent and the delivery log is removed. A webhook of another project is 404.
         */
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
        /**
         * The delivery log of a webhook, newest first, each delivery with its attempts.
         * @description Cursor-paginated like every list: copy `data.page.nextCursor` unchanged into `cursor`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the notification channels of the selected project, newest first.
         * @description Keyset-paginated (`createdAt` descending, then `id` descending).
         */
        get: operations["listChannels"];
        put?: never;
        /**
         * Create a notification channel (Slack, PagerDuty, email or an existing webhook).
         * @description Creates an enabled channel in the selected project. Routing lives on the channel: `eventTypes`
         *     lists the event types (or `*`) it receives, as a webhook's subscription does.
         *
         *     * **kind** `slack`: `slackWebhookUrl` (a Slack incoming-webhook URL) is required; it is sealed like a
         *       webhook secret (AES-256-GCM) and never returned.
         *     * **kind** `pagerduty`: `routingKey` (an Events API v2 integration key) is required, sealed and never
         *       returned; `eventsUrl` defaults to the deployment's `PAGERDUTY_EVENTS_URL`
         *       (`https://events.pagerduty.com/v2/enqueue`; the EU service is `https://events.eu.pagerduty.com/v2/enqueue`).
         *     * **kind** `email`: `recipients` (1 to 50 addresses) is required, and the deployment must send mail
         *       (`SMTP_URL`): 409 `PUBLIC_API_CHANNEL_MAIL_NOT_CONFIGURED` when it does not.
         *     * **kind** `webhook`: `webhookId` names a webhook of the project; deliveries are sent to it signed with
         *       its secret, in its envelope.
         *     * A field of another kind is 400 at its path (`/body/routingKey` on a Slack channel). Slack and
         *       PagerDuty URLs pass the webhook SSRF policy (400 `PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN`).
         *     * **Names** are unique within a project: 409 `PUBLIC_API_CHANNEL_CONFLICT`.
         */
        post: operations["createChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/channels/{channelId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel's id. */
                channelId: string;
            };
            cookie?: never;
        };
        /**
         * Read one notification channel of the selected project.
         * @description The Slack URL and the PagerDuty routing key are never returned; `destinationConfigured` says whether one is set.
         */
        get: operations["getChannel"];
        put?: never;
        post?: never;
        /**
         * Delete a channel together with its deliveries and their log.
         * @description Deletion is permanent: pending deliveries are not sent. A channel of another project is 404.
         */
        delete: operations["deleteChannel"];
        options?: never;
        head?: never;
        /**
         * Change a channel's name, routing, destination or enabled state.
         * @description Send only what changes (at least one property). The kind never changes; a field of another kind is
         *     400 at its path. A disabled channel receives no new deliveries and its pending ones are cancelled
         *     when they come due. `eventsUrl: null` goes back to the deployment's PagerDuty events URL.
         */
        patch: operations["updateChannel"];
        trace?: never;
    };
    "/api/v1/public/channels/{channelId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel's id. */
                channelId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message through this channel now and answer how it went.
         * @description Sends one `channel.test` message to the channel's destination synchronously (one attempt, never
         *     retried) and answers the resulting delivery: `succeeded`, or `failed` with `lastError` and
         *     `responseCode`. The delivery stays in the channel's log. A disabled channel answers 409
         *     `PUBLIC_API_CHANNEL_DISABLED`.
         */
        post: operations["testChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/channels/{channelId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel's id. */
                channelId: string;
            };
            cookie?: never;
        };
        /**
         * The delivery log of a channel, newest first.
         * @description Each delivery with its status, attempts, last error, last response code and next attempt. Cursor-paginated like every list.
         */
        get: operations["listChannelDeliveries"];
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
        /**
         * Bind the service account to the selected project with a role (or change the role).
         * @description Needs the admin role in the project. Binding an already bound service account changes its role.
         */
        put: operations["bindServiceAccount"];
        post?: never;
        /**
         * Remove the service account's binding to the selected project; its tokens stop working there.
         * @description Needs the admin role in the project. The service account and its tokens remain for its other projects.
         */
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
        /**
         * What the presented guest review token grants.
         * @description Answers only to a guest review token (`Authorization: ServiceGuest tw_gt_…`) and names the resource it was issued for.
         */
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
         * @description Keyset-paginated (`createdAt` descending, then `id` descending). The filters `status`, `severity`,
         *     `label`, `dispatchStatus` and `dispatchTarget` are bound into the cursor. The agent tools
         *     `triage_list` and `agent_list_fixes` (with `dispatchTarget=agent`) are this operation.
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
        /**
         * Read one fix with its linked traces and comments.
         * @description A fix of another project is 404. A guest review token reads only the fix it was issued for.
         */
        get: operations["getFix"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the title, severity, label or recommended action of a fix.
         * @description The agent tool `triage_update` is this operation.
         */
        patch: operations["updateFix"];
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a draft fix; it becomes open.
         * @description Only a draft fix can be accepted (else 400 `PUBLIC_API_INVALID_TRANSITION`); of two concurrent
         *     transitions exactly one wins. The agent tool `triage_accept` is this operation.
         */
        post: operations["acceptFix"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dismiss (archive) a fix; the reason is kept as feedback.
         * @description A resolved or archived fix cannot be dismissed (400 `PUBLIC_API_INVALID_TRANSITION`). The agent
         *     tool `triage_dismiss` is this operation.
         */
        post: operations["dismissFix"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a fix forward (open → in_progress → resolved → archived), with an optional note.
         * @description A transition the workflow does not allow is 400 `PUBLIC_API_INVALID_TRANSITION`; the note is kept
         *     with the transition. The agent tool `triage_update_status` is this operation.
         */
        post: operations["updateFixStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/investigation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The investigation of a fix (its steps, oldest first) and its comments.
         * @description The agent tool `triage_get_investigation` is this operation.
         */
        get: operations["getFixInvestigation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The investigation steps of a fix, oldest first.
         * @description Cursor-paginated in the order steps were recorded (steps are append-only, so a page never shifts).
         *     The agent tool `triage_list_steps` is this operation.
         */
        get: operations["listFixSteps"];
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
    "/api/v1/public/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the projects the credential can reach.
         * @description An organization API key lists its organization's projects, a project key its one project, a user the
         *     projects of every organization it belongs to. Service-account tokens name their project with `x-project-id` instead.
         */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a project in an organization.
         * @description Needs organization reach: an organization-wide API key (its organization) or a user who is an owner or
         *     admin of the organization (`organizationId` may be omitted when the user belongs to one organization).
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API keys of the selected project (and organization-wide keys), newest first.
         * @description Never the secret: prefix, name, scope, creation, last use, expiry and revocation. Organization-wide keys are
         *     listed to credentials with organization reach only. Keyset-paginated.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key; the key is shown once.
         * @description `scope: project` (default) makes a key for the selected project; `scope: organization` one for the whole
         *     organization, which needs organization reach. `expiresAt` (optional, in the future) ends it; `readOnly` keys
         *     may call GET operations only.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/api-keys/{apiKeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key.
         * @description It stops working on every server process within `CREDENTIAL_CACHE_MS` (default 5 s). Revoking a revoked key
         *     returns it unchanged.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the members of the selected project's organization.
         * @description Each member's organization role, explicit role in the selected project (null: none) and effective role there.
         *     Email addresses are shown only to a credential with organization reach (an organization API key, or a user who
         *     is an owner or admin of the organization); a project API key or a project-only admin sees every member with
         *     `email: null`, as GitHub shows an organization's members but not their addresses. Service-account tokens
         *     cannot list members.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from the organization.
         * @description Removes the membership and the member's project roles in the organization; the last owner stays (409).
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's organization role or role in the selected project.
         * @description `role` changes the organization role (needs organization reach; only owners grant or take away `owner`, and the
         *     last owner stays). `projectRole` sets (or, with null, removes) the member's explicit role in the selected project.
         *     The member's `email` in the answer follows `listMembers`: null without organization reach.
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/api/v1/public/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the open invitations of the selected project's organization.
         * @description Invitations not yet accepted, revoked or expired, newest first. The invitation links are not listed; they are shown once, to the inviter.
         *     Needs organization reach, as inviting and revoking do (the invitees' email addresses are the organization's):
         *     a project API key or a project-only admin gets 403 `PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED`.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite an email into the organization with a role.
         * @description Returns the acceptance link (valid 7 days). When the deployment sends mail (`SMTP_URL`) the link is also mailed
         *     to the invited address (`mailed: true`); otherwise pass it on yourself. The invited person opens it,
         *     sets a password (or enters the existing account's) and becomes a member. Needs organization reach; only owners
         *     invite owners.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an open invitation.
         * @description The invitation's link stops working at once; an invitation already accepted cannot be revoked.
         */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/scim-connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The SCIM 2.0 provisioning connection of the selected project's organization.
         * @description Whether SCIM provisioning is on (a bearer token exists), the token's prefix and creation time, the base URL an
         *     identity provider is given (`{PUBLIC_BASE_URL}/scim/v2`), the organization role provisioned users get by default
         *     and the group-to-role mapping (docs/sso.md). Organization owners only.
         */
        get: operations["getScimConnection"];
        /**
         * Set the default role and the group-to-role mapping of SCIM provisioning.
         * @description `defaultRole` is the organization role of a provisioned, active user in no mapped group; `groupRoles` maps SCIM
         *     group names (case-insensitive) to organization roles and, optionally, project roles, the highest role of a user's
         *     groups winning. Every
         *     provisioned member's role is recomputed at once. Owners are never granted, changed or removed by provisioning
         *     rules. Organization owners only.
         */
        put: operations["updateScimConnection"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/scim-connection/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue the organization's SCIM bearer token, replacing the previous one at once.
         * @description Returns a `tw_sc_…` token once (only its SHA-256 hash is stored); the previous token, if any, stops working in
         *     the same transaction. The first call turns SCIM provisioning on. Organization owners only.
         */
        post: operations["rotateScimToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/sso-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenID Connect single sign-on connection of the selected project's organization (none or one).
         * @description Issuer, client id, allowed email domains, default role of just-in-time members, group claim and group-to-role
         *     mapping, whether SSO is required, and the redirect URI to register at the identity provider
         *     (`{PUBLIC_BASE_URL}/sso/callback`). The client secret is never returned. Organization owners only (docs/sso.md).
         */
        get: operations["listSsoConnections"];
        put?: never;
        /**
         * Connect the organization to an OpenID Connect identity provider.
         * @description The provider's discovery document (`{issuer}/.well-known/openid-configuration`) is fetched now, through the SSRF
         *     guard (public addresses only unless `SSO_ALLOWED_HOSTS` names the host), and must name the issuer and support the
         *     authorization code flow with PKCE S256; otherwise 400 at `/body/issuer`. The client secret is sealed at rest and
         *     never returned. An email domain belongs to one organization's connection (409 `SSO_DOMAIN_TAKEN`); an organization
         *     has one connection (409 `SSO_CONNECTION_EXISTS`). Organization owners only.
         */
        post: operations["createSsoConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/sso-connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection's id. */
                connectionId: string;
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the settings of the organization's single sign-on connection.
         * @description Every field as on create; `clientSecret` may be left out to keep the stored one. The discovery document is fetched
         *     again. Turning `requireSso` on refuses password sign-in to the organization's members from the next sign-in on
         *     (owners keep an audited break-glass password path). Organization owners only.
         */
        put: operations["replaceSsoConnection"];
        post?: never;
        /**
         * Disconnect the organization's identity provider.
         * @description Single sign-on stops at once (sign-ins under way are refused at the callback) and password sign-in is allowed
         *     again. Accounts and memberships made by single sign-on remain. Organization owners only.
         */
        delete: operations["deleteSsoConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events, newest first.
         * @description Every administrative mutation, recorded in the transaction of the change: actor (credential kind and id, user),
         *     action, target, time and request id. Credentials with organization reach see the whole organization; others the
         *     selected project's events. Filters are bound into the cursor.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/traces/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the traces matching the list filters (or a saved filter) as JSON Lines, with their spans.
         * @description Streamed: traces are read in keyset pages and written as they are read, so the server's memory does not grow
         *     with the export. Traces past the project's retention are not exported.
         */
        get: operations["exportTraces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling user's notifications in the selected project, newest first.
         * @description Keyset-paginated (`createdAt` descending, then `id` descending); `unread=true` lists only unread
         *     ones (bound into the cursor). `unreadCount` counts every unread notification. The user is the one
         *     behind the credential (an API key's creator); service accounts have none and are not accepted.
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark one of the calling user's notifications read.
         * @description Idempotent; a notification keeps the time it was first read. Another user's notification is 404.
         */
        post: operations["markNotificationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/notifications/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark every notification of the calling user in the selected project read.
         * @description Answers how many were unread.
         */
        post: operations["markAllNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/project/notification-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's digest schedule, action-item age and dispatch approval policy.
         * @description A project that never saved settings answers the defaults.
         */
        get: operations["getNotificationSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the project's notification settings.
         * @description Properties left out keep their value. `timezone` is an IANA zone (unknown: 400 with the field
         *     path). The digest hour and zone apply from the next period on.
         */
        patch: operations["updateNotificationSettings"];
        trace?: never;
    };
    "/api/v1/public/project/digests/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The daily digest or weekly report of the latest complete period.
         * @description The same summary `notification.daily_digest` / `notification.weekly_report` carry: traces, error
         *     rate, cost, top detections, new and resolved fixes of the period ending at the project's digest
         *     hour (in its time zone) at or before `at` (default now; a future `at` is 400).
         */
        get: operations["getDigest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/assignee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Assign a fix to a member of the project, or to nobody (null).
         * @description A draft or open fix with an assignee that stays unchanged for the project's `actionItemAgeHours`
         *     is reported to the assignee as `notification.action_items`. A user who is no member is 400.
         */
        put: operations["assignFix"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/dispatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dispatch state of a fix and its trail, oldest first.
         * @description `status` is null until a dispatch is first requested. The agent tool `triage_get_dispatch` is this operation.
         */
        get: operations["getFixDispatch"];
        put?: never;
        /**
         * Request, send, acknowledge or fail the dispatch of a fix.
         * @description `request` moves an open or in_progress fix to `pending_approval` and emits
         *     `notification.approval_requested` — or straight to `approved` when the project does not require
         *     approval. Its `target` is `webhook` (default; with `webhookId`, an enabled webhook of the project),
         *     `github` (the project's GitHub target must exist) or `agent` (the queue coding agents claim from).
         *     `dispatch` sends an approved fix: to a webhook as a `fix.dispatched` delivery (409
         *     `PUBLIC_API_DISPATCH_TARGET_UNAVAILABLE` when it was deleted or disabled); to GitHub as an issue,
         *     created in the background with retries (the dispatch becomes `acknowledged` once the issue exists,
         *     `failed` when its creation is given up); to agents by putting it in their queue. The receiver
         *     reports back with `acknowledge` or `fail`, and `complete` once the work is done (which resolves
         *     the fix). Any other (state, action) pair is 400 `PUBLIC_API_INVALID_TRANSITION`. The agent tool
         *     `triage_dispatch` is this operation.
         */
        post: operations["actOnFixDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/dispatch/approval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject a pending dispatch approval.
         * @description Only a fix in `pending_approval` can be decided (else 400 `PUBLIC_API_INVALID_TRANSITION`); of two
         *     concurrent decisions exactly one wins. Emits `notification.approval_approved` or
         *     `notification.approval_rejected`. Needs the project's admin role. The agent tool
         *     `triage_decide_dispatch` is this operation.
         */
        post: operations["decideFixDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/dispatch/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim a fix dispatched to coding agents.
         * @description A coding agent takes a `dispatched` fix of the `agent` target: the dispatch becomes `acknowledged`
         *     with the caller as `claimedBy`, and an open fix moves to `in_progress`. A dispatch already claimed
         *     is 409 `PUBLIC_API_DISPATCH_ALREADY_CLAIMED` (whoever holds it); any other state, or a dispatch
         *     to a webhook or GitHub, is 400 `PUBLIC_API_INVALID_TRANSITION`. Of two concurrent claims exactly
         *     one wins. The agent tool `agent_claim_fix` is this operation.
         */
        post: operations["claimFixDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/fixes/{id}/dispatch/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report progress on a claimed fix as an investigation step.
         * @description Appends a step (`action`, `finding`, the caller as `agent`) to the fix's investigation. Only while
         *     the dispatch is `acknowledged` (claimed) — else 400 `PUBLIC_API_INVALID_TRANSITION` — and, for an
         *     agent dispatch, only by the claimer (409 `PUBLIC_API_DISPATCH_ALREADY_CLAIMED` for anyone else).
         *     The agent tool `agent_report_progress` is this operation.
         */
        post: operations["reportFixProgress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/integrations/github": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's GitHub target.
         * @description The repository and labels approved dispatches become issues in. The token and the webhook secret are never returned. 404 when the project has none.
         */
        get: operations["getGithubTarget"];
        /**
         * Create or replace the project's GitHub target.
         * @description `repository` is `owner/name`. `token` (a fine-grained token with Issues: read and write on that
         *     repository) is required when the project has no target yet and otherwise keeps its value when
         *     omitted. `webhookSecret` is the secret of GitHub's `issues` webhook: given, it is used; omitted at
         *     creation, one is generated and returned **in this response only** (`webhookSecret`); omitted on a
         *     change, the old one stays. Both are stored sealed (AES-256-GCM) and never returned otherwise. The
         *     API host (`GITHUB_API_URL`) must pass the destination guard (400
         *     `PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN`).
         */
        put: operations["setGithubTarget"];
        post?: never;
        /**
         * Remove the project's GitHub target.
         * @description Issues not yet created are not created (their dispatches fail at the next attempt); issues already created stay on GitHub. 404 when the project has none.
         */
        delete: operations["deleteGithubTarget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/integrations/github/webhook/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * GitHub's `issues` webhook for one project.
         * @description The Payload URL of the repository's webhook (content type `application/json`, the project's
         *     webhook secret, event "Issues"). Needs no credential: **the `X-Hub-Signature-256` HMAC-SHA256 of
         *     the body with the project's webhook secret is the credential**, compared in constant time; a
         *     missing or wrong one is 401. `X-GitHub-Delivery` ids are remembered: a redelivery answers 200
         *     `duplicate` and changes nothing. `ping` answers 200 `pong`. An `issues` event of the target's
         *     repository for an issue a dispatch created: `closed` resolves the fix, `reopened` moves it back
         *     to `in_progress` (200 `handled`). Any other event, action, repository or issue is 202 `ignored`.
         *     A project without a GitHub target is 404. Bodies above 1 MiB are 413.
         */
        post: operations["receiveGithubWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/detections/{id}/backfills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a detection over the project's historical traces.
         * @description Evaluates the detection (active or not) over the traces created in `[from, to)` — at most 366
         *     days, `to` not in the future — in scheduled batches of 20 traces; firings are recorded and grouped
         *     into fixes as for new traces, without an alert event per historical trace. When the last batch is
         *     done, `notification.backfill_completed` is emitted and the requester is told. One backfill of a
         *     detection runs at a time (else 409 `PUBLIC_API_BACKFILL_RUNNING`).
         */
        post: operations["createDetectionBackfill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/detections/{id}/trainings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Train a new model version of a custom_trained detection.
         * @description Queues a training (answered 201 with the queued version, status `queued`); it runs in the background in a worker
         *     thread under time and heap budgets (docs/detections-learning.md). Fewer than 20 examples of a
         *     class ends it `refused`. `notification.classifier_trained` is emitted when it finishes. One
         *     training of a detection at a time (else 409 `PUBLIC_API_TRAINING_RUNNING`); detections that are
         *     not learned `custom_trained` ones are 400.
         */
        post: operations["trainDetection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/detections/{id}/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The model versions of a custom_trained detection, newest first.
         * @description Each training's version with its status, evaluation on the hold-out and whether it is the active one. Keyset-paginated by `version`, descending.
         */
        get: operations["listDetectionModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/detections/{id}/models/{version}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a trained model version the one the detection runs.
         * @description Only a `trained` version can be activated (else 400 `PUBLIC_API_INVALID_TRANSITION`); the previously active version stops running at once.
         */
        post: operations["activateDetectionModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Failure clusters of the selected project, largest or most recent first.
         * @description Failing traces (an error span or error status, or a detection firing) grouped by the similarity of their
         *     failure signature — the failing span's type and name and its masked error message — by an incremental
         *     Drain-style template miner (docs/detections-learning.md#failure-clustering). Each cluster carries its
         *     template, count, first and last seen, a daily trend over `trendDays` (UTC days ending today), up to five
         *     example traces (newest) and the detections that fired on its traces. Merged clusters are not listed.
         *     Keyset-paginated; `sort` is bound into the cursor.
         */
        get: operations["listFailureClusters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/clusters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One failure cluster with its trend, examples and detections.
         * @description A merged cluster is still readable (its `mergedInto` names the cluster that took its traces).
         */
        get: operations["getFailureCluster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/clusters/{id}/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The traces of a failure cluster, newest first.
         * @description Keyset-paginated by when the trace happened, then trace id, descending.
         */
        get: operations["listFailureClusterTraces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/clusters/{id}/fix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn a failure cluster into a draft fix with its traces linked.
         * @description Creates a draft fix (label `failure-cluster`, the title from the template unless given) with the cluster's
         *     newest 500 traces linked; the cluster's `fixId` names it. A merged cluster or one with no traces left is 400.
         */
        post: operations["createFailureClusterFix"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/clusters/{id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge a failure cluster into another.
         * @description Its traces move to `into`, counts add up, first and last seen widen, the detections join; it stays as a
         *     redirect (`mergedInto`), so new traces matching its template join `into`. Answers the target cluster.
         *     Merging into itself, into a merged cluster or into an unknown one is 400 at `/body/into`.
         */
        post: operations["mergeFailureCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/clusters/{id}/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split member traces off a failure cluster into a new one.
         * @description The named traces (1 to 1,000, each a member, not all of them) form a new cluster whose template is their
         *     common template; the source keeps its template. Answered 201 with the new cluster. A trace that is not a
         *     member is 400 at `/body/traceIds/<i>`.
         */
        post: operations["splitFailureCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/detections/{id}/backfills/{backfillId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The progress of a detection backfill.
         * @description `processed` of `total` traces evaluated so far, `fired` of them fired; `completedAt` once done.
         */
        get: operations["getDetectionBackfill"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the datasets of the selected project, newest first.
         * @description Keyset-paginated, newest first (`createdAt` descending, then `id`).
         */
        get: operations["listDatasets"];
        put?: never;
        /**
         * Create a dataset.
         * @description A named collection of items (input, expected output, metadata) that experiment runs are scored on.
         *     Names are unique in the project (409 `PUBLIC_API_CONFLICT`). The dataset starts at version 0 with no
         *     items.
         */
        post: operations["createDataset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Read one dataset.
         * @description A dataset of another project is 404, exactly like one that does not exist.
         */
        get: operations["getDataset"];
        put?: never;
        post?: never;
        /**
         * Delete a dataset with its items, versions, runs and their results.
         * @description The body's `confirmation` must equal the id in the path, else 400
         *     `PUBLIC_API_CONFIRMATION_MISMATCH`. The scores of its runs' results are deleted with them.
         */
        delete: operations["deleteDataset"];
        options?: never;
        head?: never;
        /**
         * Rename or describe a dataset.
         * @description At least one of `name`, `description`, `metadata`. These do not change the dataset version, which
         *     counts item changes only.
         */
        patch: operations["updateDataset"];
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * List the items of a dataset, at its current version or as of an earlier one.
         * @description Oldest first (`createdAt`, then `id`). With `version`, the items exactly as they were when the
         *     dataset was at that version: items created later are absent, items changed later show their state
         *     then, items archived by then are archived. Archived items are left out unless
         *     `includeArchived=true`. A version above the current one is 400 with path `/query/version`.
         */
        get: operations["listDatasetItems"];
        put?: never;
        /**
         * Add an item to a dataset (optionally copied from a trace or span).
         * @description Either `input` or `sourceTraceId`. With `sourceTraceId` (and optionally `sourceSpanId`) the source
         *     must exist in the project (404 otherwise); an omitted `input` is copied from the span's input (the
         *     trace's root span when no span is named) and an omitted `expectedOutput` from its output. The item
         *     JSON (input, expected output, metadata) is bounded at 262,144 bytes (400
         *     `PUBLIC_API_VALIDATION_FAILED` at `/body`). Each dataset holds at most 10,000 items (409). The
         *     dataset version increases by one.
         */
        post: operations["createDatasetItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/items/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import items from JSON Lines or CSV text (all or nothing).
         * @description The text is parsed line by line (CSV records may span lines inside quotes). JSONL: one object per
         *     non-empty line with `input` (required), `expectedOutput`, `metadata` (object), `sourceTraceId`,
         *     `sourceSpanId`. CSV: a header row naming `input` (required), `expected_output`, `metadata` (a JSON
         *     object), `source_trace_id`, `source_span_id`; cells are strings. All or nothing: if any line is bad
         *     nothing is written and the answer is 400 `PUBLIC_API_VALIDATION_FAILED` whose errors (the first 20)
         *     have the path `/body/content/lines/<line number>`. At most 10,000 items per import and in the
         *     dataset, each bounded as on create. The import is one change: the dataset version increases by one
         *     and every imported item carries it.
         */
        post: operations["importDatasetItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/items/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Export the items of a dataset (a version of it) as JSON Lines or CSV.
         * @description Streamed: items are read in pages of 500 and written as they are read. Active items of the version
         *     (default the current one), oldest first, in the import's shape, so an export re-imports unchanged
         *     (CSV: string cells as they are, other JSON values as JSON text).
         */
        get: operations["exportDatasetItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The item's id. */
                itemId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change or archive an item (its earlier state is kept).
         * @description At least one of `input`, `expectedOutput`, `metadata`, `status`. Every change increases the dataset
         *     version by one and keeps the previous state readable through `listDatasetItems?version=`. `status:
         *     archived` archives the item (runs that pinned an earlier version still see it); `status: active`
         *     restores it. A change that changes nothing is still a new version.
         */
        patch: operations["updateDatasetItem"];
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * List the experiment runs of a dataset, newest first.
         * @description Keyset-paginated, newest first (`createdAt` descending, then `id`).
         */
        get: operations["listExperimentRuns"];
        put?: never;
        /**
         * Start an experiment run on a dataset version.
         * @description The run pins `datasetVersion` (default: the current version; above it is 400 at
         *     `/body/datasetVersion`); results are accepted for the items active at that version. The run is
         *     `running` until `updateExperimentRun` sets `completed` or `failed`. `baseline: true` makes it the
         *     dataset's baseline (replacing the previous one). Free `metadata` records what was tried (e.g.
         *     `promptName`, `promptVersion`, `model`, `commit`).
         *
         *     With `task` the server runs it (a server-side run): either `task.prompt` (a prompt version of
         *     the registry, by `version` or `label`, default `production`) or `task.messages` (a chat template),
         *     never both, filled with `{{variables}}` from each item's input and sent to the project's model
         *     connection `task.modelConnectionId`. The background worker calls the model for every item active
         *     at the pinned version, at most `task.concurrency` (1 to 16, default 4) at a time, retrying
         *     429/5xx/timeouts with back-off, spending the project's evaluation budget (a spent budget fails
         *     the run with `statusReason`). When every item has its result the run evaluates them with
         *     `task.evaluatorIds` (LLM-as-judge), scores them with `task.scorers`, and completes as a
         *     client-side run does (comparison with the baseline and its event). An unknown prompt or
         *     connection is 400 at its path.
         */
        post: operations["createExperimentRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/runs/compare": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Compare candidate runs with a baseline run, score by score, with paired significance tests.
         * @description Pairs results by dataset item. Per score name and candidate: pairs, items scored on one side only,
         *     means, the mean difference with a seeded 95 % percentile-bootstrap interval (10,000 resamples; seed
         *     derived from the run ids, see docs/experiments.md), the Wilcoxon signed-rank test (primary) and
         *     paired t-test for numeric scores or the exact McNemar test for boolean ones, the p-value, Holm-
         *     adjusted p-value across every comparison of the request, the effect size, significance at `alpha`
         *     and the direction. Categorical scores and scores whose type differs between runs are listed under
         *     `skipped`. A run of another dataset or project is 404. At most 5 candidates and 10,000 results per
         *     run.
         */
        get: operations["compareExperimentRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        /**
         * Read one experiment run with its progress.
         * @description A run of another dataset or project is 404.
         */
        get: operations["getExperimentRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Finish a run, rename it, or make it the baseline.
         * @description `status` moves a `running` run to `completed` or `failed` once (409 `PUBLIC_API_CONFLICT`
         *     otherwise); `cancelled` stops a server-side run (its unstarted items are dropped; a call in
         *     flight is paid for but its answer is not recorded). When a run completes and the dataset has a baseline run other than it, the run is
         *     compared with the baseline at the project's `experimentAlpha` (default 0.05) and each significant score emits
         *     `notification.experiment_significant` once (docs/experiments.md). `baseline: true` makes the run the
         *     dataset's only baseline; `false` unsets it.
         */
        patch: operations["updateExperimentRun"];
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/runs/{runId}/score": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Score every result of a run with deterministic built-in scorers (no model).
         * @description Each scorer compares a result's `output` with its item's `expectedOutput` at the run's pinned
         *     version and writes one score per result under its `name` (replacing an earlier score of that name on
         *     the result; source `evaluator`, author `scorer:<kind>`): `exact_match`, `contains`, `regex`
         *     (`pattern`, RE2 syntax on the linear-time engine), `valid_json`, `json_schema` (`schema`, at most
         *     65,536 bytes), `numeric_tolerance` (`tolerance`, default 0) are boolean; `edit_similarity` is
         *     numeric (1 − Levenshtein distance / longer length, each side cut to 2,000 characters).
         *     `caseSensitive: false` folds case for the text scorers. A scorer that needs an expected output
         *     writes no score for an item without one. A bad pattern or schema is 400 at its path before anything
         *     is written. All or nothing.
         */
        post: operations["scoreExperimentRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/runs/{runId}/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue LLM-as-judge evaluators on every result of a run.
         * @description Queues one judgement per (result, evaluator) for the background worker; nothing is judged on the
         *     request. Each judgement renders the evaluator's prompt with the item's input (`input`), the
         *     result's output (`output`) and the item's expected output (`expected_output`), calls the
         *     evaluator's model connection and writes a numeric score under the evaluator's `scoreName`
         *     (source `evaluator`, target `experiment_result`, replacing the evaluator's earlier score of that
         *     result). Spend counts against the evaluator's and the project's daily budgets; a spent budget
         *     skips the judgement. An evaluator of another project is 400 at `/body/evaluatorIds/<i>`.
         */
        post: operations["evaluateExperimentRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/datasets/{id}/runs/{runId}/results": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        /**
         * List the results of a run with their scores.
         * @description Oldest first (`createdAt`, then `id`), keyset-paginated.
         */
        get: operations["listExperimentResults"];
        put?: never;
        /**
         * Record results of a running run (a batch of up to 100).
         * @description One result per item: a result for an item that already has one replaces it and its scores. Every
         *     `itemId` must name an item active at the run's pinned dataset version (400 at
         *     `/body/results/<i>/itemId`); the run must be `running` (409). Scores land in the score store (source
         *     `api`, target `experiment_result`). All or nothing: one bad result rejects the batch.
         */
        post: operations["recordExperimentResults"];
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
        DetectionBackfill: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            detectionId: string;
            /** @enum {string} */
            status: "running" | "completed";
            from: components["schemas"]["Timestamp"];
            to: components["schemas"]["Timestamp"];
            /** @description Traces in the range when the backfill was requested. */
            total: number;
            processed: number;
            fired: number;
            batches: number;
            requestedBy: string;
            createdAt: components["schemas"]["Timestamp"];
            completedAt: components["schemas"]["Timestamp"] | null;
        };
        DetectionBackfillEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["DetectionBackfill"];
        };
        Notification: {
            /** Format: uuid */
            id: string;
            type: components["schemas"]["EventType"];
            title: string;
            /** @description The same payload as the webhook event of this type. */
            data: {
                [key: string]: unknown;
            };
            read: boolean;
            readAt: components["schemas"]["Timestamp"] | null;
            createdAt: components["schemas"]["Timestamp"];
        };
        NotificationList: {
            notifications: components["schemas"]["Notification"][];
            unreadCount: number;
            page: components["schemas"]["Page"];
        };
        NotificationSettings: {
            /** @description Local hour at which the daily digest and the weekly report are due. */
            digestHour: number;
            /** @description IANA time zone of digestHour, e.g. Europe/Berlin. */
            timezone: string;
            /** @description Day of the weekly report: 0 Sunday to 6 Saturday. */
            weeklyDay: number;
            /** @description An assigned draft or open fix unchanged this long needs action. */
            actionItemAgeHours: number;
            /** @description Whether a dispatch request waits for an admin's approval. */
            dispatchApprovalRequired: boolean;
            /** @description A pending approval expires this long after the request. */
            approvalTtlHours: number;
        };
        NotificationSettingsUpdate: {
            digestHour?: number;
            timezone?: string;
            weeklyDay?: number;
            actionItemAgeHours?: number;
            dispatchApprovalRequired?: boolean;
            approvalTtlHours?: number;
        };
        NotificationSettingsEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["NotificationSettings"];
        };
        DigestFix: {
            /** Format: uuid */
            id: string;
            title: string;
            severity: components["schemas"]["Severity"];
            at: components["schemas"]["Timestamp"];
        };
        DigestFixes: {
            total: number;
            fixes: components["schemas"]["DigestFix"][];
        };
        DigestSummary: {
            /** @enum {string} */
            kind: "daily" | "weekly";
            periodStart: components["schemas"]["Timestamp"];
            periodEnd: components["schemas"]["Timestamp"];
            timezone: string;
            traces: {
                count: number;
                errorCount: number;
                errorRate: number;
            };
            cost: {
                /** @description Dollars. */
                total: number;
            };
            topDetections: {
                /** Format: uuid */
                detectionId: string;
                slug: string;
                displayName: string;
                fireCount: number;
            }[];
            newFixes: components["schemas"]["DigestFixes"];
            resolvedFixes: components["schemas"]["DigestFixes"];
        };
        /** @enum {string} */
        DispatchStatus: "pending_approval" | "approved" | "rejected" | "expired" | "dispatched" | "acknowledged" | "completed" | "failed";
        /**
         * @description Where a dispatch goes: a webhook of the project, the GitHub target (an issue) or the queue coding agents claim from over MCP.
         * @enum {string}
         */
        DispatchTarget: "webhook" | "github" | "agent";
        GithubTarget: {
            /** Format: uuid */
            projectId: string;
            repository: string;
            labels: string[];
            /** @constant */
            tokenConfigured: true;
            /**
             * Format: uri
             * @description The Payload URL to give GitHub's webhook (on PUBLIC_BASE_URL).
             */
            webhookUrl: string;
            /** @description The webhook secret the service generated, in the response that generated it only; null otherwise. */
            webhookSecret: string | null;
            updatedBy: string;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        GithubTargetEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["GithubTarget"];
        };
        GithubWebhookReceipt: {
            /** @enum {string} */
            outcome: "handled" | "duplicate" | "pong" | "ignored";
            detail?: string;
        };
        FixDispatch: {
            /** Format: uuid */
            fixId: string;
            status: components["schemas"]["DispatchStatus"] | null;
            /** @description The target kind of the latest request; null before the first. */
            target: components["schemas"]["DispatchTarget"] | null;
            /**
             * Format: uuid
             * @description The target webhook of the latest request (webhook target only).
             */
            webhookId: string | null;
            /** @description The coding agent (its credential's actor) that claimed an agent dispatch. */
            claimedBy: string | null;
            /** @description The GitHub issue a GitHub dispatch created (null until it exists), or, while it does not, how its creation goes. */
            githubIssue: null | {
                number: number;
                /** Format: uri */
                url: string;
            };
            /** @description Attempts at creating the GitHub issue and the last error; present for a GitHub dispatch. */
            githubDelivery?: {
                attempts: number;
                lastError: string | null;
            };
            requestedBy: string | null;
            /** @description When a pending approval expires. */
            expiresAt: components["schemas"]["Timestamp"] | null;
            /** Format: uuid */
            assigneeUserId: string | null;
            transitions: {
                /** @enum {string} */
                action: "request" | "approve" | "reject" | "expire" | "dispatch" | "acknowledge" | "complete" | "fail";
                fromStatus: components["schemas"]["DispatchStatus"] | null;
                toStatus: components["schemas"]["DispatchStatus"];
                actor: string;
                note: string | null;
                createdAt: components["schemas"]["Timestamp"];
            }[];
        };
        FixDispatchEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["FixDispatch"];
        };
        /** @description An OpenAPI 3.1 document (this contract). */
        OpenApiDocument: {
            /** @constant */
            openapi: "3.1.0";
            info: {
                [key: string]: unknown;
            };
            paths: {
                [key: string]: unknown;
            };
            components: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
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
        /** @description Whether the current user receives each kind of notification mail. */
        EmailPreferences: {
            /** @description A fix comment names the user with `@` (notification.mention). */
            mention: boolean;
            /** @description A fix dispatch awaits the approval of the project's admins (notification.approval_requested). */
            approval_requested: boolean;
            /** @description A dispatch the user requested or is assigned was approved, rejected or expired. */
            approval_outcome: boolean;
            /** @description The project's daily digest (notification.daily_digest). */
            daily_digest: boolean;
            /** @description The project's weekly report (notification.weekly_report). */
            weekly_report: boolean;
            /** @description The user was added to an annotation queue, or a batch dealt items to them. */
            annotation_assignment: boolean;
            /** @description Reminders, 24 hours before and at the deadline of a batch with the user's open items. */
            annotation_deadline: boolean;
        };
        /** @description The kinds to turn on (true) or off (false). */
        EmailPreferencesUpdate: {
            /** @description A fix comment names the user with `@` (notification.mention). */
            mention?: boolean;
            /** @description A fix dispatch awaits the approval of the project's admins (notification.approval_requested). */
            approval_requested?: boolean;
            /** @description A dispatch the user requested or is assigned was approved, rejected or expired. */
            approval_outcome?: boolean;
            /** @description The project's daily digest (notification.daily_digest). */
            daily_digest?: boolean;
            /** @description The project's weekly report (notification.weekly_report). */
            weekly_report?: boolean;
            /** @description The user was added to an annotation queue, or a batch dealt items to them. */
            annotation_assignment?: boolean;
            /** @description Reminders, 24 hours before and at the deadline of a batch with the user's open items. */
            annotation_deadline?: boolean;
        };
        Project: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uuid */
            organizationId: string;
            organizationName: string;
            /** @description Traces older than this many days are hidden and deleted; null keeps them forever. */
            retentionDays: number | null;
            /** @description Whether span inputs and outputs of the project's traces are searchable (existing documents follow a change in the background). */
            searchInputsOutputs: boolean;
            experimentAlpha: components["schemas"]["ExperimentAlpha"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description Caller-chosen or generated (a uuid). Letters, digits and `._:-`, 1 to 128 characters. */
        TraceId: string;
        /** @description A session id as traces carry it (OTLP `session.id` / `gen_ai.conversation.id`, native `metadata.session_id`). */
        SessionId: string;
        /** @description An end user of the traced application as traces carry it (OTLP `user.id`, native `metadata.user_id`); not a Tracewell account. */
        EndUserId: string;
        /**
         * @default lastSeenAt:desc
         * @enum {string}
         */
        SessionSort: "lastSeenAt:desc" | "lastSeenAt:asc" | "cost:desc" | "cost:asc" | "traceCount:desc" | "traceCount:asc" | "durationMs:desc" | "durationMs:asc";
        /**
         * @default lastSeenAt:desc
         * @enum {string}
         */
        EndUserSort: "lastSeenAt:desc" | "lastSeenAt:asc" | "cost:desc" | "cost:asc" | "traceCount:desc" | "traceCount:asc" | "sessionCount:desc" | "sessionCount:asc" | "totalTokens:desc" | "totalTokens:asc";
        SessionSummary: {
            id: components["schemas"]["SessionId"];
            traceCount: number;
            firstSeenAt: components["schemas"]["Timestamp"];
            /** @description The createdAt of its latest trace. */
            lastSeenAt: components["schemas"]["Timestamp"];
            /** @description From the first trace's start to the latest end of a trace (createdAt + latencyMs). */
            durationMs: number;
            /** @description Dollars, summed over its traces. */
            cost: number;
            /** @description Its spans' `input_tokens`, summed over its traces. */
            inputTokens: number;
            /** @description Its spans' `output_tokens`, summed over its traces. */
            outputTokens: number;
            /** @description Tokens summed over its traces. */
            totalTokens: number;
            /** @description Its traces whose status is error. */
            errorCount: number;
            /** @description The end user of its most recent trace that names one (createdAt, then trace id); null when none does. */
            userId: components["schemas"]["EndUserId"] | null;
            /** @description Distinct end users among its traces. */
            userCount: number;
            /** @description Path of the session's page in the web console (`/sessions/{id}`). */
            url: string;
        };
        EndUserSummary: {
            id: components["schemas"]["EndUserId"];
            traceCount: number;
            /** @description Distinct sessions among their traces (traces without a session are not one). */
            sessionCount: number;
            firstSeenAt: components["schemas"]["Timestamp"];
            /** @description The createdAt of their latest trace. */
            lastSeenAt: components["schemas"]["Timestamp"];
            /** @description Dollars, summed over their traces. */
            cost: number;
            /** @description Their spans' `input_tokens`, summed over their traces. */
            inputTokens: number;
            /** @description Their spans' `output_tokens`, summed over their traces. */
            outputTokens: number;
            /** @description Tokens summed over their traces. */
            totalTokens: number;
            /** @description Their traces whose status is error. */
            errorCount: number;
            /** @description Path of the user's page in the web console (`/users/{id}`). */
            url: string;
        };
        SessionList: {
            sessions: components["schemas"]["SessionSummary"][];
            page: components["schemas"]["Page"];
        };
        SessionDetail: {
            session: components["schemas"]["SessionSummary"];
            /** @description One page of the session's traces, oldest first. */
            traces: components["schemas"]["TraceSummary"][];
            page: components["schemas"]["Page"];
        };
        EndUserList: {
            users: components["schemas"]["EndUserSummary"][];
            page: components["schemas"]["Page"];
        };
        EndUserDetail: {
            user: components["schemas"]["EndUserSummary"];
            /** @description One page of the sessions they took part in, most recently seen first. */
            sessions: components["schemas"]["SessionSummary"][];
            page: components["schemas"]["Page"];
        };
        /**
         * @description The trace's tags (docs/traces.md#tags): at most 50, each 1 to 200 characters. Sent twice, a tag is kept once; stored
         *     and returned in ascending order (UTF-8 byte order). An OTLP trace's tags are the union of its spans' `tracewell.trace.tags` /
         *     `langfuse.trace.tags` (docs/opentelemetry.md#tags).
         */
        TraceTags: string[];
        /** @enum {string} */
        TraceStatus: "success" | "error";
        TraceSummary: {
            id: components["schemas"]["TraceId"];
            name: string;
            status: components["schemas"]["TraceStatus"];
            createdAt: components["schemas"]["Timestamp"];
            /** @description Total latency of the trace (root span, or the sum of root-level spans). */
            latencyMs: number;
            /** @description Total cost in dollars, summed over spans. */
            cost: number;
            spanCount: number;
            /** @description Tokens summed over spans. */
            totalTokens: number;
            framework: string | null;
            agentName: string | null;
            /** @description The first error of the trace, if any. */
            errorMessage: string | null;
            tags: components["schemas"]["TraceTags"];
            /** @description Path of the trace's page in the web console (`/traces/{id}`); the REST resource is the same path under `/api/v1/public`. */
            url: string;
            /** @description The session (OTLP `session.id` / `gen_ai.conversation.id`, native `metadata.session_id`). */
            sessionId?: string | null;
            /** @description The end user (OTLP `user.id`, native `metadata.user_id`). */
            userId?: string | null;
            /** @description With `preview=true` (GET /traces only): the root span's input as one line; null without a root span or input. */
            inputPreview?: string | null;
            /** @description With `preview=true` (GET /traces only): the root span's output as one line; null without a root span or output. */
            outputPreview?: string | null;
        };
        /** @description Dollars per million tokens. Cached input and reasoning output are priced apart when given (else at the input / output price). */
        ModelPrice: {
            model: string;
            input: number;
            output: number;
            cacheRead?: number;
            cacheWrite?: number;
            reasoning?: number;
        };
        ModelPriceListEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: {
                prices: components["schemas"]["ModelPrice"][];
            };
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
            prompt_name?: components["schemas"]["PromptName"];
            /** @description With prompt_name: the prompt version the span ran with (docs/prompts.md#linked-spans). */
            prompt_version?: number;
        } & {
            [key: string]: unknown;
        };
        SpanInput: {
            span_id: components["schemas"]["TraceId"];
            /** @description The parent's span_id within the same trace; absent or null for a root span. */
            parent_span_id?: components["schemas"]["TraceId"] | null;
            name: string;
            /** @description Free text; the conventional set (what OTLP spans are given) is WORKFLOW, AGENT, LLM, TOOL, CHAIN, RETRIEVER, EMBEDDING, RERANKER, GUARDRAIL, EVALUATOR, SPAN (docs/opentelemetry.md#span-types). */
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
            tags?: components["schemas"]["TraceTags"];
            spans?: components["schemas"]["SpanInput"][];
        };
        IngestedTrace: {
            id: components["schemas"]["TraceId"];
            spanCount: number;
            status: components["schemas"]["TraceStatus"];
            /** @description Path of the trace's page in the web console (`/traces/{id}`); the REST resource is the same path under `/api/v1/public`. */
            url: string;
        };
        TraceSpan: {
            spanId: string;
            parentSpanId: string | null;
            name: string;
            spanType: string;
            status: components["schemas"]["SpanStatus"];
            latencyMs: number | null;
            /** @description Dollars: the reported or computed cost of the span (see docs/opentelemetry.md); summed over spans, the trace's `cost`. */
            cost: number | null;
            /** @description The span's `metadata.input_tokens`; null when not given. */
            inputTokens: number | null;
            /** @description The span's `metadata.output_tokens`; null when not given. */
            outputTokens: number | null;
            /** @description The span's `metadata.tokens_used`, else input plus output; null when the span gives no token count. Summed over spans, the trace's `totalTokens`. */
            totalTokens: number | null;
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
            /**
             * @description The span's children, each a TraceSpan. The tree is recursive but written without a `$ref`
             *     back to TraceSpan, so tools that dereference the whole contract (code generators,
             *     Postman/Portman) load it; `x-recursive-ref` names the schema each child has, and the
             *     server's response validation and the conformance kit check every level against it.
             */
            children: components["schemas"]["TraceSpan"][];
        };
        /** @description A span without children; `parentSpanId` names its parent within the trace. */
        FlatSpan: {
            spanId: string;
            parentSpanId: string | null;
            name: string;
            spanType: string;
            status: components["schemas"]["SpanStatus"];
            latencyMs: number | null;
            /** @description Dollars: the reported or computed cost of the span (see docs/opentelemetry.md); summed over spans, the trace's `cost`. */
            cost: number | null;
            /** @description The span's `metadata.input_tokens`; null when not given. */
            inputTokens: number | null;
            /** @description The span's `metadata.output_tokens`; null when not given. */
            outputTokens: number | null;
            /** @description The span's `metadata.tokens_used`, else input plus output; null when the span gives no token count. Summed over spans, the trace's `totalTokens`. */
            totalTokens: number | null;
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
        };
        TraceDetectionFiring: {
            /** Format: uuid */
            detectionId: string;
            slug: string;
            displayName: string;
            type: components["schemas"]["DetectionType"];
            severity: components["schemas"]["Severity"];
            /** @description The span that made it fire, when the detector names one. */
            spanId: string | null;
            score: number;
            /** @description What the detector found, as it reported it. */
            evidence: {
                [key: string]: unknown;
            };
            firedAt: components["schemas"]["Timestamp"];
        };
        TraceContext: {
            id: components["schemas"]["TraceId"];
            name: string;
            status: components["schemas"]["TraceStatus"];
            createdAt: components["schemas"]["Timestamp"];
            latencyMs: number;
            /** @description Dollars, summed over all spans (also when the tree is truncated). */
            cost: number;
            /** @description All spans of the trace, also when the tree is truncated. */
            spanCount: number;
            /** @description Spans' inputTokens summed over all spans (also when the tree is truncated). */
            inputTokens: number;
            /** @description Spans' outputTokens summed over all spans. */
            outputTokens: number;
            /** @description Spans' totalTokens summed over all spans, as the trace list's `totalTokens`. */
            totalTokens: number;
            framework: string | null;
            agentName: string | null;
            errorMessage: string | null;
            sessionId?: string | null;
            userId?: string | null;
            tags: components["schemas"]["TraceTags"];
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
        /** @enum {string} */
        Severity: "critical" | "high" | "medium" | "low";
        /** @description Letters, digits and `._-`, starting with a letter or digit; the detection's name in agent tools. */
        DetectionSlug: string;
        /**
         * @description An agent framework Tracewell knows (see docs/detections.md).
         * @enum {string}
         */
        Framework: "langchain" | "langgraph" | "llamaindex" | "openai" | "openai-agents" | "anthropic" | "crewai" | "autogen" | "haystack" | "dspy" | "semantic-kernel" | "vercel-ai" | "mastra" | "pydantic-ai" | "smolagents" | "bedrock" | "custom";
        /** @description `regex`: fires when `pattern` matches any chosen field of any span (score 1). */
        RegexDetectorConfig: {
            /** @description RE2 syntax, matched in linear time; lookaround, backreferences, atomic groups and possessive quantifiers are refused (400 naming the construct). */
            pattern: string;
            /** @description i (case-insensitive), m (multi-line), s (dot matches newline), u (accepted; RE2 is Unicode-aware); default none. */
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
        /** @description `classifier` (other models), `custom_trained` without a `labelSource`, `code` and `decision`: stored; executed by a detector plugin named `plugin`. */
        PluginDetectorConfig: {
            plugin?: string;
            /** @description Free-form settings the plugin reads. */
            settings?: {
                [key: string]: unknown;
            };
        };
        /** @description The per-type configuration; which variant applies depends on `type` (see each variant). */
        DetectionConfig: components["schemas"]["RegexDetectorConfig"] | components["schemas"]["PiiDetectorConfig"] | components["schemas"]["AnomalyDetectorConfig"] | components["schemas"]["RuleDetectorConfig"] | components["schemas"]["PluginDetectorConfig"] | components["schemas"]["EvaluatorDetectorConfig"] | components["schemas"]["LearnedDetectorConfig"];
        /**
         * @description `custom_trained` learned from the project's labels (docs/detections-learning.md): a logistic
         *     regression over hashed word and character n-grams of `fields`, trained in the background
         *     (`POST /detections/{id}/trainings`) and run on ingest once a version is active.
         */
        LearnedDetectorConfig: {
            labelSource: components["schemas"]["LabelSource"];
            /** @description Span fields read: name, input, output, error, metadata, or a metadata path such as `metadata.customer.tier`. Default input and output. */
            fields?: string[];
            /** @description Seeds the hold-out split and the training order. Default 1. */
            seed?: number;
            /** @description Share of each class held out for the evaluation. Default 0.2. */
            holdoutFraction?: number;
            /** @description Activate a new version when it beats the active one on its hold-out. Default true. */
            autoActivate?: boolean;
            /** @description Retrain on this schedule (score and fix label sources). Default none. */
            retrainEveryHours?: number;
        };
        /** @description Where a `custom_trained` detection's labels come from. */
        LabelSource: {
            /** @constant */
            kind: "score";
            scoreName: string;
            positiveValues?: string[];
        } | {
            /** @constant */
            kind: "fixes";
            fixLabel?: string;
        } | {
            /** @constant */
            kind: "upload";
        };
        LabeledExample: {
            /** @description Field name (as in the detection's `fields`) → text. */
            fields: {
                [key: string]: string;
            };
            /** @description true: the positive class. */
            label: boolean;
        };
        DetectionTrainingRequest: {
            /** @description Required (and only allowed) for the `upload` label source. */
            examples?: components["schemas"]["LabeledExample"][];
        };
        ClassCounts: {
            positive: number;
            negative: number;
        };
        /** @description Measured on the seeded stratified hold-out, at the detection's threshold. */
        ModelEvaluation: {
            threshold: number;
            precision: number;
            recall: number;
            f1: number;
            rocAuc: number | null;
            confusionMatrix: {
                truePositives: number;
                falsePositives: number;
                trueNegatives: number;
                falseNegatives: number;
            };
            train: components["schemas"]["ClassCounts"];
            holdout: components["schemas"]["ClassCounts"];
        };
        /** @description One training of a `custom_trained` detection and the model it made. */
        DetectionModel: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            detectionId: string;
            version: number;
            /** @enum {string} */
            status: "queued" | "training" | "trained" | "refused" | "failed";
            /** @enum {string} */
            trigger: "request" | "schedule";
            active: boolean;
            /** @description Why a training was refused or failed. */
            reason: string | null;
            /** @description Labeled examples read, per class (null until read). */
            examples: components["schemas"]["ClassCounts"] | null;
            evaluation: components["schemas"]["ModelEvaluation"] | null;
            seed: number;
            durationMs: number | null;
            requestedBy: string;
            createdAt: components["schemas"]["Timestamp"];
            completedAt: components["schemas"]["Timestamp"] | null;
            activatedAt: components["schemas"]["Timestamp"] | null;
        };
        DetectionModelEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["DetectionModel"];
        };
        DetectionModelList: {
            models: components["schemas"]["DetectionModel"][];
            page: components["schemas"]["Page"];
        };
        DetectionModelListEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["DetectionModelList"];
        };
        FailureClusterTrendDay: {
            /**
             * Format: date
             * @description A UTC day.
             */
            date: string;
            count: number;
        };
        FailureCluster: {
            /** Format: uuid */
            id: string;
            /** @description The template as read: span type and name, then the message; `<*>` marks a varying token, `<NUM>`, `<PATH>`… a masked value. */
            template: string;
            tokens: string[];
            /** @description Traces in the cluster. */
            count: number;
            firstSeenAt: components["schemas"]["Timestamp"];
            lastSeenAt: components["schemas"]["Timestamp"];
            /** @description Traces per UTC day, oldest first, ending today. */
            trend: components["schemas"]["FailureClusterTrendDay"][];
            exampleTraceIds: components["schemas"]["TraceId"][];
            detectionIds: string[];
            /** Format: uuid */
            mergedInto: string | null;
            /**
             * Format: uuid
             * @description The last draft fix made from the cluster.
             */
            fixId: string | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        FailureClusterEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["FailureCluster"];
        };
        FailureClusterList: {
            clusters: components["schemas"]["FailureCluster"][];
            /** @description Clusters of the project that were not merged away. */
            totalCount: number;
            page: components["schemas"]["Page"];
        };
        FailureClusterListEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["FailureClusterList"];
        };
        FailureClusterTrace: {
            traceId: components["schemas"]["TraceId"];
            /** @description null when the trace is no longer stored. */
            name: string | null;
            url: string;
            seenAt: components["schemas"]["Timestamp"];
            /** @description The trace's own failure signature (masked). */
            signature: string;
            detectionIds: string[];
        };
        FailureClusterTraceList: {
            traces: components["schemas"]["FailureClusterTrace"][];
            page: components["schemas"]["Page"];
        };
        FailureClusterTraceListEnvelope: {
            /** @constant */
            success: true;
            requestId: components["schemas"]["RequestId"];
            data: components["schemas"]["FailureClusterTraceList"];
        };
        FailureClusterFixRequest: {
            title?: string;
            severity?: components["schemas"]["Severity"];
        };
        FailureClusterMergeRequest: {
            /**
             * Format: uuid
             * @description The cluster that takes the traces.
             */
            into: string;
        };
        FailureClusterSplitRequest: {
            traceIds: components["schemas"]["TraceId"][];
        };
        /** @description `classifier` backed by an LLM-as-judge evaluator: fires when the evaluator scores a trace at or above the threshold (see docs/evaluations.md). */
        EvaluatorDetectorConfig: {
            /** Format: uuid */
            evaluatorId: string;
        };
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
            detections: components["schemas"]["DetectionListItem"][];
            /** @description Detections the filters match, on every page. */
            totalCount: number;
            /** @description Of those, the active ones. */
            activeCount: number;
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
             * @description One of name, status, framework, agentName, errorMessage, environment, release (strings); `tag` (the trace's
             *     tags: is/equals/is_exactly, is_any_of, contains, starts_with, ends_with hold when SOME tag satisfies them,
             *     is_not/not_equals, is_not_any_of, not_contains when NO tag satisfies the positive form, is_empty when it has no tag); latencyMs, cost, spanCount,
             *     totalTokens (numbers); createdAt (epoch ms or an ISO 8601 date-time); `metadata.<key>`
             *     with a key of letters, digits and `_.:-`; or `scores.<name>` with a score name
             *     (`^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$`): the rule holds when SOME numeric or boolean
             *     trace-level score of that name satisfies it (booleans read as 1/0). Score fields take
             *     greater_than, less_than, is_within_range, is/equals/is_exactly (a number, or a boolean for
             *     boolean scores), is_not/not_equals, is_any_of/is_not_any_of, and is_empty/is_not_empty (no
             *     such score / some such score); text operators are refused. `promptName` (string) and
             *     `promptVersion` (number) read the prompt each span of the trace recorded: the rule holds when
             *     SOME span's value satisfies it, is_empty when no span records one. Span rule languages (detections,
             *     evaluator filters) have no score or prompt fields.
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
            /**
             * @description The group's nodes, each a FilterNode. Written without a `$ref` back to FilterNode (see
             *     TraceSpan.children): `x-recursive-ref` names the schema, and the server validates every
             *     level against it.
             */
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
        /** @description Letters, digits and `._-`, in folders separated by single `/` (no leading, trailing or double slash). */
        PromptName: string;
        PromptUsage: {
            name: components["schemas"]["PromptName"];
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            versions: components["schemas"]["PromptVersionUsage"][];
        };
        PromptVersionUsage: {
            version: number;
            traceCount: number;
            /** @description Percentiles of the traces' latencies (type 7); null without traces. */
            latencyMs: {
                p50: number | null;
                p95: number | null;
            };
            /** @description Dollars; the average is null without traces. */
            cost: {
                total: number;
                average: number | null;
            };
            /** @description The share of traces with status error, 0 to 1; null without traces. */
            errorRate: number | null;
            /** @description Each numeric trace-level score name given to these traces, by name, with the mean of its values. */
            scores: {
                name: components["schemas"]["ScoreName"];
                count: number;
                average: number;
            }[];
        };
        /**
         * @description traceCount (distinct traces), spanCount, errorRate (share of units with status error, 0 to 1), latencyP50..P99
         *     (milliseconds, nearest rank), costSum and costAvg (dollars, the average per unit), inputTokens, outputTokens,
         *     totalTokens, scoreAvg (mean of the numeric trace-level scores named `scoreName` on the group's traces).
         * @enum {string}
         */
        MetricsMeasure: "traceCount" | "spanCount" | "errorRate" | "latencyP50" | "latencyP90" | "latencyP95" | "latencyP99" | "costSum" | "costAvg" | "inputTokens" | "outputTokens" | "totalTokens" | "scoreAvg";
        /**
         * @description `tag` groups traces by their tags (a trace unit); a trace with two tags counts in both groups, and traces without a tag
         *     are the group of no value (docs/analytics.md#tags).
         * @enum {string}
         */
        MetricsDimensionName: "model" | "provider" | "framework" | "agent" | "spanType" | "status" | "user" | "session" | "environment" | "release" | "promptName" | "promptVersion" | "tag";
        /** @enum {string} */
        MetricsRankMeasure: "traceCount" | "spanCount" | "costSum" | "inputTokens" | "outputTokens" | "totalTokens";
        MetricsQueryRequest: {
            measures: components["schemas"]["MetricsMeasure"][];
            scoreName?: components["schemas"]["ScoreName"];
            /**
             * Format: date-time
             * @description Inclusive lower bound of the traces' createdAt.
             */
            from: string;
            /**
             * Format: date-time
             * @description Exclusive upper bound of the traces' createdAt.
             */
            to: string;
            time?: components["schemas"]["MetricsTimeGrouping"];
            dimensions?: components["schemas"]["MetricsDimensions"];
            rankBy?: components["schemas"]["MetricsRankMeasure"];
            filters?: components["schemas"]["FilterTreeInput"];
        };
        /** @description Group by calendar buckets of `timeZone` (default UTC). */
        MetricsTimeGrouping: {
            /**
             * @description A week starts on Monday.
             * @enum {string}
             */
            bucket: "minute" | "hour" | "day" | "week";
            /** @description An IANA time zone such as Europe/Berlin. */
            timeZone?: string;
        };
        MetricsDimensions: {
            name: components["schemas"]["MetricsDimensionName"];
            /**
             * @description How many values are kept; the rest are one `other` group.
             * @default 10
             */
            top: number;
        }[];
        MetricsQueryResult: {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /**
             * @description What one unit of the measures is (docs/analytics.md#units).
             * @enum {string}
             */
            unit: "trace" | "span";
            time?: {
                /** @enum {string} */
                bucket: "minute" | "hour" | "day" | "week";
                timeZone: string;
            };
            measures: components["schemas"]["MetricsMeasure"][];
            dimensions: components["schemas"]["MetricsDimensionName"][];
            rows: components["schemas"]["MetricsRow"][];
        };
        MetricsRow: {
            /**
             * Format: date-time
             * @description The start of the row's time bucket (present when grouping by time).
             */
            bucketStart?: string;
            /** @description One per dimension, in the request's order. */
            groups: {
                dimension: components["schemas"]["MetricsDimensionName"];
                /** @description The value; null when units have none, or for the other group. */
                value: string | null;
                /** @description The values beyond the dimension's top ones. */
                other: boolean;
            }[];
            /** @description Each asked measure; null where it has no value (no units, no latencies, no scores). */
            values: {
                [key: string]: number | null;
            };
        };
        /** @description A metrics query (see `MetricsQueryRequest`) without `from` and `to`, which the viewer's time range supplies. */
        DashboardWidgetQuery: {
            measures: components["schemas"]["MetricsMeasure"][];
            scoreName?: components["schemas"]["ScoreName"];
            time?: components["schemas"]["MetricsTimeGrouping"];
            dimensions?: components["schemas"]["MetricsDimensions"];
            rankBy?: components["schemas"]["MetricsRankMeasure"];
            filters?: components["schemas"]["FilterTreeInput"];
        };
        DashboardWidget: {
            /**
             * @description line: a series over time (needs `query.time`); bar: bars per time bucket or dimension value; number: one value (one measure, no time, no dimensions); table: the rows as a table.
             * @enum {string}
             */
            type: "line" | "bar" | "number" | "table";
            title: string;
            query: components["schemas"]["DashboardWidgetQuery"];
            /** @description Position and size on a 12-column grid; `x + w` is at most 12. */
            layout: {
                x: number;
                y: number;
                w: number;
                h: number;
            };
        };
        DashboardWidgets: components["schemas"]["DashboardWidget"][];
        DashboardSummary: {
            /** @description A uuid, or `default` for the built-in default dashboard. */
            id: string;
            name: string;
            description: string;
            /** @description The project's default dashboard, defined by the service; read-only. */
            builtIn: boolean;
            widgetCount: number;
            /**
             * Format: date-time
             * @description null for the built-in.
             */
            createdAt: string | null;
            /**
             * Format: date-time
             * @description null for the built-in.
             */
            updatedAt: string | null;
        };
        Dashboard: {
            /** @description A uuid, or `default` for the built-in default dashboard. */
            id: string;
            name: string;
            description: string;
            /** @description The project's default dashboard, defined by the service; read-only. */
            builtIn: boolean;
            widgetCount: number;
            /**
             * Format: date-time
             * @description null for the built-in.
             */
            createdAt: string | null;
            /**
             * Format: date-time
             * @description null for the built-in.
             */
            updatedAt: string | null;
            widgets: components["schemas"]["DashboardWidgets"];
        };
        DashboardList: {
            dashboards: components["schemas"]["DashboardSummary"][];
            page: components["schemas"]["Page"];
        };
        DashboardCreateRequest: {
            name: string;
            description?: string;
            widgets: components["schemas"]["DashboardWidgets"];
        };
        DashboardUpdateRequest: {
            name?: string;
            description?: string;
            widgets?: components["schemas"]["DashboardWidgets"];
        };
        DashboardDeleted: {
            /** Format: uuid */
            id: string;
            /** @constant */
            deleted: true;
        };
        /** @description Lower-case letters, digits and `._-`, starting with a letter or digit. `latest` is kept by the service. */
        PromptLabel: string;
        /** @description Letters, digits, spaces and `._:/-`, starting with a letter or digit. */
        PromptTag: string;
        /**
         * @description `text`: the template is one string. `chat`: a list of messages and placeholders.
         * @enum {string}
         */
        PromptType: "text" | "chat";
        ChatPromptMessage: {
            /** @constant */
            type: "message";
            /** @description e.g. system, user, assistant, tool. */
            role: string;
            /** @description May contain `{{variables}}`. */
            content: string;
        };
        /** @description Where a list of messages (e.g. the conversation so far) is inserted when the prompt is compiled. */
        ChatPromptPlaceholder: {
            /** @constant */
            type: "placeholder";
            name: string;
        };
        ChatPromptEntry: components["schemas"]["ChatPromptMessage"] | components["schemas"]["ChatPromptPlaceholder"];
        ChatMessage: {
            role: string;
            content: string;
        };
        /** @description A string (type `text`, at most 100,000 characters) or a list of at most 100 entries (type `chat`). */
        PromptTemplate: string | components["schemas"]["ChatPromptEntry"][];
        /** @description Free JSON stored with the version (model, parameters, tools, response format); at most 64 KiB serialized. */
        PromptConfig: {
            [key: string]: unknown;
        };
        PromptVersion: {
            /**
             * Format: uuid
             * @description The version's own id.
             */
            id: string;
            /** Format: uuid */
            promptId: string;
            name: components["schemas"]["PromptName"];
            type: components["schemas"]["PromptType"];
            version: number;
            template: components["schemas"]["PromptTemplate"];
            config: components["schemas"]["PromptConfig"];
            /** @description The labels naming this version, sorted; `latest` when it is the highest version. */
            labels: components["schemas"]["PromptLabel"][];
            tags: components["schemas"]["PromptTag"][];
            commitMessage: string | null;
            /** @description The distinct `{{variable}}` names the template uses, in order of first use. */
            variables: string[];
            /** @description The placeholder names of a chat template, in order (empty for text). */
            placeholders: string[];
            /** @description Who created it: `user:<id>`, else `<credential kind>:<credential id>`. */
            author: string;
            createdAt: components["schemas"]["Timestamp"];
        };
        PromptVersionCreateRequest: {
            name: components["schemas"]["PromptName"];
            type: components["schemas"]["PromptType"];
            template: components["schemas"]["PromptTemplate"];
            config?: components["schemas"]["PromptConfig"];
            labels?: components["schemas"]["PromptLabel"][];
            tags?: components["schemas"]["PromptTag"][];
            commitMessage?: string;
            /** @description The version this edit started from; 409 `PUBLIC_API_PROMPT_VERSION_CONFLICT` when the latest version is another. */
            baseVersion?: number;
        };
        PromptSummary: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["PromptName"];
            type: components["schemas"]["PromptType"];
            latestVersion: number;
            /** @description Each label of the prompt with the version it names (`latest` included). */
            labels: {
                [key: string]: number;
            };
            /** @description The latest version's tags. */
            tags: components["schemas"]["PromptTag"][];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        PromptList: {
            prompts: components["schemas"]["PromptSummary"][];
            page: components["schemas"]["Page"];
        };
        PromptVersionList: {
            versions: components["schemas"]["PromptVersion"][];
            page: components["schemas"]["Page"];
        };
        PromptLabelsUpdateRequest: {
            labels: components["schemas"]["PromptLabel"][];
        };
        PromptDeleteRequest: {
            /** @description The prompt name (a prompt) or `<name>@<version>` (a version). */
            confirmation: string;
        };
        PromptDeleted: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["PromptName"];
            /** @constant */
            deleted: true;
        };
        PromptVersionDeleted: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["PromptName"];
            version: number;
            /** @constant */
            deleted: true;
            /** @description true when it was the only version, so the prompt went with it. */
            promptDeleted: boolean;
        };
        PromptCompileRequest: {
            label?: components["schemas"]["PromptLabel"];
            version?: number;
            variables?: {
                [key: string]: string;
            };
            placeholders?: {
                [key: string]: components["schemas"]["ChatMessage"][];
            };
        };
        CompiledPrompt: {
            name: components["schemas"]["PromptName"];
            version: number;
            type: components["schemas"]["PromptType"];
            /** @description The filled string (text) or the list of messages (chat). */
            compiled: string | components["schemas"]["ChatMessage"][];
            config: components["schemas"]["PromptConfig"];
        };
        PromptProtectedLabels: {
            labels: components["schemas"]["PromptLabel"][];
        };
        /**
         * @description What a monitor checks per window; each kind emits one event type (docs/alerts.md).
         * @enum {string}
         */
        MonitorKind: "threshold" | "anomaly" | "ingestion_silence" | "sla" | "compound";
        /**
         * @description What is measured over a window's traces (by creation time): trace_count; error_rate (share of
         *     traces with status error); latency_p50/p95/p99 (nearest rank); cost_sum and tokens_sum;
         *     cost_per_user, cost_per_session, tokens_per_user, tokens_per_session (the highest total of any
         *     one user or session); detection_fire_count (firings recorded in the window); score_avg (mean of
         *     the numeric and boolean scores named scoreName on the window's traces, booleans as 1/0).
         * @enum {string}
         */
        MonitorMetric: "trace_count" | "error_rate" | "latency_p50" | "latency_p95" | "latency_p99" | "cost_sum" | "cost_per_user" | "cost_per_session" | "tokens_sum" | "tokens_per_user" | "tokens_per_session" | "detection_fire_count" | "score_avg";
        /** @description Narrows the traces measured; every given field must match. */
        MonitorScope: {
            /** Format: uuid */
            savedFilterId?: string;
            framework?: string;
            agentName?: string;
            sessionId?: string;
            userId?: string;
        };
        /**
         * @description The fields of the monitor's kind only. threshold — operator, threshold, recoverThreshold.
         *     anomaly — zThreshold (3.5), recoverZThreshold (= zThreshold), direction (up), baselineWindows
         *     (24), minBaseline (8). ingestion_silence — expectedWithinWindows (6). sla — operator, sla,
         *     marginPercent (10). compound — combinator, monitorIds (2 to 10). Defaults in parentheses.
         */
        MonitorCondition: {
            /** @enum {string} */
            operator?: "gt" | "gte" | "lt" | "lte";
            threshold?: number;
            recoverThreshold?: number;
            zThreshold?: number;
            recoverZThreshold?: number;
            /** @enum {string} */
            direction?: "up" | "down" | "both";
            baselineWindows?: number;
            minBaseline?: number;
            expectedWithinWindows?: number;
            sla?: number;
            marginPercent?: number;
            /** @enum {string} */
            combinator?: "and" | "or";
            monitorIds?: string[];
        };
        Monitor: {
            /** Format: uuid */
            id: string;
            name: string;
            kind: components["schemas"]["MonitorKind"];
            metric: components["schemas"]["MonitorMetric"] | null;
            /** Format: uuid */
            detectionId: string | null;
            /** @description The name of the scores a score_avg monitor averages; null for other metrics. */
            scoreName: string | null;
            scope: components["schemas"]["MonitorScope"];
            condition: components["schemas"]["MonitorCondition"];
            windowSeconds: number;
            recoverAfterWindows: number;
            enabled: boolean;
            mutedUntil: components["schemas"]["Timestamp"] | null;
            eventType: components["schemas"]["EventType"];
            /** @enum {string} */
            state: "ok" | "alerting";
            /** Format: uuid */
            openIncidentId: string | null;
            /** @description End of the newest evaluated window (at creation, the start of the first window to evaluate). */
            lastEvaluatedWindowEnd: components["schemas"]["Timestamp"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        MonitorList: {
            monitors: components["schemas"]["Monitor"][];
            page: components["schemas"]["Page"] & {
                limit?: number;
            };
        };
        MonitorCreateRequest: {
            name: string;
            kind: components["schemas"]["MonitorKind"];
            metric?: components["schemas"]["MonitorMetric"] | null;
            /** Format: uuid */
            detectionId?: string | null;
            /** @description The name of the scores averaged; required with metric score_avg and only with it. */
            scoreName?: string | null;
            scope?: components["schemas"]["MonitorScope"];
            condition?: components["schemas"]["MonitorCondition"];
            /** @description Window length: whole minutes, at most a day. */
            windowSeconds: number;
            /**
             * @description Consecutive clean windows that resolve an incident.
             * @default 1
             */
            recoverAfterWindows: number;
            /** @default true */
            enabled: boolean;
            mutedUntil?: components["schemas"]["Timestamp"] | null;
        };
        MonitorUpdateRequest: {
            name?: string;
            metric?: components["schemas"]["MonitorMetric"] | null;
            /** Format: uuid */
            detectionId?: string | null;
            /** @description The name of the scores averaged; required with metric score_avg and only with it. */
            scoreName?: string | null;
            scope?: components["schemas"]["MonitorScope"];
            condition?: components["schemas"]["MonitorCondition"];
            windowSeconds?: number;
            recoverAfterWindows?: number;
            enabled?: boolean;
            mutedUntil?: components["schemas"]["Timestamp"] | null;
        };
        MonitorDeleteRequest: {
            /**
             * Format: uuid
             * @description Must equal the monitor's id.
             */
            confirmation: string;
        };
        MonitorDeleted: {
            /** Format: uuid */
            id: string;
            /** @constant */
            deleted: true;
        };
        Incident: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            monitorId: string;
            /** @enum {string} */
            status: "alerting" | "resolved";
            eventType: components["schemas"]["EventType"];
            metric: components["schemas"]["MonitorMetric"] | null;
            /**
             * Format: uuid
             * @description The open fix of the monitored detection when the incident started.
             */
            fixId: string | null;
            /** Format: uuid */
            detectionId: string | null;
            startedWindowEnd: components["schemas"]["Timestamp"];
            resolvedWindowEnd: components["schemas"]["Timestamp"] | null;
            /** @description The value of the window that opened the incident. */
            openValue: number | null;
            /** @description The worst value seen while alerting. */
            peakValue: number | null;
            /** @description The value of the newest window evaluated while alerting. */
            lastValue: number | null;
            /** @description Windows evaluated while alerting, the opening one included. */
            windows: number;
            /** @description false when the monitor was muted as the incident started. */
            startNotified: boolean;
            /** @description Null while alerting; false when muted as it resolved. */
            resolveNotified: boolean | null;
            /** @description The opening window's evidence, e.g. zScore, median, mad, groupKey, members. */
            details: {
                [key: string]: unknown;
            };
            startedAt: components["schemas"]["Timestamp"];
            resolvedAt: components["schemas"]["Timestamp"] | null;
        };
        IncidentList: {
            incidents: components["schemas"]["Incident"][];
            page: components["schemas"]["Page"] & {
                limit?: number;
            };
        };
        Deleted: {
            /** Format: uuid */
            id: string;
            /** @constant */
            deleted: true;
        };
        /** @description Letters, digits and `._:-`, starting with a letter or digit. */
        ScoreName: string;
        /** @enum {string} */
        ScoreDataType: "numeric" | "boolean" | "categorical";
        /** @enum {string} */
        ScoreSource: "api" | "annotation" | "evaluator";
        /** @description A number (numeric), true/false (boolean) or a category of 1 to 100 characters (categorical); which one must match `dataType` when given (checked by the service). */
        ScoreValue: number | boolean | string;
        Score: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["ScoreName"];
            dataType: components["schemas"]["ScoreDataType"];
            value: components["schemas"]["ScoreValue"];
            /**
             * @description `experiment_result`: a score of an experiment run result (`experimentResultId`).
             * @enum {string}
             */
            target: "trace" | "span" | "session" | "experiment_result";
            traceId: string | null;
            spanId: string | null;
            sessionId: string | null;
            source: components["schemas"]["ScoreSource"];
            /** @description Who scored: `user:<id>`, `api_key:<id>`, `service_account:<id>`, `evaluator:<id>`. */
            author: string | null;
            comment: string | null;
            /** Format: uuid */
            evaluatorId: string | null;
            /**
             * Format: uuid
             * @description The experiment result the score belongs to; present on target `experiment_result` only.
             */
            experimentResultId?: string;
            createdAt: components["schemas"]["Timestamp"];
        };
        ScoreList: {
            scores: components["schemas"]["Score"][];
            page: components["schemas"]["Page"];
        };
        ScoreCreateRequest: {
            name: components["schemas"]["ScoreName"];
            /** @description Omitted, it is the type of `value`: a number numeric, true/false boolean, a string categorical. */
            dataType?: components["schemas"]["ScoreDataType"];
            value: components["schemas"]["ScoreValue"];
            traceId?: components["schemas"]["TraceId"];
            spanId?: string;
            sessionId?: string;
            comment?: string;
        };
        PlaygroundMessage: {
            /** @enum {string} */
            role: "system" | "user" | "assistant";
            /** @description Text with `{{variable}}` placeholders. */
            content: string;
        };
        /** @description OpenAI chat-completions parameters, passed through as named. */
        PlaygroundParameters: {
            temperature?: number;
            top_p?: number;
            max_tokens?: number;
            presence_penalty?: number;
            frequency_penalty?: number;
            seed?: number;
            stop?: string[];
        };
        PlaygroundRunRequest: {
            /** Format: uuid */
            modelConnectionId: string;
            /** @description Overrides the connection's model for this run. */
            model?: string;
            messages: components["schemas"]["PlaygroundMessage"][];
            variables?: {
                [key: string]: string;
            };
            parameters?: components["schemas"]["PlaygroundParameters"];
            /** @description The prompt version the messages came from; recorded on the run's span. */
            prompt?: {
                name: string;
                version: number;
            };
        };
        ModelConnection: {
            /** Format: uuid */
            id: string;
            name: string;
            baseUrl: string;
            model: string;
            createdAt: components["schemas"]["Timestamp"];
        };
        ModelConnectionList: {
            modelConnections: components["schemas"]["ModelConnection"][];
            page: components["schemas"]["Page"];
        };
        ModelConnectionCreateRequest: {
            name: string;
            /** @description e.g. `https://api.openai.com/v1`; requests go to `{baseUrl}/chat/completions`. */
            baseUrl: string;
            model: string;
            apiKey: string;
        };
        ModelConnectionUpdateRequest: {
            name?: string;
            /** @description e.g. `https://api.openai.com/v1`; requests go to `{baseUrl}/chat/completions`. */
            baseUrl?: string;
            model?: string;
            /** @description A new key, sealed in place of the old one. */
            apiKey?: string;
        };
        /** @enum {string} */
        EvaluatorTemplate: "hallucination" | "answer_relevance" | "toxicity" | "pii_leakage" | "custom";
        /**
         * @description A trace field: `input` (first root span input), `output` (last root span output), `context` (outputs of RETRIEVER spans), `expected_output` (trace `metadata.expected_output`).
         * @enum {string}
         */
        EvaluatorVariable: "input" | "output" | "context" | "expected_output";
        /** @enum {string} */
        EvaluatorState: "active" | "paused" | "inactive";
        Evaluator: {
            /** Format: uuid */
            id: string;
            name: string;
            template: components["schemas"]["EvaluatorTemplate"];
            /** @description The prompt sent (the built-in text for built-in templates). */
            prompt: string;
            /** @description Template variable → trace field. */
            variables: {
                [key: string]: components["schemas"]["EvaluatorVariable"];
            };
            scoreName: components["schemas"]["ScoreName"];
            /** Format: uuid */
            modelConnectionId: string;
            samplingRate: number;
            filters: Record<string, never>[];
            dailyBudgetUsd: number | null;
            dailyBudgetTokens: number | null;
            state: components["schemas"]["EvaluatorState"];
            pausedReason: string | null;
            spentTodayUsd: number;
            spentTodayTokens: number;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        EvaluatorList: {
            evaluators: components["schemas"]["Evaluator"][];
            page: components["schemas"]["Page"];
        };
        EvaluatorCreateRequest: {
            name: string;
            template: components["schemas"]["EvaluatorTemplate"];
            /** @description custom only: the judge prompt with `{{variable}}` placeholders. */
            prompt?: string;
            /** @description Placeholder → trace field; built-ins map `input`, `output`, `context`, `expected_output` to themselves. */
            variables?: {
                [key: string]: components["schemas"]["EvaluatorVariable"];
            };
            scoreName?: components["schemas"]["ScoreName"];
            /** Format: uuid */
            modelConnectionId: string;
            /** @default 1 */
            samplingRate: number;
            filters?: components["schemas"]["FilterTreeInput"];
            dailyBudgetUsd?: number;
            dailyBudgetTokens?: number;
        };
        EvaluatorUpdateRequest: {
            isActive?: boolean;
            samplingRate?: number;
            filters?: components["schemas"]["FilterTreeInput"];
            dailyBudgetUsd?: number | null;
            dailyBudgetTokens?: number | null;
        };
        EvaluatorRun: {
            /** Format: uuid */
            id: string;
            traceId: string;
            /** @enum {string} */
            outcome: "scored" | "error" | "skipped";
            /** Format: uuid */
            scoreId: string | null;
            error: string | null;
            promptTokens: number;
            completionTokens: number;
            costUsd: number;
            createdAt: components["schemas"]["Timestamp"];
        };
        EvaluatorRunList: {
            runs: components["schemas"]["EvaluatorRun"][];
            page: components["schemas"]["Page"];
        };
        EvaluationBudget: {
            dailyBudgetUsd: number | null;
            dailyBudgetTokens: number | null;
            spentTodayUsd: number;
            spentTodayTokens: number;
            /** @enum {string} */
            state: "active" | "paused";
            pausedReason: string | null;
            resumesAt: components["schemas"]["Timestamp"] | null;
        };
        EvaluationBudgetRequest: {
            dailyBudgetUsd?: number | null;
            dailyBudgetTokens?: number | null;
        };
        AnnotationScoreConfig: {
            name: components["schemas"]["ScoreName"];
            dataType: components["schemas"]["ScoreDataType"];
            /** @description numeric only. */
            min?: number;
            /** @description numeric only. */
            max?: number;
            /** @description categorical only. */
            categories?: string[];
        };
        AnnotationQueue: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            target: "trace" | "span";
            scoreConfig: components["schemas"]["AnnotationScoreConfig"];
            members: string[];
            createdAt: components["schemas"]["Timestamp"];
        };
        AnnotationQueueList: {
            annotationQueues: components["schemas"]["AnnotationQueue"][];
            page: components["schemas"]["Page"];
        };
        AnnotationQueueCreateRequest: {
            name: string;
            /**
             * @default trace
             * @enum {string}
             */
            target: "trace" | "span";
            scoreConfig: components["schemas"]["AnnotationScoreConfig"];
        };
        AnnotationQueueMemberRequest: {
            /** Format: uuid */
            userId: string;
        };
        AnnotationItemInput: {
            traceId: components["schemas"]["TraceId"];
            spanId?: string;
        };
        AnnotationBatchCreateRequest: {
            items: components["schemas"]["AnnotationItemInput"][];
            /**
             * Format: date-time
             * @description Must lie in the future.
             */
            deadline: string;
            /**
             * Format: date-time
             * @description When members with open items get `notify.eval_reminder`; before the deadline.
             */
            remindAt?: string;
        };
        AnnotationItem: {
            /** Format: uuid */
            id: string;
            traceId: string;
            spanId: string | null;
            /** Format: uuid */
            assignee: string;
            /** @enum {string} */
            status: "pending" | "done";
            /** Format: uuid */
            scoreId: string | null;
            respondedAt: components["schemas"]["Timestamp"] | null;
        };
        AnnotationBatch: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            queueId: string;
            /** @enum {string} */
            status: "open" | "completed" | "overdue";
            deadline: components["schemas"]["Timestamp"];
            remindAt: components["schemas"]["Timestamp"] | null;
            items: components["schemas"]["AnnotationItem"][];
            createdAt: components["schemas"]["Timestamp"];
            completedAt: components["schemas"]["Timestamp"] | null;
        };
        AnnotationBatchSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            queueId: string;
            /** @enum {string} */
            status: "open" | "completed" | "overdue";
            deadline: components["schemas"]["Timestamp"];
            remindAt: components["schemas"]["Timestamp"] | null;
            createdAt: components["schemas"]["Timestamp"];
            completedAt: components["schemas"]["Timestamp"] | null;
        };
        AnnotationBatchList: {
            batches: components["schemas"]["AnnotationBatchSummary"][];
            page: components["schemas"]["Page"];
        };
        MyAnnotationItem: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            queueId: string;
            queueName: string;
            /** Format: uuid */
            batchId: string;
            traceId: string;
            spanId: string | null;
            /** @enum {string} */
            status: "pending" | "done";
            deadline: components["schemas"]["Timestamp"];
            respondedAt: components["schemas"]["Timestamp"] | null;
            /** Format: uuid */
            scoreId: string | null;
        };
        MyAnnotationItemList: {
            items: components["schemas"]["MyAnnotationItem"][];
            page: components["schemas"]["Page"];
        };
        AnnotationResponseRequest: {
            value: components["schemas"]["ScoreValue"];
            comment?: string;
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
            /** @description An EventType, `webhook.test` for test deliveries, or `fix.dispatched` for a fix dispatch hand-off. */
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
         * @description `slack` (incoming webhook), `pagerduty` (Events API v2), `email` (SMTP), `webhook` (an existing project webhook).
         * @enum {string}
         */
        ChannelKind: "slack" | "pagerduty" | "email" | "webhook";
        Channel: {
            /** Format: uuid */
            id: string;
            name: string;
            kind: components["schemas"]["ChannelKind"];
            enabled: boolean;
            /** @description The routing rule, the event types this channel receives (`*` for every type). */
            eventTypes: components["schemas"]["EventType"][];
            /** @description Whether the Slack URL, routing key, recipients or webhook is set; the secrets themselves are never returned. */
            destinationConfigured: boolean;
            /** @description The addresses of an `email` channel; null for other kinds. */
            recipients: string[] | null;
            /**
             * Format: uuid
             * @description The webhook a `webhook` channel delivers to; null for other kinds.
             */
            webhookId: string | null;
            /** @description The Events API v2 URL a `pagerduty` channel posts to; null for other kinds. */
            eventsUrl: string | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        ChannelCreateRequest: {
            name: string;
            kind: components["schemas"]["ChannelKind"];
            eventTypes: components["schemas"]["EventType"][];
            /**
             * Format: uri
             * @description slack: the incoming-webhook URL; sealed, never returned.
             */
            slackWebhookUrl?: string;
            /** @description pagerduty: the Events API v2 integration (routing) key; sealed, never returned. */
            routingKey?: string;
            /**
             * Format: uri
             * @description pagerduty: overrides the deployment's events URL (e.g. the EU service).
             */
            eventsUrl?: string;
            /** @description email: the recipient addresses. */
            recipients?: string[];
            /**
             * Format: uuid
             * @description webhook: the project webhook to deliver to.
             */
            webhookId?: string;
        };
        ChannelUpdateRequest: {
            name?: string;
            enabled?: boolean;
            eventTypes?: components["schemas"]["EventType"][];
            /** Format: uri */
            slackWebhookUrl?: string;
            routingKey?: string;
            /** Format: uri */
            eventsUrl?: string | null;
            recipients?: string[];
            /** Format: uuid */
            webhookId?: string;
        };
        ChannelList: {
            channels: components["schemas"]["Channel"][];
            page: components["schemas"]["Page"];
        };
        ChannelDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            eventId: string;
            /** @description An EventType, or `channel.test` for a test send. */
            eventType: string;
            status: components["schemas"]["WebhookDeliveryStatus"];
            attempts: number;
            /** @description Why the last attempt did not succeed. */
            lastError: string | null;
            /** @description The last HTTP status (Slack, PagerDuty, webhook) or SMTP reply code (email); null when none arrived. */
            responseCode: number | null;
            /** @description When the next attempt is due; null once the delivery is settled. */
            nextAttemptAt: components["schemas"]["Timestamp"] | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        ChannelDeliveryList: {
            deliveries: components["schemas"]["ChannelDelivery"][];
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
            /** @description Path of the trace's page in the web console (`/traces/{id}`); the REST resource is the same path under `/api/v1/public`. */
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
            /** @description Fixes the filters match, on every page. */
            totalCount: number;
            page: components["schemas"]["Page"];
        };
        Ping: {
            /** @constant */
            status: "ok";
            serverTime: components["schemas"]["Timestamp"];
        };
        TraceSearchPage: {
            traces: components["schemas"]["TraceSummary"][];
            /** @description Matches (a lower bound when totalCountExact is false). */
            totalCount: number;
            totalCountExact: boolean;
            page: components["schemas"]["Page"];
        };
        DetectionListItem: {
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
            description: string | null;
            severity: components["schemas"]["Severity"];
            frameworks: components["schemas"]["Framework"][];
            /** @description Firings on traces of the last 24 hours. */
            fireCount24h: number;
            /** @description Firings on traces of the last 7 days. */
            fireCount7d: number;
            lastFiredAt: components["schemas"]["Timestamp"] | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        DetectionTrend: {
            detectionName: components["schemas"]["DetectionSlug"];
            /** @enum {string} */
            granularity: "hour" | "day";
            /** @description The range as given (relative) or normalized (interval). */
            dateRange: string;
            trend: {
                timestamp: components["schemas"]["Timestamp"];
                count: number;
                percentageOfAllTraces: number;
            }[];
            totalCount: number;
            avgPerDay: number;
        };
        FixDismissRequest: {
            /** @description Kept as the fix's feedback. */
            reason?: string;
        };
        FixStatusChangeRequest: {
            /** @enum {string} */
            status: "in_progress" | "resolved" | "archived";
            /** @description Kept with the transition. */
            note?: string;
        };
        FixUpdateRequest: {
            title?: string;
            severity?: components["schemas"]["Severity"];
            label?: string;
            recommendedAction?: string;
        };
        InvestigationStep: {
            /** Format: uuid */
            id: string;
            createdAt: components["schemas"]["Timestamp"];
            agent: string;
            action: string;
            finding: string;
        };
        FixInvestigation: {
            /** Format: uuid */
            fixId: string;
            /** @description When the investigation (the fix) began. */
            createdAt: components["schemas"]["Timestamp"];
            steps: components["schemas"]["InvestigationStep"][];
            comments: components["schemas"]["FixComment"][];
        };
        FixStepList: {
            /** Format: uuid */
            fixId: string;
            steps: components["schemas"]["InvestigationStep"][];
            totalCount: number;
            page: components["schemas"]["Page"];
        };
        /**
         * @description Organization roles. Owners and admins administer every project; members and viewers see every project as viewers.
         * @enum {string}
         */
        OrganizationRole: "owner" | "admin" | "member" | "viewer";
        ProjectCreateRequest: {
            name: string;
            /**
             * Format: uuid
             * @description Required when the user belongs to more than one organization.
             */
            organizationId?: string;
        };
        ProjectUpdateRequest: {
            name?: string;
            /** @description Days (1 to 36500), or null for unlimited. */
            retentionDays?: number | null;
            /** @description Put span inputs and outputs of traces stored from now on into their search documents. */
            searchInputsOutputs?: boolean;
            experimentAlpha?: components["schemas"]["ExperimentAlpha"];
        };
        /**
         * @description The project's significance level for experiments (docs/experiments.md), default 0.05: a finished run's comparison
         *     with the dataset's baseline emits `notification.experiment_significant` when a Holm-adjusted p-value is below it,
         *     and the compare operation uses it when the request gives no `alpha`.
         */
        ExperimentAlpha: number;
        ProjectDeleteRequest: {
            /**
             * Format: uuid
             * @description Must equal the selected project's id.
             */
            confirmation: string;
        };
        ProjectDeleted: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organizationId: string;
            /** @constant */
            deleted: true;
        };
        ApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description tw_pk_ plus four characters, safe to show. */
            prefix: string;
            /** @enum {string} */
            scope: "project" | "organization";
            projectId: string | null;
            readOnly: boolean;
            createdAt: components["schemas"]["Timestamp"];
            /** @description Updated at most once a minute per key. */
            lastUsedAt: components["schemas"]["Timestamp"] | null;
            expiresAt: components["schemas"]["Timestamp"] | null;
            revokedAt: components["schemas"]["Timestamp"] | null;
        };
        ApiKeyCreateRequest: {
            name: string;
            /**
             * @default project
             * @enum {string}
             */
            scope: "project" | "organization";
            /** Format: date-time */
            expiresAt?: string;
            /** @default false */
            readOnly: boolean;
        };
        IssuedApiKey: {
            /** @description The key itself (tw_pk_…), shown once. */
            key: string;
            apiKey: components["schemas"]["ApiKey"];
        };
        Member: {
            /** Format: uuid */
            userId: string;
            /** @description Null unless the credential has organization reach (an organization API key, an organization owner or admin). */
            email: string | null;
            name: string;
            role: components["schemas"]["OrganizationRole"];
            /** @description The explicit role in the selected project, if any. */
            projectRole: components["schemas"]["ProjectRole"] | null;
            effectiveProjectRole: components["schemas"]["ProjectRole"];
            joinedAt: components["schemas"]["Timestamp"];
        };
        MemberUpdateRequest: {
            role?: components["schemas"]["OrganizationRole"];
            projectRole?: components["schemas"]["ProjectRole"] | null;
        };
        /**
         * @description An organization role provisioning may grant (never owner).
         * @enum {string}
         */
        ScimRole: "admin" | "member" | "viewer";
        ScimGroupRole: {
            /** @description A SCIM group's displayName (case-insensitive). */
            group: string;
            role: components["schemas"]["ScimRole"];
            /**
             * @description Project roles the group's members get in projects of the organization (the highest of their groups wins).
             *     Provisioning takes away a project role it granted when no group gives it any more; roles set by hand in
             *     projects no group names are left alone.
             */
            projectRoles?: {
                /** Format: uuid */
                projectId: string;
                /** @enum {string} */
                role: "viewer" | "editor" | "admin";
            }[];
        };
        ScimConnectionUpdateRequest: {
            defaultRole: components["schemas"]["ScimRole"];
            groupRoles: components["schemas"]["ScimGroupRole"][];
        };
        SsoConnectionRequest: {
            /** @description The provider's issuer identifier, e.g. https://example.okta.com. */
            issuer: string;
            clientId: string;
            /** @description Required on create; left out on replace to keep the stored one. Never returned. */
            clientSecret?: string;
            /** @description Email domains signed in by this connection (lower-cased); each belongs to one organization. */
            allowedDomains: string[];
            defaultRole: components["schemas"]["ScimRole"];
            /** @description The ID token claim listing the person's groups (default `groups`). */
            groupClaim?: string;
            groupRoles?: components["schemas"]["ScimGroupRole"][];
            /** @description Refuse password sign-in to the organization's members (owners keep an audited break-glass path). Default false. */
            requireSso?: boolean;
        };
        SsoConnection: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organizationId: string;
            issuer: string;
            clientId: string;
            allowedDomains: string[];
            defaultRole: components["schemas"]["ScimRole"];
            groupClaim: string;
            groupRoles: components["schemas"]["ScimGroupRole"][];
            requireSso: boolean;
            /** @description The redirect (callback) URI to register at the identity provider: {PUBLIC_BASE_URL}/sso/callback. */
            redirectUri: string;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        ScimConnection: {
            /** Format: uuid */
            organizationId: string;
            /** @description Whether a SCIM bearer token exists. */
            enabled: boolean;
            /** @description The SCIM base URL to give the identity provider: {PUBLIC_BASE_URL}/scim/v2. */
            baseUrl: string;
            /** @description The token's first characters (null without a token). */
            tokenPrefix: string | null;
            /** Format: date-time */
            tokenCreatedAt: string | null;
            defaultRole: components["schemas"]["ScimRole"];
            groupRoles: components["schemas"]["ScimGroupRole"][];
            /** Format: date-time */
            updatedAt: string | null;
        };
        Invitation: {
            /** Format: uuid */
            id: string;
            email: string;
            role: components["schemas"]["OrganizationRole"];
            expiresAt: components["schemas"]["Timestamp"];
            acceptedAt: components["schemas"]["Timestamp"] | null;
            revokedAt: components["schemas"]["Timestamp"] | null;
            createdAt: components["schemas"]["Timestamp"];
        };
        InvitationCreateRequest: {
            email: string;
            role: components["schemas"]["OrganizationRole"];
        };
        IssuedInvitation: {
            invitation: components["schemas"]["Invitation"];
            /** @description The acceptance link; pass it on to the invited person (also mailed to them when `mailed`). */
            url: string;
            /** @description True when the deployment sends mail (`SMTP_URL`): the link is on its way to the invited address. */
            mailed: boolean;
        };
        AuditEvent: {
            /** Format: uuid */
            id: string;
            action: string;
            targetType: string;
            targetId: string | null;
            actor: {
                /** @enum {string} */
                kind: "api_key" | "oauth" | "service_account" | "guest" | "system" | "scim" | "sign_in";
                credentialId: string;
                userId: string | null;
            };
            projectId: string | null;
            requestId: string | null;
            details: {
                [key: string]: unknown;
            };
            createdAt: components["schemas"]["Timestamp"];
        };
        /** @description Any JSON value. */
        JsonValue: unknown;
        DatasetName: string;
        /** @description Free key/value metadata (JSON). */
        DatasetMetadata: {
            [key: string]: unknown;
        };
        Dataset: {
            /** Format: uuid */
            id: string;
            name: components["schemas"]["DatasetName"];
            description: string | null;
            metadata: components["schemas"]["DatasetMetadata"];
            /** @description Increases by one on every item change (create, update, archive, import). */
            version: number;
            /** @description Active items at the current version. */
            itemCount: number;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        DatasetList: {
            datasets: components["schemas"]["Dataset"][];
            page: components["schemas"]["Page"];
        };
        DatasetCreateRequest: {
            name: components["schemas"]["DatasetName"];
            description?: string;
            metadata?: components["schemas"]["DatasetMetadata"];
        };
        DatasetUpdateRequest: {
            name?: components["schemas"]["DatasetName"];
            description?: string | null;
            metadata?: components["schemas"]["DatasetMetadata"];
        };
        DatasetDeleteRequest: {
            /** @description The id of the dataset. */
            confirmation: string;
        };
        /** @enum {string} */
        DatasetItemStatus: "active" | "archived";
        DatasetItem: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            datasetId: string;
            input: components["schemas"]["JsonValue"];
            /** @description null when there is none. */
            expectedOutput: components["schemas"]["JsonValue"];
            metadata: components["schemas"]["DatasetMetadata"];
            sourceTraceId: string | null;
            sourceSpanId: string | null;
            status: components["schemas"]["DatasetItemStatus"];
            /** @description The dataset version this state of the item was written at. */
            version: number;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        DatasetItemList: {
            items: components["schemas"]["DatasetItem"][];
            /** @description The version the items were read at. */
            datasetVersion: number;
            page: components["schemas"]["Page"];
        };
        DatasetItemCreateRequest: {
            input?: components["schemas"]["JsonValue"];
            expectedOutput?: components["schemas"]["JsonValue"];
            metadata?: components["schemas"]["DatasetMetadata"];
            sourceTraceId?: components["schemas"]["TraceId"];
            sourceSpanId?: string;
        };
        DatasetItemUpdateRequest: {
            input?: components["schemas"]["JsonValue"];
            expectedOutput?: components["schemas"]["JsonValue"];
            metadata?: components["schemas"]["DatasetMetadata"];
            status?: components["schemas"]["DatasetItemStatus"];
        };
        /** @enum {string} */
        ExperimentRunStatus: "running" | "completed" | "failed" | "cancelled";
        ExperimentTaskMessage: {
            /** @enum {string} */
            role: "system" | "user" | "assistant";
            content: string;
        };
        ExperimentTaskPrompt: {
            name: string;
            version?: number;
            label?: string;
        };
        ExperimentTaskParameters: {
            temperature?: number;
            top_p?: number;
            max_tokens?: number;
            seed?: number;
        };
        /** @description What the server runs per item: `prompt` or `messages` (exactly one) on `modelConnectionId`. */
        ExperimentTaskInput: {
            prompt?: components["schemas"]["ExperimentTaskPrompt"];
            messages?: components["schemas"]["ExperimentTaskMessage"][];
            /** Format: uuid */
            modelConnectionId: string;
            /** @description The model to ask; default the connection's. */
            model?: string;
            parameters?: components["schemas"]["ExperimentTaskParameters"];
            /** @description Items called at once (default 4). */
            concurrency?: number;
            scorers?: components["schemas"]["ExperimentScorer"][];
            evaluatorIds?: string[];
        };
        /** @description The task as the run executes it, the prompt version resolved at creation. */
        ExperimentTask: {
            /** @enum {string} */
            kind: "prompt" | "template";
            promptName: string | null;
            promptVersion: number | null;
            messages: components["schemas"]["ExperimentTaskMessage"][];
            /** Format: uuid */
            modelConnectionId: string;
            model: string;
            parameters: components["schemas"]["ExperimentTaskParameters"];
            concurrency: number;
            scorers: components["schemas"]["ExperimentScorer"][];
            evaluatorIds: string[];
        };
        ExperimentEvaluationRequest: {
            evaluatorIds: string[];
        };
        ExperimentEvaluationQueued: {
            /** @description Results of the run. */
            results: number;
            /** @description Judgements queued (results × evaluators). */
            queued: number;
        };
        ExperimentRun: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            datasetId: string;
            name: components["schemas"]["DatasetName"];
            /** @description The dataset version the run is pinned to. */
            datasetVersion: number;
            metadata: components["schemas"]["DatasetMetadata"];
            status: components["schemas"]["ExperimentRunStatus"];
            /** @description Why a server-side run stopped (e.g. the budget was spent); null otherwise. */
            statusReason: string | null;
            /** @description What the server runs; null for a client-side run. */
            task: components["schemas"]["ExperimentTask"] | null;
            /** @description Whether this is the dataset's baseline run (at most one per dataset). */
            baseline: boolean;
            /** @description Items active at the pinned version. */
            itemCount: number;
            /** @description Items with a result so far (the progress). */
            resultCount: number;
            createdAt: components["schemas"]["Timestamp"];
            completedAt: components["schemas"]["Timestamp"] | null;
        };
        ExperimentRunList: {
            runs: components["schemas"]["ExperimentRun"][];
            page: components["schemas"]["Page"];
        };
        ExperimentRunCreateRequest: {
            name: components["schemas"]["DatasetName"];
            datasetVersion?: number;
            metadata?: components["schemas"]["DatasetMetadata"];
            baseline?: boolean;
            task?: components["schemas"]["ExperimentTaskInput"];
        };
        ExperimentRunUpdateRequest: {
            name?: components["schemas"]["DatasetName"];
            /** @enum {string} */
            status?: "completed" | "failed" | "cancelled";
            baseline?: boolean;
            /** @description With `status: completed` only: built-in scorers run on every result in the finishing transaction, before the comparison with the baseline (see scoreExperimentRun). */
            scorers?: components["schemas"]["ExperimentScorer"][];
        };
        ExperimentScoreInput: {
            name: components["schemas"]["ScoreName"];
            dataType?: components["schemas"]["ScoreDataType"];
            value: components["schemas"]["ScoreValue"];
            comment?: string;
        };
        ExperimentResultInput: {
            /** Format: uuid */
            itemId: string;
            output?: components["schemas"]["JsonValue"];
            traceId?: components["schemas"]["TraceId"];
            latencyMs?: number;
            costUsd?: number;
            error?: string;
            scores?: components["schemas"]["ExperimentScoreInput"][];
        };
        ExperimentResultBatchRequest: {
            results: components["schemas"]["ExperimentResultInput"][];
        };
        ExperimentResult: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            runId: string;
            /** Format: uuid */
            itemId: string;
            /** @description null when none was sent. */
            output: components["schemas"]["JsonValue"];
            traceId: string | null;
            latencyMs: number | null;
            costUsd: number | null;
            /** @description Tokens of the model call (server-side runs); null otherwise. */
            promptTokens: number | null;
            completionTokens: number | null;
            error: string | null;
            scores: components["schemas"]["Score"][];
            createdAt: components["schemas"]["Timestamp"];
        };
        ExperimentResultList: {
            results: components["schemas"]["ExperimentResult"][];
            page: components["schemas"]["Page"];
        };
        ConfidenceInterval: {
            level: number;
            lower: number;
            upper: number;
            /** @enum {string} */
            method: "percentile_bootstrap";
            resamples: number;
            seed: number;
        };
        PairedTTest: {
            n: number;
            meanDifference: number;
            standardDeviation: number;
            /** @description null when infinite (a constant non-zero difference). */
            statistic: number | null;
            degreesOfFreedom: number;
            pValue: number;
            /** @description Cohen's d_z; null when infinite. */
            effectSize: number | null;
        };
        WilcoxonTest: {
            n: number;
            zeroDifferences: number;
            rankSumPositive: number;
            rankSumNegative: number;
            statistic: number;
            /** @enum {string} */
            method: "exact" | "normal_approximation";
            z: number | null;
            pValue: number;
            effectSize: number;
        };
        McNemarTest: {
            n: number;
            /** @description Pairs the baseline passed and the candidate failed. */
            baselineOnly: number;
            /** @description Pairs the candidate passed and the baseline failed. */
            candidateOnly: number;
            statistic: number;
            pValue: number;
            effectSize: number;
        };
        ScoreComparison: {
            score: components["schemas"]["ScoreName"];
            /** Format: uuid */
            candidateRunId: string;
            /** @enum {string} */
            dataType: "numeric" | "boolean";
            /** @description Items scored in both runs. */
            pairs: number;
            /** @description Items scored in the baseline only. */
            baselineOnly: number;
            /** @description Items scored in the candidate only. */
            candidateOnly: number;
            baselineMean: number | null;
            candidateMean: number | null;
            /** @description Candidate minus baseline over the pairs. */
            meanDifference: number | null;
            confidenceInterval: components["schemas"]["ConfidenceInterval"] | null;
            /** @enum {string} */
            primaryTest: "wilcoxon_signed_rank" | "exact_mcnemar";
            pairedT: components["schemas"]["PairedTTest"] | null;
            wilcoxon: components["schemas"]["WilcoxonTest"] | null;
            mcnemar: components["schemas"]["McNemarTest"] | null;
            pValue: number | null;
            /** @description Holm-adjusted across every comparison of the request. */
            adjustedPValue: number | null;
            /** @description Rank-biserial correlation (numeric) or pass-rate difference (boolean). */
            effectSize: number | null;
            significant: boolean;
            /** @enum {string} */
            direction: "improved" | "regressed" | "unchanged";
        };
        ExperimentComparison: {
            /** Format: uuid */
            datasetId: string;
            /** Format: uuid */
            baselineRunId: string;
            candidateRunIds: string[];
            alpha: number;
            /** @description The bootstrap seed (derived from the run ids; docs/experiments.md). */
            seed: number;
            comparisons: components["schemas"]["ScoreComparison"][];
            /** @description Score names not compared, with why (categorical, or a type that differs between the runs). */
            skipped: {
                score: components["schemas"]["ScoreName"];
                /** Format: uuid */
                candidateRunId: string;
                /** @enum {string} */
                reason: "categorical" | "type_mismatch";
            }[];
        };
        DatasetImportRequest: {
            /** @enum {string} */
            format: "jsonl" | "csv";
            /** @description The JSON Lines or CSV text (bounded by the request body limit). */
            content: string;
        };
        DatasetImportResult: {
            imported: number;
            datasetVersion: number;
        };
        ExperimentScorer: {
            name: components["schemas"]["ScoreName"];
            /** @enum {string} */
            kind: "exact_match" | "contains" | "regex" | "valid_json" | "json_schema" | "numeric_tolerance" | "edit_similarity";
            pattern?: string;
            schema?: {
                [key: string]: unknown;
            };
            tolerance?: number;
            /** @default true */
            caseSensitive: boolean;
        };
        ExperimentScoringRequest: {
            scorers: components["schemas"]["ExperimentScorer"][];
        };
        ExperimentScoringResult: {
            /** @description Results of the run looked at. */
            results: number;
            /** @description Scores written. */
            scores: number;
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
        /** @description An OTLP/HTTP failure, a google.rpc.Status (`code`, `message`) in the request's encoding; not JSON-Schema-described for protobuf. */
        OtlpStatus: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/x-protobuf": unknown;
                "application/json": {
                    code?: number;
                    message?: string;
                };
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
        /** @description The dashboard's id, or `default` for the project's built-in default dashboard. */
        DashboardIdPath: string;
        /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
        ProjectIdHeader: string;
        /** @description The selected project. */
        ProjectIdHeaderRequired: string;
        /** @description UTC days of the daily trend, ending today. */
        ClusterTrendDays: number;
        /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
        Cursor: string;
        /**
         * @description 22 to 43 characters: a canonical UUIDv4 or a high-entropy base64url value. The same key with
         *     the same body within 24 hours replays the first response.
         */
        IdempotencyKey: string;
        /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
        PromptNamePath: components["schemas"]["PromptName"];
        /** @description The version number. */
        PromptVersionPath: number;
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
        /** @description Identifies this version of the served document. */
        ETag: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getContractJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /** @description Not modified since the ETag sent in If-None-Match. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getContractYaml: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document in YAML. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            /** @description Not modified since the ETag sent in If-None-Match. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
        };
    };
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
    getEmailPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preferences. */
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
                        data: components["schemas"]["EmailPreferences"];
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
    updateEmailPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailPreferencesUpdate"];
            };
        };
        responses: {
            /** @description The preferences after the change. */
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
                        data: components["schemas"]["EmailPreferences"];
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
    deleteProject: {
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
                "application/json": components["schemas"]["ProjectDeleteRequest"];
            };
        };
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["ProjectDeleted"];
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
    updateProject: {
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
                "application/json": components["schemas"]["ProjectUpdateRequest"];
            };
        };
        responses: {
            /** @description Success. */
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    ping: {
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
            /** @description The service answers. */
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
                        data: components["schemas"]["Ping"];
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
                /** @description The order: a field (`createdAt`, `latencyMs`, `cost`, `totalTokens`) and a direction; ties by `id` in the same direction. */
                sort?: "createdAt:desc" | "createdAt:asc" | "latencyMs:desc" | "latencyMs:asc" | "cost:desc" | "cost:asc" | "totalTokens:desc" | "totalTokens:asc";
                /** @description Also `inputPreview` and `outputPreview` of each trace: its root span's input and output as one line of at most 200 characters (the last user message, a prompt, the answer text; else the JSON). Not bound into the cursor. */
                preview?: boolean;
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
                /** @description Traces of one session (OTLP `session.id` / `gen_ai.conversation.id`, native `metadata.session_id`). */
                sessionId?: string;
                /** @description Traces of one end user (OTLP `user.id`, native `metadata.user_id`). */
                userId?: string;
                /** @description Apply a saved filter of this project (compiled to SQL). */
                savedFilterId?: string;
                /** @description Only traces with a trace-level score of this name (see docs/evaluations.md); with minScore/maxScore, one such score in that range (numeric and boolean scores: true is 1). */
                scoreName?: components["schemas"]["ScoreName"];
                /** @description Inclusive lower bound of the score named by scoreName (needs scoreName). */
                minScore?: number;
                /** @description Inclusive upper bound of the score named by scoreName (needs scoreName). */
                maxScore?: number;
                /** @description Only traces that used this prompt: some span records it (`metadata.prompt_name`, docs/prompts.md#linked-spans). */
                promptName?: components["schemas"]["PromptName"];
                /** @description With promptName: some span records that prompt at this version (needs promptName). */
                promptVersion?: number;
                /** @description Only traces carrying this tag, exactly (tags are case-sensitive; docs/traces.md#tags): the saved-filter rule `tag is_exactly`. */
                tag?: string;
                /** @description Only traces of this deployment environment, exactly (docs/analytics.md#environment-and-release): the rule `environment is_exactly`. */
                environment?: string;
                /** @description Only traces of this release, exactly (docs/analytics.md#environment-and-release): the rule `release is_exactly`. */
                release?: string;
                /** @description Only traces some span of which records this model, exactly (span `metadata.model`, a string): the metrics dimension `model` (docs/analytics.md#dashboards). With provider or spanType, one span has all of them. */
                model?: string;
                /** @description Only traces some span of which records this provider, exactly (span `metadata.provider`, a string): the metrics dimension `provider`. */
                provider?: string;
                /** @description Only traces with a span of this type, exactly (case-sensitive, e.g. `LLM`): the metrics dimension `spanType`. */
                spanType?: string;
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
    searchTraces: {
        parameters: {
            query: {
                /** @description Words, prefixes (time*), phrases ("rate limit") and exclusions (-word); see docs/search.md. */
                q: string;
                /** @description relevance (equally relevant newest first) or recency (newest first). */
                sort?: "relevance" | "recency";
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                framework?: string;
                status?: components["schemas"]["TraceStatus"];
                minLatencyMs?: number;
                maxLatencyMs?: number;
                /** @description Dollars. */
                minCost?: number;
                /** @description Dollars. */
                maxCost?: number;
                /** @description Traces of one session (OTLP `session.id` / `gen_ai.conversation.id`, native `metadata.session_id`). */
                sessionId?: string;
                /** @description Traces of one end user (OTLP `user.id`, native `metadata.user_id`). */
                userId?: string;
                /** @description last_24h, last_7d, last_30d, or an ISO 8601 interval `<start>/<end>`. */
                dateRange?: string;
                /** @description Only traces with a trace-level score of this name, as on listTraces; with minScore/maxScore, one such score in that range (numeric and boolean scores: true is 1). */
                scoreName?: components["schemas"]["ScoreName"];
                /** @description Inclusive lower bound of the score named by scoreName (needs scoreName). */
                minScore?: number;
                /** @description Inclusive upper bound of the score named by scoreName (needs scoreName). */
                maxScore?: number;
                /** @description Only traces that used this prompt: some span records it (`metadata.prompt_name`, docs/prompts.md#linked-spans). */
                promptName?: components["schemas"]["PromptName"];
                /** @description With promptName: some span records that prompt at this version (needs promptName). */
                promptVersion?: number;
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
            /** @description One page of matching traces. */
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
                        data: components["schemas"]["TraceSearchPage"];
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
    deleteTrace: {
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
            /** @description Success. */
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
                            id: components["schemas"]["TraceId"];
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
    listTraceSpans: {
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
            path: {
                traceId: components["schemas"]["TraceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of spans. */
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
                            spans: components["schemas"]["FlatSpan"][];
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
    listTraceDetections: {
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
            /** @description The firings. */
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
                            firings: components["schemas"]["TraceDetectionFiring"][];
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
    exportOtlpTraces: {
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
                "application/x-protobuf": unknown;
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Stored (fully, or partially with `partialSuccess`). An ExportTraceServiceResponse. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-protobuf": unknown;
                    "application/json": unknown;
                };
            };
            400: components["responses"]["OtlpStatus"];
            401: components["responses"]["OtlpStatus"];
            403: components["responses"]["OtlpStatus"];
            413: components["responses"]["OtlpStatus"];
            415: components["responses"]["OtlpStatus"];
            429: components["responses"]["OtlpStatus"];
            500: components["responses"]["OtlpStatus"];
            503: components["responses"]["OtlpStatus"];
        };
    };
    listModelPrices: {
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
            /** @description The overrides, by model name. */
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
                    "application/json": components["schemas"]["ModelPriceListEnvelope"];
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
    replaceModelPrices: {
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
                    prices: components["schemas"]["ModelPrice"][];
                };
            };
        };
        responses: {
            /** @description The overrides now in force. */
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
                    "application/json": components["schemas"]["ModelPriceListEnvelope"];
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
                /** @description Only detections that evaluate traces of this framework (scoped to it, or to every framework). */
                framework?: components["schemas"]["Framework"];
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
    getDetectionTrend: {
        parameters: {
            query: {
                name: components["schemas"]["DetectionSlug"];
                granularity?: "hour" | "day";
                /** @description last_24h, last_7d, last_30d, or an ISO 8601 interval `<start>/<end>` (end exclusive, at most 366 days). */
                dateRange?: string;
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
            /** @description The trend. */
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
                        data: components["schemas"]["DetectionTrend"];
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
    listSessions: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description The order: a field (`lastSeenAt`, `cost`, `traceCount`, `durationMs`) and a direction; ties by session id in the same direction. */
                sort?: components["schemas"]["SessionSort"];
                /** @description Inclusive lower bound of the createdAt of the traces counted. */
                from?: string;
                /** @description Exclusive upper bound of the createdAt of the traces counted. */
                to?: string;
                /** @description Sessions with at least one trace of this end user. */
                userId?: components["schemas"]["EndUserId"];
                /** @description true keeps sessions with at least one failed trace, false those with none. */
                hasErrors?: boolean;
                /** @description Sessions whose total cost (dollars) is at least this. */
                minCost?: number;
                /** @description Session ids starting with this (case-sensitive). */
                idPrefix?: string;
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
            /** @description One page of sessions. */
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
                        data: components["schemas"]["SessionList"];
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
    getSession: {
        parameters: {
            query?: {
                /** @description Traces per page. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                sessionId: components["schemas"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session and one page of its traces. */
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
                        data: components["schemas"]["SessionDetail"];
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
    listEndUsers: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description The order: a field (`lastSeenAt`, `cost`, `traceCount`, `sessionCount`, `totalTokens`) and a direction; ties by user id in the same direction. */
                sort?: components["schemas"]["EndUserSort"];
                /** @description Inclusive lower bound of the createdAt of the traces counted. */
                from?: string;
                /** @description Exclusive upper bound of the createdAt of the traces counted. */
                to?: string;
                /** @description true keeps users with at least one failed trace, false those with none. */
                hasErrors?: boolean;
                /** @description Users whose total cost (dollars) is at least this. */
                minCost?: number;
                /** @description User ids starting with this (case-sensitive). */
                idPrefix?: string;
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
            /** @description One page of end users. */
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
                        data: components["schemas"]["EndUserList"];
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
    getEndUser: {
        parameters: {
            query?: {
                /** @description Sessions per page. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                userId: components["schemas"]["EndUserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The end user and one page of their sessions. */
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
                        data: components["schemas"]["EndUserDetail"];
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
    listPrompts: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Names starting with this (case-sensitive). */
                namePrefix?: string;
                /** @description Prompts where some version carries this label (`latest` matches every prompt). */
                label?: components["schemas"]["PromptLabel"];
                /** @description Prompts whose latest version carries this tag. */
                tag?: components["schemas"]["PromptTag"];
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
            /** @description One page of prompt summaries. */
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
                        data: components["schemas"]["PromptList"];
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
    createPromptVersion: {
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
                "application/json": components["schemas"]["PromptVersionCreateRequest"];
            };
        };
        responses: {
            /** @description The new version. */
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
                        data: components["schemas"]["PromptVersion"];
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
    getPrompt: {
        parameters: {
            query?: {
                /** @description The label whose version to return; default `production`. Not with `version`. */
                label?: components["schemas"]["PromptLabel"];
                /** @description An explicit version number. Not with `label`. */
                version?: number;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
                /** @description An ETag from an earlier response; 304 when it still matches. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    /** @description `private, max-age=0, must-revalidate`. */
                    "Cache-Control"?: "private, max-age=0, must-revalidate";
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        requestId: components["schemas"]["RequestId"];
                        data: components["schemas"]["PromptVersion"];
                    };
                };
            };
            /** @description Not modified since the ETag sent in If-None-Match. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    /** @description `private, max-age=0, must-revalidate`. */
                    "Cache-Control"?: "private, max-age=0, must-revalidate";
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
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
    deletePrompt: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromptDeleteRequest"];
            };
        };
        responses: {
            /** @description The prompt was deleted. */
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
                        data: components["schemas"]["PromptDeleted"];
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
    getPromptUsage: {
        parameters: {
            query?: {
                /** @description Only this version. */
                version?: number;
                /** @description Inclusive lower bound of the traces' createdAt (default `to` minus 7 days). */
                from?: string;
                /** @description Exclusive upper bound of the traces' createdAt (default now). */
                to?: string;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage of each version. */
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
                        data: components["schemas"]["PromptUsage"];
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
    queryMetrics: {
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
                "application/json": components["schemas"]["MetricsQueryRequest"];
            };
        };
        responses: {
            /** @description One row per group, in time order then rank order. */
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
                        data: components["schemas"]["MetricsQueryResult"];
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
    listDashboards: {
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
            /** @description One page of dashboard summaries. */
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
                        data: components["schemas"]["DashboardList"];
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
    createDashboard: {
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
                "application/json": components["schemas"]["DashboardCreateRequest"];
            };
        };
        responses: {
            /** @description The dashboard. */
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
                        data: components["schemas"]["Dashboard"];
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
    getDashboard: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dashboard's id, or `default` for the project's built-in default dashboard. */
                dashboardId: components["parameters"]["DashboardIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dashboard. */
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
                        data: components["schemas"]["Dashboard"];
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
    deleteDashboard: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dashboard's id, or `default` for the project's built-in default dashboard. */
                dashboardId: components["parameters"]["DashboardIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dashboard was deleted. */
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
                        data: components["schemas"]["DashboardDeleted"];
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
    updateDashboard: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dashboard's id, or `default` for the project's built-in default dashboard. */
                dashboardId: components["parameters"]["DashboardIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DashboardUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated dashboard. */
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
                        data: components["schemas"]["Dashboard"];
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
    listPromptVersions: {
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
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions. */
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
                        data: components["schemas"]["PromptVersionList"];
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
    deletePromptVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
                /** @description The version number. */
                version: components["parameters"]["PromptVersionPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromptDeleteRequest"];
            };
        };
        responses: {
            /** @description The version was deleted. */
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
                        data: components["schemas"]["PromptVersionDeleted"];
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
    setPromptVersionLabels: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
                /** @description The version number. */
                version: components["parameters"]["PromptVersionPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromptLabelsUpdateRequest"];
            };
        };
        responses: {
            /** @description The version with its labels. */
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
                        data: components["schemas"]["PromptVersion"];
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
    compilePrompt: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The prompt's name, URL-encoded (`support%2Ftriage` for `support/triage`). */
                name: components["parameters"]["PromptNamePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromptCompileRequest"];
            };
        };
        responses: {
            /** @description The filled template. */
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
                        data: components["schemas"]["CompiledPrompt"];
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
    getPromptProtectedLabels: {
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
            /** @description The protected labels. */
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
                        data: components["schemas"]["PromptProtectedLabels"];
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
    setPromptProtectedLabels: {
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
                "application/json": components["schemas"]["PromptProtectedLabels"];
            };
        };
        responses: {
            /** @description The protected labels now. */
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
                        data: components["schemas"]["PromptProtectedLabels"];
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
    listMonitors: {
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
            /** @description One page of monitors. */
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
                        data: components["schemas"]["MonitorList"];
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
    createMonitor: {
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
                "application/json": components["schemas"]["MonitorCreateRequest"];
            };
        };
        responses: {
            /** @description The monitor. */
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
                        data: components["schemas"]["Monitor"];
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
    getMonitor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The monitor's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor. */
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
                        data: components["schemas"]["Monitor"];
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
    deleteMonitor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The monitor's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MonitorDeleteRequest"];
            };
        };
        responses: {
            /** @description The monitor was deleted. */
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
                        data: components["schemas"]["MonitorDeleted"];
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
    updateMonitor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The monitor's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MonitorUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated monitor. */
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
                        data: components["schemas"]["Monitor"];
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
    listIncidents: {
        parameters: {
            query?: {
                /** @description Only incidents of this monitor. */
                monitorId?: string;
                /** @description Only incidents linked to this fix. */
                fixId?: string;
                /** @description Only incidents in this status. */
                status?: "alerting" | "resolved";
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
            /** @description One page of incidents. */
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
                        data: components["schemas"]["IncidentList"];
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
    getIncident: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The incident's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The incident. */
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
                        data: components["schemas"]["Incident"];
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
    listFixIncidents: {
        parameters: {
            query?: {
                /** @description Only incidents in this status. */
                status?: "alerting" | "resolved";
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The fix's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the fix's incidents. */
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
                        data: components["schemas"]["IncidentList"];
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
    listScores: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only scores of this trace. */
                traceId?: components["schemas"]["TraceId"];
                /** @description Only scores of this span (with traceId). */
                spanId?: string;
                /** @description Only scores of this session. */
                sessionId?: string;
                /** @description Only scores of this name. */
                name?: components["schemas"]["ScoreName"];
                /** @description Only scores from this source. */
                source?: components["schemas"]["ScoreSource"];
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
            /** @description List scores, newest first. */
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
                        data: components["schemas"]["ScoreList"];
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
    createScore: {
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
                "application/json": components["schemas"]["ScoreCreateRequest"];
            };
        };
        responses: {
            /** @description Record a score. */
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
                        data: components["schemas"]["Score"];
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
    deleteScore: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The score id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a score. */
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
                        data: components["schemas"]["Deleted"];
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
    runPlayground: {
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
                "application/json": components["schemas"]["PlaygroundRunRequest"];
            };
        };
        responses: {
            /**
             * @description Server-Sent Events (`run`, then `delta`s, then `done` or `error`), each `data:` one JSON object as listed
             *     in the operation's description.
             */
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
                    "text/event-stream": string;
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
    listModelConnections: {
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
            /** @description List model connections. */
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
                        data: components["schemas"]["ModelConnectionList"];
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
    createModelConnection: {
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
                "application/json": components["schemas"]["ModelConnectionCreateRequest"];
            };
        };
        responses: {
            /** @description Add a model connection. */
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
                        data: components["schemas"]["ModelConnection"];
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
    deleteModelConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The model connection id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a model connection. */
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
                        data: components["schemas"]["Deleted"];
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
    updateModelConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The model connection id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModelConnectionUpdateRequest"];
            };
        };
        responses: {
            /** @description Change a model connection. */
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
                        data: components["schemas"]["ModelConnection"];
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
    listEvaluators: {
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
            /** @description List evaluators. */
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
                        data: components["schemas"]["EvaluatorList"];
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
    createEvaluator: {
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
                "application/json": components["schemas"]["EvaluatorCreateRequest"];
            };
        };
        responses: {
            /** @description Create an LLM-as-judge evaluator. */
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
                        data: components["schemas"]["Evaluator"];
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
    getEvaluator: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The evaluator id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read one evaluator. */
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
                        data: components["schemas"]["Evaluator"];
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
    deleteEvaluator: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The evaluator id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete an evaluator. */
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
                        data: components["schemas"]["Deleted"];
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
    updateEvaluator: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The evaluator id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EvaluatorUpdateRequest"];
            };
        };
        responses: {
            /** @description Change an evaluator. */
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
                        data: components["schemas"]["Evaluator"];
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
    listEvaluatorRuns: {
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
            path: {
                /** @description The evaluator id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the runs of an evaluator, newest first. */
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
                        data: components["schemas"]["EvaluatorRunList"];
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
    getEvaluationBudget: {
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
            /** @description Read the project's daily evaluation budget. */
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
                        data: components["schemas"]["EvaluationBudget"];
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
    setEvaluationBudget: {
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
                "application/json": components["schemas"]["EvaluationBudgetRequest"];
            };
        };
        responses: {
            /** @description Set the project's daily evaluation budget. */
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
                        data: components["schemas"]["EvaluationBudget"];
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
    listAnnotationQueues: {
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
            /** @description List annotation queues. */
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
                        data: components["schemas"]["AnnotationQueueList"];
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
    createAnnotationQueue: {
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
                "application/json": components["schemas"]["AnnotationQueueCreateRequest"];
            };
        };
        responses: {
            /** @description Create an annotation queue. */
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
                        data: components["schemas"]["AnnotationQueue"];
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
    getAnnotationQueue: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The annotation queue id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read one annotation queue. */
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
                        data: components["schemas"]["AnnotationQueue"];
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
    addAnnotationQueueMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The annotation queue id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnnotationQueueMemberRequest"];
            };
        };
        responses: {
            /** @description Assign a member to an annotation queue. */
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
                        data: components["schemas"]["AnnotationQueue"];
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
    removeAnnotationQueueMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The annotation queue id. */
                id: string;
                /** @description The member's user id. */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove a member from an annotation queue. */
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
                        data: components["schemas"]["AnnotationQueue"];
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
    listAnnotationBatches: {
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
            path: {
                /** @description The annotation queue id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a queue's batches. */
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
                        data: components["schemas"]["AnnotationBatchList"];
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
    createAnnotationBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The annotation queue id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnnotationBatchCreateRequest"];
            };
        };
        responses: {
            /** @description Dispatch a batch of items to the queue's members. */
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
                        data: components["schemas"]["AnnotationBatch"];
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
    getAnnotationBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The annotation queue id. */
                id: string;
                /** @description The batch id. */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read one annotation batch with its items. */
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
                        data: components["schemas"]["AnnotationBatch"];
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
    submitAnnotationResponse: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The annotation queue id. */
                id: string;
                /** @description The batch id. */
                batchId: string;
                /** @description The item id. */
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnnotationResponseRequest"];
            };
        };
        responses: {
            /** @description Answer one item of a batch. */
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
                        data: components["schemas"]["AnnotationBatch"];
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
    listMyAnnotationItems: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only pending or only answered items. */
                status?: "pending" | "done";
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
            /** @description One page of the caller's annotation items. */
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
                        data: components["schemas"]["MyAnnotationItemList"];
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
    listChannels: {
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
            /** @description One page of channels. */
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
                        data: components["schemas"]["ChannelList"];
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
    createChannel: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChannelCreateRequest"];
            };
        };
        responses: {
            /** @description The channel. */
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
                        data: components["schemas"]["Channel"];
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
    getChannel: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The channel's id. */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel. */
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
                        data: components["schemas"]["Channel"];
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
    deleteChannel: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The channel's id. */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel was deleted. */
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
    updateChannel: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The channel's id. */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChannelUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated channel. */
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
                        data: components["schemas"]["Channel"];
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
    testChannel: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path: {
                /** @description The channel's id. */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test delivery after its attempt. */
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
                        data: components["schemas"]["ChannelDelivery"];
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
    listChannelDeliveries: {
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
                /** @description The channel's id. */
                channelId: string;
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
                        data: components["schemas"]["ChannelDeliveryList"];
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
                /** @description Only fixes whose dispatch is in this state. */
                dispatchStatus?: components["schemas"]["DispatchStatus"];
                /** @description Only fixes whose latest dispatch request went to this kind of target (`agent`, the coding agents' queue). */
                dispatchTarget?: components["schemas"]["DispatchTarget"];
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
    updateFix: {
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
                "application/json": components["schemas"]["FixUpdateRequest"];
            };
        };
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    acceptFix: {
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
            /** @description The fix after the transition. */
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    dismissFix: {
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
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FixDismissRequest"];
            };
        };
        responses: {
            /** @description The fix after the transition. */
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFixStatus: {
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
                "application/json": components["schemas"]["FixStatusChangeRequest"];
            };
        };
        responses: {
            /** @description The fix after the transition. */
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFixInvestigation: {
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
            /** @description The investigation. */
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
                        data: components["schemas"]["FixInvestigation"];
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
    listFixSteps: {
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
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of steps. */
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
                        data: components["schemas"]["FixStepList"];
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
    listProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
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
                            projects: components["schemas"]["Project"][];
                        };
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
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectCreateRequest"];
            };
        };
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["Project"];
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
    listApiKeys: {
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
            /** @description Success. */
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
                            apiKeys: components["schemas"]["ApiKey"][];
                            page: components["schemas"]["Page"];
                        };
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
    createApiKey: {
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
                "application/json": components["schemas"]["ApiKeyCreateRequest"];
            };
        };
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["IssuedApiKey"];
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
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                apiKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["ApiKey"];
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
    listMembers: {
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
            /** @description Success. */
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
                            members: components["schemas"]["Member"][];
                        };
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
    removeMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
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
                            userId: string;
                            /** @constant */
                            removed: true;
                        };
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
    updateMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberUpdateRequest"];
            };
        };
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["Member"];
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
    listInvitations: {
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
            /** @description Success. */
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
                            invitations: components["schemas"]["Invitation"][];
                        };
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
    createInvitation: {
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
                "application/json": components["schemas"]["InvitationCreateRequest"];
            };
        };
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["IssuedInvitation"];
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
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["Invitation"];
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
    getScimConnection: {
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
            /** @description Success. */
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
                        data: components["schemas"]["ScimConnection"];
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
    updateScimConnection: {
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
                "application/json": components["schemas"]["ScimConnectionUpdateRequest"];
            };
        };
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["ScimConnection"];
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
    rotateScimToken: {
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
            /** @description Success. */
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
                            /** @description The SCIM bearer token; shown once. */
                            token: string;
                            connection: components["schemas"]["ScimConnection"];
                        };
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
    listSsoConnections: {
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
            /** @description Success. */
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
                            ssoConnections: components["schemas"]["SsoConnection"][];
                        };
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
    createSsoConnection: {
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
                "application/json": components["schemas"]["SsoConnectionRequest"];
            };
        };
        responses: {
            /** @description Created. */
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
                        data: components["schemas"]["SsoConnection"];
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
    replaceSsoConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The connection's id. */
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SsoConnectionRequest"];
            };
        };
        responses: {
            /** @description Success. */
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
                        data: components["schemas"]["SsoConnection"];
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
    deleteSsoConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The connection's id. */
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection as it was. */
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
                        data: components["schemas"]["SsoConnection"];
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
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description A credential id or a user id. */
                actor?: string;
                action?: string;
                targetId?: string;
                /** @description Inclusive lower bound of createdAt. */
                from?: string;
                /** @description Exclusive upper bound of createdAt. */
                to?: string;
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
            /** @description Success. */
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
                            auditEvents: components["schemas"]["AuditEvent"][];
                            page: components["schemas"]["Page"];
                        };
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
    exportTraces: {
        parameters: {
            query?: {
                status?: components["schemas"]["TraceStatus"];
                framework?: string;
                agentName?: string;
                /** @description Inclusive lower bound of createdAt. */
                from?: string;
                /** @description Exclusive upper bound of createdAt. */
                to?: string;
                minLatencyMs?: number;
                maxLatencyMs?: number;
                minCost?: number;
                maxCost?: number;
                /** @description Apply a saved filter of this project. */
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
            /**
             * @description JSON Lines: one trace per line, newest first, in the `log_trace` / `POST /traces` input shape (snake_case,
             *     `trace_id`, `created_at`, spans with `span_id` and `parent_span_id`), so the lines re-import through
             *     `POST /traces/batch` unchanged.
             */
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
                    "application/x-ndjson": string;
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
    listNotifications: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only unread notifications. */
                unread?: boolean;
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
            /** @description One page of notifications. */
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
                        data: components["schemas"]["NotificationList"];
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
    markNotificationRead: {
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
            /** @description The notification. */
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
                        data: components["schemas"]["Notification"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    markAllNotificationsRead: {
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
            /** @description How many notifications were marked. */
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
                            marked: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNotificationSettings: {
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
            /** @description The settings. */
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
                    "application/json": components["schemas"]["NotificationSettingsEnvelope"];
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
    updateNotificationSettings: {
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
                "application/json": components["schemas"]["NotificationSettingsUpdate"];
            };
        };
        responses: {
            /** @description The settings now in force. */
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
                    "application/json": components["schemas"]["NotificationSettingsEnvelope"];
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
    getDigest: {
        parameters: {
            query?: {
                /** @description The period is the latest one ending at or before this instant. */
                at?: string;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                kind: "daily" | "weekly";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary. */
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
                        data: components["schemas"]["DigestSummary"];
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
    assignFix: {
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
                "application/json": {
                    /** Format: uuid */
                    userId: string | null;
                };
            };
        };
        responses: {
            /** @description The fix's dispatch state, which carries the assignee. */
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
                    "application/json": components["schemas"]["FixDispatchEnvelope"];
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
    getFixDispatch: {
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
            /** @description The dispatch state. */
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
                    "application/json": components["schemas"]["FixDispatchEnvelope"];
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
    actOnFixDispatch: {
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
                "application/json": {
                    /** @enum {string} */
                    action: "request" | "dispatch" | "acknowledge" | "complete" | "fail";
                    /** @description With `request` only: where the fix goes (default `webhook`). */
                    target?: components["schemas"]["DispatchTarget"];
                    /**
                     * Format: uuid
                     * @description The dispatch target webhook; with `request` to a `webhook` target only.
                     */
                    webhookId?: string;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The dispatch state after the transition. */
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
                    "application/json": components["schemas"]["FixDispatchEnvelope"];
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
    decideFixDispatch: {
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
                "application/json": {
                    /** @enum {string} */
                    decision: "approve" | "reject";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The dispatch state after the decision. */
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
                    "application/json": components["schemas"]["FixDispatchEnvelope"];
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
    claimFixDispatch: {
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
        requestBody?: {
            content: {
                "application/json": {
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The dispatch, claimed. */
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
                    "application/json": components["schemas"]["FixDispatchEnvelope"];
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
    reportFixProgress: {
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
                "application/json": {
                    /** @description What the agent did, e.g. `reproduced`, `patched`, `tested`. */
                    action: string;
                    /** @description What it found. */
                    finding: string;
                };
            };
        };
        responses: {
            /** @description The step recorded. */
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
                        data: components["schemas"]["InvestigationStep"];
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
    getGithubTarget: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The GitHub target. */
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
                    "application/json": components["schemas"]["GithubTargetEnvelope"];
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
    setGithubTarget: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `owner/name` of the repository. */
                    repository: string;
                    /** @description A GitHub token that may create issues in the repository; write-only. */
                    token?: string;
                    /** @description Labels every issue gets (default none). */
                    labels?: string[];
                    /** @description Secret of the GitHub webhook; write-only. */
                    webhookSecret?: string;
                };
            };
        };
        responses: {
            /** @description The GitHub target as saved. */
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
                    "application/json": components["schemas"]["GithubTargetEnvelope"];
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
    deleteGithubTarget: {
        parameters: {
            query?: never;
            header: {
                /** @description The selected project. */
                "x-project-id": components["parameters"]["ProjectIdHeaderRequired"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The target was removed. */
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
                            projectId: string;
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
    receiveGithubWebhook: {
        parameters: {
            query?: never;
            header: {
                "X-Hub-Signature-256": string;
                "X-GitHub-Event": string;
                "X-GitHub-Delivery": string;
            };
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Handled, a duplicate delivery or a ping. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GithubWebhookReceipt"];
                };
            };
            /** @description Not an event this service acts on; accepted and ignored. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GithubWebhookReceipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDetectionBackfill: {
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
                "application/json": {
                    /** Format: date-time */
                    from: string;
                    /** Format: date-time */
                    to: string;
                };
            };
        };
        responses: {
            /** @description The backfill, created and running. */
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
                    "application/json": components["schemas"]["DetectionBackfillEnvelope"];
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
    trainDetection: {
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
                "application/json": components["schemas"]["DetectionTrainingRequest"];
            };
        };
        responses: {
            /** @description The training, queued. */
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
                    "application/json": components["schemas"]["DetectionModelEnvelope"];
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
    listDetectionModels: {
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
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions. */
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
                    "application/json": components["schemas"]["DetectionModelListEnvelope"];
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
    activateDetectionModel: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                id: string;
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version, now active. */
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
                    "application/json": components["schemas"]["DetectionModelEnvelope"];
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
    listFailureClusters: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description `count` (most traces first) or `lastSeen` (most recently seen first). */
                sort?: "count" | "lastSeen";
                /** @description UTC days of the daily trend, ending today. */
                trendDays?: components["parameters"]["ClusterTrendDays"];
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
            /** @description One page of clusters. */
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
                    "application/json": components["schemas"]["FailureClusterListEnvelope"];
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
    getFailureCluster: {
        parameters: {
            query?: {
                /** @description UTC days of the daily trend, ending today. */
                trendDays?: components["parameters"]["ClusterTrendDays"];
            };
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
            /** @description The cluster. */
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
                    "application/json": components["schemas"]["FailureClusterEnvelope"];
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
    listFailureClusterTraces: {
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
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the cluster's traces. */
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
                    "application/json": components["schemas"]["FailureClusterTraceListEnvelope"];
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
    createFailureClusterFix: {
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
                "application/json": components["schemas"]["FailureClusterFixRequest"];
            };
        };
        responses: {
            /** @description The draft fix. */
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
                        data: components["schemas"]["Fix"];
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
    mergeFailureCluster: {
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
                "application/json": components["schemas"]["FailureClusterMergeRequest"];
            };
        };
        responses: {
            /** @description The cluster merged into, with the traces it took. */
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
                    "application/json": components["schemas"]["FailureClusterEnvelope"];
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
    splitFailureCluster: {
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
                "application/json": components["schemas"]["FailureClusterSplitRequest"];
            };
        };
        responses: {
            /** @description The new cluster. */
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
                    "application/json": components["schemas"]["FailureClusterEnvelope"];
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
    getDetectionBackfill: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                id: string;
                backfillId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backfill. */
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
                    "application/json": components["schemas"]["DetectionBackfillEnvelope"];
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
    listDatasets: {
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
            /** @description One page of datasets. */
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
                        data: components["schemas"]["DatasetList"];
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
    createDataset: {
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
                "application/json": components["schemas"]["DatasetCreateRequest"];
            };
        };
        responses: {
            /** @description The dataset. */
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
                        data: components["schemas"]["Dataset"];
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
    getDataset: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dataset. */
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
                        data: components["schemas"]["Dataset"];
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
    deleteDataset: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatasetDeleteRequest"];
            };
        };
        responses: {
            /** @description The dataset was deleted. */
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
                        data: components["schemas"]["Deleted"];
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
    updateDataset: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatasetUpdateRequest"];
            };
        };
        responses: {
            /** @description The dataset. */
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
                        data: components["schemas"]["Dataset"];
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
    listDatasetItems: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Opaque cursor copied unchanged from `data.page.nextCursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Read the items as of this dataset version (default: the current one). */
                version?: number;
                /** @description Also list archived items. */
                includeArchived?: boolean;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items. */
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
                        data: components["schemas"]["DatasetItemList"];
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
    createDatasetItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatasetItemCreateRequest"];
            };
        };
        responses: {
            /** @description The item. */
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
                        data: components["schemas"]["DatasetItem"];
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
    importDatasetItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatasetImportRequest"];
            };
        };
        responses: {
            /** @description What was imported. */
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
                        data: components["schemas"]["DatasetImportResult"];
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
    exportDatasetItems: {
        parameters: {
            query?: {
                /** @description jsonl (default) or csv. */
                format?: "jsonl" | "csv";
                /** @description Export the items as of this dataset version (default: the current one). */
                version?: number;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Lines (`application/x-ndjson`) or CSV (`text/csv`) with a header row. */
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
                    "application/x-ndjson": string;
                    "text/csv": string;
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
    updateDatasetItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The item's id. */
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatasetItemUpdateRequest"];
            };
        };
        responses: {
            /** @description The item as it is now. */
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
                        data: components["schemas"]["DatasetItem"];
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
    listExperimentRuns: {
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
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of runs. */
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
                        data: components["schemas"]["ExperimentRunList"];
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
    createExperimentRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExperimentRunCreateRequest"];
            };
        };
        responses: {
            /** @description The run. */
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
                        data: components["schemas"]["ExperimentRun"];
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
    compareExperimentRuns: {
        parameters: {
            query: {
                /** @description The baseline run id. */
                baseline: string;
                /** @description Candidate run ids (repeat the parameter; 1 to 5). */
                candidate: string[];
                /** @description Significance level of the adjusted p-values; without it, the project's `experimentAlpha` (default 0.05). */
                alpha?: number;
            };
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comparison. */
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
                        data: components["schemas"]["ExperimentComparison"];
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
    getExperimentRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run. */
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
                        data: components["schemas"]["ExperimentRun"];
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
    updateExperimentRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExperimentRunUpdateRequest"];
            };
        };
        responses: {
            /** @description The run. */
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
                        data: components["schemas"]["ExperimentRun"];
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
    scoreExperimentRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExperimentScoringRequest"];
            };
        };
        responses: {
            /** @description What was scored. */
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
                        data: components["schemas"]["ExperimentScoringResult"];
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
    evaluateExperimentRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExperimentEvaluationRequest"];
            };
        };
        responses: {
            /** @description What was queued. */
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
                        data: components["schemas"]["ExperimentEvaluationQueued"];
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
    listExperimentResults: {
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
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of results. */
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
                        data: components["schemas"]["ExperimentResultList"];
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
    recordExperimentResults: {
        parameters: {
            query?: never;
            header?: {
                /** @description The selected project. Required with OAuth and service-account tokens and with organization API keys. */
                "x-project-id"?: components["parameters"]["ProjectIdHeader"];
            };
            path: {
                /** @description The dataset's id. */
                id: string;
                /** @description The run's id. */
                runId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExperimentResultBatchRequest"];
            };
        };
        responses: {
            /** @description The stored results, in request order. */
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
                        data: components["schemas"]["ExperimentResultList"];
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
}
