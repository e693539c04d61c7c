/**
 * GENERATED FILE, DO NOT EDIT. Source: openapi/bff.yaml.
 * Regenerate with `npm run gen:api` (packages/api-types/scripts/generate.mjs, openapi-typescript);
 * `npm run check:api` fails when this file is stale.
 */

export interface paths {
    "/fotoweb/views/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with user name and password
         * @description Checks the credentials with the DAM (OAuth password grant through the BFF's confidential client), starts a
         *     session and answers where to go next. `to` is the return address from the login URL
         *     (`/fotoweb/views/login?to=<path>`, spec 01 §2): a same-origin path starting with `/` (not `//` or `/\`);
         *     anything else is refused with 400, and the answer's `to` defaults to `/fotoweb/`. Needs the CSRF header.
         *
         *     Login limits (nobody can lock another person out; successful logins never count):
         *     - per client address: `MAGPIE_LOGIN_RATE_LIMIT` failed logins a minute (default 10), then 429;
         *     - per (client address, user name): `MAGPIE_LOGIN_ADDRESS_USER_LIMIT` failed logins in 15 minutes
         *       (default 5), then 429 for that pair only;
         *     - per user name (case-insensitive), from any address: never refused. After `MAGPIE_LOGIN_DELAY_AFTER`
         *       failures in 15 minutes (default 5) each login with that name waits before its password is checked:
         *       1 s, then twice as long per further failure, at most 5 s (`MAGPIE_LOGIN_DELAY_MS`,
         *       `MAGPIE_LOGIN_DELAY_MAX_MS`). A browser that logged in as that user before skips the wait: a successful
         *       login sets the device cookie `magpie_device` (encrypted, HttpOnly, SameSite=Strict,
         *       Path=/fotoweb/views/login, 90 days, kept at logout), which stops counting after 10 failures with it.
         *
         *     The DAM is told the person's address, so its own limit (dam.yaml `createToken`) counts each person too;
         *     a 429 from it is answered 429. A wrong password takes as long for an unknown user name as for a known one.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/services/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out
         * @description The descriptor's `services.logout`, answered by the BFF itself: it revokes the session's DAM tokens
         *     (`POST /fotoweb/services/logout` on the DAM), ends the session and clears `magpie_session` (and issues a new
         *     `magpie_csrf`). Answers 204 also when there was no session, so a repeated logout is harmless. Needs the
         *     CSRF header; the body is empty.
         */
        post: operations["logoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fotoweb/views/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the browser has a session
         * @description The SPA's auth check (spec 01 §4 "Session"). Never contains a token. Sets `magpie_csrf` when the browser has
         *     none, so the login form can send the CSRF header.
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The login form. */
        LoginRequest: {
            /** @description No control characters, NUL or lone UTF-16 surrogates (400 `InvalidRequest`). */
            username: string;
            /** @description No NUL or lone UTF-16 surrogates (400 `InvalidRequest`). */
            password: string;
        };
        /** @description Where the SPA should navigate after logging in. */
        LoginResponse: {
            /** @description The validated `to` query parameter, or `/fotoweb/` when none was given. */
            to: string;
        };
        /** @description The session state as the SPA may know it (never a token). */
        Session: {
            authenticated: boolean;
            user?: components["schemas"]["SessionUser"];
        };
        SessionUser: {
            userName: string;
            fullName: string;
        };
        /**
         * @description Magpie's one error body, FotoWeb-style (FotoWeb clients read `value` and `heading` from 4xx bodies,
         *     spec 01 §8). `value` is a stable symbol clients switch on; `message` is for people. Known values:
         *     `InvalidRequest` (400), `InvalidChunk` (400), `InvalidFilename` (400), `Unauthorized` (401), `Forbidden`
         *     (403), `InvalidCsrfToken` (403, BFF), `NotFound` (404), `NotAcceptable` (406), `Conflict` (409),
         *     `DuplicateChunk` (409), `DuplicateAsset` (409), `UploadExpired` (410), `InvalidSearchExpression` (400,
         *     spec 02 §8), `InvalidTaxonomyItem` (400, spec 02 §8), `InvalidTaxonomyFile` (400), `TaxonomyExists` (409),
         *     `TaxonomyItemExists` (409), `PayloadTooLarge` (413), `UploadQuotaExceeded` (413), `UnsupportedMediaType` (415),
         *     `RangeNotSatisfiable` (416), `TooManyRequests` (429), `InternalError` (500), `BadGateway` (502, BFF),
         *     `ServiceUnavailable` (503). Clients must treat unknown values like the status code's generic meaning.
         *
         *     Users and groups (issue 11, spec 03 §8): `UserExists` (409, the username is taken), `GroupExists` (409, the
         *     group name is taken), `out_of_licenses` (409, no seat left at that license level; its `message` contains the
         *     literal `out_of_licenses`, which clients test as spec 03 §8 says), `CircularGroupMembers` (409, from
         *     `updateGroupGroups`), `CircularMemberOf` (409, from `updateGroupMemberOf`), `SiteOwnerProtected` (403, the
         *     site owner cannot be deleted, disabled or expired), `WeakPassword` (400, the password breaks `PASSWORD_RULES`;
         *     the message says how), `WrongPassword` (403, the current password is wrong), `PasswordChangeRequired` (403,
         *     the user must change the password first: every call but the descriptor, keepalive, logout, preferences and
         *     `changeOwnPassword` answers this while `isForcePasswordChangeSet` is true).
         *
         *     Invitations and sign-ups (issue 14): `InvitationNotFound` (404, no invitation has that link), `InvitationRevoked`,
         *     `InvitationUsed`, `InvitationExpired` (410, the link admits nobody any more), `SignupClosed` (403, no open
         *     sign-up without an invitation), `SignupExists` (409, the address already belongs to a user or a pending
         *     sign-up).
         *
         *     Password reset (issue 14): `PasswordResetNotFound` (404, the token names no reset link, or its user may no
         *     longer reset a password), `PasswordResetUsed`, `PasswordResetExpired` (410, the link sets no password any more).
         *
         *     Input refused before any handler (issue 9), by the DAM for every route and by the BFF before forwarding:
         *     a NUL character (U+0000) or a lone UTF-16 surrogate in a path segment, a query value or key, or a string or
         *     key of a JSON or form body, and a JSON body nested deeper than 64 levels of arrays and objects, answer 400
         *     `InvalidRequest` naming the field in `message` and in `issues` (`path` is `path[.<name>]`, `query.<name>`
         *     or `body.<dotted path>`; the DAM's token endpoint answers RFC 6749 `invalid_request`). A URL whose
         *     percent-encoding is not UTF-8 answers 400 `InvalidRequest`; a URL over 8192 characters (BFF) or a path
         *     segment over the server's limit 414 `InvalidRequest`; headers over 16 KiB 431 `InvalidRequest`. Numbers
         *     are checked against the column they are compared with before any SQL: search range values out of range
         *     (`pw`/`ph` whole pixels up to 2147483647, `fs` megabytes up to 8796093022207, dates that exist, years
         *     0001–9999) answer 400 `InvalidSearchExpression`; an `integer` metadata value beyond 32 bits or a `date`
         *     that does not exist is the field's 400 `InvalidRequest`.
         */
        ErrorBody: {
            /**
             * @description The error symbol.
             * @example NotFound
             */
            value: string;
            /** @description A human-readable explanation. */
            message: string;
            /** @description A short title for an error dialog or tooltip. */
            heading?: string;
            /** @description The URL of the resource the error is about, when there is one. */
            href?: string;
            /** @description The request id (also sent as the `X-Request-Id` header) for support and logs. */
            requestId?: string;
            /** @description Field-level problems of a 400 `InvalidRequest`, in request order. */
            issues?: components["schemas"]["ErrorIssue"][];
        };
        /** @description One field-level validation problem. */
        ErrorIssue: {
            /** @description Dotted path of the offending field in the body or query (`metadata.fields.0.id`); empty for the whole body. */
            path: string;
            message: string;
            /** @description The problem's own symbol where a call names several (archive save, spec 03 §8 `name_exists` …). */
            value?: string;
        };
    };
    responses: {
        /** @description `InvalidRequest`: the body, query or path does not have the expected shape; `issues` lists the fields. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `InvalidCsrfToken`: the `X-CSRF-Token` header is missing or does not equal the `magpie_csrf` cookie. */
        InvalidCsrfToken: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "value": "InvalidCsrfToken",
                 *       "heading": "Access denied",
                 *       "message": "The request lacks a valid CSRF token. Reload the page and try again."
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `UnsupportedMediaType`: the body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `TooManyRequests`: too many failed logins from this client address, or for this user name from this address; wait `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description `BadGateway`: the DAM could not be reached. */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /** @description Must equal the `magpie_csrf` cookie (double-submit); required on every unsafe method. */
        CsrfToken: string;
    };
    requestBodies: never;
    headers: {
        /** @description `magpie_session=…; HttpOnly; SameSite=Lax; Path=/[; Secure]` and/or `magpie_csrf=…; SameSite=Strict; Path=/[; Secure]`; at login also `magpie_device=…; Max-Age=7776000; Path=/fotoweb/views/login; HttpOnly; SameSite=Strict[; Secure]`. */
        SetCookie: string;
        /** @description `no-store`. */
        CacheControlNoStore: "no-store";
        /** @description Seconds to wait before trying again. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    login: {
        parameters: {
            query?: {
                /** @description Same-origin path (plus query and hash) to return to after login, at most 2048 characters. */
                to?: string;
            };
            header: {
                /** @description Must equal the `magpie_csrf` cookie (double-submit); required on every unsafe method. */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Logged in. Sets `magpie_session` (HttpOnly, SameSite=Lax), a new `magpie_csrf` and `magpie_device`. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description `Unauthorized`: wrong user name or password (the message does not say which). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "value": "Unauthorized",
                     *       "heading": "Access denied",
                     *       "message": "The user name or password is incorrect."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            403: components["responses"]["InvalidCsrfToken"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
        };
    };
    logoutSession: {
        parameters: {
            query?: never;
            header: {
                /** @description Must equal the `magpie_csrf` cookie (double-submit); required on every unsafe method. */
                "X-CSRF-Token": components["parameters"]["CsrfToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out; the session cookie is cleared. */
            204: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["InvalidCsrfToken"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session state. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetCookie"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
        };
    };
}
