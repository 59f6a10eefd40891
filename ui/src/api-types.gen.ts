// Generated from docs/openapi.yaml by `npm run gen:ui-types` (openapi-typescript). Do not edit.

export interface paths {
    "/v2/ui/net/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Network status (payload is project design) */
        get: {
            parameters: {
                query?: {
                    /** @description Order of the views. */
                    s?: "id" | "name";
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Network, latest and ongoing discovery, views (project design). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NetworkStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/svc/discovery/net/{id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start a discovery unless one is running (payload is project design) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Started; or not (started false) because one is running or the last start is less than discoveryMinInterval ago (then nextStartAtMs). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DiscoveryStart"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/discovery/net/{id}/topo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Topology of the selected generation (payload is project design)
         * @description Generation selection per spec 4.1.1; see the parameters.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Spec 4.1.1. > 0: the latest discovery completed before it (wins over `generation`).
                     *     0 or absent: no time selection. Negative: 400.
                     */
                    timestamp?: components["parameters"]["Timestamp"];
                    /**
                     * @description Spec 4.1.1. > 0: that generation (404 UNKNOWN_GENERATION when it does not exist).
                     *     -1, 0 or absent: the latest completed discovery. Below -1: 400.
                     */
                    generation?: components["parameters"]["Generation"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Topology; empty with generation null before the first discovery completes. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Topology"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/discovery/net/{id}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Device records of the selected generation (payload is project design) */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Spec 4.1.1. > 0: the latest discovery completed before it (wins over `generation`).
                     *     0 or absent: no time selection. Negative: 400.
                     */
                    timestamp?: components["parameters"]["Timestamp"];
                    /**
                     * @description Spec 4.1.1. > 0: that generation (404 UNKNOWN_GENERATION when it does not exist).
                     *     -1, 0 or absent: the latest completed discovery. Below -1: 400.
                     */
                    generation?: components["parameters"]["Generation"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Devices; empty with generation null before the first discovery completes. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeviceList"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/discovery/net/{id}/devices/{devid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One device record of the selected generation (payload is project design) */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Spec 4.1.1. > 0: the latest discovery completed before it (wins over `generation`).
                     *     0 or absent: no time selection. Negative: 400.
                     */
                    timestamp?: components["parameters"]["Timestamp"];
                    /**
                     * @description Spec 4.1.1. > 0: that generation (404 UNKNOWN_GENERATION when it does not exist).
                     *     -1, 0 or absent: the latest completed discovery. Below -1: 400.
                     */
                    generation?: components["parameters"]["Generation"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    devid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The device. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Device"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/graph/{triplets}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Graph data for up to 10 triplets */
        get: {
            parameters: {
                query?: {
                    /** @description Hours ending at `end`; ignored when `start` is given. */
                    intervalHr?: components["parameters"]["IntervalHr"];
                    /** @description ms since the epoch or ISO 8601 (a date-time without zone is UTC). */
                    start?: components["parameters"]["Start"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                    /**
                     * @description Reduce each series: floor(length/2) time chunks, each yielding its min and max observation.
                     *     A series with at most `length` points is not reduced.
                     */
                    length?: components["parameters"]["Length"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /**
                     * @description Comma-separated `<variable>.<deviceId>.<index>`. At most 10 are answered; the others, and
                     *     ids that do not parse or are unknown, are reported in `errors`.
                     * @example ifInRate.10.1,ifOutRate.10.1
                     */
                    triplets: components["parameters"]["Triplets"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Graph result; per-id failures are listed in `errors`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GraphResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/data/{triplets}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Unscaled data for up to 10 triplets */
        get: {
            parameters: {
                query?: {
                    /** @description Hours ending at `end`; ignored when `start` is given. */
                    intervalHr?: components["parameters"]["IntervalHr"];
                    /** @description ms since the epoch or ISO 8601 (a date-time without zone is UTC). */
                    start?: components["parameters"]["Start"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                    /** @description Answer from the device monitor's ring buffer (at most 4 raw observations, raw poll times). */
                    monitor?: components["parameters"]["Monitor"];
                    /** @description Read from the series store (the default behaviour). */
                    forceDb?: components["parameters"]["ForceDb"];
                    /** @description Answered from the series store with a warning (no separate in-memory set here). */
                    forceMem?: components["parameters"]["ForceMem"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /**
                     * @description Comma-separated `<variable>.<deviceId>.<index>`. At most 10 are answered; the others, and
                     *     ids that do not parse or are unknown, are reported in `errors`.
                     * @example ifInRate.10.1,ifOutRate.10.1
                     */
                    triplets: components["parameters"]["Triplets"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Data result; per-id failures are listed in `errors`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DataResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/graph/{varids}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy graph call (same as the v2 one) */
        get: {
            parameters: {
                query?: {
                    /** @description Hours ending at `end`; ignored when `start` is given. */
                    intervalHr?: components["parameters"]["IntervalHr"];
                    /** @description ms since the epoch or ISO 8601 (a date-time without zone is UTC). */
                    start?: components["parameters"]["Start"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                    /**
                     * @description Reduce each series: floor(length/2) time chunks, each yielding its min and max observation.
                     *     A series with at most `length` points is not reduced.
                     */
                    length?: components["parameters"]["Length"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description Comma-separated legacy ids `<name>.<node>.<index>` (same rules as triplets). */
                    varids: components["parameters"]["VarIds"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Graph result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GraphResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/data/{varids}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy data call (same as the v2 one) */
        get: {
            parameters: {
                query?: {
                    /** @description Hours ending at `end`; ignored when `start` is given. */
                    intervalHr?: components["parameters"]["IntervalHr"];
                    /** @description ms since the epoch or ISO 8601 (a date-time without zone is UTC). */
                    start?: components["parameters"]["Start"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                    /** @description Answer from the device monitor's ring buffer (at most 4 raw observations, raw poll times). */
                    monitor?: components["parameters"]["Monitor"];
                    /** @description Read from the series store (the default behaviour). */
                    forceDb?: components["parameters"]["ForceDb"];
                    /** @description Answered from the series store with a warning (no separate in-memory set here). */
                    forceMem?: components["parameters"]["ForceMem"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description Comma-separated legacy ids `<name>.<node>.<index>` (same rules as triplets). */
                    varids: components["parameters"]["VarIds"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Data result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DataResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/graph/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Legacy graph call, variables chosen by the matching rule (spec 4.3)
         * @description Same result as the call by ids. The 10-id limit does not apply; at most 100 variables are
         *     answered and `warnings` says so when the rule selected more. `start` here is the window's
         *     start (not the rule's pagination start): page with `limit` and `count`. An empty rule
         *     selects nothing (and says so in `warnings`).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max.
                     *     curr/min/max are over the request's window (`intervalHr`/`end`, and `start` in graph and
                     *     data calls), else the last hour; variables without a point sort last.
                     */
                    sortBy?: components["parameters"]["RuleSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                    /** @description Hours ending at `end`; ignored when `start` is given. */
                    intervalHr?: components["parameters"]["IntervalHr"];
                    /** @description ms since the epoch or ISO 8601 (a date-time without zone is UTC). */
                    start?: components["parameters"]["Start"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                    /**
                     * @description Reduce each series: floor(length/2) time chunks, each yielding its min and max observation.
                     *     A series with at most `length` points is not reduced.
                     */
                    length?: components["parameters"]["Length"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Graph result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GraphResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/data/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Legacy data call, variables chosen by the matching rule (spec 4.3)
         * @description Same rules as the rule form of the graph call; data result.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max.
                     *     curr/min/max are over the request's window (`intervalHr`/`end`, and `start` in graph and
                     *     data calls), else the last hour; variables without a point sort last.
                     */
                    sortBy?: components["parameters"]["RuleSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                    /** @description Hours ending at `end`; ignored when `start` is given. */
                    intervalHr?: components["parameters"]["IntervalHr"];
                    /** @description ms since the epoch or ISO 8601 (a date-time without zone is UTC). */
                    start?: components["parameters"]["Start"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                    /** @description Answer from the device monitor's ring buffer (at most 4 raw observations, raw poll times). */
                    monitor?: components["parameters"]["Monitor"];
                    /** @description Read from the series store (the default behaviour). */
                    forceDb?: components["parameters"]["ForceDb"];
                    /** @description Answered from the series store with a warning (no separate in-memory set here). */
                    forceMem?: components["parameters"]["ForceMem"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Data result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DataResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/gw/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy variable summary (spec 2.7), one item per variable name */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Summary items sorted by name. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VariableSummaryItem"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/gw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy variable instances chosen by the matching rule (spec 4.3) */
        get: {
            parameters: {
                query?: {
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max.
                     *     curr/min/max are over the request's window (`intervalHr`/`end`, and `start` in graph and
                     *     data calls), else the last hour; variables without a point sort last.
                     */
                    sortBy?: components["parameters"]["RuleSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination start (after limit). */
                    start?: components["parameters"]["RuleStart"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                    /** @description Window of sortBy curr/min/max, hours ending at `end`; without it and `end`, the last hour. */
                    intervalHr?: components["parameters"]["StatsIntervalHr"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Instance items (empty for an empty rule). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VariableInstanceItem"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/vars/{varname}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy last values of every instance of one variable (spec 2.7) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    varname: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Last-value items sorted by device, then component index (empty for an unknown name). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LastValueItem"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/vars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy last values of the instances chosen by the matching rule */
        get: {
            parameters: {
                query?: {
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max.
                     *     curr/min/max are over the request's window (`intervalHr`/`end`, and `start` in graph and
                     *     data calls), else the last hour; variables without a point sort last.
                     */
                    sortBy?: components["parameters"]["RuleSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination start (after limit). */
                    start?: components["parameters"]["RuleStart"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                    /** @description Window of sortBy curr/min/max, hours ending at `end`; without it and `end`, the last hour. */
                    intervalHr?: components["parameters"]["StatsIntervalHr"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Last-value items in the rule's order. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LastValueItem"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/catalog/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy catalog of every variable instance, keyed by triplet (spec 2.7) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Catalog result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CatalogResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/catalog/{triplets}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy catalog of the named triplets (unknown ones are left out) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description Comma-separated triplets; one that does not parse is a 400 BAD_TRIPLET. */
                    triplets: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Catalog result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CatalogResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/gw/variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Variable instances chosen by the matching rule (item is project design) */
        get: {
            parameters: {
                query?: {
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max.
                     *     curr/min/max are over the request's window (`intervalHr`/`end`, and `start` in graph and
                     *     data calls), else the last hour; variables without a point sort last.
                     */
                    sortBy?: components["parameters"]["RuleSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination start (after limit). */
                    start?: components["parameters"]["RuleStart"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                    /** @description Window of sortBy curr/min/max, hours ending at `end`; without it and `end`, the last hour. */
                    intervalHr?: components["parameters"]["StatsIntervalHr"];
                    /** @description ms since the epoch or ISO 8601; default now. */
                    end?: components["parameters"]["End"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Workbench items (project design). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkbenchVariableItem"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/gw/catalog/categories/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Variable categories (project design: sorted array of names) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Category names. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string[];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/gw/catalog/categories/{category}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Variable names of a category (project design; empty for an unknown category) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description Category name; exact, else the unique case-insensitive match. */
                    category: components["parameters"]["Category"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Variable names, sorted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string[];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/gw/catalog/variables/{names}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Information about the named variables (project design) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description Comma-separated variable names; unknown ones are left out. */
                    names: components["parameters"]["VariableNames"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One item per known name, in request order. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CatalogVariableItem"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/gw/catalog/variables/{names}/devices/{devices}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Same, limited to the named devices (project design) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description Comma-separated variable names; unknown ones are left out. */
                    names: components["parameters"]["VariableNames"];
                    /** @description Comma-separated device names or ids. */
                    devices: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One item per known name with an instance on the devices, in request order. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CatalogVariableItem"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/gw/catalog/tags/facets/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tag facets of devices, interfaces and variables (project design) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Facet names, sorted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string[];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/query/net/{id}/categories/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dashboard tool — variable categories (project design; any body is ignored) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Category names, sorted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string[];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/query/net/{id}/variables/{category}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dashboard tool — variable names of a category (project design) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description Category name; exact, else the unique case-insensitive match. */
                    category: components["parameters"]["Category"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Variable names, sorted. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string[];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/query/net/{id}/data/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dashboard tool — query (body per spec 4.2; answer is project design)
         * @description One flat array: the entries of every target in order (time_series entries, one table
         *     entry, or list strings). A failing target contributes `{id, error, code}`; the others
         *     still answer. A body that is not a query object is a 400; a body whose Content-Type is
         *     not JSON (application/json or application/…+json), or that has none, is a 415.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QueryBody"];
                };
            };
            responses: {
                /** @description Target entries. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": (components["schemas"]["TimeSeriesEntry"] | components["schemas"]["TableEntry"] | string | components["schemas"]["TargetError"])[];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The web UI (index.html)
         * @description Public. ETag with `Cache-Control: no-cache` (If-None-Match answers 304); brotli or gzip by
         *     Accept-Encoding. 503 UI_NOT_BUILT when the UI's files are missing.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The page. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Unchanged since the ETag given. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description UI_NOT_BUILT: the web UI is not built (`npm run build`). */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the web UI (script, style sheet, vendored module) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    file: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file (text/javascript, text/css, …). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unchanged since the ETag given. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The text `pong`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": "pong";
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics/healthcheck": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Component health (payload is project design) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Always 200 when the server answers; the verdict is `healthy`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Internal metrics (payload is project design) */
        get: {
            parameters: {
                query?: {
                    /** @description Indent the JSON. */
                    pretty?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Poll and discovery status per network, the store's write state, HTTP request counters, alert notification counters. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Metrics"];
                    };
                };
                400: components["responses"]["BadRequest"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus text exposition of the server's own metrics (version 0.0.4)
         * @description Poll cycle duration (histogram), devices ok/failed, device polls, store points written and
         *     size, HTTP requests by route pattern, method and status, event-loop lag, process memory,
         *     uptime. Every name ends in its unit, or `_total` (counter) or `_info`. Access as the JSON
         *     metrics (a user, or any caller with authentication off): a scraper sends a token as
         *     `Authorization: Bearer …`. docs/api.md lists the families.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The exposition text. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stops the server (spec 4.5), only on a direct connection
         * @description Accepted only when the peer is a loopback address and the request carries no proxy header
         *     (Forwarded, X-Forwarded-For, X-Forwarded-Host, X-Forwarded-Proto, X-Real-IP, Via) and no
         *     browser cross-site mark (Origin, Sec-Fetch-Site other than none); an administrator when
         *     authentication is on. Answers 202, then the server stops cleanly and the process exits 0.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Stopping. */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            status?: "stopping";
                        };
                    };
                };
                401: components["responses"]["Unauthorized"];
                /** @description Not a direct connection (FORBIDDEN, the message says why), or not an administrator. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                409: components["responses"]["Conflict"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document, as JSON (public) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The OpenAPI 3.1 document of every route. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Map views the caller sees (spec 2.1, 3.1, 4.1, 5)
         * @description In id (creation) order. Without authentication (an anonymous caller) every view of the
         *     network; otherwise the caller's own views and every shared one (SYSTEM and SCRIPTED views
         *     are shared). An administrator sees the same as any user.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only views of this type (unquoted; any case). Absent or empty, every type. */
                    type?: "SYSTEM" | "SCRIPTED" | "INTERACTIVE";
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description View objects (spec 2.1 and the project's additions). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MapView"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Create a blank view (spec 4.1)
         * @description No body or parameters (a body is ignored). A private INTERACTIVE view owned by the caller
         *     (a token: `token:<name>`; without authentication: `anonymous`), named "New view <id>", rules
         *     '' (every device, every interface), flags false, formData ''.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Created. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ViewCreated"];
                    };
                };
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One view, as an array of one (spec 4.1) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An array holding the view object. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MapView"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownView"];
            };
        };
        put?: never;
        post?: never;
        /** Delete the caller's INTERACTIVE view and its stored coordinates */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["ViewDone"];
                400: components["responses"]["ViewFailed"];
                404: components["responses"]["UnknownView"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update the caller's INTERACTIVE view (spec 2.1, 7)
         * @description The body's fields replace the view's; fields left out keep their values; other fields
         *     (`id` included) are ignored. `devRule` and `linkRule` must be SvcQL matching expressions
         *     over the devices and interfaces tables: otherwise 400 VIEW_REFUSED whose message carries
         *     the SvcQL error and its position ("at 1:17: …"). SYSTEM and SCRIPTED views, and another
         *     user's shared view, refuse it (VIEW_REFUSED).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ViewInput"];
                };
            };
            responses: {
                200: components["responses"]["ViewDone"];
                400: components["responses"]["ViewFailed"];
                404: components["responses"]["NotFound"];
                413: components["responses"]["ViewFormDataTooLarge"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check an update body without saving it (spec 2.1, 7)
         * @description The checks of update, against any view the caller sees (SYSTEM and SCRIPTED views too:
         *     the body is checked, not the right to save it). Nothing is written.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ViewInput"];
                };
            };
            responses: {
                /**
                 * @description The body is valid. `warnings` lists, for each rule the body gives, the names it uses
                 *     that are neither a column of the rule's table nor a tag facet of any device or
                 *     interface of the network's latest generation: facets are free-form, so such a name is
                 *     allowed, but a misspelt column (`Nmae REGEXP 'core'`) matches nothing. Empty when none.
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ViewValidated"];
                    };
                };
                400: components["responses"]["ViewFailed"];
                404: components["responses"]["NotFound"];
                413: components["responses"]["ViewFormDataTooLarge"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Share the caller's private INTERACTIVE view (spec 3.1)
         * @description Refused (400 VIEW_REFUSED, state unchanged): another user's view, a SYSTEM or SCRIPTED
         *     view, a view that is shared already.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["ViewDone"];
                400: components["responses"]["ViewFailed"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/unshare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unshare the caller's shared INTERACTIVE view (spec 3.1)
         * @description Refused (400 VIEW_REFUSED, state unchanged): another user's view, a SYSTEM or SCRIPTED
         *     view, a private view.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["ViewDone"];
                400: components["responses"]["ViewFailed"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/filters/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View filters of the acting user and every shared one (spec 2.2, 4.1)
         * @description The filters of the user the call acts as (its `user` parameter, see FilterUser) and every
         *     shared filter of the network, in id order, deleted ones left out.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description The user the call acts as. A logged-in user acts as themself; naming another user is
                     *     allowed to administrators only (else FILTER_REFUSED). A token call acts as its pseudo-user
                     *     `token:<token name>`; naming another user is allowed to admin-role tokens only (else
                     *     FILTER_REFUSED). Without authentication: the named user, else `anonymous`. Empty is as if
                     *     absent; at most 100 characters, no control characters.
                     */
                    user?: components["parameters"]["FilterUser"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Filter objects (spec 2.2), every field present. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ViewFilter"][];
                    };
                };
                400: components["responses"]["FilterFailed"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Create a private view filter of the acting user (spec 4.1, 7)
         * @description Success is a 200 with an empty body. Any failure of the request (body not JSON or not
         *     `application/json`, a missing or bad field, SvcQL that does not parse as a matching
         *     expression, a name the user already has in the network, a `user` the caller may not name)
         *     is a 500 with the error body, as spec 7 requires; its `code` says why (BAD_JSON,
         *     UNSUPPORTED_MEDIA_TYPE, BAD_REQUEST, BAD_PARAMETER, SVCQL_SYNTAX, SVCQL_LIMIT, CONFLICT,
         *     FILTER_REFUSED) and is INTERNAL only for a server bug.
         */
        post: {
            parameters: {
                query?: {
                    /**
                     * @description The user the call acts as. A logged-in user acts as themself; naming another user is
                     *     allowed to administrators only (else FILTER_REFUSED). A token call acts as its pseudo-user
                     *     `token:<token name>`; naming another user is allowed to admin-role tokens only (else
                     *     FILTER_REFUSED). Without authentication: the named user, else `anonymous`. Empty is as if
                     *     absent; at most 100 characters, no control characters.
                     */
                    user?: components["parameters"]["FilterUser"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FilterInput"];
                };
            };
            responses: {
                /** @description Created; empty body. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                404: components["responses"]["NotFound"];
                500: components["responses"]["FilterCreateFailed"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View filters of the acting user and every shared one (spec 2.2, 4.1) — without the trailing slash
         * @description The filters of the user the call acts as (its `user` parameter, see FilterUser) and every
         *     shared filter of the network, in id order, deleted ones left out.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description The user the call acts as. A logged-in user acts as themself; naming another user is
                     *     allowed to administrators only (else FILTER_REFUSED). A token call acts as its pseudo-user
                     *     `token:<token name>`; naming another user is allowed to admin-role tokens only (else
                     *     FILTER_REFUSED). Without authentication: the named user, else `anonymous`. Empty is as if
                     *     absent; at most 100 characters, no control characters.
                     */
                    user?: components["parameters"]["FilterUser"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Filter objects (spec 2.2), every field present. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ViewFilter"][];
                    };
                };
                400: components["responses"]["FilterFailed"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Create a private view filter of the acting user (spec 4.1, 7) — without the trailing slash
         * @description Success is a 200 with an empty body. Any failure of the request (body not JSON or not
         *     `application/json`, a missing or bad field, SvcQL that does not parse as a matching
         *     expression, a name the user already has in the network, a `user` the caller may not name)
         *     is a 500 with the error body, as spec 7 requires; its `code` says why (BAD_JSON,
         *     UNSUPPORTED_MEDIA_TYPE, BAD_REQUEST, BAD_PARAMETER, SVCQL_SYNTAX, SVCQL_LIMIT, CONFLICT,
         *     FILTER_REFUSED) and is INTERNAL only for a server bug.
         */
        post: {
            parameters: {
                query?: {
                    /**
                     * @description The user the call acts as. A logged-in user acts as themself; naming another user is
                     *     allowed to administrators only (else FILTER_REFUSED). A token call acts as its pseudo-user
                     *     `token:<token name>`; naming another user is allowed to admin-role tokens only (else
                     *     FILTER_REFUSED). Without authentication: the named user, else `anonymous`. Empty is as if
                     *     absent; at most 100 characters, no control characters.
                     */
                    user?: components["parameters"]["FilterUser"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FilterInput"];
                };
            };
            responses: {
                /** @description Created; empty body. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                404: components["responses"]["NotFound"];
                500: components["responses"]["FilterCreateFailed"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/filters/{filter_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the acting user's filter (soft delete; it leaves every list) */
        delete: {
            parameters: {
                query?: {
                    /**
                     * @description The user the call acts as. A logged-in user acts as themself; naming another user is
                     *     allowed to administrators only (else FILTER_REFUSED). A token call acts as its pseudo-user
                     *     `token:<token name>`; naming another user is allowed to admin-role tokens only (else
                     *     FILTER_REFUSED). Without authentication: the named user, else `anonymous`. Empty is as if
                     *     absent; at most 100 characters, no control characters.
                     */
                    user?: components["parameters"]["FilterUser"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    filter_id: components["parameters"]["FilterId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done; empty body. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["FilterFailed"];
                404: components["responses"]["NotFound"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/filters/{filter_id}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Share the acting user's private filter (spec 3.2) */
        post: {
            parameters: {
                query?: {
                    /**
                     * @description The user the call acts as. A logged-in user acts as themself; naming another user is
                     *     allowed to administrators only (else FILTER_REFUSED). A token call acts as its pseudo-user
                     *     `token:<token name>`; naming another user is allowed to admin-role tokens only (else
                     *     FILTER_REFUSED). Without authentication: the named user, else `anonymous`. Empty is as if
                     *     absent; at most 100 characters, no control characters.
                     */
                    user?: components["parameters"]["FilterUser"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    filter_id: components["parameters"]["FilterId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done; empty body. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["FilterFailed"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/filters/{filter_id}/unshare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unshare the acting user's shared filter (spec 3.2) */
        post: {
            parameters: {
                query?: {
                    /**
                     * @description The user the call acts as. A logged-in user acts as themself; naming another user is
                     *     allowed to administrators only (else FILTER_REFUSED). A token call acts as its pseudo-user
                     *     `token:<token name>`; naming another user is allowed to admin-role tokens only (else
                     *     FILTER_REFUSED). Without authentication: the named user, else `anonymous`. Empty is as if
                     *     absent; at most 100 characters, no control characters.
                     */
                    user?: components["parameters"]["FilterUser"];
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    filter_id: components["parameters"]["FilterId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done; empty body. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["FilterFailed"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/keyvalue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store an opaque block of UI state, or find it (spec 2.3)
         * @description The body is stored as its bytes, with its Content-Type (none: text/plain; charset=utf-8);
         *     any type is accepted. When the network already has a record with identical data (the same
         *     bytes and content type), its handle is answered and nothing is stored. Over
         *     `ui.keyValueMaxBytes` (config, default 262144): 413.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "*/*": string;
                };
            };
            responses: {
                /** @description The record's handle. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["KeyValueHandle"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                413: components["responses"]["KeyValueTooLarge"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/keyvalue/{handle}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The data of a handle (spec 4.1, 4.5)
         * @description Exactly the stored bytes, with the content type they were stored with, and the headers
         *     `x-content-type-options: nosniff` and `content-security-policy: default-src 'none'; sandbox`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description A key-value handle (22 URL-safe characters, random); any other text names no record (404). */
                    handle: components["parameters"]["Handle"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The stored bytes. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "*/*": string;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownHandle"];
            };
        };
        put?: never;
        /**
         * Replace the data of a handle (spec 4.1, 4.5)
         * @description The body and its Content-Type replace the record's. 200 with an empty body.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description A key-value handle (22 URL-safe characters, random); any other text names no record (404). */
                    handle: components["parameters"]["Handle"];
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "*/*": string;
                };
            };
            responses: {
                /** @description Replaced; empty body. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownHandle"];
                413: components["responses"]["KeyValueTooLarge"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/keyvalue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store an opaque block of UI state, or find it (spec 2.3) (legacy; the same records as the v2 calls)
         * @description The body is stored as its bytes, with its Content-Type (none: text/plain; charset=utf-8);
         *     any type is accepted. When the network already has a record with identical data (the same
         *     bytes and content type), its handle is answered and nothing is stored. Over
         *     `ui.keyValueMaxBytes` (config, default 262144): 413.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "*/*": string;
                };
            };
            responses: {
                /** @description The record's handle. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["KeyValueHandle"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                413: components["responses"]["KeyValueTooLarge"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/keyvalue/{handle}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The data of a handle (spec 4.1, 4.5) (legacy; the same records as the v2 calls)
         * @description Exactly the stored bytes, with the content type they were stored with, and the headers
         *     `x-content-type-options: nosniff` and `content-security-policy: default-src 'none'; sandbox`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description A key-value handle (22 URL-safe characters, random); any other text names no record (404). */
                    handle: components["parameters"]["Handle"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The stored bytes. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "*/*": string;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownHandle"];
            };
        };
        put?: never;
        /**
         * Replace the data of a handle (spec 4.1, 4.5) (legacy; the same records as the v2 calls)
         * @description The body and its Content-Type replace the record's. 200 with an empty body.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description A key-value handle (22 URL-safe characters, random); any other text names no record (404). */
                    handle: components["parameters"]["Handle"];
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "*/*": string;
                };
            };
            responses: {
                /** @description Replaced; empty body. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownHandle"];
                413: components["responses"]["KeyValueTooLarge"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/networks/{netid}/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Legacy add view — declared not implemented (spec 4.5, 9.2); use POST /v2/ui/net/{id}/views
         * @description Always 501 NOT_IMPLEMENTED; the message names the v2 call to use instead.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                501: components["responses"]["NotImplemented"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/networks/{netid}/views/{view_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Legacy update or validate view — declared not implemented; use POST /v2/ui/net/{id}/views/{view_id}/update or /validate
         * @description Always 501 NOT_IMPLEMENTED; the message names the v2 call to use instead.
         */
        put: {
            parameters: {
                query?: {
                    /** @description Validate instead of update (names the v2 validate call). */
                    validate?: string;
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    view_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                501: components["responses"]["NotImplemented"];
            };
        };
        post?: never;
        /**
         * Legacy delete view — declared not implemented; use DELETE /v2/ui/net/{id}/views/{view_id}
         * @description Always 501 NOT_IMPLEMENTED; the message names the v2 call to use instead.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    view_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                501: components["responses"]["NotImplemented"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in (project design); sets the session cookie
         * @description Public. Checks the password (scrypt) and starts a session: `Set-Cookie: netmon_session=<id>;
         *     Max-Age=<auth.sessionLifetime>; Path=/; HttpOnly; SameSite=Strict` (`; Secure` with
         *     auth.secureCookie). Failed logins count per client address group (an IPv6 /64 as one), per
         *     user name and in all (429 LOGIN_RATE_LIMITED past auth.maxLoginFailures,
         *     auth.maxLoginFailuresPerUser, auth.maxLoginFailuresTotal within auth.loginFailureWindow).
         *     Password checks run on a bounded pool of their own threads: past its queue 503 SERVER_BUSY,
         *     past an address's share 429 RATE_LIMITED, at once (Retry-After: 1). 409 CONFLICT while
         *     authentication is off.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        user: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Logged in; the body names the caller. */
                200: {
                    headers: {
                        "Set-Cookie"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Caller"] & {
                            /** @enum {string} */
                            status?: "ok";
                            expiresAtMs?: number;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                /** @description Authentication is off (CONFLICT). */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                415: components["responses"]["UnsupportedMediaType"];
                429: components["responses"]["LoginRateLimited"];
                /** @description The password checks' queue is full (SERVER_BUSY, Retry-After: 1): nothing was checked. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out (project design); ends the cookie's session and clears the cookie
         * @description Public (its credential is the cookie it ends). Always 200.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The session is over; `Set-Cookie` clears the cookie (Max-Age=0). */
                200: {
                    headers: {
                        "Set-Cookie"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status?: "ok";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the call is made by (project design) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The caller. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Caller"];
                    };
                };
                401: components["responses"]["Unauthorized"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/net/{netid}/snmp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A network's SNMP credentials in force (project design); names and kinds only, never a secret
         * @description The v2c communities in the order they are tried and the v3 users in force, each with where it comes from (`file`: the configuration file; `ui`: added through the API, the overlay) and its index in that list (communities) or its name (v3 users): never a community nor a key. Administrators only; answered with `cache-control: no-store`. docs/api.md "SNMP credentials".
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {network, communities: [{source, index}], v3Users: [{name, level, authProtocol, privProtocol, source, replacesFile}], updatedBy, updatedAtMs}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SnmpCredentials"];
                    };
                };
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
            };
        };
        /**
         * Set the network's overlay of SNMP credentials (project design); secrets write-only
         * @description Replaces the credentials added through the API (the overlay, stored in the metadata store; the file's stay as they are): each community entry keeps one of the overlay by its index (`{keep: 0}`) or gives a new one (`{community}`); each v3 user keeps one of the overlay by name (`{name, keep: true}`) or gives a whole user (`{name, level, authProtocol, authKey, privProtocol, privKey}`; keys of at least 8 characters). At most 16 of each. The overlay's communities are tried before the file's; an overlay v3 user named as one of the file's replaces it. Applied at once without a restart: the network is planned again (as a config reload does), its devices that never answered are probed again, the next discovery uses them. 400 BAD_PARAMETER naming the entry, never its secret. Answers as GET. Administrators only.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        communities?: ({
                            keep: number;
                        } | {
                            community: string;
                        })[];
                        v3Users?: ({
                            name: string;
                            /** @enum {boolean} */
                            keep: true;
                        } | {
                            name: string;
                            /**
                             * @default authPriv
                             * @enum {string}
                             */
                            level?: "noAuthNoPriv" | "authNoPriv" | "authPriv";
                            /**
                             * @default sha
                             * @enum {string}
                             */
                            authProtocol?: "md5" | "sha" | "sha224" | "sha256" | "sha384" | "sha512";
                            authKey?: string;
                            /**
                             * @default aes
                             * @enum {string}
                             */
                            privProtocol?: "des" | "aes" | "aes256b" | "aes256r";
                            privKey?: string;
                        })[];
                    };
                };
            };
            responses: {
                /** @description The credentials in force, as GET answers them. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SnmpCredentials"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The users (project design); names, roles and times, never a password
         * @description Administrators only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {users: [{name, role, createdAtMs, changedAtMs}]} by name. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            users: components["schemas"]["AccountUser"][];
                        };
                    };
                };
                401: components["responses"]["Unauthorized"];
            };
        };
        put?: never;
        /**
         * Add a user (project design)
         * @description The password is hashed (scrypt) and never returned nor logged. 409 CONFLICT for a name taken. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        role: "admin" | "user";
                        /** @description at least 8 characters */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description {status: ok, user}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                409: components["responses"]["Conflict"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/users/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a user's role or password (project design)
         * @description A new password ends the user's sessions. Demoting the last administrator user is 409 CONFLICT. 404 NOT_FOUND for an unknown name. Administrators only.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user name */
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role?: "admin" | "user";
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description {status: ok, user}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        post?: never;
        /**
         * Remove a user and their sessions (project design)
         * @description Removing the last administrator user is 409 CONFLICT. 404 NOT_FOUND for an unknown name. Administrators only.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description user name */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {status: ok, removed}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API tokens (project design); never a secret nor its digest
         * @description Administrators only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {tokens: [{id, name, role, createdAtMs, lastUsedMs}]} by name. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tokens: components["schemas"]["AccountToken"][];
                        };
                    };
                };
                401: components["responses"]["Unauthorized"];
            };
        };
        put?: never;
        /**
         * Create an API token (project design); its secret is in this answer only
         * @description The secret is shown once: only its SHA-256 digest is stored. 409 CONFLICT for a name taken. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        role: "admin" | "user";
                    };
                };
            };
            responses: {
                /** @description {status: ok, token, info}: `token` is the secret. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                            token: string;
                            info: components["schemas"]["AccountToken"];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                409: components["responses"]["Conflict"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/tokens/{name}": {
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
         * Revoke an API token (project design)
         * @description 404 NOT_FOUND for an unknown name. Administrators only.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description token name */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {status: ok, revoked}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The view's map, or a layout of it and the new map (spec 4.1; payload is project design)
         * @description Devices and links of the selected generation (spec 4.1.1) chosen by the view's rules and
         *     flags, each saying why it is shown, with stored coordinates. A device of the map without
         *     stored coordinates is placed first and its position stored (a new view: the force layout;
         *     a device that appears: next to its placed neighbours), so every device of the answer has
         *     them and keeps them until moved. With `layout`: `auto` (deterministic force layout,
         *     stored), `reset` (every stored coordinate replaced by a new view's layout), `fit` (stored
         *     coordinates scaled into `width` × `height` less `margin`, stored). See docs/api.md "Maps".
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Spec 4.1.1. > 0: the latest discovery completed before it (wins over `generation`).
                     *     0 or absent: no time selection. Negative: 400.
                     */
                    timestamp?: components["parameters"]["Timestamp"];
                    /**
                     * @description Spec 4.1.1. > 0: that generation (404 UNKNOWN_GENERATION when it does not exist).
                     *     -1, 0 or absent: the latest completed discovery. Below -1: 400.
                     */
                    generation?: components["parameters"]["Generation"];
                    layout?: "auto" | "reset" | "fit";
                    /** @description Fit viewport width (layout=fit). */
                    width?: number;
                    /** @description Fit viewport height (layout=fit). */
                    height?: number;
                    /** @description Kept free inside the viewport on every side (layout=fit); less than half of each side. */
                    margin?: number;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The map. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Map"];
                    };
                };
                400: components["responses"]["BadRequest"];
                /** @description A layout change the caller may not make (FORBIDDEN): a SYSTEM or SCRIPTED view, or another user's, by a non-administrator with authentication on. Nothing stored. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                404: components["responses"]["UnknownView"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The map with rules and flags from the query, nothing stored (spec 4.1)
         * @description Absent rules and flags are the view's. Without `hide=true` every device and link of the
         *     generation is returned, those not on the map with every flag false. A rule that does not
         *     parse is a 400 SVCQL_SYNTAX naming its position.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Spec 4.1.1. > 0: the latest discovery completed before it (wins over `generation`).
                     *     0 or absent: no time selection. Negative: 400.
                     */
                    timestamp?: components["parameters"]["Timestamp"];
                    /**
                     * @description Spec 4.1.1. > 0: that generation (404 UNKNOWN_GENERATION when it does not exist).
                     *     -1, 0 or absent: the latest completed discovery. Below -1: 400.
                     */
                    generation?: components["parameters"]["Generation"];
                    /** @description SvcQL matching expression over `devices` ('' matches all). */
                    devRule?: string;
                    /** @description SvcQL matching expression over `interfaces` ('' matches all). */
                    linkRule?: string;
                    hide?: boolean;
                    adjacent?: boolean;
                    connecting?: boolean;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The preview (a Map with `hide`). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Map"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownView"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/linkGraphVars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Variables offered for the map's links (config deviceDetailsComponents.Interface; payload is project design) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The configured variables, in order. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            /** @description False when this server has no variable of that name. */
                            defined: boolean;
                            description: string;
                            unit: string;
                            category: string;
                        }[];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownView"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/linkVar/{lv}/nodeVar/{nv}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Values of an interface variable on the map's links and a device variable on its devices (payload is project design) */
        get: {
            parameters: {
                query?: {
                    /** @description The map and the values at that time (series store, last point in the hour up to it); absent or 0 → latest values. */
                    timestamp?: number;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                    /** @description An interface variable. */
                    lv: string;
                    /** @description A device variable. */
                    nv: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Values (null where none). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MapValues"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownView"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/views/{view_id}/coordinates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Store coordinates of devices of the map (spec 4.1) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    view_id: components["parameters"]["ViewId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Coordinates"];
                };
            };
            responses: {
                /** @description Stored. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CoordinatesStored"];
                    };
                };
                400: components["responses"]["BadRequest"];
                /** @description A layout change the caller may not make (FORBIDDEN): a SYSTEM or SCRIPTED view, or another user's, by a non-administrator with authentication on. Nothing stored. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                404: components["responses"]["UnknownView"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/views/{viewid}/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy map (spec 4.5) — the v2 map call; `?layout`, `?reset`, `?fit&zoom&viewBox`, `?generation` */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Spec 4.1.1. > 0: the latest discovery completed before it (wins over `generation`).
                     *     0 or absent: no time selection. Negative: 400.
                     */
                    timestamp?: components["parameters"]["Timestamp"];
                    /**
                     * @description Spec 4.1.1. > 0: that generation (404 UNKNOWN_GENERATION when it does not exist).
                     *     -1, 0 or absent: the latest completed discovery. Below -1: 400.
                     */
                    generation?: components["parameters"]["Generation"];
                    /** @description Present → auto layout. */
                    layout?: string;
                    /** @description Present → coordinates replaced by a new view's layout. */
                    reset?: string;
                    /** @description Present → fit into viewBox scaled by zoom. */
                    fit?: string;
                    /** @description 0.01 … 100; the viewBox scaled about its centre. */
                    zoom?: number;
                    /** @description x,y,width,height */
                    viewBox?: string;
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    viewid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The map. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Map"];
                    };
                };
                400: components["responses"]["BadRequest"];
                /** @description A layout change the caller may not make (FORBIDDEN): a SYSTEM or SCRIPTED view, or another user's, by a non-administrator with authentication on. Nothing stored. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                404: components["responses"]["UnknownView"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/views/{viewid}/nodes/coordinates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Legacy store coordinates (spec 4.5) — the v2 coordinates call */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    viewid: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Coordinates"];
                };
            };
            responses: {
                /** @description Stored: {status: ok, stored}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                /** @description A layout change the caller may not make (FORBIDDEN): a SYSTEM or SCRIPTED view, or another user's, by a non-administrator with authentication on. Nothing stored. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                404: components["responses"]["UnknownView"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/views/{view_id}/linkVar/{intfvarName}/nodeVar/{nodevarName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy values on the map (spec 4.5) — the v2 linkVar/nodeVar call */
        get: {
            parameters: {
                query?: {
                    timestamp?: number;
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    view_id: components["parameters"]["ViewId"];
                    intfvarName: string;
                    nodevarName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Values (null where none). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MapValues"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownView"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alerts of the network, active and cleared (spec 2.4, 3.3, 4.1)
         * @description Both active and cleared alerts are considered; `active` keeps one state, then the matching
         *     rule (spec 4.3) selects, sorts, limits and pages; combinable. Without `name`, `devices`,
         *     `components` and `tags` every alert is selected (sortBy, limit, start, count still apply).
         *     The rule's `name` lists input variable names (the name part of `inputVariable`) or alert
         *     names; sortBy curr/min/max sort by `value` read as a number. `silenced` and
         *     `matchingSilenceId` are computed at the call.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `true`: active alerts only; `false`: cleared ones only; absent or empty: both (spec 3.3). */
                    active?: components["parameters"]["AlertActive"];
                    /** @description *(ours)* `true`: acknowledged alerts only; `false`: unacknowledged ones only; absent or empty: both. */
                    acknowledged?: components["parameters"]["AlertAcknowledged"];
                    /** @description *(ours)* Comma-separated severities (`critical`, `warning`, `info`): alerts of any of them; absent or empty: every severity; another word is a 400. */
                    severity?: components["parameters"]["AlertSeverity"];
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max; for
                     *     alerts curr, min and max all sort by `value` read as a number (non-numbers last).
                     */
                    sortBy?: components["parameters"]["AlertSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination start (after limit). */
                    start?: components["parameters"]["RuleStart"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Alert objects (spec 2.4). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/alerts/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alerts of the network, active and cleared (spec 2.4, 3.3, 4.1) — with the trailing slash
         * @description Both active and cleared alerts are considered; `active` keeps one state, then the matching
         *     rule (spec 4.3) selects, sorts, limits and pages; combinable. Without `name`, `devices`,
         *     `components` and `tags` every alert is selected (sortBy, limit, start, count still apply).
         *     The rule's `name` lists input variable names (the name part of `inputVariable`) or alert
         *     names; sortBy curr/min/max sort by `value` read as a number. `silenced` and
         *     `matchingSilenceId` are computed at the call.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `true`: active alerts only; `false`: cleared ones only; absent or empty: both (spec 3.3). */
                    active?: components["parameters"]["AlertActive"];
                    /** @description *(ours)* `true`: acknowledged alerts only; `false`: unacknowledged ones only; absent or empty: both. */
                    acknowledged?: components["parameters"]["AlertAcknowledged"];
                    /** @description *(ours)* Comma-separated severities (`critical`, `warning`, `info`): alerts of any of them; absent or empty: every severity; another word is a 400. */
                    severity?: components["parameters"]["AlertSeverity"];
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max; for
                     *     alerts curr, min and max all sort by `value` read as a number (non-numbers last).
                     */
                    sortBy?: components["parameters"]["AlertSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination start (after limit). */
                    start?: components["parameters"]["RuleStart"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Alert objects (spec 2.4). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/alerts/{alertKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The alert with that key, active or cleared (spec 2.4, 4.1) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                    /** @description The alert's key (spec 2.4, a string). */
                    alertKey: components["parameters"]["AlertKey"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The alert object (spec 2.4); `silenced` and `matchingSilenceId` as of the call. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                404: components["responses"]["UnknownAlert"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/alerts/{alertKey}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge an active alert (ours)
         * @description *(ours, beside the spec)* Marks the active alert acknowledged by the caller (the user;
         *     `token:<name>` for a token; `anonymous` with authentication off) at the server's time, with
         *     the body's comment. The alert stays active and listed; it sends no `repeat` notices until it
         *     clears, and the acknowledgement ends when it clears. Acknowledging again replaces the
         *     acknowledgement. Stored with the alert (survives a restart). `user` access.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                    /** @description The alert's key (spec 2.4, a string). */
                    alertKey: components["parameters"]["AlertKey"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AlertAckBody"];
                };
            };
            responses: {
                /** @description The alert, acknowledged. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["UnknownAlert"];
                409: components["responses"]["Conflict"];
                413: components["responses"]["AckBodyTooLarge"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        /**
         * Withdraw an alert's acknowledgement (ours)
         * @description *(ours)* The alert is unacknowledged again (nothing changes when it was not acknowledged). `user` access.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                    /** @description The alert's key (spec 2.4, a string). */
                    alertKey: components["parameters"]["AlertKey"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The alert, not acknowledged. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                404: components["responses"]["UnknownAlert"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Past and current activations of the network's alerts (ours)
         * @description *(ours)* One entry per activation (the last 50 of each alert are kept), newest first (by
         *     the later of entry and clearing; active ones first). `deviceId` keeps one device's alerts,
         *     `key` one alert's.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only this device's alerts. */
                    deviceId?: number;
                    /** @description Only this alert. */
                    key?: string;
                    /** @description Most entries (1 … 5000; default 200). */
                    limit?: number;
                };
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description History entries. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertHistoryEntry"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The alert rules in force on the network (ours)
         * @description *(ours)* The built-in rules that are on, then the configured ones that apply to the network, as configured.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Rules. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AlertRule"][];
                    };
                };
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/silences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active (unexpired) silences of the network, in id order (spec 2.5, 3.3, 4.1) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Silence objects (spec 2.5). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Silence"][];
                    };
                };
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Create a silence (spec 2.5, 2.6, 4.1)
         * @description `expirationTimeMs` is the duration from now (ms); the silence stores and answers the
         *     absolute expiry. `user` is the caller's (docs/api.md "Alerts and silences").
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SilenceCreate"];
                };
            };
            responses: {
                200: components["responses"]["SilenceDone"];
                400: components["responses"]["SilenceFailed"];
                404: components["responses"]["SilenceFailed"];
                413: components["responses"]["SilenceFailed"];
                415: components["responses"]["SilenceFailed"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/silences/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active (unexpired) silences of the network, in id order (spec 2.5, 3.3, 4.1) — with the trailing slash */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Silence objects (spec 2.5). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Silence"][];
                    };
                };
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Create a silence (spec 2.5, 2.6, 4.1) — with the trailing slash
         * @description `expirationTimeMs` is the duration from now (ms); the silence stores and answers the
         *     absolute expiry. `user` is the caller's (docs/api.md "Alerts and silences").
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SilenceCreate"];
                };
            };
            responses: {
                200: components["responses"]["SilenceDone"];
                400: components["responses"]["SilenceFailed"];
                404: components["responses"]["SilenceFailed"];
                413: components["responses"]["SilenceFailed"];
                415: components["responses"]["SilenceFailed"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/alerts/net/{netid}/silences/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An array holding the silence if it is active, else an empty array (spec 4.1) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                    id: components["parameters"]["SilenceId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description [Silence] or [] (unknown, of another network, or expired). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Silence"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Update an active silence (spec 2.5, 2.6, 4.1)
         * @description Fields given replace, others stay. `expirationTimeMs` is a duration from now, as on
         *     creation. An unknown or expired silence is a 404 UNKNOWN_SILENCE.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["AlertNetworkId"];
                    id: components["parameters"]["SilenceId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SilenceUpdate"];
                };
            };
            responses: {
                200: components["responses"]["SilenceDone"];
                400: components["responses"]["SilenceFailed"];
                404: components["responses"]["SilenceFailed"];
                413: components["responses"]["SilenceFailed"];
                415: components["responses"]["SilenceFailed"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/networks/{netid}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alerts of the network, active and cleared (spec 2.4, 3.3, 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts)
         * @description Both active and cleared alerts are considered; `active` keeps one state, then the matching
         *     rule (spec 4.3) selects, sorts, limits and pages; combinable. Without `name`, `devices`,
         *     `components` and `tags` every alert is selected (sortBy, limit, start, count still apply).
         *     The rule's `name` lists input variable names (the name part of `inputVariable`) or alert
         *     names; sortBy curr/min/max sort by `value` read as a number. `silenced` and
         *     `matchingSilenceId` are computed at the call.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `true`: active alerts only; `false`: cleared ones only; absent or empty: both (spec 3.3). */
                    active?: components["parameters"]["AlertActive"];
                    /** @description *(ours)* `true`: acknowledged alerts only; `false`: unacknowledged ones only; absent or empty: both. */
                    acknowledged?: components["parameters"]["AlertAcknowledged"];
                    /** @description *(ours)* Comma-separated severities (`critical`, `warning`, `info`): alerts of any of them; absent or empty: every severity; another word is a 400. */
                    severity?: components["parameters"]["AlertSeverity"];
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max; for
                     *     alerts curr, min and max all sort by `value` read as a number (non-numbers last).
                     */
                    sortBy?: components["parameters"]["AlertSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination start (after limit). */
                    start?: components["parameters"]["RuleStart"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Alert objects (spec 2.4). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/networks/{netid}/alerts/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alerts of the network, active and cleared (spec 2.4, 3.3, 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts) — with the trailing slash
         * @description Both active and cleared alerts are considered; `active` keeps one state, then the matching
         *     rule (spec 4.3) selects, sorts, limits and pages; combinable. Without `name`, `devices`,
         *     `components` and `tags` every alert is selected (sortBy, limit, start, count still apply).
         *     The rule's `name` lists input variable names (the name part of `inputVariable`) or alert
         *     names; sortBy curr/min/max sort by `value` read as a number. `silenced` and
         *     `matchingSilenceId` are computed at the call.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `true`: active alerts only; `false`: cleared ones only; absent or empty: both (spec 3.3). */
                    active?: components["parameters"]["AlertActive"];
                    /** @description *(ours)* `true`: acknowledged alerts only; `false`: unacknowledged ones only; absent or empty: both. */
                    acknowledged?: components["parameters"]["AlertAcknowledged"];
                    /** @description *(ours)* Comma-separated severities (`critical`, `warning`, `info`): alerts of any of them; absent or empty: every severity; another word is a 400. */
                    severity?: components["parameters"]["AlertSeverity"];
                    /** @description Matching rule (spec 4.3) — comma-separated variable names. */
                    name?: components["parameters"]["RuleName"];
                    /** @description Matching rule — comma-separated device names. */
                    devices?: components["parameters"]["RuleDevices"];
                    /** @description Matching rule — comma-separated component names. */
                    components?: components["parameters"]["RuleComponents"];
                    /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
                    tags?: components["parameters"]["RuleTags"];
                    tagMatch?: components["parameters"]["RuleTagMatch"];
                    /**
                     * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max; for
                     *     alerts curr, min and max all sort by `value` read as a number (non-numbers last).
                     */
                    sortBy?: components["parameters"]["AlertSortBy"];
                    /** @description Top N after sorting; -1 means no limit. */
                    limit?: components["parameters"]["RuleLimit"];
                    /** @description Pagination start (after limit). */
                    start?: components["parameters"]["RuleStart"];
                    /** @description Pagination count (after limit). */
                    count?: components["parameters"]["RuleCount"];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Alert objects (spec 2.4). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/networks/{netid}/alerts/{alertKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The alert with that key, active or cleared (spec 2.4, 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description The alert's key (spec 2.4, a string). */
                    alertKey: components["parameters"]["AlertKey"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The alert object (spec 2.4); `silenced` and `matchingSilenceId` as of the call. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alert"];
                    };
                };
                404: components["responses"]["UnknownAlert"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/networks/{netid}/silences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active (unexpired) silences of the network, in id order (spec 2.5, 3.3, 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Silence objects (spec 2.5). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Silence"][];
                    };
                };
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Create a silence (spec 2.5, 2.6, 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts)
         * @description `expirationTimeMs` is the duration from now (ms); the silence stores and answers the
         *     absolute expiry. `user` is the caller's (docs/api.md "Alerts and silences").
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SilenceCreate"];
                };
            };
            responses: {
                200: components["responses"]["SilenceDone"];
                400: components["responses"]["SilenceFailed"];
                404: components["responses"]["SilenceFailed"];
                413: components["responses"]["SilenceFailed"];
                415: components["responses"]["SilenceFailed"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/networks/{netid}/silences/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active (unexpired) silences of the network, in id order (spec 2.5, 3.3, 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts) — with the trailing slash */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Silence objects (spec 2.5). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Silence"][];
                    };
                };
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Create a silence (spec 2.5, 2.6, 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts) — with the trailing slash
         * @description `expirationTimeMs` is the duration from now (ms); the silence stores and answers the
         *     absolute expiry. `user` is the caller's (docs/api.md "Alerts and silences").
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SilenceCreate"];
                };
            };
            responses: {
                200: components["responses"]["SilenceDone"];
                400: components["responses"]["SilenceFailed"];
                404: components["responses"]["SilenceFailed"];
                413: components["responses"]["SilenceFailed"];
                415: components["responses"]["SilenceFailed"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/alerts/networks/{netid}/silences/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An array holding the silence if it is active, else an empty array (spec 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    id: components["parameters"]["SilenceId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description [Silence] or [] (unknown, of another network, or expired). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Silence"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Update an active silence (spec 2.5, 2.6, 4.1) (legacy, spec 4.5; the same calls as under /v2/alerts)
         * @description Fields given replace, others stay. `expirationTimeMs` is a duration from now, as on
         *     creation. An unknown or expired silence is a 404 UNKNOWN_SILENCE.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    id: components["parameters"]["SilenceId"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SilenceUpdate"];
                };
            };
            responses: {
                200: components["responses"]["SilenceDone"];
                400: components["responses"]["SilenceFailed"];
                404: components["responses"]["SilenceFailed"];
                413: components["responses"]["SilenceFailed"];
                415: components["responses"]["SilenceFailed"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Managed devices of the network (spec 2.0 UI call)
         * @description {networkId, devices: ManagedDevice[]} (docs/api.md).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The device list. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ManagedDeviceList"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Add a device (spec 4.4)
         * @description Queues a probe of the address as a submission task; the device is listed and polled at once, as never answered (its pollState says why) until its probe answers. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description IP address or DNS name */
                        address: string;
                        name?: string;
                        comment?: string;
                        tags?: string[];
                        community?: string;
                        port?: number;
                    };
                };
            };
            responses: {
                /** @description {status: ok, task: TaskInfo}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                415: components["responses"]["UnsupportedMediaType"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Managed devices of the network (spec 2.0 UI call)
         * @description {networkId, devices: ManagedDevice[]} (docs/api.md).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The device list. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ManagedDeviceList"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Add a device (spec 4.4)
         * @description Queues a probe of the address as a submission task; the device is listed and polled at once, as never answered (its pollState says why) until its probe answers. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description IP address or DNS name */
                        address: string;
                        name?: string;
                        comment?: string;
                        tags?: string[];
                        community?: string;
                        port?: number;
                    };
                };
            };
            responses: {
                /** @description {status: ok, task: TaskInfo}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                415: components["responses"]["UnsupportedMediaType"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test poll of an address (project design); the onboarding's "test"
         * @description One SNMP get of sysName, sysObjectID and sysDescr (no retries) with the community or v3 user given, else the network's credentials; answers what the agent said and the device profile that would match, or why not (`reason`, `reasonKind`, `reasonText` as a device's poll state). Stores nothing; the credentials are never returned nor logged. Under the `discovery` work gate. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        address: string;
                        port?: number;
                        community?: string;
                        v3User?: string;
                    };
                };
            };
            responses: {
                /** @description {answered: true, address, port, version, credential, sysName, sysObjectID, sysDescr, profile, vendor, model, os, tookMs} or {answered: false, address, port, reason, reasonKind, reasonText, tookMs}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AgentTestResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/{devid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One managed device with its latest discovery record
         * @description ManagedDevice and record (the public discovery record, or null).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description device id */
                    devid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The device. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/{dev_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a managed device (spec 4.4)
         * @description Name, comment, tags, address or community (either re-probes it). `community` (write-only, never returned): the v2c community tried first for the device, null to drop it. `blocking` as the id is 405. Administrators only.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description device id */
                    dev_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        comment?: string;
                        tags?: string[];
                        address?: string;
                        community?: string | null;
                    };
                };
            };
            responses: {
                /** @description {status: ok, device: ManagedDevice}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/{ids}": {
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
         * Remove devices (spec 4.4)
         * @description Removed from the inventory (series kept). `blocking` as the list is 405. Administrators only.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description comma separated ids, at most 1000 */
                    ids: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {status: ok, removed: number[], unknown: number[]}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/blocking": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Addresses blocked from discovery
         * @description {blocked: BlockedAddress[]} (API and config entries).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The blocked entries. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            blocked: components["schemas"]["BlockedAddress"][];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Block an address or range (spec 4.4)
         * @description Never probed; a device at it stops being polled. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description IP address or CIDR range */
                        address: string;
                        comment?: string;
                    };
                };
            };
            responses: {
                /** @description {status: ok, blocked: BlockedAddress}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/blocking/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Addresses blocked from discovery
         * @description {blocked: BlockedAddress[]} (API and config entries).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The blocked entries. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            blocked: components["schemas"]["BlockedAddress"][];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Block an address or range (spec 4.4)
         * @description Never probed; a device at it stops being polled. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description IP address or CIDR range */
                        address: string;
                        comment?: string;
                    };
                };
            };
            responses: {
                /** @description {status: ok, blocked: BlockedAddress}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/blocking/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a blocked entry
         * @description 404 UNKNOWN_BLOCK; 409 READ_ONLY for a config entry. Administrators only.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description blocked entry id */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description IP address or CIDR range */
                        address: string;
                        comment?: string;
                    };
                };
            };
            responses: {
                /** @description {status: ok, blocked: BlockedAddress}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/devices/blocking/{ids}": {
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
         * Remove blocked entries
         * @description 409 READ_ONLY when a listed entry comes from the config. Administrators only.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description comma separated ids, at most 1000 */
                    ids: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {status: ok, removed, unknown}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Background tasks of the network, newest first (spec 4.4)
         * @description {tasks: TaskInfo[]}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tasks. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/tasks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Background tasks of the network, newest first (spec 4.4)
         * @description {tasks: TaskInfo[]}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tasks. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/tasks/{taskid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One background task
         * @description 404 UNKNOWN_TASK for an unknown (or expired) task.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description task id */
                    taskid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description TaskInfo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/svc/discovery/net/{netid}/submit/{dev}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Discover one address now (spec 4.4 incremental discovery)
         * @description 409 BLOCKED_ADDRESS for a blocked address. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description IP address or DNS name */
                    dev: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {status: ok, task: TaskInfo}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/svc/discovery/net/{netid}/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The submission queue
         * @description DiscoveryQueue: paused, running, queued (at most limit), total.
         */
        get: {
            parameters: {
                query?: {
                    /** @description 0 to 10000, default 100 */
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The queue. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/svc/discovery/net/{netid}/new_generation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Snapshot the inventory as a new generation now
         * @description A task that ends when the generation is saved. At most one per discoveryMinInterval (409 otherwise, saying when the next is accepted). Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {status: ok, task: TaskInfo}. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/svc/discovery/net/{netid}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause the submission queue and scheduled discovery
         * @description Idempotent; probes in flight finish. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description DiscoveryQueue. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/svc/discovery/net/{netid}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume the submission queue and scheduled discovery
         * @description Idempotent. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description DiscoveryQueue. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/tags/net/{netid}/external": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * External tags of one device (spec 4.4)
         * @description Exactly one of id, name, address. The spec writes the path /v2/tags/net:netid/external; both forms are served.
         */
        get: {
            parameters: {
                query?: {
                    /** @description device id */
                    id?: number;
                    /** @description device name */
                    name?: string;
                    /** @description device address */
                    address?: string;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description ExternalTags. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Set external tags of one device
         * @description mode replace (default), add or remove. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id?: number;
                        name?: string;
                        address?: string;
                        tags: string[];
                        /** @enum {string} */
                        mode?: "replace" | "add" | "remove";
                    };
                };
            };
            responses: {
                /** @description ExternalTags. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/tags/{netcolon}/external": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * External tags, the spec literal path form (net:1)
         * @description As /v2/tags/net/{netid}/external; another segment than net:<id> is 404.
         */
        get: {
            parameters: {
                query?: {
                    /** @description device id */
                    id?: number;
                    /** @description device name */
                    name?: string;
                    /** @description device address */
                    address?: string;
                };
                header?: never;
                path: {
                    /** @description the literal segment net:<network id>, as the spec writes it */
                    netcolon: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description ExternalTags. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Set external tags, the spec literal path form
         * @description As the POST of /v2/tags/net/{netid}/external. Administrators only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the literal segment net:<network id>, as the spec writes it */
                    netcolon: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        id?: number;
                        name?: string;
                        address?: string;
                        tags: string[];
                        /** @enum {string} */
                        mode?: "replace" | "add" | "remove";
                    };
                };
            };
            responses: {
                /** @description ExternalTags. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                415: components["responses"]["UnsupportedMediaType"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ping/net/{netid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health ping (the bare form)
         * @description {status: ok, networkId, network, timeMs, uptimeMs, health}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server answers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ping/net/{netid}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health ping (the bare form)
         * @description {status: ok, networkId, network, timeMs, uptimeMs, health}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server answers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ping/net/{netid}/se": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health ping (nsgcli ping)
         * @description {status: ok, networkId, network, timeMs, uptimeMs, health}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server answers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ping/net/{netid}/se/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health ping (nsgcli ping)
         * @description {status: ok, networkId, network, timeMs, uptimeMs, health}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server answers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ping/net/{netid}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health ping (Grafana datasource connection test)
         * @description {status: ok, networkId, network, timeMs, uptimeMs, health}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server answers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ping/net/{netid}/test/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health ping (older Grafana datasource, empty token)
         * @description {status: ok, networkId, network, timeMs, uptimeMs, health}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server answers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ping/net/{netid}/test/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health ping, older Grafana datasource (token in the path)
         * @description With authentication on the path token must be valid (401 otherwise); no other credentials are read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description an access token */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The server answers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Configured networks (legacy)
         * @description {networks: NetworkSummary[]}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The networks. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of every network (legacy)
         * @description {networks: NetworkStatus[]} as the v2 status call of each.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The statuses. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/full": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and topology of the network (legacy)
         * @description The v2 status with topology (the v2 topo answer).
         */
        get: {
            parameters: {
                query?: {
                    /** @description spec 4.1.1 selection */
                    timestamp?: number;
                    /** @description spec 4.1.1 selection */
                    generation?: number;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Status and topology. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Kept generations, oldest first (legacy)
         * @description {networkId, generations: GenerationSummary[]}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The generations. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/generations/{gen}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One generation by number or time stamp (legacy)
         * @description GenerationDetail; a value of at least 10^11 is a time stamp.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description a generation number, or a time stamp in ms when at least 100000000000 */
                    gen: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The generation. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a discovery (legacy)
         * @description As GET /v2/svc/discovery/net/{id}/start. Administrators only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description DiscoveryStart. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/tiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View tiles (legacy)
         * @description {networkId, tiles} as the v2 status views.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tiles. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/topo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Topology (legacy)
         * @description As GET /v2/discovery/net/{id}/topo.
         */
        get: {
            parameters: {
                query?: {
                    /** @description spec 4.1.1 selection */
                    timestamp?: number;
                    /** @description spec 4.1.1 selection */
                    generation?: number;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The topology. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/topo/{gen}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Topology of a generation or at a time stamp (legacy)
         * @description The path value as in generations/{gen}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description a generation number, or a time stamp in ms when at least 100000000000 */
                    gen: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The topology. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Devices of the selected generation (legacy)
         * @description As GET /v2/discovery/net/{id}/devices.
         */
        get: {
            parameters: {
                query?: {
                    /** @description spec 4.1.1 selection */
                    timestamp?: number;
                    /** @description spec 4.1.1 selection */
                    generation?: number;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The devices. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/nodes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Devices of the selected generation (legacy)
         * @description As GET /v2/discovery/net/{id}/devices.
         */
        get: {
            parameters: {
                query?: {
                    /** @description spec 4.1.1 selection */
                    timestamp?: number;
                    /** @description spec 4.1.1 selection */
                    generation?: number;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The devices. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/nodes/{nodeid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One device (legacy)
         * @description As GET /v2/discovery/net/{id}/devices/{devid}.
         */
        get: {
            parameters: {
                query?: {
                    /** @description spec 4.1.1 selection */
                    timestamp?: number;
                    /** @description spec 4.1.1 selection */
                    generation?: number;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description device id */
                    nodeid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The device. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/nodes/{nodeid}/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One device in brief (legacy)
         * @description DeviceSummary (docs/api.md).
         */
        get: {
            parameters: {
                query?: {
                    /** @description spec 4.1.1 selection */
                    timestamp?: number;
                    /** @description spec 4.1.1 selection */
                    generation?: number;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    /** @description device id */
                    nodeid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The summary. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/icons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Map icons of the devices (legacy)
         * @description {networkId, generation, icons: IconDef[], devices: [{id, icon}]}.
         */
        get: {
            parameters: {
                query?: {
                    /** @description spec 4.1.1 selection */
                    timestamp?: number;
                    /** @description spec 4.1.1 selection */
                    generation?: number;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The icons. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/query_range": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus range query (vector selectors)
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string.
         */
        get: {
            parameters: {
                query: {
                    /** @description PromQL vector selector or constant number expression */
                    query: string;
                    /** @description unix seconds or RFC 3339 */
                    start: string;
                    /** @description unix seconds or RFC 3339 */
                    end: string;
                    /** @description seconds or a duration (30s) */
                    step: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: components["schemas"]["PromMatrix"];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        put?: never;
        /**
         * Prometheus range query (vector selectors)
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string or a form body (application/x-www-form-urlencoded).
         */
        post: {
            parameters: {
                query: {
                    /** @description PromQL vector selector or constant number expression */
                    query: string;
                    /** @description unix seconds or RFC 3339 */
                    start: string;
                    /** @description unix seconds or RFC 3339 */
                    end: string;
                    /** @description seconds or a duration (30s) */
                    step: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/x-www-form-urlencoded": {
                        [key: string]: string;
                    };
                };
            };
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: components["schemas"]["PromMatrix"];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus instant query (vector selectors, constants)
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string.
         */
        get: {
            parameters: {
                query: {
                    /** @description PromQL vector selector or constant number expression */
                    query: string;
                    /** @description unix seconds or RFC 3339; default now */
                    time?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: components["schemas"]["PromInstant"];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        put?: never;
        /**
         * Prometheus instant query (vector selectors, constants)
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string or a form body (application/x-www-form-urlencoded).
         */
        post: {
            parameters: {
                query: {
                    /** @description PromQL vector selector or constant number expression */
                    query: string;
                    /** @description unix seconds or RFC 3339; default now */
                    time?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/x-www-form-urlencoded": {
                        [key: string]: string;
                    };
                };
            };
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: components["schemas"]["PromInstant"];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus label names
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string.
         */
        get: {
            parameters: {
                query?: {
                    /** @description series selectors */
                    "match[]"?: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: string[];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        put?: never;
        /**
         * Prometheus label names
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string or a form body (application/x-www-form-urlencoded).
         */
        post: {
            parameters: {
                query?: {
                    /** @description series selectors */
                    "match[]"?: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/x-www-form-urlencoded": {
                        [key: string]: string;
                    };
                };
            };
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: string[];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/label/{name}/values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus label values
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string.
         */
        get: {
            parameters: {
                query?: {
                    /** @description series selectors */
                    "match[]"?: string[];
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: string[];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus series by selectors
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string.
         */
        get: {
            parameters: {
                query: {
                    /** @description series selectors */
                    "match[]": string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: {
                                [key: string]: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        put?: never;
        /**
         * Prometheus series by selectors
         * @description See docs/api.md "Prometheus HTTP API". Parameters in the query string or a form body (application/x-www-form-urlencoded).
         */
        post: {
            parameters: {
                query: {
                    /** @description series selectors */
                    "match[]": string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/x-www-form-urlencoded": {
                        [key: string]: string;
                    };
                };
            };
            responses: {
                /** @description Prometheus success answer. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "success";
                            data: {
                                [key: string]: string;
                            }[];
                        };
                    };
                };
                400: components["responses"]["PromBadData"];
                404: components["responses"]["PromNotFound"];
                415: components["responses"]["PromBadData"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/dashboards/device/{devid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Summary page of a device
         * @description Identity, uptime, last contact (the collector's poll state), reachability, CPU and memory (latest values), the top 10 interfaces by the larger of their latest ifInUtil and ifOutUtil, and the device's active alerts. Latest is the series store's last point of the past hour.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description device id */
                    devid: components["parameters"]["PanelDeviceId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The dashboard. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeviceDashboard"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/data/device/{devid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The discovery data of a device and the latest values of its variables */
        get: {
            parameters: {
                query?: {
                    /** @description brief (default): identity, pollState and interfaces; full: the public record (no poll field) */
                    format?: "brief" | "full";
                    /** @description only the variables of this catalog category (not empty) */
                    category?: string;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description device id */
                    devid: components["parameters"]["PanelDeviceId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The device data. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeviceData"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/popup/device/{devid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Popup graph of a device label (config mapLegend.deviceVars over the last hour) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description device id */
                    devid: components["parameters"]["PanelDeviceId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The graph call's result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GraphResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/popup/device/{devid}/hwcomp/{idx}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Popup graph of a hardware component (component variables with points in the last hour) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description device id */
                    devid: components["parameters"]["PanelDeviceId"];
                    /** @description entPhysicalIndex (or sensor index) of the component; negative: all of the device's components */
                    idx: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The graph call's result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GraphResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/popup/device/{devid}/intf/{ifIndex}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Popup graph of a link label (config mapLegend.interfaceVars of the interface over the last hour) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                    /** @description device id */
                    devid: components["parameters"]["PanelDeviceId"];
                    /** @description the interface's ifIndex */
                    ifIndex: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The graph call's result. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GraphResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/nodes/{nodeid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy node details (identity, tags, components, tabs with their sort metadata and the last values of every variable) */
        get: {
            parameters: {
                query?: {
                    /** @description repeatable: <tab>.<column>[.asc|desc] */
                    sortBy?: string[];
                };
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description device id */
                    nodeid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `{networkId, generation, id, name, address, vendor, model, os, boxDescr, softwareRev, serialNumber, tags, components, categories, tables}` (docs/api.md). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/nodes/{nodeid}/brief": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy node brief (name, address, box description, OS revision, uptime, last contact) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description device id */
                    nodeid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `{networkId, generation, id, name, address, boxDescr, os, osRevision, uptime, lastContactMs, pollState}`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/nodes/{nodeid}/popupGraph": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy device popup, top headers and the variables of config mapLegend.deviceVars */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description device id */
                    nodeid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `{networkId, deviceId, ifIndex: null, headers: [{title, value}], variables: [{varId, name, unit, description}]}`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/nodes/{nodeid}/interfaces/{ifIndex}/linkSummary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy (deprecated) link summary of an interface */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description device id */
                    nodeid: number;
                    /** @description the interface's ifIndex */
                    ifIndex: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `{networkId, generation, deviceId, device, ifIndex, name, descr, alias, speedBps, adminStatus, operStatus, tags, peer, values}`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitor/networks/{netid}/nodes/{nodeid}/interfaces/{ifIndex}/popupGraph": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy link-end popup, top headers and the variables of config mapLegend.interfaceVars */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    netid: components["parameters"]["LegacyNetworkId"];
                    /** @description device id */
                    nodeid: number;
                    /** @description the interface's ifIndex */
                    ifIndex: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `{networkId, deviceId, ifIndex, headers: [{title, value}], variables: [{varId, name, unit, description}]}`. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/external/net/{id}/extsvc/{call}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * External traffic-analytics proxy (spec 4.1; payloads project design)
         * @description `call` is url, topXdata or topXchart (another: 404 NOT_FOUND). `url` answers {url}: the service's page for a UI to open (integrations.trafficAnalytics baseUrl + paths.url, with network=<id> and the body's top-level scalar fields as query parameters; no upstream call). topXdata and topXchart POST the body (JSON, or empty read as {}) to the upstream with the configured credentials and header X-Netmon-Network, and answer its JSON. 409 INTEGRATION_NOT_CONFIGURED without the config section; 502 UPSTREAM_FAILED when the upstream refuses, closes, answers non-2xx, answers over maxAnswerBytes or not JSON; 504 UPSTREAM_TIMEOUT past its timeout; 503 UPSTREAM_BUSY when maxCallsInFlight upstream calls are in flight already (no upstream call made).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    id: number;
                    call: "url" | "topXdata" | "topXchart";
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": unknown;
                };
            };
            responses: {
                /** @description The upstream's JSON (topXdata, topXchart) or {url} (url). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                415: components["responses"]["UnsupportedMediaType"];
                /** @description UPSTREAM_FAILED. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description UPSTREAM_BUSY. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description UPSTREAM_TIMEOUT. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/reports/{category}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a report now (project design, beyond the spec)
         * @description Begins a run of `category` (inventory, utilisation, discovery; another: 404 UNKNOWN_REPORT) as a background task and answers at once with 202 {name, task: TaskInfo}; the task's result names the files when it completes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    category: "inventory" | "utilisation" | "discovery";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description {name, task}. */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/reports/{category}/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reports of a category (spec 4.4; payload project design)
         * @description {network, category, total, offset, limit, reports: [report]}; a report is {id, name, category, network, status, createdAt, sizeBytes, files: [{fileName, format, contentType, sizeBytes, href}], taskId, error}. Filters, then most_recent, then sort, then offset/limit, then fields. Bad values: 400 BAD_PARAMETER.
         */
        get: {
            parameters: {
                query?: {
                    /** @description reports skipped (default 0) */
                    offset?: number;
                    /** @description at most this many (1–1000, default 100) */
                    limit?: number;
                    /** @description case-insensitive text the name contains (at most 200 characters) */
                    q?: string;
                    /** @description comma list of completed, running, failed */
                    status?: string;
                    /** @description created at or after (ms since the epoch or ISO 8601) */
                    from?: string;
                    /** @description created at or before (ms since the epoch or ISO 8601) */
                    until?: string;
                    /** @description sort field: createdAt (default), name, status, sizeBytes */
                    s?: string;
                    /** @description descending (default true) */
                    desc?: boolean;
                    /** @description comma list of report fields to answer */
                    fields?: string;
                    /** @description only the newest matching report */
                    most_recent?: boolean;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    category: "inventory" | "utilisation" | "discovery";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The page. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/reports/{category}/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many reports a list call would answer (spec 4.4; payload project design)
         * @description {network, category, count, total}: `total` reports match q and status; `count` of them remain after offset and limit.
         */
        get: {
            parameters: {
                query?: {
                    offset?: number;
                    limit?: number;
                    q?: string;
                    status?: string;
                };
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    category: "inventory" | "utilisation" | "discovery";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The counts. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{netid}/reports/{category}/{report_name_or_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One report, by name (= id) or by the id of the task that made it (spec 4.4; payload project design)
         * @description The report object of the list call; 404 UNKNOWN_REPORT when none.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                    category: "inventory" | "utilisation" | "discovery";
                    report_name_or_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The report. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui/networks/{netid}/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Legacy reports list (spec 2.7, 4.5)
         * @description {network, reports: [{fileName, createdAt}]}: every report file of the network, newest first.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description network id */
                    netid: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The list. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every report file as an HTML list (spec 4.5) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An HTML page linking each file. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/{report_file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One report file (spec 4.5)
         * @description text/csv or text/html by the file's extension. A name that is not a report file's (`..`, `/`, `\`, NUL, encoded forms) or that does not exist: 404 UNKNOWN_REPORT.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    report_file: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": unknown;
                        "text/html": unknown;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/reload/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action reload/devices (payload is project design)
         * @description A discovery run of the network, as the discovery start call, as a background task. Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Not started (a run is going on, or the last start is less than discoveryMinInterval ago; details.nextStartAtMs). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                /** @description Started as a background task (taskId; see tasks/:taskid). */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        put?: never;
        /**
         * Action reload/devices (payload is project design)
         * @description A discovery run of the network, as the discovery start call, as a background task. Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Not started (a run is going on, or the last start is less than discoveryMinInterval ago; details.nextStartAtMs). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                /** @description Started as a background task (taskId; see tasks/:taskid). */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/reload/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action reload/config (payload is project design)
         * @description The configuration file read, checked and applied without restart. A file that does not load answers 400 naming the file, key and line; a change only a restart applies answers 409 naming the keys; either way the running configuration stays. Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
            };
        };
        put?: never;
        /**
         * Action reload/config (payload is project design)
         * @description The configuration file read, checked and applied without restart. A file that does not load answers 400 naming the file, key and line; a change only a restart applies answers 409 naming the keys; either way the running configuration stays. Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/make/variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action make/variables (payload is project design)
         * @description The variable catalog and poll plans built again from the live devices, as a background task (the task result: {variables}). Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Started as a background task (taskId). */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        put?: never;
        /**
         * Action make/variables (payload is project design)
         * @description The variable catalog and poll plans built again from the live devices, as a background task (the task result: {variables}). Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Started as a background task (taskId). */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/expire/variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action expire/variables (payload is project design)
         * @description Allocated variables (alert state, derived) with no point in the last retentionHrs hours leave the catalog; discovered ones are never touched; series stay until the store retention (details.expired, retentionHrs, variables). Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query: {
                    /** @description hours without a point, 1 to 87600 */
                    retentionHrs: number;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        put?: never;
        /**
         * Action expire/variables (payload is project design)
         * @description Allocated variables (alert state, derived) with no point in the last retentionHrs hours leave the catalog; discovered ones are never touched; series stay until the store retention (details.expired, retentionHrs, variables). Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query: {
                    /** @description hours without a point, 1 to 87600 */
                    retentionHrs: number;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/make/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action make/views (payload is project design)
         * @description The stored SYSTEM and SCRIPTED views brought in step with the configuration (details.views: the views of the network the caller sees). Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Action make/views (payload is project design)
         * @description The stored SYSTEM and SCRIPTED views brought in step with the configuration (details.views: the views of the network the caller sees). Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/make/maps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action make/maps (payload is project design)
         * @description The automatic layout computed again and stored for every view of the network the caller sees (details.views; details.skipped with why). Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        put?: never;
        /**
         * Action make/maps (payload is project design)
         * @description The automatic layout computed again and stored for every view of the network the caller sees (details.views; details.skipped with why). Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/alerts/purge/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action alerts/purge/queue (payload is project design)
         * @description Every queued alert notification dropped (details.dropped). Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Action alerts/purge/queue (payload is project design)
         * @description Every queued alert notification dropped (details.dropped). Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/dump": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action dump (payload is project design)
         * @description A diagnostic snapshot written into the data directory (dumps/), secrets redacted; the newest 5 kept (details.file, path, bytes). Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        put?: never;
        /**
         * Action dump (payload is project design)
         * @description A diagnostic snapshot written into the data directory (dumps/), secrets redacted; the newest 5 kept (details.file, path, bytes). Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["WorkRateLimited"];
                503: components["responses"]["WorkBusy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/rebalance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action rebalance (payload is project design)
         * @description Re-orders the network's poll dispatch longest-first from the next cycle on: devices by their last poll's duration, slowest first (not yet polled ones before them), so that with polls in flight bounded the long polls are not the cycle's tail. details: {devices, measured, first: [{deviceId, lastPollMs}]}. Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Action rebalance (payload is project design)
         * @description Re-orders the network's poll dispatch longest-first from the next cycle on: devices by their last poll's duration, slowest first (not yet polled ones before them), so that with polls in flight bounded the long polls are not the cycle's tail. details: {devices, measured, first: [{deviceId, lastPollMs}]}. Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/tsdb/reconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action tsdb/reconnect (payload is project design)
         * @description The series store writes the points it holds after a write failure now; answers its state (details.written, details.store). A store that still refuses answers 503 STORE_WRITE_FAILED. Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Action tsdb/reconnect (payload is project design)
         * @description The series store writes the points it holds after a write failure now; answers its state (details.written, details.store). A store that still refuses answers 503 STORE_WRITE_FAILED. Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/cache/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action cache/list (payload is project design)
         * @description Every cache of the server with its entries (and bytes when known) in details.caches. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Action cache/list (payload is project design)
         * @description Every cache of the server with its entries (and bytes when known) in details.caches. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/cache/clear": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action cache/clear (payload is project design)
         * @description Clears the cache named by `name`, or every one (404 naming the known caches for an unknown name). Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the cache (cache/list names them); absent: every cache */
                    name?: string;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Action cache/clear (payload is project design)
         * @description Clears the cache named by `name`, or every one (404 naming the known caches for an unknown name). Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: {
                    /** @description the cache (cache/list names them); absent: every cache */
                    name?: string;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/actions/cache/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Action cache/refresh (payload is project design)
         * @description Builds the cache named by `name`, or every one, again now (404 for an unknown name). Administrators only. GET and POST are the same call.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the cache (cache/list names them); absent: every cache */
                    name?: string;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        put?: never;
        /**
         * Action cache/refresh (payload is project design)
         * @description Builds the cache named by `name`, or every one, again now (404 for an unknown name). Administrators only. GET and POST are the same call.
         */
        post: {
            parameters: {
                query?: {
                    /** @description the cache (cache/list names them); absent: every cache */
                    name?: string;
                };
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Done. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActionStatus"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ui/net/{id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The effective server-side settings, secrets redacted (payload is project design)
         * @description version, startedAtMs, dataDir, source (the configuration file), networks [{id, name}] and config (the running configuration with its defaults applied). Every secret (communities, SNMPv3 keys, passwords, webhook headers, credentials in URLs) reads "***".
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: components["parameters"]["NetworkId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The settings. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Settings"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
            };
        };
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
        /** @description The answer of every action; an action that cannot run answers the error object instead and changes nothing. */
        ActionStatus: {
            /** @description e.g. reload/config */
            action: string;
            network: number;
            /**
             * @description done (200): the effect is complete; started (202): a background task
             * @enum {string}
             */
            status: "done" | "started";
            message: string;
            /** @description the task of a started action (tasks/:taskid) */
            taskId?: number;
            /** @description what the action did, per action */
            details: Record<string, never>;
        };
        PromError: {
            /** @enum {string} */
            status: "error";
            /** @enum {string} */
            errorType: "bad_data" | "not_found" | "execution" | "internal";
            error: string;
            code: string;
        };
        PromMatrix: {
            /** @enum {string} */
            resultType?: "matrix";
            result?: {
                metric?: {
                    [key: string]: string;
                };
                values?: [
                    number,
                    string
                ][];
            }[];
        };
        PromInstant: {
            /** @enum {string} */
            resultType?: "vector" | "scalar";
            result?: {
                metric?: {
                    [key: string]: string;
                };
                value?: [
                    number,
                    string
                ];
            }[] | [
                number,
                string
            ];
        };
        /** @description An alert (spec 2.4), with our severity and acknowledgement fields beside the spec's. Every field is always present. */
        Alert: {
            key: string;
            name: string;
            deviceName: string;
            deviceId: number;
            componentName: string;
            /** @description Can exceed 32 bits. */
            componentIndex: number;
            value: string;
            /** @description Triplet to value. */
            values: {
                [key: string]: string;
            };
            description: string;
            tags: string[];
            variable: string;
            inputVariable: string;
            activeSince: number;
            active: boolean;
            silenced: boolean;
            /** @description 0 when no silence matches; else the lowest matching silence id. */
            matchingSilenceId: number;
            timeLastNotificationSent: number;
            duration: number;
            percentage: number;
            notificationTimeMs: number;
            /**
             * @description *(ours)* The rule's severity.
             * @enum {string}
             */
            severity: "critical" | "warning" | "info";
            /** @description *(ours)* A person acknowledged the active alert; false again once it clears. */
            acknowledged: boolean;
            /** @description *(ours)* Who: the user, `token:<name>`, `anonymous`; '' when not acknowledged. */
            acknowledgedBy: string;
            /** @description *(ours)* When (ms since the epoch); 0 when not acknowledged. */
            acknowledgedAt: number;
            /** @description *(ours)* The comment; '' when none. */
            acknowledgeComment: string;
        };
        /** @description *(ours)* An acknowledgement: an optional comment (at most 2000 characters; no control characters but line breaks). */
        AlertAckBody: {
            comment?: string;
        };
        /** @description *(ours)* One activation of an alert: entered Active at `enteredAt`, cleared at `clearedAt` (0 while active; an `enteredAt` of 0 is older than what is kept). */
        AlertHistoryEntry: {
            key: string;
            name: string;
            /** @enum {string} */
            severity: "critical" | "warning" | "info";
            deviceId: number;
            deviceName: string;
            componentName: string;
            componentIndex: number;
            inputVariable: string;
            /** @description The alert's description as it is now. */
            description: string;
            enteredAt: number;
            clearedAt: number;
        };
        /** @description *(ours)* An alert rule as configured (README "Alerts"). */
        AlertRule: {
            name: string;
            /** @enum {string} */
            severity: "critical" | "warning" | "info";
            builtin: boolean;
            /** @description SvcQL matching expression over the variables table. */
            input: string;
            /** @description SvcQL matching expression per input and grid step. */
            condition: string;
            /** @description The window (ms). */
            duration: number;
            percentage: number;
            notificationTimeMs: number;
            fanOut: boolean;
            /** @description The description with its macros unexpanded. */
            description: string;
        };
        /**
         * @description What a silence matches (spec 2.5); '' and 0 are ignored; every given attribute must hold; no
         *     attribute given matches nothing. `varName` is the input variable's name or the alert's
         *     name; `index` the componentIndex; `tags` comma-separated `Facet.Word` (`Facet`, `Facet.*`:
         *     any word), `!` negated. Strings at most 1000 characters without control characters.
         */
        SilenceMatch: {
            key?: string;
            varName?: string;
            deviceId?: number;
            deviceName?: string;
            index?: number;
            tags?: string;
        };
        /** @description A silence (spec 2.5); `expirationTimeMs` is the absolute expiry (ms since the epoch); every match field present. */
        Silence: {
            id: number;
            createdAt: number;
            updatedAt: number;
            expirationTimeMs: number;
            /** @description Who made or last changed it: the user, `token:<name>` for a token call, `anonymous` with authentication off, unless the body named one. */
            user: string;
            reason: string;
            match: components["schemas"]["SilenceMatchAnswered"];
        };
        /** @description A silence's match as answered: every field present ('' and 0 where not given). */
        SilenceMatchAnswered: {
            key: string;
            varName: string;
            deviceId: number;
            deviceName: string;
            index: number;
            tags: string;
        };
        /**
         * @description Creation body (spec 4.1). `expirationTimeMs` the duration from now in ms, 1 … 315576000000
         *     (10 years). `user` optional (a user-role caller may name only themself). `id`, `createdAt`,
         *     `updatedAt` are ignored; other fields are refused (400).
         */
        SilenceCreate: {
            expirationTimeMs: number;
            match: components["schemas"]["SilenceMatch"];
            reason?: string;
            user?: string;
        };
        /** @description Update body (spec 4.1); every field optional, at least one; fields given replace, others stay. */
        SilenceUpdate: {
            /** @description Duration from now */
            expirationTimeMs?: number;
            user?: string;
            reason?: string;
            match?: components["schemas"]["SilenceMatch"];
        };
        /** @description Silence create/update result (spec 2.6). */
        SilenceResult: {
            id: number;
            /** @enum {string} */
            status: "success" | "error";
            message: string;
        };
        /** @description Project design. The 2.6 result object of a failure plus the Error body's fields. */
        SilenceError: {
            /** @description The silence's id; 0 when a creation failed or the path's id is malformed. */
            id: number;
            /** @constant */
            status: "error";
            message: string;
            /** @description The same text as `message`. */
            error: string;
            code: string;
        };
        /** @description Who a call is made by (project design). A token call carries no user name (spec 5.2). */
        Caller: {
            /** @enum {string} */
            authentication: "on" | "off";
            /** @enum {string} */
            kind: "user" | "token" | "anonymous";
            /** @description The user's name; null for a token or anonymous call. */
            name: string | null;
            /** @description The token's name (token calls only). */
            token?: string;
            /** @enum {string|null} */
            role: "admin" | "user" | null;
        };
        /** @description Project design. Every error body of this server. */
        Error: {
            /** @constant */
            status: "error";
            /** @description Human-readable text. */
            error: string;
            /** @enum {string} */
            code: "BAD_REQUEST" | "METHOD_NOT_ALLOWED" | "BAD_JSON" | "BAD_PARAMETER" | "BAD_TRIPLET" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "UNKNOWN_NETWORK" | "UNKNOWN_DEVICE" | "UNKNOWN_VARIABLE" | "UNKNOWN_GENERATION" | "CONFLICT" | "BODY_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_IMPLEMENTED" | "CONFIG_INVALID" | "CONFIG_RELOAD_REFUSED" | "INTERNAL" | "STORE_WRITE_FAILED" | "DATA_DIR_LOCKED" | "SVCQL_SYNTAX" | "SVCQL_LIMIT" | "SVCQL_REGEXP" | "SVCQL_EVAL" | "REQUEST_LIMIT" | "TIME_BUDGET" | "UNKNOWN_FILTER" | "FILTER_REFUSED" | "UNKNOWN_HANDLE" | "UNKNOWN_ALERT" | "UNKNOWN_SILENCE";
        };
        GenerationSummary: {
            number: number;
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            startedAtMs: number;
            completedAtMs: number | null;
            devices: number;
            links: number;
        };
        /** @description Project design (the spec marks this payload †). */
        NetworkStatus: {
            network: {
                id: number;
                name: string;
                pollIntervalMs: number;
                discoveryIntervalMs: number;
                seeds: string[];
                ranges: {
                    cidr: string;
                    sweep: boolean;
                }[];
            };
            latestDiscovery: components["schemas"]["GenerationSummary"] | null;
            ongoingDiscovery: (components["schemas"]["GenerationSummary"] & {
                probed: number;
                queued: number;
            }) | null;
            generations: number;
            /** @description The seeds that did not answer the latest full discovery run, with why (empty when every seed answered). */
            failingSeeds: components["schemas"]["SeedFailure"][];
            /** @description The poller's last cycle, and the devices failing their polls now. */
            polling: {
                cycles: number;
                lastCycleStartMs: number | null;
                lastCycleDurationMs: number | null;
                devicesPolled: number;
                /** @description failed polls of the last cycle */
                devicesFailed: number;
                variables: number;
                /** @description devices failing their polls now */
                devicesFailing: number;
                /** @description The first 100 failing devices by id (`devicesFailing` counts them all). */
                failing: components["schemas"]["FailingDevice"][];
            };
            /** @description The views the caller sees (as the view list), in `viewsOrder`. */
            views: components["schemas"]["ViewTile"][];
            /** @enum {string} */
            viewsOrder: "id" | "name";
        };
        /** @description Project design (the spec marks this payload †). */
        DiscoveryStart: {
            /** @constant */
            status: "ok";
            started: boolean;
            /** @description The one started; else the running one, or the last one started. */
            generation: number;
            message: string;
            /** @description Only when refused as too soon after the last start (networks[].discoveryMinInterval): when a start is accepted again. */
            nextStartAtMs?: number;
        };
        GenerationHead: {
            networkId: number;
            generation: number | null;
            startedAtMs: number | null;
            completedAtMs: number | null;
        };
        LinkEnd: {
            deviceId?: number;
            ifIndex?: number;
            ifName?: string;
        };
        /** @description Project design (the spec does not show topology fields). */
        Topology: components["schemas"]["GenerationHead"] & {
            devices: {
                id?: number;
                name?: string;
                address?: string;
                vendor?: string;
                model?: string;
                sysObjectID?: string;
                boxDescr?: string;
                tags?: string[];
                interfaces?: {
                    index?: number;
                    name?: string;
                    descr?: string;
                    alias?: string;
                    speedBps?: number;
                    adminStatus?: number;
                    operStatus?: number;
                    mac?: string;
                    addresses?: string[];
                }[];
            }[];
            links: {
                a?: components["schemas"]["LinkEnd"];
                b?: components["schemas"]["LinkEnd"];
                /** @enum {string} */
                protocol?: "lldp" | "cdp";
            }[];
        };
        /** @description Project design (the spec does not show device discovery fields). */
        Device: {
            id?: number;
            name?: string;
            address?: string;
            snmpPort?: number;
            sysObjectID?: string;
            sysDescr?: string;
            sysContact?: string;
            sysLocation?: string;
            sysUpTimeCs?: number;
            chassisId?: string;
            vendor?: string;
            model?: string;
            serialNumber?: string;
            softwareRev?: string;
            tags?: string[];
            interfaces?: {
                index?: number;
                name?: string;
                descr?: string;
                alias?: string;
                type?: number;
                speedBps?: number;
                adminStatus?: number;
                operStatus?: number;
                mac?: string;
                addresses?: string[];
                tags?: string[];
            }[];
            components?: {
                index: number;
                descr: string;
                name: string;
                class: number;
                containedIn: number;
                serial: string;
                model: string;
                softwareRev: string;
                mfgName: string;
            }[];
            neighbors?: {
                localIfIndex?: number;
                localPort?: string;
                remoteChassisId?: string;
                remoteSysName?: string;
                remotePortId?: string;
                remotePortIdSubtype?: number;
                remotePortDescr?: string;
                remoteManagementAddresses?: string[];
                /** @enum {string} */
                protocol?: "lldp" | "cdp";
            }[];
            discoveredAtMs?: number;
            pollState?: components["schemas"]["PollState"];
            /** @description The sensors discovery found (ENTITY-SENSOR-MIB, or a vendor table named by a profile); absent when none were read. */
            sensors?: components["schemas"]["Sensor"][];
        };
        /** @description A sensor of a device; `unit` is the unit of the polled value after scaling ('' for states). */
        Sensor: {
            index: number;
            /** @enum {string} */
            kind: "temperature" | "voltage" | "current" | "power" | "fanSpeed" | "fanState" | "psuState" | "opticalPower" | "humidity" | "other";
            name: string;
            unit: string;
            /** @description The instance OID polled. */
            oid: string;
            /** @description The factor that turns the polled integer into `unit`. */
            scale: number;
        };
        /** @description Project design. A managed device of the network (inventory). */
        ManagedDevice: {
            /** @description The device's poll state now; a device that never answered is `failing` with reachability `neverAnswered` and its reason. */
            pollState: components["schemas"]["PollState"];
            id: number;
            name: string;
            /** @description The address it is polled at. */
            address: string;
            /** @description What the operator gave (an IP address or a DNS name) for config and API devices; else the address. */
            declaredAddress: string;
            /** @enum {string} */
            origin: "discovered" | "config" | "api";
            vendor: string;
            model: string;
            os: string;
            presence: {
                /** @description Whether it answered the discovery that made its record. */
                answered: boolean;
                /** @description The last discovery probe it answered. */
                lastAnsweredMs: number;
                /** @description The first unanswered probe of the current run of them; null while it answers. */
                unreachableSinceMs: number | null;
            };
            /** @description Polled now (a device that never answered is polled too: as a device of no interfaces, until it answers). */
            polled: boolean;
            tags: string[];
            externalTags: string[];
            /** @description The operator's note. */
            comment: string;
            /** @description How many interfaces it has. */
            interfaces: number;
            discoveredAtMs: number;
        };
        /** @description Project design. An address or CIDR range discovery never probes. */
        BlockedAddress: {
            id: number;
            address: string;
            comment: string;
            createdAtMs: number;
            user: string;
            /**
             * @description `config` entries are read-only through the API.
             * @enum {string}
             */
            origin: "api" | "config";
        };
        /** @description Project design. A user as administrators see it; never a password. */
        AccountUser: {
            name: string;
            /** @enum {string} */
            role: "admin" | "user";
            createdAtMs: number;
            changedAtMs: number;
        };
        /** @description Project design. An API token as lists show it; never its secret nor its digest. */
        AccountToken: {
            id: number;
            name: string;
            /** @enum {string} */
            role: "admin" | "user";
            createdAtMs: number;
            lastUsedMs: number | null;
        };
        /** @description Project design. A network's SNMP credentials in force, named by source and index or name; never a secret. */
        SnmpCredentials: {
            network: number;
            /** @description In the order they are tried. */
            communities: {
                /** @enum {string} */
                source: "ui" | "file";
                index: number;
            }[];
            v3Users: {
                name: string;
                /** @enum {string} */
                level: "noAuthNoPriv" | "authNoPriv" | "authPriv";
                authProtocol: string;
                privProtocol: string;
                /** @enum {string} */
                source: "ui" | "file";
                /** @description An overlay user named as one of the file's, which it replaces. */
                replacesFile: boolean;
            }[];
            updatedBy: string | null;
            updatedAtMs: number | null;
        };
        /** @description Project design. What a test poll got (the system group and the profile that would match), or why nothing answered. */
        AgentTestResult: {
            answered: boolean;
            /** @description The address polled (a DNS name resolved). */
            address: string;
            port: number;
            tookMs: number;
            /**
             * @description Answered only.
             * @enum {string}
             */
            version?: "2c" | "3";
            /** @description Which credential answered, named without its secret (answered only). */
            credential?: string;
            sysName?: string;
            sysObjectID?: string;
            sysDescr?: string;
            /** @description The device profile discovery would match; null when none. */
            profile?: string | null;
            vendor?: string;
            model?: string;
            os?: string;
            /** @description The error text (not answered only). */
            reason?: string;
            /** @enum {string} */
            reasonKind?: "timeout" | "credentials" | "noRoute" | "refused" | "agentError" | "unresolved" | "other";
            /** @description The kind in words. */
            reasonText?: string;
        };
        ManagedDeviceList: {
            networkId: number;
            /** @description By id. */
            devices: components["schemas"]["ManagedDevice"][];
        };
        /** @description Project design. The effective server-side settings; every secret reads "***". */
        Settings: {
            /** @description The server's version; `unknown` when not known. */
            version: string;
            /** @description When the server started; null when not known. */
            startedAtMs: number | null;
            dataDir: string;
            /** @description Where the configuration came from: a file path, or 'built-in default'. */
            source: string;
            networks: {
                id: number;
                name: string;
            }[];
            /** @description The running configuration with its defaults applied (durations in ms); only `networks` is described here. */
            config: {
                networks: {
                    id: number;
                    name: string;
                    seeds: string[];
                    pollIntervalMs: number;
                    discoveryIntervalMs: number;
                }[];
            };
        };
        /**
         * @description Project design. The device's poll state now, whichever generation was selected: `ok` (its
         *     latest poll answered), `failing` (from its first failed poll until it answers again; a poll
         *     skipped because the previous one still runs is not a failure; a device that never answered
         *     is failing from the moment it is listed), `unknown` (not polled since the server started, or
         *     not in the network's current generation).
         */
        PollState: {
            /** @enum {string} */
            state: "ok" | "failing" | "unknown";
            /**
             * @description `neverAnswered` (listed and polled, never answered SNMP: no discovery record yet), `unreachable` (answered before, its polls fail now), `answering`; null when `state` is `unknown`.
             * @enum {string|null}
             */
            reachability: "neverAnswered" | "unreachable" | "answering" | null;
            /** @description The kind of `reason`; null without one. */
            reasonKind: components["schemas"]["FailureKind"] | null;
            /** @description One line for people: `never answered: <reason in words> (<error text>)`, `unreachable since <ISO time>: …`, `answering`; '' when unknown. */
            summary: string;
            /** @description the first failed poll of the current run */
            failingSinceMs: number | null;
            consecutiveFailures: number;
            /** @description the latest failed poll's error text (at most 200 characters), '' when not failing */
            reason: string;
            /** @description the latest answered poll */
            lastSuccessMs: number | null;
            /** @description `mode: collector` and `central` only: the collector of the site that polls the device (null while no live collector has it; at a central: the collector whose batches last wrote its reachable; docs/scale-out.md "Device assignment"). */
            polledBy?: string | null;
        };
        /** @description Project design. A device failing its polls now. */
        FailingDevice: {
            id: number;
            name: string;
            address: string;
            failingSinceMs: number;
            consecutiveFailures: number;
            reason: string;
            lastSuccessMs: number | null;
            /**
             * @description `neverAnswered`: listed and polled, never answered SNMP (failingSinceMs is when it was listed).
             * @enum {string}
             */
            reachability: "neverAnswered" | "unreachable";
            reasonKind: components["schemas"]["FailureKind"] | null;
            /** @description One line for people: `never answered: …` or `unreachable since <ISO time>: …`, the reason in words and its error text. */
            summary: string;
        };
        /**
         * @description Project design. Why a poll or a probe got no usable answer: `timeout` (no answer at all: the
         *     device is down or drops the requests; with SNMP v2c a wrong community or an ACL looks the
         *     same), `credentials` (the agent refused the v3 user or the community), `noRoute`, `refused`
         *     (nothing listens on the port), `agentError` (an error answer, or no system group),
         *     `unresolved` (a DNS name that does not resolve), `other`.
         * @enum {string}
         */
        FailureKind: "timeout" | "credentials" | "noRoute" | "refused" | "agentError" | "unresolved" | "other";
        /** @description Project design. A seed that did not answer the latest full discovery run. */
        SeedFailure: {
            address: string;
            /** @description the probe's error text */
            reason: string;
            reasonKind: components["schemas"]["FailureKind"];
            /** @description the kind in words */
            reasonText: string;
        };
        /** @description Project design. */
        DeviceList: components["schemas"]["GenerationHead"] & {
            devices: components["schemas"]["Device"][];
        };
        /** @description First element `timestamp,<varId>`; then `<timestamp_ms>,<value>`. */
        Timeseries: string[];
        /** @description A variable's last point of the past hour; value and tsMs null when none. */
        PanelLatestValue: {
            varId: string;
            name: string;
            unit: string;
            value: number | null;
            tsMs: number | null;
        };
        /** @description Who the device is (the dashboard's and the brief data's head). `os` is '' when unknown. */
        DeviceIdentity: {
            id: number;
            name: string;
            address: string;
            vendor: string;
            model: string;
            os: string;
            serialNumber: string;
            softwareRev: string;
            sysObjectID: string;
            sysDescr: string;
            location: string;
            contact: string;
            tags: string[];
            discoveredAtMs: number;
        };
        DeviceDashboard: {
            networkId: number;
            generation: number;
            identity: components["schemas"]["DeviceIdentity"];
            uptime: {
                seconds: number;
                tsMs: number;
                /** @enum {string} */
                source: "poll" | "discovery";
            };
            /** @description The poll state: state (ok, failing, unknown), failingSinceMs, consecutiveFailures, reason, lastSuccessMs. */
            lastContact: components["schemas"]["PollState"];
            /** @description What the device's last discovery could not read whole (its record's tableErrors): a failed or timed-out table, `table truncated at N rows`, and `polling` when its polls leave interfaces out. */
            discoveryErrors: {
                table: string;
                error: string;
            }[];
            reachable: components["schemas"]["PanelLatestValue"] | null;
            cpu: components["schemas"]["PanelLatestValue"] | null;
            memory: components["schemas"]["PanelLatestValue"] | null;
            topInterfaces: {
                ifIndex: number;
                name: string;
                alias: string;
                speedBps: number;
                operStatus: number;
                inUtil: components["schemas"]["PanelLatestValue"] | null;
                outUtil: components["schemas"]["PanelLatestValue"] | null;
                utilPercent: number;
            }[];
            /** @description The device's active alerts (alert records as the alert list gives them). */
            alerts: components["schemas"]["Alert"][];
        };
        /** @description An interface in the device data's `brief` format. */
        InterfaceBrief: {
            index: number;
            name: string;
            descr: string;
            alias: string;
            type: number;
            speedBps: number;
            adminStatus: number;
            operStatus: number;
            mac: string;
            addresses: string[];
        };
        /** @description The device of the data call in the `brief` format (the default). */
        DeviceBrief: components["schemas"]["DeviceIdentity"] & {
            pollState: components["schemas"]["PollState"];
            interfaces: components["schemas"]["InterfaceBrief"][];
        };
        /** @description A variable of the device with its latest value (the data call's `variables`). */
        DeviceVariable: components["schemas"]["PanelLatestValue"] & {
            index: number;
            component: string;
            category: string;
        };
        DeviceData: {
            networkId: number;
            generation: number;
            /** @enum {string} */
            format: "brief" | "full";
            category: string | null;
            /** @description brief: identity, pollState, interfaces; full: the public discovery record with pollState (no poll). */
            device: components["schemas"]["DeviceBrief"] | components["schemas"]["Device"];
            variables: components["schemas"]["DeviceVariable"][];
        };
        GraphResult: {
            info: {
                varName: string;
                legend: string;
                /** @description Legend prefixed by the device name. */
                legendEmbedded: string;
                index: number;
                varId: string;
                /** @description Scaled unit. */
                unit: string;
                /** @description The values' [min, max] after scaling; [0, 0] without points. */
                range: [
                    number,
                    number
                ];
                significantFigures: number;
                /** @description Divisor applied to the values (project design). */
                scale: number;
                /** @enum {string} */
                axisSide: "left" | "right";
                timeseries: components["schemas"]["Timeseries"];
            }[];
            warnings: string;
            /** @description One line per id not answered */
            errors: string;
        };
        DataResult: {
            info: {
                varName?: string;
                deviceId?: number;
                index?: number;
                device?: string;
                component?: string;
                unit?: string;
                timeseries?: components["schemas"]["Timeseries"];
            }[];
            warnings: string;
            errors: string;
        };
        VariableSummaryItem: {
            name: string;
            devices: string[];
            components: string[];
            tags: string[];
        };
        VariableInstanceItem: {
            name: string;
            component: string;
            device: string;
            devId: number;
            index: number;
            description: string;
        };
        /** @description Project design. The legacy instance item plus triplet, category, unit and tags. */
        WorkbenchVariableItem: components["schemas"]["VariableInstanceItem"] & {
            triplet: string;
            category: string;
            unit: string;
            tags: string[];
        };
        /**
         * @description Spec 2.7. Values are decimal strings, '' when the variable has no value yet. Project
         *     design: colorLevel is `critical` (color #c62828) or `warning` (#ef6c00) for a current
         *     value past the variable's configured thresholds (docs/variables.md), else `normal`
         *     (#2e7d32) with a current value, `stale` (#f9a825) with a value older than 2.5 poll
         *     intervals or than its device's current run of failed polls (the value is still shown),
         *     `none` (#9e9e9e) without a value.
         */
        LastValueItem: {
            device: string;
            address: string;
            component: string;
            color: string;
            /** @enum {string} */
            colorLevel: "normal" | "warning" | "critical" | "stale" | "none";
            value: string;
            scaledValue: string;
            unit: string;
            scaledUnit: string;
            /** @description comma separated */
            tags: string;
        };
        CatalogResult: {
            [key: string]: {
                category: string;
                varDescription: string;
                device: string;
                component: string;
                componentDescription: string;
                unit: string;
            };
        };
        /** @description Project design. */
        CatalogVariableItem: {
            name: string;
            category: string;
            description: string;
            unit: string;
            instances: number;
            devices: string[];
            components: string[];
            tags: string[];
        };
        QueryBody: {
            targets: (components["schemas"]["StructuredTarget"] | components["schemas"]["SvcqlTarget"])[];
            /** @description now, now-<n><unit> (ms s m h d w M y), now/d, now-1d/d, <epoch s>s, epoch ms, <epoch ms>ms or ISO 8601; default: an hour before until */
            from?: string;
            /** @description default: now */
            until?: string;
            /** @description duration (30s, 5m, 1h, 1y): bucket mean of structured time_series points */
            groupByTime?: string;
        };
        StructuredTarget: {
            id?: string;
            variable?: string;
            device?: string;
            /** @description literal, or a regex when written /…/ */
            component?: string;
            /** @description literal, or a regex when written /…/ */
            description?: string;
            tags?: string;
            /** @description <column>:<ascending|descending|none>; a bare order sorts by metric; the order undefined is none */
            sortByEl?: string;
            /** @description time_series only: sum, avg, min, max or count combine the series into one; empty or dashes: none */
            aggregator?: string;
            /**
             * @default last
             * @enum {string}
             */
            selector: "min" | "max" | "last";
            /** @default -1 */
            limit: number;
            unique?: string;
            /**
             * @default time_series
             * @enum {string}
             */
            format: "time_series" | "table" | "list";
            /** @description default: variable,device,component,metric */
            columns?: string;
            /** @description true skips the target */
            hide?: boolean;
        };
        SvcqlTarget: {
            id?: string;
            svcql?: string;
            /** @description the same as svcql (the Grafana datasource's NsgQL releases) */
            nsgql?: string;
            /**
             * @default time_series
             * @enum {string}
             */
            format: "time_series" | "table" | "list";
            unique?: string;
        };
        TimeSeriesEntry: {
            id: string;
            /** @description variable:device:component */
            target: string;
            name: string;
            variable: string;
            device: string;
            component: string;
            description: string;
            tags: {
                [key: string]: string;
            };
            datapoints: [
                number | null,
                number
            ][];
        };
        TableEntry: {
            /** @constant */
            type: "table";
            id: string;
            columns: {
                text: string;
            }[];
            rows: (string | number | null)[][];
            /**
             * @description Present when the statement's WHERE names something its table knows neither as a
             *     column nor as a tag facet of any row (a misspelt `devic = 'x'` matches nothing). Not
             *     an error: tag facets are free-form. One sentence per name.
             */
            warnings?: string[];
        };
        TargetError: {
            id: string;
            error: string;
            code: string;
        };
        /** @description Project design (the spec marks this payload †). */
        Health: {
            /** @description false when a component is failing */
            healthy: boolean;
            /**
             * @description The worst component status (degraded is still healthy, e.g. devices failing their polls).
             * @enum {string}
             */
            status: "ok" | "degraded" | "failing";
            /** @description `<component> <status>: <detail>` of every component not ok, joined by '; '; '' when all are */
            reason: string;
            components: {
                [key: string]: {
                    healthy?: boolean;
                    /** @enum {string} */
                    status?: "ok" | "degraded" | "failing";
                    detail?: string;
                };
            };
            uptimeMs: number;
        };
        /** @description Project design (the spec marks this payload †). */
        Metrics: {
            startedAtMs?: number;
            uptimeMs?: number;
            networks?: {
                id?: number;
                name?: string;
                poll?: {
                    cycles?: number;
                    lastCycleStartMs?: number | null;
                    lastCycleDurationMs?: number | null;
                    devicesPolled?: number;
                    devicesFailed?: number;
                    variables?: number;
                };
                discovery?: {
                    generations?: number;
                    latestGeneration?: number | null;
                    latestCompletedAtMs?: number | null;
                    runningGeneration?: number | null;
                };
            }[];
            /** @description The store's write state; null when the store does not report it. */
            store?: {
                writable?: boolean;
                reason?: string;
                failingSinceMs?: number | null;
                failedWrites?: number;
                unwrittenPoints?: number;
                maxUnwrittenPoints?: number;
                droppedPoints?: number;
                freeBytes?: number | null;
            } | null;
            http?: {
                requests?: number;
                byStatusClass?: {
                    [key: string]: number;
                };
                notFound?: number;
                methodNotAllowed?: number;
                rejectedBeforeRouting?: number;
                routes?: {
                    [key: string]: {
                        count?: number;
                        errors?: number;
                        durationMsTotal?: number;
                        /** @description answers by HTTP status code */
                        byStatus?: {
                            [key: string]: number;
                        };
                    };
                };
                /** @description answers to requests that matched no route */
                unmatchedByStatus?: {
                    [key: string]: number;
                };
            };
            /** @description Per network, the poll → store counters since start. */
            pipeline?: {
                networkId?: number;
                cycles?: number;
                /** @description cumulative counts per bucket bound (seconds: 0.005 … 300), then +Inf */
                cycleBucketCounts?: number[];
                cycleSecondsSum?: number;
                devicePollsOk?: number;
                devicePollsFailed?: number;
                pointsWritten?: number;
                /** @description varbinds in the devices' answers to the polls */
                varbindsReceived?: number;
            }[];
            /** @description bytes of the files in the data directory */
            storeSizeBytes?: number | null;
            /** @description `mode: collector` and `central` only (null otherwise): a collector's publishing to the site's NATS server and the site's collectors; a central's intake from its collectors (`central`; then `points` and `batches` count what it wrote) (docs/scale-out.md). */
            remote?: {
                connected?: boolean;
                points?: number;
                batches?: number;
                bufferedPoints?: number;
                bufferedBytes?: number;
                /** @description how long the oldest batch not yet stored has waited */
                lagMs?: number;
                droppedPoints?: number;
                retries?: number;
                duplicates?: number;
                /** @description the devices this collector polls */
                polledDevices?: number;
                collectors?: {
                    collector?: string;
                    live?: boolean;
                    /** @description how old its newest heartbeat is */
                    ageMs?: number;
                    health?: string;
                    lagMs?: number;
                    bufferedBytes?: number;
                    polled?: number;
                    /** @description per network id */
                    networks?: {
                        [key: string]: number;
                    };
                }[];
                /** @description `mode: central` only: what it took from its collectors. */
                central?: {
                    /** @description batches waiting for an inventory that names their devices */
                    held?: number;
                    unmapped?: number;
                    /** @description points more than 60 s ahead of the central's clock */
                    future?: number;
                    malformed?: number;
                    inventories?: number;
                    collectors?: {
                        collector?: string;
                        batches?: number;
                        points?: number;
                        redelivered?: number;
                        /** @description its clock minus the NATS server's when its last batch was stored (positive: ahead) */
                        skewMs?: number;
                        /** @description the newest grid time written from it (0 before any) */
                        newestGridMs?: number;
                        lastWrittenAtMs?: number;
                    }[];
                };
            } | null;
            eventLoop?: {
                meanSeconds?: number;
                p99Seconds?: number;
                maxSeconds?: number;
                windowSeconds?: number;
            } | null;
            process?: {
                residentMemoryBytes?: number;
                heapUsedBytes?: number;
            };
            /** @description The alert notifier's state per stream (no secret, no receiver URL). */
            notifications?: {
                streams?: {
                    name?: string;
                    /** @enum {string} */
                    kind?: "log" | "webhook" | "email";
                    queued?: number;
                    delivered?: number;
                    failed?: number;
                    /** @description Tries that ended at the stream's timeout. */
                    timeouts?: number;
                    dropped?: number;
                    purged?: number;
                    lastError?: string;
                    /** @description When the oldest notice still queued was queued (ms). */
                    oldestQueuedAtMs?: number | null;
                    /** @description The bound of one try. */
                    timeoutMs?: number;
                    lastDeliveredAtMs?: number | null;
                    lastFailedAtMs?: number | null;
                    lastDroppedAtMs?: number | null;
                }[];
                droppedWithRemovedStreams?: number;
            };
        };
        /**
         * @description Spec 2.1, then the project's additions `adjacent`, `connecting`, `shared`, `owner`.
         *     `editable` is true for an INTERACTIVE view shown to its owner. `formData` is returned as
         *     it was sent.
         */
        MapView: {
            id: number;
            name: string;
            /** @description SvcQL matching expression over the devices table; '' matches every device. */
            devRule: string;
            /** @description SvcQL matching expression over the interfaces table; '' matches every interface. */
            linkRule: string;
            /** @enum {string} */
            type: "SYSTEM" | "SCRIPTED" | "INTERACTIVE";
            editable: boolean;
            updatedAt: number;
            layoutUpdatedAt: number;
            formData: string;
            /** @description Project addition. */
            adjacent: boolean;
            /** @description Project addition. */
            connecting: boolean;
            /** @description Project addition. */
            shared: boolean;
            /** @description Project addition: the owning user (`token:<name>` for a token); null for SYSTEM and SCRIPTED views. */
            owner: string | null;
        };
        /** @description Project design. A view as a tile of the network status. */
        ViewTile: {
            id: number;
            name: string;
            /** @enum {string} */
            type: "SYSTEM" | "SCRIPTED" | "INTERACTIVE";
            editable: boolean;
            shared: boolean;
            updatedAt: number;
            layoutUpdatedAt: number;
        };
        /** @description Spec 2.1 update and validate body. Fields left out keep the view's values; other fields (`id`…) are ignored. */
        ViewInput: {
            /** @description No control characters. */
            name?: string;
            devRule?: string;
            linkRule?: string;
            adjacent?: ("true" | "false") | boolean;
            connecting?: ("true" | "false") | boolean;
            /** @description At most `ui.viewFormDataMaxBytes` bytes of UTF-8. */
            formData?: string;
        };
        ViewCreated: {
            /** @enum {string} */
            status: "ok";
            id: number;
        };
        ViewOk: {
            /** @enum {string} */
            status: "ok";
        };
        ViewValidated: {
            /** @enum {string} */
            status: "ok";
            warnings: components["schemas"]["RuleWarning"][];
        };
        /** @description A name in a valid rule that its table does not know (a misspelt column, or a tag facet no device or interface carries). */
        RuleWarning: {
            /** @enum {string} */
            field: "devRule" | "linkRule";
            /** @description The name as the rule writes it. */
            column: string;
            message: string;
        };
        /** @description Spec 2.2. `createdAt`/`updatedAt` in ms; `formData` returned as it was given. */
        ViewFilter: {
            id: number;
            /** @description The owner. */
            user: string;
            /** @description Always false in a list (deleted filters are left out). */
            deleted: boolean;
            createdAt: number;
            updatedAt: number;
            name: string;
            formData: string;
            /** @description A SvcQL matching expression (what follows WHERE). */
            svcql: string;
            shared: boolean;
        };
        /** @description Spec 2.2 creation input; other fields are ignored (a new filter is private, owned by the acting user). */
        FilterInput: {
            /** @description Unique per user and network; no control characters. */
            name: string;
            /** @description Must parse as a SvcQL matching expression. */
            svcql: string;
            /** @default  */
            formData: string;
        };
        KeyValueHandle: {
            /** @description 22 URL-safe characters (128 random bits). */
            handle: string;
        };
        /**
         * @description A view's map (project design; the spec marks it †). Devices and links each say why they are
         *     shown. The map call gives every device stored coordinates (placing those that have none);
         *     x and y are null only in a preview, for a device with no stored coordinates.
         */
        Map: {
            networkId: number;
            viewId: number;
            /** @description null before any discovery completed (no devices). */
            generation: number | null;
            startedAtMs: number | null;
            completedAtMs: number | null;
            rules: {
                devRule?: string;
                linkRule?: string;
                adjacent?: boolean;
                connecting?: boolean;
            };
            /** @description Previews only. */
            hide?: boolean;
            devices: {
                id: number;
                name: string;
                address: string;
                vendor: string;
                model: string;
                tags: string[];
                x: number | null;
                y: number | null;
                /** @description Matches devRule. */
                matching: boolean;
                /** @description Not matching; one hop from a matching device. */
                adjacent: boolean;
                /** @description Not matching; on a shortest path between two matching devices. */
                connecting: boolean;
            }[];
            links: {
                a: components["schemas"]["MapLinkEnd"];
                b: components["schemas"]["MapLinkEnd"];
                /** @enum {string} */
                protocol: "lldp" | "cdp";
                /** @description Matches linkRule and joins two matching devices. */
                matching: boolean;
                /** @description Matches linkRule and joins a matching device to an adjacent one. */
                adjacent: boolean;
                /** @description Matches linkRule and is on a shortest path between two matching devices. */
                connecting: boolean;
            }[];
        };
        MapLinkEnd: {
            deviceId: number;
            ifIndex: number;
            ifName: string;
        };
        /** @description At most 10,000 entries; ids must be devices of the latest generation; |x|, |y| ≤ 1e7. */
        Coordinates: {
            id: number;
            x: number;
            y: number;
        }[];
        CoordinatesStored: {
            /** @enum {string} */
            status: "ok";
            /** @description How many positions were stored. */
            stored: number;
        };
        /** @description Values on a view's map (project design). */
        MapValues: {
            networkId: number;
            viewId: number;
            generation: number | null;
            /** @description null for the latest values. */
            timestampMs: number | null;
            linkVar: components["schemas"]["VariableHead"];
            nodeVar: components["schemas"]["VariableHead"];
            devices: {
                id: number;
                value: number | null;
            }[];
            links: {
                a: components["schemas"]["LinkEndValue"];
                b: components["schemas"]["LinkEndValue"];
            }[];
        };
        /** @description A variable's name, unit and description (project design). */
        VariableHead: {
            name: string;
            unit: string;
            description: string;
        };
        /** @description A link end's value on the map; null when the interface has no such variable or no point (project design). */
        LinkEndValue: {
            deviceId: number;
            ifIndex: number;
            value: number | null;
        };
    };
    responses: {
        /** @description Prometheus error (bad input, a bound, a POST body that is not a form). */
        PromBadData: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PromError"];
            };
        };
        /** @description Prometheus error, unknown network (errorType not_found). */
        PromNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PromError"];
            };
        };
        /** @description An acknowledgement body over 16 KiB (BODY_TOO_LARGE). */
        AckBodyTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No alert with that key in the network (UNKNOWN_ALERT), or an unknown network (UNKNOWN_NETWORK). */
        UnknownAlert: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The result object of spec 2.6 with `status` success and an empty `message`. */
        SilenceDone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SilenceResult"];
            };
        };
        /**
         * @description A failed silence create or update (project design: spec 7 leaves the status open). The
         *     status is the code's: 400 BAD_REQUEST (a bad body field), BAD_JSON, BAD_PARAMETER (a
         *     malformed path id); 404 UNKNOWN_SILENCE (unknown, of another network, or expired) or
         *     UNKNOWN_NETWORK; 413 BODY_TOO_LARGE (over 16 KiB); 415 UNSUPPORTED_MEDIA_TYPE. The body is
         *     the 2.6 result object with `status` error plus the Error body's `error` (the same text as
         *     `message`) and `code`. Nothing changed.
         */
        SilenceFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SilenceError"];
            };
        };
        /** @description No valid credentials (UNAUTHORIZED); the same body whatever was wrong. `WWW-Authenticate` Basic realm="netmon". */
        Unauthorized: {
            headers: {
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many failed logins from the client's address (LOGIN_RATE_LIMITED); `Retry-After` in seconds. */
        LoginRateLimited: {
            headers: {
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Refused by the state (BLOCKED_ADDRESS, CONFLICT, READ_ONLY). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Malformed parameter. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description RATE_LIMITED: this caller (user, token, or client address without authentication) already holds the most work of this kind the gate lets one caller have, running or waiting; the message names the gate and the bound (docs/api.md "Bounded work", config `limits:`). Nothing was begun. */
        WorkRateLimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description SERVER_BUSY: the gate's places and its queue are full; the message names the gate and the bounds (docs/api.md "Bounded work", config `limits:`). Nothing was begun; try again shortly. */
        WorkBusy: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unknown path, network, device or generation. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A JSON body without a JSON Content-Type (code UNSUPPORTED_MEDIA_TYPE). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Declared but not implemented yet. */
        NotImplemented: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description A failed filter call (spec 7): UNKNOWN_FILTER (no such filter in the network, or deleted),
         *     FILTER_REFUSED (not the owner, already in that state, a `user` the caller may not name),
         *     BAD_PARAMETER. Nothing changed.
         */
        FilterFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No record with that handle in the network (UNKNOWN_HANDLE), or an unknown network (UNKNOWN_NETWORK). */
        UnknownHandle: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Data over `ui.keyValueMaxBytes` (or a body over `server.maxBodyBytes`), code BODY_TOO_LARGE. */
        KeyValueTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Done. */
        ViewDone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ViewOk"];
            };
        };
        /**
         * @description A failed view call (spec 7: 400 with {status: "error", error}; `code` added): VIEW_REFUSED
         *     (not the owner, a SYSTEM or SCRIPTED view, already in that state, a rule that does not
         *     parse), BAD_REQUEST (a malformed body field), BAD_JSON, BAD_PARAMETER. Nothing changed.
         *     A view not in the network or one the caller may not see is VIEW_REFUSED here too (spec 3.1, 7).
         */
        ViewFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description formData over `ui.viewFormDataMaxBytes` (or a body over `server.maxBodyBytes`), code BODY_TOO_LARGE. */
        ViewFormDataTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A failed filter creation (spec 7); `code` is the cause's, INTERNAL only for a server bug. */
        FilterCreateFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description No such view in the network, or one the caller may not see (UNKNOWN_VIEW); an unknown
         *     network (UNKNOWN_NETWORK) or generation (UNKNOWN_GENERATION).
         */
        UnknownView: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        AlertNetworkId: number;
        /** @description `true`: active alerts only; `false`: cleared ones only; absent or empty: both (spec 3.3). */
        AlertActive: "true" | "false" | "";
        /** @description *(ours)* `true`: acknowledged alerts only; `false`: unacknowledged ones only; absent or empty: both. */
        AlertAcknowledged: "true" | "false" | "";
        /** @description *(ours)* Comma-separated severities (`critical`, `warning`, `info`): alerts of any of them; absent or empty: every severity; another word is a 400. */
        AlertSeverity: string;
        /**
         * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max; for
         *     alerts curr, min and max all sort by `value` read as a number (non-numbers last).
         */
        AlertSortBy: string;
        /** @description The alert's key (spec 2.4, a string). */
        AlertKey: string;
        SilenceId: number;
        NetworkId: number;
        /** @description device id */
        PanelDeviceId: number;
        LegacyNetworkId: number;
        /**
         * @description Comma-separated `<variable>.<deviceId>.<index>`. At most 10 are answered; the others, and
         *     ids that do not parse or are unknown, are reported in `errors`.
         * @example ifInRate.10.1,ifOutRate.10.1
         */
        Triplets: string;
        /** @description Comma-separated legacy ids `<name>.<node>.<index>` (same rules as triplets). */
        VarIds: string;
        /**
         * @description Spec 4.1.1. > 0: the latest discovery completed before it (wins over `generation`).
         *     0 or absent: no time selection. Negative: 400.
         */
        Timestamp: number;
        /**
         * @description Spec 4.1.1. > 0: that generation (404 UNKNOWN_GENERATION when it does not exist).
         *     -1, 0 or absent: the latest completed discovery. Below -1: 400.
         */
        Generation: number;
        /** @description Hours ending at `end`; ignored when `start` is given. */
        IntervalHr: number;
        /** @description ms since the epoch or ISO 8601 (a date-time without zone is UTC). */
        Start: number | string;
        /** @description ms since the epoch or ISO 8601; default now. */
        End: number | string;
        /**
         * @description Reduce each series: floor(length/2) time chunks, each yielding its min and max observation.
         *     A series with at most `length` points is not reduced.
         */
        Length: number;
        /** @description Answer from the device monitor's ring buffer (at most 4 raw observations, raw poll times). */
        Monitor: boolean;
        /** @description Read from the series store (the default behaviour). */
        ForceDb: boolean;
        /** @description Answered from the series store with a warning (no separate in-memory set here). */
        ForceMem: boolean;
        /** @description Matching rule (spec 4.3) — comma-separated variable names. */
        RuleName: string;
        /** @description Matching rule — comma-separated device names. */
        RuleDevices: string;
        /** @description Matching rule — comma-separated component names. */
        RuleComponents: string;
        /** @description Matching rule — comma-separated `Facet.Word`, `Facet`, `!Facet.Word`, `!Facet`. */
        RuleTags: string;
        RuleTagMatch: "AND" | "OR" | "NOT_AND" | "NOT_OR";
        /**
         * @description `<column>.<asc|desc>`, column one of devices, component, description, curr, min, max.
         *     curr/min/max are over the request's window (`intervalHr`/`end`, and `start` in graph and
         *     data calls), else the last hour; variables without a point sort last.
         */
        RuleSortBy: string;
        /** @description Top N after sorting; -1 means no limit. */
        RuleLimit: number;
        /** @description Pagination start (after limit). */
        RuleStart: number;
        /** @description Pagination count (after limit). */
        RuleCount: number;
        /** @description Window of sortBy curr/min/max, hours ending at `end`; without it and `end`, the last hour. */
        StatsIntervalHr: number;
        /** @description Category name; exact, else the unique case-insensitive match. */
        Category: string;
        /** @description Comma-separated variable names; unknown ones are left out. */
        VariableNames: string;
        FilterId: number;
        /**
         * @description The user the call acts as. A logged-in user acts as themself; naming another user is
         *     allowed to administrators only (else FILTER_REFUSED). A token call acts as its pseudo-user
         *     `token:<token name>`; naming another user is allowed to admin-role tokens only (else
         *     FILTER_REFUSED). Without authentication: the named user, else `anonymous`. Empty is as if
         *     absent; at most 100 characters, no control characters.
         */
        FilterUser: string;
        ViewId: number;
        /** @description A key-value handle (22 URL-safe characters, random); any other text names no record (404). */
        Handle: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
