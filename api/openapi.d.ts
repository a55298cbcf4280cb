// Generated from api/openapi.yaml by api/generate-types.ts: do not edit. Run `npm run api:types`.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness probe; checks nothing. */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness probe; 503 while any configured dependency is unavailable. */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI document as JSON. */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account with its personal organization (Free plan) and sign in.
         * @description An address under an organization's enforced single sign-on is answered 403 sso_required, as POST /api/v1/auth/login answers it, and nothing is created. The address of an account an organization's directory (SCIM) created and nobody claimed yet (no password, address not verified) is answered 202: a verification mail is sent, and the password chosen here is set when the mail's token is confirmed at POST /api/v1/auth/email-verification together with that password. One such mail a minute at most (429 with Retry-After).
         */
        post: operations["signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password, and a second factor's code for a person who enabled one.
         * @description For a person with a second factor the right password alone is answered with 401 and
         *     rule second_factor_required; the client asks for a code and repeats the request with
         *     totp_code (the authenticator's current code) or recovery_code (one of the recovery
         *     codes, each usable once). A refused code is answered with the one 401 body of any
         *     credential defect. Codes are limited per person (five attempts in five minutes, 429)
         *     besides the limit per source address.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a refresh token for a new token pair; a refresh token rotates once.
         * @description Presenting the same refresh token again within 10 seconds of its trade (two tabs refreshing at once) answers the same new pair; presenting it later ends the whole session and is audited. A password or social session whose address has come under enforced single sign-on ends here, at its renewal, with the same 401 (an owner's break-glass session goes on while they remain an owner with a second factor).
         *     The token comes in the body (the CLI, API clients) or, from the dashboard, in the cookie sentinel_refresh with no body. A refresh by cookie must carry the header X-Sentinel-Refresh: cookie and an Origin equal to PUBLIC_URL's, as the dashboard's own page sends them, otherwise it is refused with 403 and nothing rotates: no other site can make a browser renew its session. Without a token in either, the one 401.
         */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade the one-time code of a social or SSO sign-in for a session.
         * @description A code works once and for 60 seconds.
         */
        post: operations["exchangeSignInCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the caller's session; its access and refresh tokens stop working at once. */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/social/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The social login providers this deployment configured, for a sign-in page's buttons.
         * @description Each configured provider (github, google) with the address its sign-in starts at; none when the deployment configured none. The same answer for everyone: what the start route already says by answering 302 or 404.
         */
        get: operations["listSocialProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/social/{provider}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Send the browser to a social login provider (github, google) to sign in.
         * @description Answers 302 to the provider's authorization page (authorization code with PKCE; a nonce for OpenID Connect) and sets a signed, HttpOnly cookie holding the flow for ten minutes. A provider the deployment has not configured is 404.
         */
        get: operations["startSocialLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/social/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the provider sends the browser back; ends at the deployment's return page.
         * @description Answers 302 to SIGN_IN_RETURN_URL with `code`, a one-time sign-in code for
         *     POST /api/v1/auth/exchange (60 seconds, once), or with `error`:
         *     - `sso_required`: the address's organization enforces single sign-on;
         *     - `email_not_verified`: the provider did not vouch for an address (GitHub: no verified primary address; Google: email_verified is not true);
         *     - `account_not_verified`: an account with a password holds the address but never verified it; sign in with the password and verify the address first;
         *     - `access_denied`: the person declined at the provider;
         *     - `failed`: anything else (no or a stale flow cookie, a state that does not match, a provider that refused the code).
         *     The person is signed in to the account the provider identity is linked to, else to the
         *     live account of the provider-verified address (linked now), else to a new account with
         *     its personal organization.
         */
        get: operations["completeSocialLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person and the organization this request acts in. */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/active-org": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the organization the person acts in, for all their sessions.
         * @description A preference, not authority; membership is checked on every request. A non-member target gives the standard 404.
         */
        put: operations["setActiveOrganization"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the signed-in person a mail with a link that verifies their address.
         * @description The link carries a single-use token, valid for 24 hours and stored only as its digest; the page it opens confirms it with POST /api/v1/auth/email-verification. One mail a minute at most (429 with Retry-After). The mail is queued with the token and sent by the workers role, tried again for some minutes while the mail relay is unreachable. An address is also verified by signing in through an organization's single sign-on, or by a password reset.
         */
        post: operations["requestEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an address with the token of its verification mail.
         * @description Needs no session: the link may be opened on another device. A token works once, for 24 hours, and only while the account is live and still has the address it was sent to; anything else is the one 401. The token of a signup that claims an account a directory created needs `password`, the one that signup chose, which it then sets; without it, or with another, it is the one 401 and the token stays usable.
         */
        post: operations["confirmEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a link that sets a new password, to the account of an address if there is one.
         * @description Always the same 202, whether or not an account has the address, so the answer tells nobody who has an account; the mail is queued and sent by the workers role. The link (PASSWORD_RESET_URL) carries a single-use token valid for 30 minutes, stored only as its digest; the page it opens confirms it with POST /api/v1/auth/password-reset/confirm. Limited per source address like the other authentication routes, and to 3 requests per address in 15 minutes (429). Nothing is mailed for an address under enforced single sign-on (its organization's identity provider signs it in), except to an owner of that organization with a second factor, who may sign in past enforcement.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the token of a password reset mail.
         * @description Needs no session. Sets the password (the rules of signup), ends every session of the person (their access and refresh tokens stop working), uses the token up, and verifies the address the mail went to. A token works once, for 30 minutes, and only while the account is live and still has that address; anything else is the one 401. For an address under enforced single sign-on the token is used up and the answer is 403 sso_required. Signing in afterwards is a separate step (POST /api/v1/auth/login).
         */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the signed-in person's second factor is enabled; never its secret. */
        get: operations["getSecondFactor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/second-factor/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start enrolling an authenticator app; the response is the only time the secret is shown.
         * @description Answers a new secret and its otpauth:// URI (for a QR code). Nothing changes at
         *     sign-in until the enrolment is confirmed with a code. Starting again replaces an
         *     enrolment still waiting for its code; with a second factor already enabled the
         *     answer is 409 (disable it first).
         */
        post: operations["startTotpEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/second-factor/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable the second factor with a code of the enrolled authenticator; the response is the only time the recovery codes are shown.
         * @description A code that does not verify is 422 with rule second_factor_refused and is recorded
         *     as user.second_factor_refused. 409 when no enrolment waits for a code. Codes are
         *     limited per person (five attempts in five minutes, 429).
         */
        post: operations["confirmTotpEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/second-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable the second factor, with a code of the authenticator or a recovery code.
         * @description Send exactly one of totp_code and recovery_code. A code that does not verify is
         *     422 with rule second_factor_refused and is recorded as user.second_factor_refused;
         *     409 when no second factor is enabled. Codes are limited per person (five attempts
         *     in five minutes, 429).
         */
        post: operations["disableSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's organizations, oldest first. */
        get: operations["listOrganizations"];
        put?: never;
        /** Create an organization on the Free plan; the caller becomes its owner. */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename the organization this request acts in. */
        patch: operations["renameCurrentOrganization"];
        trace?: never;
    };
    "/api/v1/orgs/current/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Schedule the deletion of the organization this request acts in.
         * @description Owners only (organization:delete, which no key can hold). The caller types the
         *     organization's exact name (400 otherwise); a personal organization is refused
         *     (409). The deletion runs 7 days later. Until then the organization is read-only:
         *     every other write answers 409 except cancelling, revoking API keys, removing
         *     members and deleting webhook endpoints; any owner can cancel.
         */
        post: operations["scheduleOrganizationDeletion"];
        /**
         * Cancel the scheduled deletion of the organization this request acts in.
         * @description Any owner, during the grace period. Cancelling when nothing is scheduled answers
         *     the organization unchanged; once the deletion is under way it is 409.
         */
        delete: operations["cancelOrganizationDeletion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The roster of the organization this request acts in. */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member; the API keys they issued keep working.
         * @description Needs every permission of the member's role. The last owner cannot be removed, nor a person from their personal organization (409).
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role.
         * @description Needs every permission of both the member's current role and the new one, so
         *     nobody acts above their own role and only an owner confers owner. The last
         *     owner cannot be demoted, nor a person in their personal organization (409).
         */
        patch: operations["updateMemberRole"];
        trace?: never;
    };
    "/api/v1/me/memberships/{orgId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Leave an organization the caller belongs to.
         * @description Anyone may give up their own membership; it needs no permission, only a browser
         *     session. The last owner cannot leave, nor a person their personal organization
         *     (409). An organization the caller does not belong to is 404. Leaving the acting
         *     organization makes the next request act in the oldest one left.
         */
        delete: operations["leaveOrganization"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The invitations of the organization this request acts in, newest first, in every state; never a token. */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite an address with a role; the response is the only time the token is shown.
         * @description The role is never owner (400) and never above the inviter's own role (403). The
         *     invitation expires after 7 days and holds one of the plan's seats until it is
         *     redeemed, withdrawn or expired: when every seat is taken the request is refused
         *     with 409 and rule seat_limit_reached. An address that belongs to a member, or that
         *     has an invitation that can still be redeemed, is refused with 409. The service
         *     sends no email: hand the token to the person invited yourself.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}": {
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
         * Withdraw an invitation, freeing its seat; withdrawing again gives 204.
         * @description A redeemed invitation cannot be withdrawn (409); remove the member instead.
         */
        delete: operations["withdrawInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join the organization of an invitation addressed to the signed-in person.
         * @description Any signed-in person may present a token; it admits them only when the address
         *     invited is the one they signed up with (compared case-insensitively). An unknown
         *     token and one addressed to someone else give the same 404. Refused with 409 when
         *     the invitation was redeemed, withdrawn or has expired (rule invitation_redeemed,
         *     invitation_withdrawn, invitation_expired), when the caller is a member already,
         *     when whoever invited can no longer confer the role (rule inviter_cannot_confer),
         *     or when the organization holds more seats than its plan has (rule over_seat_limit).
         *     The membership's arrival is invitation. Which organization the caller acts in
         *     afterwards follows the usual rule: the one they chose with PUT /api/v1/me/active-org,
         *     otherwise the oldest they belong to.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/scopes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The scopes an API key may be granted; the single definition of the grantable set. */
        get: operations["listGrantableScopes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API keys of the organization this request acts in, newest first; never the keys themselves. */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Issue an API key; the response is the only time the key is shown.
         * @description The whole request is refused (400, naming each scope and why) if any scope is
         *     unknown, never grantable, or not held by the caller. expires_at is required,
         *     in the future and at most 365 days away.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key; idempotent (an already revoked key gives 204 again). */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workloads of the organization this request acts in, newest first, with their delegation and standing; never a credential.
         * @description standing is active (it may do all it was granted), narrowed (less: its delegator
         *     was demoted, or a scope stopped being grantable), suspended (nothing: its delegator
         *     left the organization), revoked or expired. effective_scopes is what it may do now:
         *     its scopes within its delegator's current role.
         */
        get: operations["listWorkloads"];
        put?: never;
        /**
         * Delegate scopes to a new workload; the response is the only time its credential is shown.
         * @description Only a person delegates: an API key or a workload is refused with 403 before any
         *     permission is consulted. The whole request is refused (400, naming each scope and
         *     why) if any scope is unknown, never grantable, or not held by the caller.
         *     expires_at is required, in the future and at most 365 days away. The workload
         *     presents its credential as `Authorization: Bearer snw_live_...`; at every request
         *     it may do what its scopes and its delegator's role at that moment both allow.
         */
        post: operations["createWorkload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workloads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a workload; idempotent (an already revoked workload gives 204 again). Its credential is refused at once. */
        delete: operations["revokeWorkload"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The identity audit trail of the organization this request acts in, newest first, a page at a time. */
        get: operations["listIdentityAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/sso/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The identity providers of the organization this request acts in, oldest first; never a client secret. */
        get: operations["listSsoProviders"];
        put?: never;
        /**
         * Configure an identity provider (OpenID Connect or SAML 2.0) for the organization.
         * @description Owners only (identity:manage). An organization may have several providers (names are
         *     unique within it). The answer's service_provider block says what to configure at the
         *     identity provider: the redirect URI (OIDC), or the assertion consumer URL, entity id and
         *     metadata URL (SAML). The OIDC client secret is sealed at rest and never returned
         *     (client_secret_set says whether one is held). A provider signs people in only for
         *     addresses in a domain the organization has verified; just-in-time provisioning admits
         *     a first-time person with default_role (never owner) within the plan's seats.
         *     Enforcement (enforced on an enabled provider) makes password and social sign-ins for
         *     addresses in the organization's verified domains answer sso_required.
         */
        post: operations["createSsoProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/sso/providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One identity provider of the organization; never its client secret. */
        get: operations["getSsoProvider"];
        put?: never;
        post?: never;
        /**
         * Remove an identity provider, its pending sign-ins and its SSO groups; deleting again gives 404.
         * @description Roles that its group mappings conferred stay as they are.
         */
        delete: operations["deleteSsoProvider"];
        options?: never;
        head?: never;
        /**
         * Change an identity provider; only the fields sent change (the protocol never does).
         * @description Owners only (identity:manage). Inside oidc or saml, only the settings sent change;
         *     client_secret null removes the secret (the client then authenticates with PKCE alone).
         *     Certificates sent replace the provider's list. A request that changes nothing records nothing.
         */
        patch: operations["updateSsoProvider"];
        trace?: never;
    };
    "/api/v1/auth/sso/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The identity providers that sign in an address, found by its domain.
         * @description Answers the enabled providers of the organization that has verified the address's
         *     domain, and whether that organization enforces single sign-on; an address whose domain
         *     no organization has verified, or whose organization has no enabled provider, answers an
         *     empty list. Nothing about the organization itself is revealed. Limited per source address
         *     with the authentication routes.
         */
        post: operations["discoverSsoProviders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/{providerId}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a sign-in through an identity provider; answers a redirect to it.
         * @description return_to must be one of the deployment's permitted return addresses (SIGN_IN_RETURN_URL or
         *     one of SSO_RETURN_URLS: the same origin and path; a loopback http address may differ in
         *     port), otherwise 400; left out, SIGN_IN_RETURN_URL is used. The sign-in comes back to the OIDC callback or the SAML
         *     assertion consumer and ends in a redirect to return_to carrying either code (a one-time code
         *     for POST /api/v1/auth/exchange) or error (one of not_a_member, seat_limit_reached,
         *     organization_deletion_scheduled, domain_not_verified, email_not_verified, email_missing,
         *     access_denied, sign_in_failed, sign_in_expired, provider_unavailable). An unknown or
         *     disabled provider answers 404.
         *     The answer binds the sign-in to this browser with the cookie sentinel_sso (see the
         *     Set-Cookie header): the way back goes on only in the browser that holds it, and one
         *     without it ends exactly as a forged state does (error sign_in_expired at
         *     SIGN_IN_RETURN_URL). A browser has one sign-in under way at a time: a new start
         *     replaces the cookie.
         *     Limited per source address with the authentication routes.
         */
        get: operations["startSsoSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where an OpenID Connect provider sends the browser back (the redirect URI of every OIDC provider).
         * @description Goes on only when the browser presents the sentinel_sso cookie the start set for this
         *     state (otherwise error sign_in_expired at SIGN_IN_RETURN_URL, as for an unknown state,
         *     recorded as sso.sign_in_unbound in the organization of the sign-in the state names).
         *     Finds the pending sign-in by state (single use, 10 minutes), exchanges the code with
         *     PKCE, validates the ID token (issuer, audience, signature, nonce, expiry) and answers a
         *     redirect to the sign-in's return_to with code or error. Limited per source address with
         *     the authentication routes.
         */
        get: operations["completeOidcSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/{providerId}/saml/acs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The SAML assertion consumer service of a provider (HTTP-POST binding).
         * @description A response that answers a request of ours goes on only when the browser presents the
         *     sentinel_sso cookie the start set for this RelayState. An identity provider posts from
         *     another site, and browsers send no SameSite=Lax cookie with a cross-site POST: a post
         *     without the cookie is answered once with a page (200, text/html) that posts the same
         *     fields again, with relayed=true, from this origin, so that the browser's cookie comes
         *     along. Without the binding the answer is error sign_in_expired at SIGN_IN_RETURN_URL, as
         *     for an unknown RelayState (recorded as sso.sign_in_unbound in the organization of the
         *     sign-in it names). An unsolicited (IdP-initiated) response, answering no request, is
         *     accepted only when the provider's saml.allow_idp_initiated is true, and ends at
         *     SIGN_IN_RETURN_URL.
         *     Finds the pending sign-in by RelayState (single use, 10 minutes) and accepts the
         *     response only when it is signed (the Response or its Assertion) by one of the provider's
         *     certificates, issued by its entity id, addressed to this URL (Recipient, and Destination
         *     when present), for this service provider (Audience), within its validity window (60
         *     seconds of clock skew), in response to the pending request (InResponseTo), and not seen
         *     before. Answers a redirect to the sign-in's return_to with code or error. Limited per
         *     source address with the authentication routes.
         */
        post: operations["consumeSamlAssertion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/{providerId}/saml/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This service's SAML service-provider metadata for a provider, to give the identity provider. */
        get: operations["getSamlServiceProviderMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's claimed domains, newest first (cursor-paginated), each with the TXT record that verifies it. */
        get: operations["listIdentityDomains"];
        put?: never;
        /**
         * Claim a domain; it stays pending until its TXT record is verified.
         * @description Owners only (identity:manage). The domain is taken as typed, trimmed, with one
         *     trailing dot dropped, lower-cased and in its ASCII (punycode) form. Refused with
         *     400: anything that is not a domain name, an address, a public suffix (com, co.uk,
         *     or a shared hosting suffix such as github.io), a name under a suffix the public
         *     DNS does not have, and special-use names (localhost, .local, .localdomain,
         *     .internal, .test, .example, .invalid, .onion, .arpa). A subdomain of a
         *     registrable domain may be claimed. The claim carries a TXT record to publish
         *     at `_sentinel-challenge.<domain>` with the value
         *     `sentinel-domain-verification=<token>`; the token can verify the claim for 7
         *     days. Claiming a domain another organization holds verified is allowed, but
         *     the claim cannot be verified while it does. Claiming a domain this organization
         *     has claimed already is 409. Audited as domain.claimed.
         */
        post: operations["claimIdentityDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/domains/{id}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One claimed domain of the organization, with the TXT record that verifies it. */
        get: operations["getIdentityDomain"];
        put?: never;
        post?: never;
        /**
         * Release a claimed domain, verified or not.
         * @description Owners only (identity:manage). Just-in-time provisioning, SSO enforcement and the
         *     retirement of unverified accounts stop at once for the domain's addresses, and
         *     another organization may then verify it. Audited as domain.released. Allowed
         *     while the organization is scheduled for deletion: it only gives something up.
         */
        delete: operations["releaseIdentityDomain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/domains/{id}/verify": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look the claim's TXT record up and mark the domain verified when it carries the claim's value.
         * @description Owners only (identity:manage). A verified claim is answered as it is, without a
         *     lookup. Refused: 409 with rule verification_token_expired when the claim's token
         *     expired (issue a new one with POST .../token); 409 with rule
         *     domain_verified_elsewhere while another organization holds the domain verified;
         *     422 with rule verification_record_missing when no TXT record at
         *     `_sentinel-challenge.<domain>` carries the claim's value (or the lookup failed),
         *     saying what was found. Audited as domain.verified, or domain.verification_failed
         *     with the reason (repeated failures of one claim are counted per window). The
         *     record must stay published: a verified domain is checked again every day and
         *     lapses back to pending once it has been missing for three days.
         */
        post: operations["verifyIdentityDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/domains/{id}/token": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new verification token for an unverified claim, valid 7 days.
         * @description Owners only (identity:manage). For a claim whose token expired, or whose value
         *     should be replaced; the old value stops verifying at once. A verified domain keeps
         *     its token (409, rule domain_verified). Audited as domain.token_reissued.
         */
        post: operations["reissueIdentityDomainToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/scim-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's SCIM directory tokens, newest first, revoked ones included; never a token. */
        get: operations["listScimTokens"];
        put?: never;
        /**
         * Issue a directory token for this organization; the response is the only time it is shown.
         * @description The directory (Entra ID, Okta, ...) presents it as `Authorization: Bearer snd_live_...` at /api/scim/v2 and acts in this organization. It is stored only as its SHA-256 digest, does not expire, and works until revoked. Owners only (identity:manage), with a browser session.
         */
        post: operations["issueScimToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/scim-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a directory token; idempotent. The directory is refused at once. */
        delete: operations["revokeScimToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/ServiceProviderConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this SCIM service provider supports (RFC 7644 4). */
        get: operations["getScimServiceProviderConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/ResourceTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The resource types: User (with the enterprise extension) and Group. */
        get: operations["listScimResourceTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/ResourceTypes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One resource type: User or Group. */
        get: operations["getScimResourceType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Schemas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The schemas: core User, enterprise User and Group, attribute by attribute. */
        get: operations["listScimSchemas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Schemas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One schema, by its URN. */
        get: operations["getScimSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of the directory's users (ListResponse), filtered, sorted and paged in the database. */
        get: operations["listScimUsers"];
        put?: never;
        /**
         * Create a user.
         * @description A user carrying an email address (its primary email, else the first address, else a userName that is one) stands for the person with that address, who is created when there is none; while active, that person is a member of the organization (arrival directory, role viewer until a mapped group confers another), within the plan's seats (402 past them, and nothing is written). A user created with active false is staged: it holds no seat. An account registered with a password for the address, never verified and never admitted, is retired when the address's domain is verified by this organization (spec 3.2).
         */
        post: operations["createScimUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user. */
        get: operations["getScimUser"];
        /**
         * Replace the user's attributes.
         * @description Every attribute the client may write is replaced; an absent active keeps the user's standing. active false ends the person's membership at once (never refused for seats; the last owner stays, 409); active true again admits them within the seats (402).
         */
        put: operations["replaceScimUser"];
        post?: never;
        /**
         * Delete the user.
         * @description The person's membership ends at once, unless another active user of the directory stands for them.
         */
        delete: operations["deleteScimUser"];
        options?: never;
        head?: never;
        /**
         * Modify the user with PATCH operations (RFC 7644 3.5.2).
         * @description add, replace and remove, with or without a path, filtered paths such as emails[type eq "work"].value; op names in any case and booleans sent as "True"/"False" (as Entra ID sends them) are read. active false ends access at once; active true admits within the seats (402).
         */
        patch: operations["patchScimUser"];
        trace?: never;
    };
    "/api/scim/v2/Groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of the directory's groups (ListResponse), filtered, sorted and paged in the database. */
        get: operations["listScimGroups"];
        put?: never;
        /**
         * Create a group.
         * @description A group confers nothing until an administrator maps it to a role (PATCH /api/v1/identity/groups/{id}); its members are Users of this directory.
         */
        post: operations["createScimGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One group. */
        get: operations["getScimGroup"];
        /**
         * Replace the group's attributes.
         * @description displayName, externalId and members are replaced.
         */
        put: operations["replaceScimGroup"];
        post?: never;
        /**
         * Delete the group.
         * @description Its members lose what the group conferred; the persons keep their memberships.
         */
        delete: operations["deleteScimGroup"];
        options?: never;
        head?: never;
        /**
         * Modify the group with PATCH operations (RFC 7644 3.5.2).
         * @description add, replace and remove, with or without a path, filtered paths such as emails[type eq "work"].value; op names in any case and booleans sent as "True"/"False" (as Entra ID sends them) are read. Members are added and removed by value; a removal of path members carrying the members to remove in value (Entra ID) removes those members only.
         */
        patch: operations["patchScimGroup"];
        trace?: never;
    };
    "/api/v1/identity/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's directory groups, newest first (cursor-paginated).
         * @description A group is listed once an SSO assertion (source sso, per provider) or a SCIM push
         *     (source scim) names it, and confers nothing until it is mapped to a role.
         *     member_count is how many people the directory or the assertions put in it.
         */
        get: operations["listDirectoryGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identity/groups/{id}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One directory group of the organization. */
        get: operations["getDirectoryGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Map the group to a role (never owner), or unmap it with null; effective at once.
         * @description Owners only (identity:manage). In the same transaction every member of the group
         *     whose membership the directory or a just-in-time SSO sign-in brought gets the
         *     highest role their mapped groups confer; owners and memberships that arrived
         *     manually or by invitation are left alone, and a person whose groups confer no
         *     role keeps the role they have (unmapping takes no role away by itself). Later
         *     SSO sign-ins and SCIM pushes apply the mapping to whoever joins the group.
         *     Audited as directory_group.mapped or directory_group.unmapped with the role
         *     changes it made, each also recorded and announced as member.role_changed.
         *     Mapping a group to the role it has changes nothing.
         */
        patch: operations["updateDirectoryGroup"];
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook endpoints of the organization this request acts in, oldest first; never their secrets. */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register an HTTPS endpoint; the response is the only time its signing secret is shown.
         * @description The URL must use https, be at most 2048 characters, carry no credentials,
         *     and neither name nor resolve to a private, loopback, link-local,
         *     carrier-grade-NAT, multicast, reserved, documentation, benchmarking,
         *     unspecified, broadcast, unique-local, site-local or cloud-metadata address
         *     (IPv4 or IPv6, in any notation, including IPv4 embedded in IPv6): such a
         *     destination gives 400 with a message naming the class, also given as
         *     address_class. The address is checked again at every delivery. events
         *     names the event types to receive (see x-webhook-events for each body). An
         *     organization has at most 100 endpoints. Audited as webhook_endpoint.created.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One endpoint; never its secret. */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete the endpoint and its delivery history; nothing more is sent to it.
         * @description Audited as webhook_endpoint.deleted.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change the URL (checked again), the subscribed event types and/or the enabled state.
         * @description Fields left out are unchanged. enabled false disables the endpoint (nothing
         *     is sent to it; its pending deliveries wait). enabled true re-enables it,
         *     clears its consecutive-failure count and makes its waiting deliveries due
         *     at once. Each change is audited (webhook_endpoint.updated, .enabled,
         *     .disabled); a request that changes nothing writes nothing.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the previous one keeps signing for 24 hours.
         * @description Returns the new secret (shown this once) and previous_secret_expires_at.
         *     Until then every delivery carries two signatures, new first. Rotating again
         *     during the overlap ends the older overlap at once (at most two secrets
         *     sign). Audited as webhook_endpoint.secret_rotated.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries of the organization this request acts in, newest first, bounded by limit (not paginated). */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a past delivery's event again to the same endpoint, as a new delivery.
         * @description Creates a pending delivery with a new id, the same event_id and the same
         *     body, attempts counted from zero. The endpoint must be enabled (409
         *     otherwise). Audited as webhook_delivery.redelivered.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The scans of the organization, newest first (cursor-paginated). */
        get: operations["listScans"];
        put?: never;
        /**
         * Queue a scan of a container image.
         * @description The image reference is untrusted: URL schemes, embedded credentials, path traversal, percent-encoding, private, loopback and link-local registries are refused with 400 and a message naming the rule. A software asset's reference (software:<name>[@<version>]) is refused with 400 and the rule software_asset: it has no image to pull, its scans are imports. The asset is created on first sight. When the organization already runs as many scans as its plan allows, the scan waits in state queued; that is not an error.
         */
        post: operations["createScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a scan of an image or a named software asset from a report a pipeline already produced (Trivy JSON, Grype JSON, SARIF 2.1.0) or from an SBOM (CycloneDX 1.4 to 1.7 JSON or XML, SPDX 2.2 or 2.3 JSON or tag-value).
         * @description Runs the report through the same topic and processors as a scan: the answer is the scan in state running; it completes once its findings are recorded. Idempotency as for POST /scans. Imports take no scanning capacity. An SBOM's components become the asset's inventory (GET /assets/{id}/sbom) and are matched by the built-in scanner against the advisory data the service holds, so the scan is the built-in scanner's (scanners: sentinel) and resolves vulnerabilities by absence like a built-in scan; components it cannot match (no package URL, a package type with no advisory ecosystem, an OS release OSV does not name) are counted in package_not_matched warnings. A CycloneDX vulnerability section is recorded too, under the scanner name cyclonedx, and resolves nothing by its absence. SPDX 3.0 is refused.
         */
        post: operations["importScanReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One scan. */
        get: operations["getScan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/findings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The findings of the organization (cursor-paginated). */
        get: operations["listFindings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/findings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One finding with the first 50 events of its timeline, newest first. */
        get: operations["getFinding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Triage, suppress or return a finding to the queue.
         * @description Moves the finding to status triaged (findings:write), suppressed (findings:suppress; reason and expires_at required, the expiry at most 365 days ahead) or open (untriage with findings:write, lifting a suppression with findings:suppress). Legal moves: open and reopened to triaged or suppressed, triaged to open or suppressed, suppressed to open; any other is 400 invalid transition. Status resolved is refused with a message: only a scan that no longer finds the issue resolves it. Asking for the status the finding already has answers it unchanged and records nothing. Each change appends a timeline event naming the actor and emits finding.status_changed. 409 when a scan or another request moved the finding meanwhile.
         */
        patch: operations["updateFinding"];
        trace?: never;
    };
    "/api/v1/findings/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The timeline of a finding, newest first (cursor-paginated). */
        get: operations["listFindingEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{id}/findings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The findings of one asset (cursor-paginated). */
        get: operations["listAssetFindings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/findings/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Triage or suppress up to 1000 findings in one transaction.
         * @description action triage needs findings:write, suppress needs findings:suppress and a suppression with reason and expires_at (at most 365 days ahead); a request-level defect is one 400 and changes nothing. Otherwise 200 with one outcome per finding, in request order: applied, already_applied (it had the status), not_found (missing, or another organization's: identical), invalid_transition (the move is not legal from its status) or conflict (a scan or another request moved it while this one ran). Idempotency as for POST /scans; the fingerprint covers the action, the set of finding ids and the suppression.
         */
        post: operations["bulkUpdateFindings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's assets, newest first by creation (cursor-paginated).
         * @description Ordered by creation time, never by last scan (spec 4.9 rule 5), so a traversal neither repeats nor skips an asset. Archived assets are left out unless archived=include or archived=only. Reading assets needs scans:read: assets are what scans create.
         */
        get: operations["listAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One asset, archived or not. */
        get: operations["getAsset"];
        put?: never;
        post?: never;
        /**
         * Delete an asset with its scans, findings and their timelines, schedule, licence inventory and component inventory.
         * @description Audited as asset.deleted in the identity audit trail and announced as the domain event asset.deleted. A later scan of the same image creates a new asset.
         */
        delete: operations["deleteAsset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an asset with a reason.
         * @description Audited as asset.archived and announced as the domain event asset.archived. The asset leaves the default listing and its schedule queues nothing while it stays archived; scans and imports of it still run and its findings stay. Archiving an archived asset changes nothing and answers it with its original reason.
         */
        post: operations["archiveAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{id}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return an archived asset to use.
         * @description Audited as asset.unarchived and announced as the domain event asset.unarchived. Unarchiving an asset in use changes nothing.
         */
        post: operations["unarchiveAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The asset's schedule; 404 when it has none, the same answer as for an asset that is not yours. */
        get: operations["getAssetSchedule"];
        /**
         * Set the asset's one schedule (idempotent).
         * @description Creates or replaces the schedule; repeating the same request changes nothing and answers the same schedule. The first run is due one interval after the asset's last scan (at once if that has passed); changing the interval recomputes it, changing only the scanners keeps it. Refused with 400 for a digest-pinned asset (rule digest_pinned): its content cannot change, so rescanning it on a timer finds nothing new; and for a named software asset (rule software_asset): there is no image to pull, its scans are imports. Needs scans:create, since the schedule queues scans.
         */
        put: operations["putAssetSchedule"];
        post?: never;
        /** Stop scanning the asset on a schedule; 404 when it has none. */
        delete: operations["deleteAssetSchedule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{id}/vex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's current decisions about the asset, as OpenVEX or CycloneDX VEX.
         * @description One statement per decided finding, from the data alone: the statement an import recorded, while the finding still stands where it put it (a not_affected while the finding stays suppressed with its reason, an under_investigation while it stays triaged; affected and fixed until another statement), and a triage as under_investigation (in_triage). A suppression a person made (accepted risk, with an expiry) is not a statement that the asset is unaffected and is not exported; open and resolved findings have no decision. The product is the asset's image as pkg:oci (its digest the version, repository_url and tag as qualifiers), a named software asset as pkg:generic/<name>@<version> (which an import into a software asset reads as the asset itself), each finding's component a package URL of its ecosystem (pkg:generic where it has none). Justifications cross between the formats by CycloneDX specification discussion 609; a label with no counterpart is left out. The document's identity and time come from the decisions (the same decisions give the same document), its author is the organization's name. Importing the export into an asset with the same findings makes the same decisions.
         */
        get: operations["exportAssetVex"];
        put?: never;
        /**
         * Apply an OpenVEX or CycloneDX VEX document to the asset's findings.
         * @description The document is the body as the format writes it: OpenVEX (@context https://openvex.dev/ns/...) or CycloneDX JSON with vulnerabilities and their analysis (bomFormat CycloneDX). Statements name findings by advisory id or alias and, where they name one, component (a package URL compared with the finding's ecosystem, name and version). The last statement about a finding decides it: not_affected suppresses with the justification label as the reason (a CycloneDX false_positive: its state; without a label, the impact statement) and no expiry; under_investigation (in_triage) triages; affected (exploitable) and fixed (resolved) are recorded, and affected lifts a suppression an earlier not_affected made. Every change is a timeline entry naming the caller, with the document (id, author, timestamp) as actor.source. A statement already in force changes nothing: importing a document twice records it once. Statements that name nothing are warnings. Needs findings:write, and findings:suppress too when the document suppresses or lifts a suppression (checked before anything changes). A resolved finding is left alone (outcome resolved). For this operation the document is about this asset: a product named by an image package URL (pkg:oci, pkg:docker) must be this asset's image (otherwise the statement is a warning, product_not_this_asset); a product named any other way is the asset itself, and a package URL of any other type names a component of it, except that for a named software asset pkg:generic with its name (and version, when given) is the asset itself.
         */
        post: operations["importAssetVex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/vex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply an OpenVEX or CycloneDX VEX document to the organization's assets its products name.
         * @description The document is the body as the format writes it: OpenVEX (@context https://openvex.dev/ns/...) or CycloneDX JSON with vulnerabilities and their analysis (bomFormat CycloneDX). Statements name findings by advisory id or alias and, where they name one, component (a package URL compared with the finding's ecosystem, name and version). The last statement about a finding decides it: not_affected suppresses with the justification label as the reason (a CycloneDX false_positive: its state; without a label, the impact statement) and no expiry; under_investigation (in_triage) triages; affected (exploitable) and fixed (resolved) are recorded, and affected lifts a suppression an earlier not_affected made. Every change is a timeline entry naming the caller, with the document (id, author, timestamp) as actor.source. A statement already in force changes nothing: importing a document twice records it once. Statements that name nothing are warnings. Needs findings:write, and findings:suppress too when the document suppresses or lifts a suppression (checked before anything changes). A resolved finding is left alone (outcome resolved). For this operation each product must be an image package URL: pkg:oci (name the repository's last segment, version the digest, repository_url and tag qualifiers) or pkg:docker, naming every asset of the organization it matches (what it leaves out is not compared); or a named software asset's generic package URL (pkg:generic/<name>@<version>, as the asset's export writes it; without a version, every version). A product named any other way is a warning (product_not_identified); in CycloneDX the BOM's metadata.component is the product and each affects ref a component of it.
         */
        post: operations["importOrganizationVex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{id}/sbom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The asset's inventory as an SBOM (CycloneDX 1.6 JSON or SPDX 2.3 JSON).
         * @description The components of the asset's latest successful built-in scan or SBOM import, with their package URLs, versions, licences, where they were found and their hierarchy. The format is the format parameter, else the first of the two media types the Accept header names, else CycloneDX. 409 when the asset has no inventory yet.
         */
        get: operations["getAssetSbom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/scanners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which finding kinds scans record, per target kind.
         * @description Vulnerabilities are always recorded; secret and misconfiguration findings are off until enabled (spec 1).
         */
        get: operations["getScannerSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn secret or misconfiguration detection on or off for a target kind.
         * @description A merge patch: only the switches named change. Takes effect for scans and imports recorded afterwards. Each switch that changes is audited as scanner_settings.changed. Needs organization:manage (people only, admin and above): it decides what every later scan of the organization stores.
         */
        patch: operations["updateScannerSettings"];
        trace?: never;
    };
    "/api/v1/settings/remediation-sla": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Remediation SLA days per severity.
         * @description The days a finding of each severity may stay open; null is no SLA. Until the
         *     organization sets them: critical 7, high 30, medium 90, low 120, unknown 90, none null.
         */
        get: operations["getRemediationSla"];
        /**
         * Replace the remediation SLA days of every severity.
         * @description Every severity is given: days (1 to 3650) or null for no SLA. The finding-age view
         *     counts by them from the next request on. A change is audited as
         *     remediation_sla.changed naming each severity changed, from and to; a request that
         *     changes nothing writes nothing. Needs organization:manage (people only, admin and
         *     above), like the scanner settings.
         */
        put: operations["updateRemediationSla"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/licenses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The licence inventory of the organization's assets (cursor-paginated).
         * @description What the latest successful scan of each asset reported, one item per package and licence, ordered by licence name. page.stable is false: a new scan of an asset replaces its items. Needs findings:read: licence data is scan evidence read beside findings.
         */
        get: operations["listLicenses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The policies of the organization, newest first, each with its latest version; bounded by limit (not paginated). */
        get: operations["listPolicies"];
        put?: never;
        /**
         * Create a policy with version 1 of its rules; disabled unless enabled is true.
         * @description People only (policies:manage is never granted to an API key). enabled true
         *     enables it and disables the policy enabled before: an organization has at
         *     most one enabled policy, and verdicts use its latest version. Audited as
         *     policy.created (and policy.enabled, policy.disabled).
         */
        post: operations["createPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One policy with its latest version. */
        get: operations["getPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename, describe, enable or disable a policy; its rules change only through a new version.
         * @description Fields left out, or equal to the current value, change nothing and write
         *     nothing. enabled true disables the policy enabled before (at most one is
         *     enabled); enabled false leaves the organization without an enabled policy,
         *     so verdicts answer 409 until one is enabled. Each change is audited
         *     (policy.updated, policy.enabled, policy.disabled).
         */
        patch: operations["updatePolicy"];
        trace?: never;
    };
    "/api/v1/policies/{id}/versions": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** The versions of a policy, newest first; bounded by limit (not paginated). */
        get: operations["listPolicyVersions"];
        put?: never;
        /**
         * Record the next version of the policy's rules (immutable once created).
         * @description Versions are numbered 1, 2, 3... and never change. A verdict already
         *     recorded keeps the version it was evaluated against; verdicts requested
         *     after this use the new version while the policy is enabled. Audited as
         *     policy.version_created.
         */
        post: operations["createPolicyVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One version of a policy, by its number. */
        get: operations["getPolicyVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/{id}/verdict": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate a completed scan against the enabled policy and record the verdict (201), or replay the one recorded (200).
         * @description No body and no idempotency key: a verdict is unique per (scan, policy
         *     version). The first request for the enabled policy's latest version
         *     records it (201); every later one, and every concurrent one that lost the
         *     race, answers the recorded verdict with the same bytes (200). A blocking
         *     verdict is a successful request: branch on blocking (or outcome). The scan's
         *     findings count as they stood when the scan completed; suppressed findings
         *     never block. 409 when the scan is not completed (rule scan_not_completed:
         *     queued, running, partial or failed), when no policy is enabled (rule
         *     no_enabled_policy), or, with Retry-After, while the scan's findings are
         *     still being summarized just after it completed (rule verdict_not_ready:
         *     retry). Announced as verdict.recorded.
         */
        post: operations["requestScanVerdict"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verdicts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recorded verdicts, newest first, optionally of one scan; bounded by limit (not paginated).
         * @description Needs scans:read: a verdict is a result about a scan. Recording one needs verdicts:request.
         */
        get: operations["listVerdicts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verdicts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One verdict, exactly as recorded. */
        get: operations["getVerdict"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/registry-credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The registry credentials of the organization this request acts in, by registry, with their status; never a secret. */
        get: operations["listRegistryCredentials"];
        put?: never;
        /**
         * Store the username and secret scans use for images of one registry; the secret is never returned.
         * @description registry is a host with an optional port, as an image reference names it
         *     (ghcr.io, registry.example.com:5000, [2001:db8::1]:5000): no scheme, path or
         *     user. It is stored lower-cased, and Docker Hub's names (index.docker.io,
         *     registry-1.docker.io, registry.hub.docker.com) as docker.io. An organization
         *     has one credential per registry: a second one for the same registry is 409
         *     (change the first instead). The secret is encrypted at rest and no route
         *     returns it. Scans of images on the registry hand the credential to the
         *     scanner. Audited as registry_credential.created, without the secret.
         */
        post: operations["createRegistryCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/registry-credentials/{id}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One registry credential with its status; never its secret. */
        get: operations["getRegistryCredential"];
        put?: never;
        post?: never;
        /**
         * Delete the credential; scans of its registry run without one from now on.
         * @description Audited as registry_credential.deleted.
         */
        delete: operations["deleteRegistryCredential"];
        options?: never;
        head?: never;
        /**
         * Replace the username and/or rotate the secret.
         * @description Fields left out are unchanged. A secret sent always replaces the stored one.
         *     New values have not been tried yet, so status returns to unused and
         *     last_used_at and last_error to null; a scan that was already running with
         *     the old values records nothing on the new ones. The registry cannot change:
         *     the secret is bound to it (store a credential for the other registry
         *     instead). Audited as registry_credential.updated naming what changed,
         *     without the secret; a request that changes nothing writes nothing.
         */
        patch: operations["updateRegistryCredential"];
        trace?: never;
    };
    "/api/v1/advisories/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The advisory data the built-in scanner matches against, per ecosystem; the same for every organization.
         * @description One entry per ecosystem the deployment synchronizes (ADVISORY_ECOSYSTEMS), then any
         *     other it synchronized before: how many OSV records the service holds, the newest
         *     modified time among them, when a synchronization last ran, succeeded and failed
         *     (with what it said). An ecosystem never synchronized shows 0 records and nulls; a
         *     scan finding no data for an ecosystem says so in its warnings. The records are
         *     public data kept once for all organizations, so any member (scans:read) may read this.
         */
        get: operations["getAdvisoryStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/open-findings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open findings at the end of every bucket, by severity, zero-filled.
         * @description A finding is open while its status is open, triaged or reopened. Each point counts
         *     the findings open at the end of its bucket (the instant `end`, the next bucket's
         *     start), as the analytics store knows them: as_of says how current that is.
         */
        get: operations["getOpenFindingsTrend"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/finding-flow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Findings discovered, resolved and reopened per bucket, by severity, zero-filled.
         * @description discovered counts findings created in the bucket; resolved and reopened count the
         *     transitions to those statuses in it, each under the finding's severity at the time.
         */
        get: operations["getFindingFlow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/remediation-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mean time to remediate by severity, over the window and per bucket (the trend).
         * @description A finding's time to remediate runs from when it was first seen to its resolution,
         *     and counts in the bucket of the resolution. A severity or bucket without a
         *     resolution has resolved 0 and null means.
         */
        get: operations["getRemediationTime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/advisories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Advisories by the number of assets with an open finding of theirs, most first (cursor-paginated).
         * @description Fleet exposure now: every advisory (a vulnerability's advisory id; a secret's or
         *     misconfiguration's rule) with at least one open finding, with its affected assets,
         *     its open findings and the worst severity among them; ties in advisory order. The
         *     counts move as findings change, so page.stable is false. There is no total:
         *     counting every advisory of a large fleet would cost more than the page.
         */
        get: operations["listAdvisoryExposure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/advisories/{advisory}/assets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An advisory id or rule, as GET /api/v1/analytics/advisories lists it. */
                advisory: string;
            };
            cookie?: never;
        };
        /**
         * The assets with an open finding of one advisory, in asset id order (cursor-paginated).
         * @description An advisory is not a resource of the organization: one with no open finding here
         *     (fixed everywhere, unknown, or only another organization's) answers an empty page,
         *     never a 404, and so tells nothing of other organizations.
         */
        get: operations["listAdvisoryAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/finding-age": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open findings by age and severity, and how many are past their severity's SLA.
         * @description Age is whole days from the UTC day a finding was first seen to today (`today`), in
         *     buckets 0-7, 8-30, 31-90, 91-180 and over 180 days. A finding is past its SLA when
         *     its age is more than its severity's SLA days (GET /api/v1/settings/remediation-sla);
         *     a severity without an SLA has none past it.
         */
        get: operations["getFindingAge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/freshness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How far the analytics store runs behind PostgreSQL for the organization.
         * @description as_of is the time of the newest finding change the analytics store holds, and
         *     newest_timeline_entry the newest in PostgreSQL; lag_seconds is the difference in
         *     whole seconds (0 when caught up; null when the store holds nothing yet of an
         *     organization with findings: run `sentinel analytics rebuild`). expected_lag_seconds
         *     is what a healthy feed stays under: the outbox relay's poll, the consumer's fetch
         *     wait and the sink's batch write.
         */
        get: operations["getAnalyticsFreshness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/audit/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's audit records, newest first (cursor-paginated).
         * @description Filters: action, actor (the actor's id), result, subject and a time window
         *     [from, to). Each record carries its own digest and the previous record's; detail
         *     is redacted before it is written.
         */
        get: operations["listAuditRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/audit/integrity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Walks the organization's whole chain and says whether it is intact and where it first breaks.
         * @description Every record's link to the record before it, then its own digest, is recomputed
         *     in order. A broken chain is still 200. The walk writes no audit record.
         */
        get: operations["getAuditIntegrity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/audit/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A window of the chain as an evidence package that can be verified offline (`sentinel audit verify`).
         * @description Records in chain order, at most `limit` (default 1,000, at most 5,000), from
         *     `start` (a previous package's resume_from) within the time window [from, to).
         *     A window holding more is reported truncated with the id to resume from. The
         *     export is itself recorded as audit.evidence.exported. docs/audit-evidence.md
         *     describes the package and its verification.
         */
        get: operations["exportAuditEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's connectors, newest first by creation (cursor-paginated). */
        get: operations["listConnectors"];
        put?: never;
        /**
         * Create a connector of one kind; its endpoint is checked by the connector egress policy.
         * @description enabledCapabilities are drawn from the kind's list (a capability the kind does
         *     not support is 400), settings from the ones that apply to the kind. The
         *     cluster, secrets-manager and tool-server kinds need an endpoint: public HTTPS
         *     on port 443, 6443 or 8443, a host built in for the kind's managed offerings or
         *     allowed by the operator, whose every address is public; the cloud-account and
         *     code-hosting kinds take none (their provider's hosts are built in) and need
         *     accountId or organization instead. credentialsReference is the NAME of an
         *     entry the deployment holds; a value that looks like a secret is 400. A
         *     cloud account gets an externalId generated by the service, to put in the
         *     trust policy of the role it assumes: its entry is a JSON object with
         *     accessKeyId, secretAccessKey, optionally sessionToken and roleArn (a role of
         *     accountId), and nothing else (an entry holding an externalId fails its
         *     synchronizations with configuration_error). Before collecting, a cloud
         *     account's synchronization checks that its credentials belong to accountId
         *     and fails with configuration_error otherwise. Audited as connector.created.
         */
        post: operations["createConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/connectors/{connectorId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One connector of the organization. */
        get: operations["getConnector"];
        put?: never;
        post?: never;
        /**
         * Delete the connector; the identities it found stay in the inventory.
         * @description Audited as connector.deleted.
         */
        delete: operations["deleteConnector"];
        options?: never;
        head?: never;
        /**
         * Update the connector's API-only settings.
         * @description Fields left out are unchanged; the kind and the account or organization a
         *     connector collects never change (that is another connector). The same rules
         *     as at creation apply: capabilities and settings of the kind, the endpoint
         *     checked again by the egress policy, a secret-looking reference refused.
         *     Audited as connector.updated naming what changed; a request that changes
         *     nothing records nothing.
         */
        patch: operations["updateConnector"];
        trace?: never;
    };
    "/nhi/api/v1/credentials/material": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store credential values, encrypted at rest, against an identity already in the inventory; no route returns them.
         * @description values maps each value's name (a letter, then up to 63 letters, digits, '_',
         *     '.' or '-') to the value (for example accessKeyId and secretAccessKey). They are sealed with the service's secret box, bound to the
         *     organization, the identity and the stored row; the answer and the audit
         *     record (credential.material.stored) name the values, never their content.
         *     An identity that is not in the organization's inventory is 404; a removed
         *     identity is 409, as for every operation naming one.
         */
        post: operations["storeCredentialMaterial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/connectors/{connectorId}/synchronizations": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** The connector's synchronization runs, newest first (cursor-paginated). */
        get: operations["listSynchronizations"];
        put?: never;
        /**
         * Queue a synchronization run of the connector.
         * @description The run is queued (state queued) and executed on the worker plane; one run per
         *     connector at a time: a connector with a run queued or running, or a disabled one,
         *     is 409. Audited as collection.sync.requested; the run's end as
         *     collection.sync.completed, collection.sync.partial or collection.sync.failed.
         */
        post: operations["requestSynchronization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/connectors/{connectorId}/synchronizations/{runId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
                runId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One synchronization run of the connector. */
        get: operations["getSynchronization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's inventory of non-human identities, newest first by first sighting (cursor-paginated). */
        get: operations["listIdentities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/identities/{identityId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                identityId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One identity of the inventory. */
        get: operations["getIdentity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/identities/{identityId}/relationships": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                identityId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /**
         * The identity's relationships in both directions, newest first by first sighting (cursor-paginated).
         * @description Edges of the identity's connector that name it, and edges of the organization's connectors of another provider that name it while their own collection holds no identity of that identifier (an edge leaving its provider lands on the identity the other provider's connector collected).
         */
        get: operations["listIdentityRelationships"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/identities/{identityId}/approval": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                identityId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** The approved definition of the identity (404 when it has none). */
        get: operations["getToolApproval"];
        /**
         * Approve the identity's definition, named by the fingerprint reviewed (Organization Admins).
         * @description For identities collected with a definition fingerprint (a tool server's tools,
         *     resources and the server itself). The fingerprint must be the identity's
         *     current one: a definition that changed since it was read is 409, as are a removed
         *     identity and one without a definition. Audited as agent.tool.approved (approving
         *     the approved fingerprint again changes nothing and records nothing); queues an
         *     evaluation, so a tool_definition_changed finding about the new definition is
         *     resolved.
         */
        put: operations["approveToolDefinition"];
        post?: never;
        /**
         * Withdraw the identity's approval (Organization Admins).
         * @description Audited as agent.tool.revoked when there was one; queues an evaluation. 204 also when there was none.
         */
        delete: operations["revokeToolApproval"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/findings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's module findings, newest first by first detection (cursor-paginated).
         * @description A finding's status is shown as of the request: an accepted risk whose end
         *     (riskAcceptedUntil) has passed reads as open from that time, with no reason and
         *     no person behind the change; the status filter matches the status shown.
         */
        get: operations["listNhiFindings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/findings/{findingId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                findingId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One module finding with its identity. */
        get: operations["getNhiFinding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a finding's status (acknowledge, start work, accept a risk, record a false positive, reopen).
         * @description Moves (from the status shown): open to acknowledged, in_progress, risk_accepted
         *     or false_positive; acknowledged to in_progress, risk_accepted or false_positive;
         *     in_progress to risk_accepted or false_positive; risk_accepted to false_positive or
         *     open (reopen); false_positive to open (reopen). Any other move is 409 naming the
         *     moves allowed; a resolved finding moves only by evaluation (it reopens when its
         *     condition holds again). Requesting resolved is 400. Requesting the status the
         *     finding already shows changes nothing and records nothing (200).
         *
         *     A reason is required to accept a risk, record a false positive or reopen;
         *     riskAcceptedUntil (optional, in the future) ends an acceptance, after which the
         *     finding reads as open. Accepting a risk, recording a false positive and reopening
         *     are audited (finding.risk_accepted, finding.false_positive_recorded,
         *     finding.reopened) with the actor and the reason; acknowledging and starting work
         *     are not.
         */
        patch: operations["changeNhiFindingStatus"];
        trace?: never;
    };
    "/nhi/api/v1/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The module's policies with the organization's settings. */
        get: operations["listNhiPolicies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change policies' settings (Organization Admins).
         * @description Each policy named is changed by the members given; the others keep theirs. A
         *     change is audited as policy.updated (one record per policy changed, with the
         *     settings before and after) and queues an evaluation; a request that changes
         *     nothing records nothing.
         */
        patch: operations["updateNhiPolicies"];
        trace?: never;
    };
    "/nhi/api/v1/policies/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate the organization's policies now.
         * @description Brings the findings in line with the inventory as it is: a finding opened for
         *     each identity whose condition holds and has none, reopened when it had been
         *     resolved, resolved when the condition no longer holds (or its policy is
         *     disabled). Audited as policy.evaluated, and each change as finding.opened,
         *     finding.reopened or finding.resolved by the system. The same evaluation runs on
         *     the worker plane after every synchronization the inventory applied and after a
         *     settings or approval change.
         */
        post: operations["evaluateNhiPolicies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/policies/stale_identity/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every active identity with its stale_identity answer (stale, not_stale, not_assessable), newest first by first sighting (cursor-paginated).
         * @description Judged at the time of the request with the organization's thresholds. Last use
         *     is reported only by the cloud-account kind, for roles and access keys (spec 8):
         *     an identity whose last use is not reported is not_assessable. One reported as
         *     never used is stale once its creation (or, with no creation date, its first
         *     sighting) is older than the threshold, and not stale while it is newer; with no
         *     creation date and a first sighting within the threshold its age is unknown
         *     (not_assessable). basis says which rule answered.
         */
        get: operations["getStaleIdentityReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/delegations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's delegations, newest first (cursor-paginated).
         * @description inForce and state are evaluated at the request (spec 3.2): a delegation is in
         *     force from startsAt until endsAt, unless revoked; nothing stored changes when
         *     its end passes. The inForce filter matches that evaluation.
         */
        get: operations["listNhiDelegations"];
        put?: never;
        /**
         * Delegate the caller's governance authority to another member for a period.
         * @description The delegator is the caller. approving may be delegated only by an Organization
         *     Admin (it is their own authority; a delegation of it is not handed on): anyone
         *     else is refused with 403 and a delegation.refused record. reviewing may be
         *     delegated by anyone: it confers only what the delegator holds as a campaign's
         *     named reviewer. startsAt defaults to now (an earlier one is taken as now);
         *     endsAt is required, after startsAt and at most 90 days after it. The delegate is
         *     a member of the organization other than the caller (400 otherwise).
         *     Audited as delegation.created.
         */
        post: operations["createNhiDelegation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/delegations/{delegationId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                delegationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One delegation, its state evaluated now. */
        get: operations["getNhiDelegation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/delegations/{delegationId}/revoke": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                delegationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a delegation now (its delegator or an Organization Admin).
         * @description Anyone else is refused with 403 and a delegation.refused record. A delegation
         *     already revoked, or whose end has passed, is 409. Audited as delegation.revoked.
         */
        post: operations["revokeNhiDelegation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/certification/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's campaigns with their progress, newest first (cursor-paginated).
         * @description state is evaluated at the request: a campaign created, in review or with its
         *     review done whose endsAt has passed reads as ended (nothing stored changes).
         */
        get: operations["listCertificationCampaigns"];
        put?: never;
        /**
         * Open a campaign (state created).
         * @description The scope names connectors, identity kinds and identities (at least one; every
         *     criterion given narrows it); starting the campaign takes the active identities
         *     matching it then. Reviewers are 1 to 20 members of the organization, never the
         *     opener. endsAt is required and in the future; onNoResponse (default keep) is
         *     what closing does to an item nobody answered (revoke opens a remediation).
         *     Audited as certification.campaign.created.
         */
        post: operations["createCertificationCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/certification/campaigns/{campaignId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One campaign with its progress, its state evaluated now. */
        get: operations["getCertificationCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/certification/campaigns/{campaignId}/start": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a created campaign (the active identities in scope become its items).
         * @description One item per identity, each to be answered once. Only a created campaign whose
         *     end has not passed starts (409 otherwise), and one with no active identity in
         *     scope does not (409). Audited as certification.campaign.started.
         */
        post: operations["startCertificationCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/certification/campaigns/{campaignId}/cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a campaign that is created or in review.
         * @description Answers already given, and the remediations they opened, stay. Any other state
         *     is 409. Audited as certification.campaign.cancelled.
         */
        post: operations["cancelCertificationCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/certification/campaigns/{campaignId}/close": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close an active campaign.
         * @description From in_review or review_done (before or after its end): unanswered items take
         *     onNoResponse (revoke opens a remediation, requested by the closer), and the
         *     campaign moves to in_remediation when it holds revoke decisions, else to closed.
         *     From in_remediation: closed. A campaign that is not active (created, closed,
         *     cancelled) is 409. Audited as certification.campaign.closed, and each item
         *     closing decides as certification.item.certified or certification.item.revoked.
         */
        post: operations["closeCertificationCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/certification/campaigns/{campaignId}/items": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** A campaign's items and their decisions, by identity name (cursor-paginated). */
        get: operations["listCertificationItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/certification/campaigns/{campaignId}/items/{itemId}/decision": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
                itemId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer an item keep or revoke, once.
         * @description By a named reviewer, or a delegate of reviewing from one while the delegation is
         *     in force; anyone else is 403 (authz.denied). The campaign's opener is refused
         *     (403, certification.item.self_review.refused), and so is "keep" for an identity
         *     holding a grant in force that the one answering (or the reviewer they act for)
         *     asked for; "revoke" stays allowed. A second answer, or an answer outside the
         *     review (after its end included) is 409. revoke opens a remediation of the
         *     identity, requested by the one answering. Audited as
         *     certification.item.certified or certification.item.revoked (with delegation.used
         *     for a delegate).
         */
        post: operations["decideCertificationItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/remediations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's remediations, newest first by request (cursor-paginated). */
        get: operations["listRemediations"];
        put?: never;
        /**
         * Ask for an action on an identity of the inventory (pending until approved).
         * @description Actions by identity kind: disable_access_key (aws_iam_access_key: IAM
         *     UpdateAccessKey, Status Inactive), delete_service_account_token
         *     (k8s_service_account: deletes its token secrets), revoke_tool_approval (a tool
         *     server's server, tools, resources and templates: withdraws the approved
         *     definition), manual (every kind: recorded for a person to carry out). An action
         *     the identity's kind does not support is 400 naming those it does; an identity
         *     that is not the organization's is 404; a removed one 409. With dryRun the
         *     approved remediation is resolved and its plan recorded (method, provider
         *     operation, target), and the provider is not changed. Audited as
         *     remediation.requested.
         */
        post: operations["createRemediation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/remediations/{remediationId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One remediation with its decisions, plan and outcome. */
        get: operations["getRemediation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/remediations/{remediationId}/approve": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending remediation (an Organization Admin, or a delegate of one; never the requester).
         * @description The route admits every module role; the authority is an Organization Admin's own
         *     or a delegation of approving in force (otherwise 403 and authz.denied). The
         *     person who asked is refused whatever their role (403, separation of duties,
         *     recorded as remediation.self_approval.refused). Each distinct approver counts;
         *     at NHI_APPROVALS_REQUIRED the remediation is approved and carried out after the
         *     approval commits. A remediation no longer pending, or approved by the caller
         *     already, is 409 (of concurrent approvals exactly one wins). Audited as
         *     remediation.approved with its basis.
         */
        post: operations["approveRemediation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/remediations/{remediationId}/reject": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a pending remediation (the same authority as approving; never the requester).
         * @description One rejection ends the request. Refusals as for approving; a remediation no
         *     longer pending is 409. Audited as remediation.rejected.
         */
        post: operations["rejectRemediation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/remediations/{remediationId}/cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw one's own pending remediation.
         * @description Only the person who asked may withdraw it (otherwise 403), and only while it is
         *     pending (otherwise 409). Audited as remediation.cancelled.
         */
        post: operations["cancelRemediation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/remediations/{remediationId}/complete": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a remediation that waited for a person done, with a note.
         * @description For a remediation in manual_required (its action is carried out by a person):
         *     an Organization Admin or the person who asked marks it executed with a note
         *     (anyone else 403; any other status 409). Audited as remediation.executed.
         */
        post: operations["completeRemediation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/runtime/decisions": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        /** The runtime decision log, newest first (cursor-paginated). */
        get: operations["listRuntimeDecisions"];
        put?: never;
        /**
         * May this identity perform this action on this resource now? Allow or deny, always 200, logged.
         * @description Answered, in order: an identity the organization does not have, or an ambiguous
         *     reference, is denied (unknown_identity, ambiguous_identity); a removed identity is
         *     denied (identity_removed); a remediation that took the identity out of use denies
         *     (remediation); an enabled deny rule that matches denies (deny_rule; a rule naming an
         *     open finding holds only for unsettled findings no exception in force exempts, and
         *     the exempted ones are listed as finding_exempted); a grant in force whose actions
         *     and resources cover the question (`*` stands for any run of characters), or an
         *     enabled allow rule that matches, allows (grant, allow_rule); otherwise deny
         *     (no_allowance). Every answer is stored in the decision log; a denial is audited as
         *     runtime.decision.denied, the first per identity in each five minutes, the others
         *     counted into the next record.
         *
         *     For API keys and workloads holding nhi-runtime:decide (the module's one machine
         *     scope), and Organization Admins.
         */
        post: operations["decideRuntimeAccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/runtime/rules": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        /** The organization's runtime rules by name (at most 100, not paginated). */
        get: operations["listRuntimeRules"];
        put?: never;
        /**
         * Create a runtime rule (audited as runtime_rule.created).
         * @description Names are unique in the organization (409); an organization has at most 100 rules
         *     (409). A list twice naming one value, or an allow rule naming an open finding, is
         *     400 with the path of the fault.
         */
        post: operations["createRuntimeRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/runtime/rules/{ruleId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                ruleId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One runtime rule. */
        get: operations["getRuntimeRule"];
        put?: never;
        post?: never;
        /** Delete a runtime rule (audited as runtime_rule.deleted with the rule it was). */
        delete: operations["deleteRuntimeRule"];
        options?: never;
        head?: never;
        /**
         * Change a runtime rule's fields given (audited as runtime_rule.updated, .enabled or .disabled).
         * @description `match` and `when` are replaced whole when given. A change that changes nothing
         *     records nothing.
         */
        patch: operations["updateRuntimeRule"];
        trace?: never;
    };
    "/nhi/api/v1/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's grants, newest request first (cursor-paginated).
         * @description Each grant shows its stored status and inForce, computed at the request: approved,
         *     not revoked, and startsAt <= now < endsAt. Nothing stored changes when a grant's
         *     end passes.
         */
        get: operations["listNhiGrants"];
        put?: never;
        /**
         * Ask that an identity be granted actions on resources for a period.
         * @description identityId is an active identity of the organization's inventory (another
         *     organization's is 404; a removed one is 409). actions (1 to 20, such as s3:GetObject
         *     or tools/call) and resources (1 to 20 patterns, `*` matching any run of characters).
         *     startsAt defaults to now (a past start is read as now); endsAt is after it and at
         *     most 90 days after it. Pending until approved; audited as grant.requested.
         */
        post: operations["requestNhiGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/grants/{grantId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One grant, its stored status and whether it is in force now. */
        get: operations["getNhiGrant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/grants/{grantId}/approve": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending grant (one approval of the NHI_APPROVALS_REQUIRED needed).
         * @description The caller needs approving authority: an Organization Admin's own, or a
         *     delegation of approving from an Organization Admin in force. The person who asked
         *     for the grant never approves it, whatever their role, nor does anyone acting only
         *     through their delegation: 403, recorded as grant.self_approval.refused (a failure).
         *     Without authority: 403, recorded as authz.denied. Approved once the number of
         *     distinct approvers reaches NHI_APPROVALS_REQUIRED; approving twice is 409. A grant
         *     that is no longer pending, or whose end has passed, is 409: of concurrent approvals
         *     exactly one wins. Audited as grant.approved with its basis (own or delegation; a
         *     delegation's use is also recorded as delegation.used).
         */
        post: operations["approveNhiGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/grants/{grantId}/reject": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a pending grant; one rejection ends it.
         * @description Authority and separation of duties as for approving (the requester withdraws
         *     instead: 403, grant.self_approval.refused). A grant that is no longer pending is 409. Audited
         *     as grant.rejected with its basis and the optional reason.
         */
        post: operations["rejectNhiGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/grants/{grantId}/withdraw": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a pending grant (the requester only).
         * @description Only the person who asked may withdraw (anyone else: 403, recorded as
         *     authz.denied); a grant that is no longer pending is 409. Audited as grant.withdrawn.
         */
        post: operations["withdrawNhiGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/grants/{grantId}/revoke": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an approved grant (an Organization Admin or the requester).
         * @description Ends an approved grant now, whether or not its end has passed; removing access is
         *     never refused by separation of duties. Anyone else is 403 (recorded as authz.denied);
         *     a grant that is not approved is 409. Audited as grant.revoked.
         */
        post: operations["revokeNhiGrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/exceptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's exceptions, newest request first (cursor-paginated).
         * @description Each exception shows its stored status and inForce, computed at the request:
         *     approved, not revoked, and before endsAt. Nothing stored changes when its end passes.
         */
        get: operations["listNhiPolicyExceptions"];
        put?: never;
        /**
         * Ask that an identity be exempted from one policy until a date.
         * @description identityId is an active identity of the organization's inventory (another
         *     organization's is 404; a removed one is 409); policy one of the module's
         *     (stale_identity, long_lived_access_key, tool_definition_changed); endsAt in the
         *     future and at most 365 days from now. Pending until approved; in force from its
         *     approval until endsAt. Audited as exception.requested.
         */
        post: operations["requestNhiPolicyException"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/exceptions/{exceptionId}": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** One exception, its stored status and whether it is in force now. */
        get: operations["getNhiPolicyException"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/exceptions/{exceptionId}/approve": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending exception (one approval of the NHI_APPROVALS_REQUIRED needed).
         * @description The caller needs approving authority: an Organization Admin's own, or a
         *     delegation of approving from an Organization Admin in force. The person who asked
         *     for the exception never approves it, whatever their role, nor does anyone acting only
         *     through their delegation: 403, recorded as exception.self_approval.refused (a failure).
         *     Without authority: 403, recorded as authz.denied. Approved once the number of
         *     distinct approvers reaches NHI_APPROVALS_REQUIRED; approving twice is 409. A exception
         *     that is no longer pending, or whose end has passed, is 409: of concurrent approvals
         *     exactly one wins. Audited as exception.approved with its basis (own or delegation; a
         *     delegation's use is also recorded as delegation.used).
         */
        post: operations["approveNhiPolicyException"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/exceptions/{exceptionId}/reject": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a pending exception; one rejection ends it.
         * @description Authority and separation of duties as for approving (the requester withdraws
         *     instead: 403, exception.self_approval.refused). A exception that is no longer pending is 409. Audited
         *     as exception.rejected with its basis and the optional reason.
         */
        post: operations["rejectNhiPolicyException"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/exceptions/{exceptionId}/withdraw": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a pending exception (the requester only).
         * @description Only the person who asked may withdraw (anyone else: 403, recorded as
         *     authz.denied); a exception that is no longer pending is 409. Audited as exception.withdrawn.
         */
        post: operations["withdrawNhiPolicyException"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nhi/api/v1/exceptions/{exceptionId}/revoke": {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an approved exception (an Organization Admin or the requester).
         * @description Ends an approved exception now, whether or not its end has passed; removing access is
         *     never refused by separation of duties. Anyone else is 403 (recorded as authz.denied);
         *     a exception that is not approved is 409. Audited as exception.revoked.
         */
        post: operations["revokeNhiPolicyException"];
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
        Error: {
            /** @description Human-readable message. */
            error: string;
            /**
             * @description Present when useful; never rely on its absence.
             * @enum {string}
             */
            code?: "unauthorized" | "forbidden" | "not_found" | "conflict" | "validation_failed" | "unprocessable" | "rate_limited" | "internal_error" | "sso_required" | "configuration_error" | "unavailable";
            required_scope?: string;
            /** @enum {string} */
            principal?: "user" | "api_key" | "workload";
            problems?: string[];
            /** @description The rule that refused the request, where refusals sharing a code need telling apart (for example digest_pinned; verdict_not_ready, which is worth retrying). */
            rule?: string;
        };
        /** @description The current code of the person's authenticator app (RFC 6238; SHA-1, 6 digits, 30 seconds). */
        TotpCode: string;
        /** @description One of the person's recovery codes, each usable once; hyphens, spaces and case are ignored. */
        RecoveryCode: string;
        Uuid: string;
        Timestamp: string;
        DisplayName: string;
        /**
         * @description Cumulative, highest first; the permissions of each are in docs/decisions/accounts.md.
         * @enum {string}
         */
        Role: "owner" | "admin" | "analyst" | "viewer";
        Plan: {
            code: string;
            name: string;
            /** @description null means unlimited. */
            seats: number | null;
            concurrent_scans: number;
        };
        Organization: {
            id: components["schemas"]["Uuid"];
            name: string;
            plan: components["schemas"]["Plan"];
            /** @description The organization signup created for its person. */
            personal: boolean;
            created_at: string;
            /**
             * @description The scheduled deletion, null when none. Until deletes_at the organization is
             *     read-only (other writes answer 409) and any owner can cancel; then its data is deleted.
             */
            deletion: {
                scheduled_at: components["schemas"]["Timestamp"];
                scheduled_by: components["schemas"]["Uuid"];
                deletes_at: components["schemas"]["Timestamp"];
            } | null;
        };
        /** @description An organization with the caller's role in it. */
        MemberOrganization: components["schemas"]["Organization"] & {
            role: components["schemas"]["Role"];
        };
        /**
         * @description A scanner the workers run: sentinel is the built-in scanner (the image pulled from its registry, its packages matched against the OSV advisory data the service keeps); trivy and grype run the Trivy and Grype binaries installed on the worker (the production image carries both).
         * @enum {string}
         */
        ScannerName: "sentinel" | "trivy" | "grype";
        PageMetadata: {
            page: {
                limit: number;
                /** @description True only when no key of the order can change during a traversal. */
                stable: boolean;
            };
            has_more: boolean;
            /** @description Absent on the last page. */
            next_cursor?: string;
            /** @description The count of the whole filtered set; advisory. Exact up to 10,000 rows; beyond that (or when the database expects well over 10,000) the database's estimate, and total_estimated is true. */
            total: number;
            /**
             * @description Present when total is an estimate (a filtered set of more than 10,000 rows, or one the database expects to be).
             * @enum {boolean}
             */
            total_estimated?: true;
        };
        /** @enum {string} */
        FindingKind: "vulnerability" | "secret" | "misconfiguration";
        /**
         * @description What an endpoint can subscribe to; each type's data is described under x-webhook-events.
         * @enum {string}
         */
        WebhookEventType: "scan.completed" | "scan.failed" | "verdict.recorded" | "finding.created" | "finding.status_changed" | "finding.severity_changed" | "webhook_endpoint.disabled" | "organization.deletion_scheduled" | "organization.deletion_cancelled";
        /**
         * @description Why a scan ran when no one asked for it: continuous matching matched the asset's stored
         *     inventory again because advisories naming one of its packages were added, modified or
         *     withdrawn by an advisory synchronization (trigger advisory_update, the advisory ids,
         *     the first 100 in id order); such a scan resolves only findings of these advisories
         *     (by identifier or alias). Null for scans someone or a schedule asked for. On a
         *     timeline entry (and its finding.* event), the cause of the scan that wrote it; null
         *     for other scans' entries and for people's and the expiry sweep's changes.
         */
        ScanCause: {
            /** @enum {string} */
            trigger: "advisory_update";
            advisories: string[];
        } | null;
        /**
         * @description The data of finding.created, finding.status_changed and finding.severity_changed:
         *     one entry of the finding's timeline (GET /findings/{id}/events), with the finding
         *     it belongs to. Times are UTC with milliseconds.
         */
        FindingTimelineEventData: {
            finding_id: components["schemas"]["Uuid"];
            asset_id: components["schemas"]["Uuid"];
            fingerprint: string;
            /** @description The id of the timeline entry; the same entry is announced once, under this id. */
            timeline_event_id: string;
            /** @description The entry's place in the timeline; orders one finding's entries exactly where their times tie. */
            sequence: number;
            /** @enum {string} */
            kind: "vulnerability" | "secret" | "misconfiguration";
            /** @description The advisory id of a vulnerability, the rule of a secret or misconfiguration. */
            identifier: string;
            /** @description The finding's severity at this entry (after the change, for finding.severity_changed). */
            severity: string;
            /** @description finding.severity_changed only; null on the other two types. */
            from_severity: string | null;
            first_seen_at: components["schemas"]["Timestamp"];
            /** @description When the timeline entry was recorded (the event's own occurred_at is when it was announced). */
            occurred_at: string;
            /** @description The status before; null for finding.created. Equal to `to` for finding.severity_changed. */
            from: string | null;
            to: string;
            /** @description The scan that created, reopened, resolved or re-rated the finding; null for a person's or the expiry sweep's change. */
            scan_id?: string | null;
            /** @description Why, for triage and suppression changes (`suppression expired` for the sweep's). */
            reason?: string | null;
            suppressed_until?: string | null;
            cause?: components["schemas"]["ScanCause"];
        };
        /** @description The effective limit. */
        EffectiveLimit: number;
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        Readiness: {
            /** @enum {string} */
            status: "ready" | "unavailable";
            dependencies: {
                [key: string]: "up" | "down";
            };
        };
        Email: string;
        Password: string;
        Tokens: {
            /** @description Send as Authorization Bearer. Valid for expires_in seconds, and only while the session lasts. */
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            expires_in: number;
            /** @description Works once; trade it at POST /api/v1/auth/refresh. Left out when it was set in the cookie sentinel_refresh. */
            refresh_token?: string;
            refresh_expires_in: number;
        };
        Me: {
            id: components["schemas"]["Uuid"];
            email: string;
            name: string;
            /** @description Whether the person has shown they control the address, by the link of a verification mail or by signing in through an organization's single sign-on. */
            email_verified: boolean;
            acting_organization: components["schemas"]["MemberOrganization"] & {
                permissions: string[];
            };
        };
        SecondFactor: {
            /** @description Sign-in asks for a code. */
            enabled: boolean;
            /** @enum {string|null} */
            method: "totp" | null;
            /** @description When the enrolment was confirmed. */
            enabled_at: string | null;
            /** @description An enrolment waits for its confirming code. */
            enrolment_pending: boolean;
            recovery_codes_remaining: number;
        };
        OrganizationName: {
            name: components["schemas"]["DisplayName"];
        };
        Member: {
            user_id: components["schemas"]["Uuid"];
            email: string;
            name: string;
            role: components["schemas"]["Role"];
            /**
             * @description How the membership arrived; directory means SCIM, jit means just-in-time SSO provisioning.
             * @enum {string}
             */
            arrival: "manual" | "invitation" | "directory" | "jit";
            /** @description The directory (SCIM) manages this membership (arrival directory); change it there. */
            directory_sourced: boolean;
            joined_at: string;
        };
        Invitation: {
            id: components["schemas"]["Uuid"];
            email: string;
            role: components["schemas"]["InvitedRole"];
            /**
             * @description issued holds a seat until it is redeemed, withdrawn or expires.
             * @enum {string}
             */
            state: "issued" | "redeemed" | "withdrawn" | "expired";
            invited_by: components["schemas"]["Uuid"];
            created_at: string;
            expires_at: string;
            redeemed_at: string | null;
            /** @description The person who redeemed it. */
            redeemed_by: string | null;
            withdrawn_at: string | null;
        };
        /**
         * @description Any role but owner, which no invitation offers (spec 5.8).
         * @enum {string}
         */
        InvitedRole: "admin" | "analyst" | "viewer";
        ApiKey: {
            id: components["schemas"]["Uuid"];
            name: string;
            /** @description The first characters of the key, for recognizing it. */
            start: string;
            scopes: string[];
            /** @description The person who issued it (attribution only; the key survives them leaving). */
            created_by: string | null;
            created_at: string;
            expires_at: string;
            /** @description Updated at most once a minute. */
            last_used_at: string | null;
            revoked_at: string | null;
        };
        Workload: {
            id: components["schemas"]["Uuid"];
            name: string;
            /** @description The first characters of the credential, for recognizing it. */
            start: string;
            delegation: {
                delegated_by: components["schemas"]["Uuid"];
                /** @description The delegator's role now (owner, admin, analyst or viewer); null once they have left the organization. */
                delegator_role: string | null;
                /** @description What was delegated. */
                scopes: string[];
                /** @description What the workload may do now (scopes within the delegator's current role); empty when revoked, expired or suspended. */
                effective_scopes: string[];
            };
            /** @enum {string} */
            standing: "active" | "narrowed" | "suspended" | "revoked" | "expired";
            created_at: components["schemas"]["Timestamp"];
            expires_at: components["schemas"]["Timestamp"];
            /** @description Updated at most once a minute. */
            last_acted_at: string | null;
            revoked_at: string | null;
        };
        IdentityAuditEvent: {
            id: components["schemas"]["Uuid"];
            actor: {
                /**
                 * @description system is the service acting on its own, with no request behind it (for example an automatic webhook endpoint disable); directory_token is an organization's SCIM directory acting at /api/scim/v2.
                 * @enum {string}
                 */
                kind: "user" | "api_key" | "workload" | "directory_token" | "system" | "anonymous";
                /** @description The user, API key, workload or directory token id; null for system and anonymous. */
                id: string | null;
            };
            action: string;
            source_ip: string | null;
            user_agent: string | null;
            /** @description The X-Request-ID of the request that caused it. */
            request_id: string | null;
            /** @description Redacted; values of secret-looking keys are replaced. */
            detail: Record<string, unknown>;
            created_at: string;
        };
        SsoProvider: {
            id: components["schemas"]["Uuid"];
            protocol: components["schemas"]["SsoProtocol"];
            name: string;
            enabled: boolean;
            /** @description With enabled, password and social sign-ins for addresses in the organization's verified domains answer sso_required. */
            enforced: boolean;
            jit_provisioning: boolean;
            default_role: components["schemas"]["SsoDefaultRole"];
            oidc: {
                issuer: string;
                client_id: string;
                client_secret_set: boolean;
                scopes: string[];
                groups_claim: string | null;
            } | null;
            saml: {
                idp_entity_id: string;
                sso_url: string;
                certificates: {
                    pem: string;
                    sha256_fingerprint: string;
                    subject: string;
                    not_before: components["schemas"]["Timestamp"];
                    not_after: components["schemas"]["Timestamp"];
                }[];
                /** @description The entity id in force (the one configured, or the metadata URL). */
                sp_entity_id: string;
                groups_attribute: string | null;
                email_attribute: string | null;
                allow_idp_initiated: boolean;
            } | null;
            /** @description What the identity provider's administrator configures there. */
            service_provider: {
                start_url: string;
                /** @description OIDC; the same for every provider of the deployment. */
                redirect_uri?: string;
                /** @description SAML assertion consumer service (HTTP-POST). */
                acs_url?: string;
                /** @description SAML; this service's entity id for the provider (the audience). */
                entity_id?: string;
                /** @description SAML service-provider metadata. */
                metadata_url?: string;
            };
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @enum {string} */
        SsoProtocol: "oidc" | "saml";
        /**
         * @description The role just-in-time provisioning gives; never owner (spec 5.8).
         * @enum {string}
         */
        SsoDefaultRole: "admin" | "analyst" | "viewer";
        SsoProviderInput: components["schemas"]["OidcProviderInput"] | components["schemas"]["SamlProviderInput"];
        OidcProviderInput: {
            /** @enum {string} */
            protocol: "oidc";
            name: components["schemas"]["SsoProviderName"];
            /** @default true */
            enabled: boolean;
            /** @default false */
            enforced: boolean;
            /** @default false */
            jit_provisioning: boolean;
            default_role?: components["schemas"]["SsoDefaultRole"];
            oidc: components["schemas"]["OidcSettingsInput"];
        };
        SsoProviderName: string;
        OidcSettingsInput: {
            issuer: components["schemas"]["OidcIssuer"];
            client_id: components["schemas"]["OidcClientId"];
            client_secret?: components["schemas"]["OidcClientSecret"];
            scopes?: components["schemas"]["OidcScopes"];
            groups_claim?: components["schemas"]["ClaimOrAttributeName"];
        };
        /** @description The issuer identifier; its discovery document is read from <issuer>/.well-known/openid-configuration. https, no query or fragment. */
        OidcIssuer: string;
        OidcClientId: string;
        /** @description Write-only; sealed at rest and never returned. */
        OidcClientSecret: string;
        /** @description Requested scopes; must include openid. Default openid, email, profile. */
        OidcScopes: string[];
        ClaimOrAttributeName: string | null;
        SamlProviderInput: {
            /** @enum {string} */
            protocol: "saml";
            name: components["schemas"]["SsoProviderName"];
            /** @default true */
            enabled: boolean;
            /** @default false */
            enforced: boolean;
            /** @default false */
            jit_provisioning: boolean;
            default_role?: components["schemas"]["SsoDefaultRole"];
            saml: components["schemas"]["SamlSettingsInput"];
        };
        SamlSettingsInput: {
            idp_entity_id: components["schemas"]["SamlEntityId"];
            sso_url: components["schemas"]["SamlSsoUrl"];
            certificates: components["schemas"]["SamlCertificates"];
            /** @description This service's entity id, the audience of the assertions; default the metadata URL. */
            sp_entity_id?: components["schemas"]["SamlEntityId"];
            groups_attribute?: components["schemas"]["ClaimOrAttributeName"];
            /** @description The attribute holding the address; default email (or mail, or the NameID when it is an address). */
            email_attribute?: components["schemas"]["ClaimOrAttributeName"];
            allow_idp_initiated?: components["schemas"]["SamlAllowIdpInitiated"];
        };
        SamlEntityId: string;
        /** @description The identity provider's single sign-on service for the HTTP-Redirect binding; https. */
        SamlSsoUrl: string;
        /** @description The identity provider's signing certificates (PEM, or the base64 body alone); several while it rolls its key over. */
        SamlCertificates: string[];
        /** @description Whether unsolicited (IdP-initiated) responses, which answer no request of this service, are accepted; default false. Such a response cannot be bound to the browser that posts it: anyone holding one, or able to make a browser post one, signs that browser in, so only turn it on for an identity provider whose portal needs it. Accepted ones end at SIGN_IN_RETURN_URL. */
        SamlAllowIdpInitiated: boolean;
        SsoProviderPatch: {
            name?: components["schemas"]["SsoProviderName"];
            enabled?: boolean;
            enforced?: boolean;
            jit_provisioning?: boolean;
            default_role?: components["schemas"]["SsoDefaultRole"];
            oidc?: components["schemas"]["OidcSettingsPatch"];
            saml?: components["schemas"]["SamlSettingsPatch"];
        };
        OidcSettingsPatch: {
            issuer?: components["schemas"]["OidcIssuer"];
            client_id?: components["schemas"]["OidcClientId"];
            /** @description Write-only; null removes the secret. */
            client_secret?: string | null;
            scopes?: components["schemas"]["OidcScopes"];
            groups_claim?: components["schemas"]["ClaimOrAttributeName"];
        };
        SamlSettingsPatch: {
            idp_entity_id?: components["schemas"]["SamlEntityId"];
            sso_url?: components["schemas"]["SamlSsoUrl"];
            certificates?: components["schemas"]["SamlCertificates"];
            /** @description null returns to the default, the metadata URL. */
            sp_entity_id?: string | null;
            groups_attribute?: components["schemas"]["ClaimOrAttributeName"];
            email_attribute?: components["schemas"]["ClaimOrAttributeName"];
            allow_idp_initiated?: components["schemas"]["SamlAllowIdpInitiated"];
        };
        ClaimedDomain: {
            id: components["schemas"]["Uuid"];
            /** @description The domain in its ASCII (punycode) form, lower case. */
            domain: string;
            /**
             * @description pending until verified while its token is valid; expired once the token is past its time (issue a new one); verified.
             * @enum {string}
             */
            state: "pending" | "expired" | "verified";
            /** @description The DNS record that proves the claim. Published in DNS, so not a secret; it must stay published while the domain is verified. */
            verification: {
                /** @enum {string} */
                type: "TXT";
                /** @description _sentinel-challenge.<domain> */
                name: string;
                /** @description sentinel-domain-verification=<token> */
                value: string;
                token_expires_at: components["schemas"]["Timestamp"];
            };
            verified_at: string | null;
            /** @description The last lookup of the record, by a verification or the daily check. */
            last_checked_at: string | null;
            /** @description What the last lookup found wrong; null after a good one. */
            last_check_error: string | null;
            /** @description Failed checks of a verified domain since its last good one. */
            consecutive_failures: number;
            /** @description When the domain last lapsed from verified back to pending because its record was gone. */
            verification_lapsed_at: string | null;
            created_by: string | null;
            created_at: components["schemas"]["Timestamp"];
        };
        DirectoryToken: {
            id: components["schemas"]["Uuid"];
            name: string;
            /** @description The first characters of the token, for recognizing it. */
            start: string;
            created_by: components["schemas"]["Uuid"];
            created_at: components["schemas"]["Timestamp"];
            /** @description Updated at most once a minute. */
            last_used_at: string | null;
            revoked_at: string | null;
        };
        ScimServiceProviderConfig: {
            schemas: string[];
            documentationUri?: string;
            patch: {
                supported: boolean;
            };
            changePassword: {
                supported: boolean;
            };
            sort: {
                supported: boolean;
            };
            etag: {
                supported: boolean;
            };
            bulk: {
                supported: boolean;
                maxOperations: number;
                maxPayloadSize: number;
            };
            filter: {
                supported: boolean;
                maxResults: number;
            };
            authenticationSchemes: {
                type: string;
                name: string;
                description: string;
                primary?: boolean;
            }[];
            meta?: {
                resourceType?: string;
                created?: string;
                lastModified?: string;
                location?: string;
                version?: string;
            };
        };
        ScimError: {
            schemas: "urn:ietf:params:scim:api:messages:2.0:Error"[];
            /** @description The HTTP status, as a string. */
            status: string;
            /** @enum {string} */
            scimType?: "invalidFilter" | "tooMany" | "uniqueness" | "mutability" | "invalidSyntax" | "invalidPath" | "noTarget" | "invalidValue" | "invalidVers" | "sensitive";
            /** @description Human-readable. */
            detail: string;
        };
        ScimDiscoveryList: {
            schemas: "urn:ietf:params:scim:api:messages:2.0:ListResponse"[];
            totalResults: number;
            startIndex: number;
            itemsPerPage: number;
            Resources: {
                schemas: string[];
                id: string;
            }[];
        };
        ScimResourceType: {
            schemas: string[];
            id: string;
            name: string;
            endpoint: string;
            description?: string;
            schema: string;
            schemaExtensions?: {
                schema: string;
                required: boolean;
            }[];
            meta?: {
                resourceType?: string;
                created?: string;
                lastModified?: string;
                location?: string;
                version?: string;
            };
        };
        ScimSchema: {
            schemas: string[];
            id: string;
            name?: string;
            description?: string;
            attributes: {
                name: string;
                type: string;
                multiValued: boolean;
            }[];
            meta?: {
                resourceType?: string;
                created?: string;
                lastModified?: string;
                location?: string;
                version?: string;
            };
        };
        ScimUserList: {
            schemas: "urn:ietf:params:scim:api:messages:2.0:ListResponse"[];
            totalResults: number;
            startIndex: number;
            itemsPerPage: number;
            Resources: components["schemas"]["ScimUser"][];
        };
        ScimUser: {
            schemas: string[];
            id: string;
            externalId?: string;
            userName?: string;
            active?: boolean;
            displayName?: string;
            name?: Record<string, unknown>;
            emails?: Record<string, unknown>[];
            /** @description Read-only: written through the Groups. */
            groups?: {
                value: string;
                display?: string;
                type?: string;
            }[];
            meta?: {
                resourceType?: string;
                created?: string;
                lastModified?: string;
                location?: string;
                version?: string;
            };
        };
        /** @description A User (RFC 7643 4.1) with the enterprise extension (4.3); attribute names are read without case, attributes this service does not support are ignored, and the password is never kept. */
        ScimUserRequest: {
            schemas: string[];
            externalId?: string;
            userName?: string;
            displayName?: string;
            /** @description A boolean; "True" and "False" are read as booleans. */
            active?: boolean | ("true" | "false" | "True" | "False" | "TRUE" | "FALSE");
            name?: {
                formatted?: string;
                familyName?: string;
                givenName?: string;
                middleName?: string;
                honorificPrefix?: string;
                honorificSuffix?: string;
            };
            emails?: {
                value?: string;
                display?: string;
                type?: string;
                /** @description A boolean; "True" and "False" are read as booleans. */
                primary?: boolean | ("true" | "false" | "True" | "False" | "TRUE" | "FALSE");
            }[];
            phoneNumbers?: {
                value?: string;
                display?: string;
                type?: string;
                /** @description A boolean; "True" and "False" are read as booleans. */
                primary?: boolean | ("true" | "false" | "True" | "False" | "TRUE" | "FALSE");
            }[];
            title?: string;
            /** @description Accepted and never kept. */
            password?: string;
        };
        ScimPatchRequest: {
            schemas: string[];
            Operations: {
                /** @description add, replace or remove, in any case. */
                op: string;
                /** @description Left out or null (RFC 7643 section 2.5 makes them the same) for an operation without a path. */
                path?: string | null;
                /** @description Any JSON value. */
                value?: unknown;
            }[];
        };
        ScimGroupList: {
            schemas: "urn:ietf:params:scim:api:messages:2.0:ListResponse"[];
            totalResults: number;
            startIndex: number;
            itemsPerPage: number;
            Resources: components["schemas"]["ScimGroup"][];
        };
        ScimGroup: {
            schemas: string[];
            id: string;
            externalId?: string;
            displayName?: string;
            members?: {
                value: string;
                display?: string;
                type?: string;
            }[];
            meta?: {
                resourceType?: string;
                created?: string;
                lastModified?: string;
                location?: string;
                version?: string;
            };
        };
        /** @description A Group (RFC 7643 4.2) whose members are Users of this directory. */
        ScimGroupRequest: {
            schemas: string[];
            externalId?: string;
            displayName?: string;
            members?: {
                value?: string;
                display?: string;
                type?: string;
            }[];
        };
        /**
         * @description sso, a group an SSO provider's assertions name; scim, a group the directory pushed.
         * @enum {string}
         */
        DirectoryGroupSource: "sso" | "scim";
        DirectoryGroup: {
            id: components["schemas"]["Uuid"];
            source: components["schemas"]["DirectoryGroupSource"];
            /** @description The group's name as the assertion or the directory gives it (SCIM displayName). */
            name: string;
            /** @description The directory's own id of a SCIM group (externalId); null for SSO groups. */
            external_id: string | null;
            /** @description The SSO provider whose assertions name the group; null for SCIM groups. */
            sso_provider_id: string | null;
            role: components["schemas"]["MappedRole"];
            member_count: number;
            /** @description When the current mapping was made; null while unmapped. */
            mapped_at: string | null;
            created_at: components["schemas"]["Timestamp"];
        };
        /**
         * @description The role the group confers, or null for none. Never owner, which no mapping confers (spec 5.8).
         * @enum {string|null}
         */
        MappedRole: "admin" | "analyst" | "viewer" | null;
        /** @description Never carries the signing secret, which only creation and rotation return. */
        WebhookEndpoint: {
            id: components["schemas"]["Uuid"];
            url: components["schemas"]["WebhookUrl"];
            events: components["schemas"]["WebhookEventType"][];
            enabled: boolean;
            /**
             * @description Why a disabled endpoint is disabled; null while enabled.
             * @enum {string|null}
             */
            disabled_reason: "manual" | "consecutive_failures" | null;
            /** @description Failed attempts since the last successful delivery. Automatic disable needs 20 of them spanning 24 hours. */
            consecutive_failures: number;
            /** @description While set, the secret before the last rotation still signs (alongside the new one). */
            previous_secret_expires_at: string | null;
            created_by_user_id: components["schemas"]["Uuid"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description An HTTPS URL of at most 2048 characters whose host neither is nor resolves to a refused address class. */
        WebhookUrl: string;
        /** @description Event types to receive; repeats are ignored. */
        WebhookEventTypes: components["schemas"]["WebhookEventType"][];
        WebhookEndpointWithSecret: components["schemas"]["WebhookEndpoint"] & {
            /** @description The signing secret (docs/webhook-signatures.md). Not retrievable later. */
            secret: string;
        };
        /** @enum {string} */
        WebhookDeliveryStatus: "pending" | "delivering" | "delivered" | "failed";
        WebhookDelivery: {
            id: components["schemas"]["Uuid"];
            endpoint_id: components["schemas"]["Uuid"];
            event_id: components["schemas"]["Uuid"];
            event_type: string;
            status: components["schemas"]["WebhookDeliveryStatus"];
            attempts: number;
            max_attempts: number;
            /** @description When the next attempt is due; null while delivering and once delivered or failed. */
            next_attempt_at: string | null;
            /** @description The receiver's HTTP status at the last attempt; null when no response arrived. */
            response_status: number | null;
            /** @description The start of the receiver's response body at the last attempt, as text (its first 1,024 bytes read as UTF-8, anything undecodable as U+FFFD); null when no response arrived. The receiver wrote it. */
            response_body: string | null;
            duration_ms: number | null;
            /** @description What went wrong at the last attempt. */
            error: string | null;
            /** @description The delivery a manual redelivery repeats. */
            redelivery_of: string | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description os/architecture[/variant] of the image to scan when the reference names an index (a multi-platform image), e.g. linux/arm64 or linux/arm/v7; linux/amd64 by default. */
        ImagePlatform: string;
        Scan: {
            id: components["schemas"]["Uuid"];
            asset_id: components["schemas"]["Uuid"];
            /** @description The normalized image reference; for a named software asset's import, the asset's reference (software:<name>[@<version>]). */
            image: string;
            scanners: string[];
            /**
             * @description scan: asked for; import: a report or SBOM imported; schedule: the asset's schedule; advisory_update: continuous matching matched the asset's stored inventory again after an advisory synchronization changed advisories naming its packages (cause names them).
             * @enum {string}
             */
            source: "scan" | "import" | "schedule" | "advisory_update";
            /**
             * @description queued: waiting for a worker or for capacity. running: scanners running or results being recorded. completed: every scanner succeeded and the findings are recorded (resolution by absence applied). partial: some scanner failed; findings seen were recorded, nothing was resolved. failed: no scanner produced a report; failure_reason says why.
             * @enum {string}
             */
            state: "queued" | "running" | "completed" | "partial" | "failed";
            failure_reason: string | null;
            requested_by: {
                /** @enum {string} */
                kind: "user" | "api_key" | "workload" | "system";
                id: string | null;
            };
            created_at: components["schemas"]["Timestamp"];
            started_at: string | null;
            completed_at: string | null;
            observation_count: number | null;
            completed_kinds: components["schemas"]["FindingKind"][];
            new_findings: number | null;
            reopened_findings: number | null;
            resolved_findings: number | null;
            /** @description What reading the scanner reports changed or left out; empty when nothing. At most 100 are listed; a last warnings_omitted entry counts the rest. */
            warnings: components["schemas"]["ScanWarning"][];
            /** @description The platform asked for (os/architecture[/variant]); null for the default, linux/amd64 (imports have none). */
            platform: string | null;
            /** @description The advisory data the built-in scanner matched against, per OSV ecosystem of the image's packages: the records held and the newest modification time among them when the scan ran. Null for scans the built-in scanner did not run. */
            advisory_data: {
                /** @description The OSV ecosystem (Debian, npm, PyPI, Go…). */
                ecosystem: string;
                /** @description Advisory records held for the ecosystem; 0 when none were ever synchronized (the scan then warns no_advisory_data). */
                records: number;
                last_modified: string | null;
            }[] | null;
            cause: components["schemas"]["ScanCause"];
        };
        ScanWarning: {
            /**
             * @description no_advisory_data: the built-in scanner found packages of an ecosystem for which the service holds no advisory data (sentinel advisories sync loads it): their vulnerabilities are unknown, so the scan resolves no vulnerability. package_not_matched: packages the built-in scanner cannot match (an operating system release it cannot name, a version its ecosystem's order cannot read); count is how many. text_replaced: a field held NUL characters or unpaired surrogates, stored with each replaced by U+FFFD. entry_skipped: an entry the parser leaves out on purpose (a vulnerability the report marks not_affected, a result class that carries no findings). value_not_stored: a value left out of an otherwise recorded finding (a secret match the scanner did not mask). warnings_omitted: the warnings beyond the first 100, counted. kind_not_covered: a kind the organization looks for that the report does not show was scanned (Trivy: no result of its class; Grype: no grype descriptor; SARIF: no result of that kind), so the scan resolves none of its findings. kind_not_enabled: findings of a kind switched off for the target in the scanner settings, dropped; count is how many. The two kind warnings come first and have no where.
             * @enum {string}
             */
            code: "text_replaced" | "entry_skipped" | "value_not_stored" | "warnings_omitted" | "kind_not_covered" | "kind_not_enabled" | "no_advisory_data" | "package_not_matched";
            /** @description The warning in words, naming the entry and the reason. */
            message: string;
            /** @description The place in the report, e.g. Results[0].Vulnerabilities[3].Title; null for warnings_omitted, kind_not_covered and kind_not_enabled. */
            where: string | null;
            /** @description text_replaced: the characters replaced in that field; warnings_omitted: the warnings not listed; kind_not_enabled: the findings dropped; otherwise 1. */
            count: number;
        };
        Finding: {
            id: components["schemas"]["Uuid"];
            asset_id: components["schemas"]["Uuid"];
            /** @description Version prefix, colon, SHA-256 of asset identity, kind and the fields that define the issue. */
            fingerprint: string;
            kind: components["schemas"]["FindingKind"];
            /** @description Advisory id, secret rule or misconfiguration check. */
            identifier: string;
            title: string | null;
            severity: components["schemas"]["Severity"];
            /** @enum {string} */
            fixability: "fixable" | "unfixable" | "unknown";
            status: components["schemas"]["FindingStatus"];
            component_ecosystem: string | null;
            component_name: string | null;
            component_version: string | null;
            install_path: string | null;
            target: string | null;
            /** @description fixed_version, installed_version, cvss_vector, cvss_score, published_at, modified_at, scanner_status, aliases, reported_by (an imported SBOM's vulnerability section and the source it names, e.g. 'cyclonedx: ghsa'; null for a scanner's own match), primary_url; for secrets and misconfigurations also rule, file, line, resolution, cause and match_redacted (a secret only in redacted form). */
            detail: {
                fixed_version: string | null;
            };
            first_seen_at: components["schemas"]["Timestamp"];
            last_seen_at: components["schemas"]["Timestamp"];
            last_seen_scan_id: components["schemas"]["Uuid"];
            suppression: {
                reason: string;
                expires_at: string | null;
            } | null;
            updated_at: components["schemas"]["Timestamp"];
        };
        /**
         * @description unknown: the evidence does not establish a severity; never treated as low.
         * @enum {string}
         */
        Severity: "critical" | "high" | "medium" | "low" | "none" | "unknown";
        /** @enum {string} */
        FindingStatus: "open" | "triaged" | "suppressed" | "resolved" | "reopened";
        FindingEvent: {
            id: components["schemas"]["Uuid"];
            /**
             * @description created: the finding's first sighting; status_changed: triage, suppression, its expiry, resolution by absence, reopening; severity_changed: a scan saw the finding again with another severity while its status stayed (from_status = to_status); vex_statement: a VEX document's statement about the finding was recorded without moving it (affected, fixed, or a new text for a decision in force; from_status = to_status, actor.source names the document). A reopening with another severity is one status_changed entry carrying the new severity.
             * @enum {string}
             */
            type: "created" | "status_changed" | "severity_changed" | "vex_statement";
            /**
             * @description Null on the event that created the finding.
             * @enum {string|null}
             */
            from_status: "open" | "triaged" | "suppressed" | "resolved" | "reopened" | null;
            to_status: components["schemas"]["FindingStatus"];
            /**
             * @description The finding's severity at this entry (after it, for severity_changed). Null on entries recorded before the timeline kept severities.
             * @enum {string|null}
             */
            severity: "critical" | "high" | "medium" | "low" | "none" | "unknown" | null;
            /**
             * @description The severity before the change; set on severity_changed entries only, null on every other.
             * @enum {string|null}
             */
            from_severity: "critical" | "high" | "medium" | "low" | "none" | "unknown" | null;
            scan_id: string | null;
            /** @description Who acted: a person (kind user), a machine (api_key, workload), or the pipeline and the expiry sweep (system); source, the document they acted on (a VEX import), or null. */
            actor: {
                /** @enum {string} */
                kind: "user" | "api_key" | "workload" | "system";
                id: string | null;
                /** @description The VEX document whose statement the entry carries out: its id (OpenVEX @id; CycloneDX serialNumber/version), author and timestamp, and the statement's status in OpenVEX's words. */
                source: {
                    /** @enum {string} */
                    kind: "vex";
                    /** @enum {string} */
                    format: "openvex" | "cyclonedx";
                    document_id: string;
                    author: string | null;
                    timestamp: string | null;
                    /** @enum {string} */
                    vex_status: "not_affected" | "affected" | "fixed" | "under_investigation";
                } | null;
            };
            /** @description The person who asked; null for machines and the system. */
            requested_by: string | null;
            /** @description The person who suppressed; null unless a person suppressed. */
            suppressed_by: string | null;
            reason: string | null;
            suppressed_until: string | null;
            cause: components["schemas"]["ScanCause"];
            occurred_at: components["schemas"]["Timestamp"];
        };
        /** @description reason and expires_at are required for status suppressed; expires_at is refused with any other status, where reason is an optional note. */
        FindingStatusChange: {
            status: components["schemas"]["FindingStatus"];
            reason?: components["schemas"]["TriageReason"];
            expires_at?: components["schemas"]["SuppressionExpiry"];
        };
        /** @description Why; recorded on the timeline event (and kept on the finding while it is suppressed). */
        TriageReason: string;
        /** @description When the suppression ends; in the future and at most 365 days ahead. The expiry sweep then returns the finding to open. */
        SuppressionExpiry: string;
        BulkFindingsRequest: {
            /** @enum {string} */
            action: "triage" | "suppress";
            finding_ids: components["schemas"]["Uuid"][];
            /** @description Required for action suppress, refused for triage. */
            suppression?: {
                reason?: components["schemas"]["TriageReason"];
                expires_at?: components["schemas"]["SuppressionExpiry"];
            };
            /** @description The Idempotency-Key for clients that cannot set headers; must equal the header when both are sent. */
            idempotency_key?: string;
        };
        BulkFindingsResult: {
            /** @enum {string} */
            action: "triage" | "suppress";
            counts: {
                applied: number;
                already_applied: number;
                not_found: number;
                invalid_transition: number;
                conflict: number;
            };
            /** @description One per requested finding, in request order. */
            results: components["schemas"]["BulkFindingOutcome"][];
        };
        /** @description status is the finding's status as this request left it; absent for not_found and conflict. */
        BulkFindingOutcome: {
            finding_id: components["schemas"]["Uuid"];
            /** @enum {string} */
            outcome: "applied" | "already_applied" | "not_found" | "invalid_transition" | "conflict";
            status?: components["schemas"]["FindingStatus"];
        };
        Asset: {
            id: components["schemas"]["Uuid"];
            /**
             * @description image: a container image, scanned by pulling it or from imported reports; software: a named software asset, known only from imported SBOMs and reports.
             * @enum {string}
             */
            kind: "image" | "software";
            /** @description The asset's identity: registry/repository@digest when pinned, otherwise registry/repository:tag; for a software asset software:<name>[@<version>], each part percent-encoded. */
            reference: string;
            /** @description A software asset's name; null for an image. */
            name: string | null;
            /** @description A software asset's version; null for an image and for software named without one. */
            version: string | null;
            /** @description An image's registry; null for a software asset. */
            registry: string | null;
            /** @description An image's repository; null for a software asset. */
            repository: string | null;
            tag: string | null;
            digest: string | null;
            /** @description True when a digest pins the content (distinct from a tag-referenced asset of the same repository). */
            pinned: boolean;
            created_at: components["schemas"]["Timestamp"];
            /** @description When the latest scan of the asset completed; null before any did. */
            last_scanned_at: string | null;
            /** @description Null while the asset is in use. */
            archived_at: string | null;
            archive_reason: string | null;
            /** @description The asset's findings still to be dealt with (open, triaged or reopened; not suppressed or resolved), per severity, counted when read. */
            open_findings: {
                critical: number;
                high: number;
                medium: number;
                low: number;
                none: number;
                unknown: number;
            };
        };
        AssetSchedule: {
            asset_id: components["schemas"]["Uuid"];
            interval_hours: number;
            scanners: components["schemas"]["ScannerName"][];
            next_run_at: components["schemas"]["Timestamp"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description An OpenVEX document (https://github.com/openvex/spec) or a CycloneDX BOM with vulnerabilities (https://cyclonedx.org/capabilities/vex/), as JSON. Checked by the service against each format's vocabularies (statuses, justifications, analysis states and responses) for the fields it reads; at most 5,000 statements, 1,000 products or affects per statement, 1,000 subcomponents per product, 50,000 named pairs and 50,000 components, texts of 10,000 characters; and, as for every request body, 10 MiB, 100,000 members and 64 levels. */
        VexDocument: Record<string, unknown>;
        VexImportResult: {
            /** @enum {string} */
            format: "openvex" | "cyclonedx";
            /** @description What the timeline entries name as their source: OpenVEX's @id, author and timestamp; CycloneDX's serialNumber/version (the SHA-256 of the document without one), its metadata's first author (or manufacturer, supplier) and timestamp. */
            document: {
                id: string;
                author: string | null;
                timestamp: string | null;
            };
            /** @description Statements read from the document, skipped ones included. */
            statements: number;
            counts: {
                applied: number;
                recorded: number;
                unchanged: number;
                resolved: number;
                conflict: number;
                /** @description Every warning, also those past the 1,000 listed. */
                warnings: number;
            };
            /** @description One per finding the document decides (the first 10,000; counts has them all), in no particular order: applied (its status moved), recorded (the statement is recorded, its status stays), unchanged (the statement was already in force), resolved (left alone: a scan found it gone), conflict (a scan or a request moved it while the import ran; import again). */
            results: {
                finding_id: components["schemas"]["Uuid"];
                asset_id: components["schemas"]["Uuid"];
                /** @description The finding's advisory id. */
                vulnerability: string;
                /** @enum {string} */
                vex_status: "not_affected" | "affected" | "fixed" | "under_investigation";
                /** @enum {string} */
                outcome: "applied" | "recorded" | "unchanged" | "resolved" | "conflict";
                /**
                 * @description The finding's status as the import left it; absent for a conflict.
                 * @enum {string}
                 */
                status?: "open" | "triaged" | "suppressed" | "resolved" | "reopened";
            }[];
            /** @description Statements, or parts of them, that name nothing or could not be used, each with the statement's JSON pointer: names_nothing_in_inventory (no finding matches its vulnerability and product; for a product naming a package, the message says whether the package is in the inventory of the assets named, their latest built-in scan or SBOM import), product_not_this_asset, product_not_identified, unresolved_reference (a CycloneDX affects ref to nothing the BOM describes), not_affected_without_justification (neither a justification nor an impact statement: not applied), statement_skipped (a CycloneDX vulnerability without analysis.state). */
            warnings: {
                statement: string;
                /** @enum {string} */
                code: "names_nothing_in_inventory" | "product_not_this_asset" | "product_not_identified" | "unresolved_reference" | "not_affected_without_justification" | "statement_skipped";
                message: string;
            }[];
        };
        ScannerSettings: {
            target_kinds: {
                /** @enum {string} */
                target_kind: "container_image";
                /**
                 * @description Always recorded.
                 * @enum {boolean}
                 */
                vulnerabilities: true;
                secrets: boolean;
                misconfigurations: boolean;
            }[];
        };
        ScannerSwitches: {
            secrets?: boolean;
            misconfigurations?: boolean;
        };
        RemediationSla: {
            sla_days: components["schemas"]["SlaDays"];
        };
        /** @description Days per severity, 1 to 3650; null is no SLA. */
        SlaDays: {
            critical: number | null;
            high: number | null;
            medium: number | null;
            unknown: number | null;
            low: number | null;
            none: number | null;
        };
        License: {
            id: components["schemas"]["Uuid"];
            license: string;
            asset_id: components["schemas"]["Uuid"];
            scan_id: components["schemas"]["Uuid"];
            package: string | null;
            version: string | null;
            ecosystem: string | null;
            path: string | null;
        };
        Policy: {
            id: components["schemas"]["Uuid"];
            name: string;
            description: string | null;
            /** @description At most one policy of an organization is enabled; verdicts use its latest version. */
            enabled: boolean;
            latest_version: components["schemas"]["PolicyVersion"];
            created_by: components["schemas"]["Uuid"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        PolicyVersion: {
            id: components["schemas"]["Uuid"];
            policy_id: components["schemas"]["Uuid"];
            version: number;
            rules: components["schemas"]["PolicyRules"];
            created_by: components["schemas"]["Uuid"];
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description Every rule is evaluated and reported with its match count; rule names are unique within a version. */
        PolicyRules: components["schemas"]["PolicyRule"][];
        PolicyRule: {
            name: string;
            /**
             * @description block makes the verdict blocking when the rule matches any finding; warn only reports the match count.
             * @enum {string}
             */
            effect: "block" | "warn";
            /** @description Conditions a finding must all meet (AND). Empty matches every finding of the scan that is not suppressed. Suppressed findings never reach a rule, whatever it says. */
            when: components["schemas"]["PolicyCondition"][];
        };
        /**
         * @description One test of a finding: field, op and value, each field with its own
         *     operators and value type (the field selects the schema).
         */
        PolicyCondition: components["schemas"]["PolicyConditionKind"] | components["schemas"]["PolicyConditionSeverity"] | components["schemas"]["PolicyConditionFixability"] | components["schemas"]["PolicyConditionStatus"] | components["schemas"]["PolicyConditionCvss"] | components["schemas"]["PolicyConditionFirstSeenAge"] | components["schemas"]["PolicyConditionAdvisory"] | components["schemas"]["PolicyConditionComponent"];
        /** @description The finding's kind is one of these. */
        PolicyConditionKind: {
            /** @enum {string} */
            field: "kind";
            /** @enum {string} */
            op: "in";
            value: ("vulnerability" | "secret" | "misconfiguration")[];
        };
        /** @description at_least a threshold, which an unknown severity always meets (unknown is never treated as low); or in a list, where unknown matches only when listed. */
        PolicyConditionSeverity: {
            /** @enum {string} */
            field: "severity";
        } & (components["schemas"]["PolicyConditionSeverityAtLeast"] | components["schemas"]["PolicyConditionSeverityIn"]);
        PolicyConditionSeverityAtLeast: {
            /** @enum {string} */
            field: "severity";
            /** @enum {string} */
            op: "at_least";
            /** @enum {string} */
            value: "critical" | "high" | "medium" | "low" | "none";
        };
        PolicyConditionSeverityIn: {
            /** @enum {string} */
            field: "severity";
            /** @enum {string} */
            op: "in";
            value: ("critical" | "high" | "medium" | "low" | "none" | "unknown")[];
        };
        /** @description The finding's fixability is one of these (unfixable is valid though no scanner asserts it today). */
        PolicyConditionFixability: {
            /** @enum {string} */
            field: "fixability";
            /** @enum {string} */
            op: "in";
            value: ("fixable" | "unfixable" | "unknown")[];
        };
        /** @description The finding's status when the scan completed is one of these (suppressed findings never reach a rule). */
        PolicyConditionStatus: {
            /** @enum {string} */
            field: "status";
            /** @enum {string} */
            op: "in";
            value: ("open" | "triaged" | "reopened")[];
        };
        /** @description The CVSS score is at least this; a finding without a score never matches. */
        PolicyConditionCvss: {
            /** @enum {string} */
            field: "cvss";
            /** @enum {string} */
            op: "at_least";
            value: number;
        };
        /** @description Whole days from the finding's first sighting to the scan's completion are at least this. */
        PolicyConditionFirstSeenAge: {
            /** @enum {string} */
            field: "first_seen_age_days";
            /** @enum {string} */
            op: "at_least";
            value: number;
        };
        /** @description The finding's identifier or one of its aliases is one of these, compared case-insensitively. */
        PolicyConditionAdvisory: {
            /** @enum {string} */
            field: "advisory";
            /** @enum {string} */
            op: "in";
            value: string[];
        };
        /** @description The finding's component (package) name is one of these, exactly. */
        PolicyConditionComponent: {
            /** @enum {string} */
            field: "component";
            /** @enum {string} */
            op: "in";
            value: string[];
        };
        PolicyName: string;
        PolicyDescription: string | null;
        /** @description Immutable. Every later read of it (replay, GET) answers the same bytes. */
        Verdict: {
            id: components["schemas"]["Uuid"];
            scan_id: components["schemas"]["Uuid"];
            asset_id: components["schemas"]["Uuid"];
            /** @description The policy as it was when the verdict was recorded. */
            policy: {
                id: components["schemas"]["Uuid"];
                name: string;
                version: number;
            };
            policy_version_id: components["schemas"]["Uuid"];
            /** @description True when any block rule matched at least one finding. */
            blocking: boolean;
            /**
             * @description fail exactly when blocking.
             * @enum {string}
             */
            outcome: "pass" | "fail";
            /** @description The scan's findings the rules were applied to (all but the suppressed). */
            evaluated_findings: number;
            /** @description The scan's findings that were suppressed when it completed, set aside before any rule. */
            suppressed_findings: number;
            /** @description Every rule of the policy version, in its order. */
            rules: {
                name: string;
                /** @enum {string} */
                effect: "block" | "warn";
                match_count: number;
                /** @description effect block and match_count above 0. */
                blocking: boolean;
            }[];
            /** @description Who recorded it; a machine is never recorded as a person. */
            requested_by: {
                /** @enum {string} */
                kind: "user" | "api_key" | "workload" | "system";
                id: string | null;
            };
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description Never carries the secret. */
        RegistryCredential: {
            id: components["schemas"]["Uuid"];
            /** @description The normalized host[:port] the credential is for. */
            registry: string;
            username: components["schemas"]["RegistryUsername"];
            /**
             * @description unused until a scan uses it (or since its last change); then whether the latest scanner run that used it succeeded.
             * @enum {string}
             */
            status: "unused" | "ok" | "failed";
            /** @description When the latest scanner run that used it started. */
            last_used_at: string | null;
            /** @description The scanner's complaint when that run failed (for example the registry's refusal); null otherwise. */
            last_error: string | null;
            created_by_user_id: components["schemas"]["Uuid"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description The user the registry knows (for some registries a fixed name such as AWS or _json_key). */
        RegistryUsername: string;
        /** @description The password or access token. Encrypted at rest; no route returns it. */
        RegistrySecret: string;
        AdvisoryEcosystemStatus: {
            /**
             * @description The OSV ecosystem (Debian, npm, PyPI...); records of its releases (Debian:12) are kept under it.
             * @example Debian
             */
            ecosystem: string;
            /** @description Whether ADVISORY_ECOSYSTEMS names it (false for data kept from an earlier configuration). */
            configured: boolean;
            /** @description Where its records came from; null before any synchronization. */
            source: string | null;
            /** @description OSV records held, withdrawn ones included. */
            records: number;
            /**
             * Format: date-time
             * @description The newest modified time of the records held, as of the last synchronization that finished.
             */
            last_modified: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** Format: date-time */
            last_success_at: string | null;
            /** @description What the last synchronization that failed said; cleared by the next success. */
            last_error: string | null;
            /** Format: date-time */
            last_error_at: string | null;
        };
        OpenFindingsView: {
            as_of: components["schemas"]["AnalyticsAsOf"];
            window: components["schemas"]["AnalyticsWindow"];
            filters: components["schemas"]["AnalyticsFilters"];
            series: {
                bucket: components["schemas"]["AnalyticsDay"];
                end: components["schemas"]["AnalyticsDay"];
                by_severity: components["schemas"]["SeverityCounts"];
                total: number;
            }[];
        };
        /** @description The time of the newest finding change the analytics store holds for the organization; null when it holds none. */
        AnalyticsAsOf: string | null;
        /** @description The window counted, aligned to whole buckets (from inclusive, to exclusive), and the one asked for. */
        AnalyticsWindow: {
            from: components["schemas"]["AnalyticsDay"];
            to: components["schemas"]["AnalyticsDay"];
            /** @enum {string} */
            bucket: "day" | "week" | "month";
            requested_from: components["schemas"]["AnalyticsDay"];
            requested_to: components["schemas"]["AnalyticsDay"];
            /** @description True when from or to moved to a bucket boundary. */
            aligned: boolean;
        };
        AnalyticsDay: string;
        /** @description The filters applied, sorted; null where none. */
        AnalyticsFilters: {
            severity: string[] | null;
            kind: string[] | null;
            asset_id: string | null;
        };
        /** @description A count per severity reported (every one, or those of the severity filter). */
        SeverityCounts: {
            critical?: number;
            high?: number;
            medium?: number;
            unknown?: number;
            low?: number;
            none?: number;
        };
        FindingFlowView: {
            as_of: components["schemas"]["AnalyticsAsOf"];
            window: components["schemas"]["AnalyticsWindow"];
            filters: components["schemas"]["AnalyticsFilters"];
            series: {
                bucket: components["schemas"]["AnalyticsDay"];
                by_severity: components["schemas"]["SeverityFlowCounts"];
                total: components["schemas"]["FlowCounts"];
            }[];
        };
        /** @description Flow counts per severity reported. */
        SeverityFlowCounts: {
            critical?: components["schemas"]["FlowCounts"];
            high?: components["schemas"]["FlowCounts"];
            medium?: components["schemas"]["FlowCounts"];
            unknown?: components["schemas"]["FlowCounts"];
            low?: components["schemas"]["FlowCounts"];
            none?: components["schemas"]["FlowCounts"];
        };
        FlowCounts: {
            discovered: number;
            resolved: number;
            reopened: number;
        };
        RemediationTimeView: {
            as_of: components["schemas"]["AnalyticsAsOf"];
            window: components["schemas"]["AnalyticsWindow"];
            filters: components["schemas"]["AnalyticsFilters"];
            overall: {
                by_severity: components["schemas"]["SeverityRemediationMeans"];
                all: components["schemas"]["RemediationMean"];
            };
            series: {
                bucket: components["schemas"]["AnalyticsDay"];
                by_severity: components["schemas"]["SeverityRemediationMeans"];
                all: components["schemas"]["RemediationMean"];
            }[];
        };
        /** @description Means per severity reported. */
        SeverityRemediationMeans: {
            critical?: components["schemas"]["RemediationMean"];
            high?: components["schemas"]["RemediationMean"];
            medium?: components["schemas"]["RemediationMean"];
            unknown?: components["schemas"]["RemediationMean"];
            low?: components["schemas"]["RemediationMean"];
            none?: components["schemas"]["RemediationMean"];
        };
        RemediationMean: {
            resolved: number;
            mean_seconds: number | null;
            /** @description mean_seconds in days, to two decimals. */
            mean_days: number | null;
        };
        AdvisoryExposurePage: {
            as_of: components["schemas"]["AnalyticsAsOf"];
            filters: components["schemas"]["AnalyticsFilters"];
            items: {
                advisory: string;
                /** @description Assets with at least one open finding of the advisory. */
                assets: number;
                open_findings: number;
                worst_severity: string;
            }[];
            page: components["schemas"]["AnalyticsPageInfo"];
            has_more: boolean;
            /** @description Absent on the last page. */
            next_cursor?: string;
        };
        AnalyticsPageInfo: {
            limit: number;
            /** @description Always false here; the counts move as findings change. */
            stable: boolean;
        };
        AdvisoryAssetsPage: {
            as_of: components["schemas"]["AnalyticsAsOf"];
            filters: components["schemas"]["AnalyticsFilters"];
            items: {
                asset_id: components["schemas"]["Uuid"];
                open_findings: number;
                worst_severity: string;
                first_seen_at: components["schemas"]["Timestamp"];
            }[];
            page: components["schemas"]["AnalyticsPageInfo"];
            has_more: boolean;
            /** @description Absent on the last page. */
            next_cursor?: string;
        };
        FindingAgeView: {
            as_of: components["schemas"]["AnalyticsAsOf"];
            today: components["schemas"]["AnalyticsDay"];
            filters: components["schemas"]["AnalyticsFilters"];
            by_severity: components["schemas"]["SeverityFindingAges"];
        };
        /** @description Ages per severity reported. */
        SeverityFindingAges: {
            critical?: components["schemas"]["FindingAges"];
            high?: components["schemas"]["FindingAges"];
            medium?: components["schemas"]["FindingAges"];
            unknown?: components["schemas"]["FindingAges"];
            low?: components["schemas"]["FindingAges"];
            none?: components["schemas"]["FindingAges"];
        };
        FindingAges: {
            open: number;
            ages: {
                days_0_7: number;
                days_8_30: number;
                days_31_90: number;
                days_91_180: number;
                days_over_180: number;
            };
            sla_days: number | null;
            past_sla: number;
        };
        AnalyticsFreshness: {
            as_of: components["schemas"]["AnalyticsAsOf"];
            newest_timeline_entry: string | null;
            lag_seconds: number | null;
            expected_lag_seconds: number;
        };
        /** @enum {string} */
        AuditResult: "success" | "failure";
        AuditRecord: {
            id: components["schemas"]["Uuid"];
            /** @description The record's position in its organization's chain. */
            sequence: number;
            actor: components["schemas"]["AuditActor"];
            action: string;
            subject: string | null;
            result: components["schemas"]["AuditResult"];
            /** @description UTC with microseconds, exactly as digested, e.g. 2026-11-24T09:45:42.123456Z. */
            occurred_at: string;
            source_address: string | null;
            /** @description The request id (X-Request-ID) of the request that acted. */
            correlation_id: string | null;
            detail: {
                [key: string]: unknown;
            };
            previous_digest: components["schemas"]["PreviousDigest"];
            digest: components["schemas"]["Digest"];
        };
        AuditActor: {
            /** @enum {string} */
            kind: "person" | "anonymous" | "platform_admin" | "system";
            id: string | null;
        };
        /** @description The digest of the record before in the chain; null for the first. As chain_anchor, the previous digest of the first record exported. */
        PreviousDigest: string | null;
        /** @description Lowercase hex SHA-256. records_digest covers the canonical text of the [id, previous_digest, digest] of every exported record, in order. */
        Digest: string;
        /** @description The first record that breaks the chain, and why; null when the chain is intact. */
        ChainBreak: {
            recordId: components["schemas"]["Uuid"];
            /** @enum {string} */
            reason: "link to preceding record does not match" | "record's own digest does not match its content";
        } | null;
        EvidencePackage: {
            manifest: {
                /** @enum {string} */
                format_version: "sentinel-nhi-audit-evidence/1";
                organization: components["schemas"]["Uuid"];
                exporter: components["schemas"]["AuditActor"];
                exported_at: components["schemas"]["Timestamp"];
                window: {
                    from: string | null;
                    to: string | null;
                    start: string | null;
                    limit: number;
                };
                record_count: number;
                first_record_id: string | null;
                last_record_id: string | null;
                chain_anchor: components["schemas"]["PreviousDigest"];
                records_digest: components["schemas"]["Digest"];
                /** @description Whether the chain, from its first record through the last one exported, verified when exporting. */
                verified_at_export: boolean;
                truncated: boolean;
                /** @description The record to start the next package at, when truncated. */
                resume_from: string | null;
                verification_instructions: string;
            };
            records: components["schemas"]["AuditRecord"][];
        };
        Connector: {
            id: components["schemas"]["Uuid"];
            kind: components["schemas"]["ConnectorKind"];
            name: components["schemas"]["ConnectorName"];
            enabled: boolean;
            enabledCapabilities: string[];
            settings: components["schemas"]["ConnectorSettings"];
            endpoint: string | null;
            accountId: string | null;
            organization: string | null;
            /** @description cloud_account only; generated by the service, to put in the role's trust policy. */
            externalId: string | null;
            credentialsReference: string;
            createdByUserId: components["schemas"]["Uuid"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /**
         * @description cloud_account (one AWS account), code_hosting_organization (hosted GitHub),
         *     container_cluster (Kubernetes), secrets_manager (a Vault-API server),
         *     tool_server (a Model Context Protocol server).
         * @enum {string}
         */
        ConnectorKind: "cloud_account" | "code_hosting_organization" | "container_cluster" | "secrets_manager" | "tool_server";
        ConnectorName: string;
        /**
         * @description Only those that apply to the kind: cloud_account includeUsers, includeKeyLastUsed;
         *     code_hosting_organization includeApps, includeBots; container_cluster and
         *     secrets_manager includeWorkloads; tool_server none.
         */
        ConnectorSettings: {
            includeUsers?: boolean;
            includeKeyLastUsed?: boolean;
            includeApps?: boolean;
            includeBots?: boolean;
            includeWorkloads?: boolean;
        };
        /**
         * @description Per kind: cloud_account role_discovery, user_discovery, access_key_discovery,
         *     key_last_used, relationship_discovery; code_hosting_organization app_discovery,
         *     bot_discovery, deploy_key_discovery, token_discovery, relationship_discovery;
         *     container_cluster service_account_discovery, workload_discovery,
         *     role_binding_discovery, relationship_discovery; secrets_manager
         *     auth_role_discovery, policy_discovery, relationship_discovery; tool_server
         *     tool_discovery, resource_discovery, relationship_discovery.
         */
        EnabledCapabilities: string[];
        /** @description https URL of the provider (cluster API server, secrets manager, tool server). */
        ConnectorEndpoint: string;
        /**
         * @description The NAME of an entry the deployment holds (CONNECTOR_CREDENTIALS_DIR/<organization id>/<name>):
         *     1 to 128 letters, digits, '.', '_' or '-'. Never the credential itself.
         */
        CredentialsReference: string;
        /** @description Never carries the values. */
        CredentialMaterial: {
            id: components["schemas"]["Uuid"];
            identityId: components["schemas"]["Uuid"];
            label: string | null;
            valueNames: string[];
            createdByUserId: components["schemas"]["Uuid"];
            createdAt: components["schemas"]["Timestamp"];
        };
        SynchronizationRun: {
            id: components["schemas"]["Uuid"];
            connectorId: components["schemas"]["Uuid"];
            /** @enum {string} */
            trigger: "manual" | "schedule";
            requestedByUserId: string | null;
            /** @enum {string} */
            state: "queued" | "running" | "completed" | "partial" | "failed";
            counts: {
                identitiesSeen: number;
                /** @description Null until the inventory applied the run. */
                identitiesNew: number | null;
                /** @description Null until the inventory applied the run; always 0 for a partial or failed run. */
                identitiesRemoved: number | null;
                edges: number;
                /** @description Accounts the collector marked as people; never recorded. */
                personsExcluded: number;
            };
            error: {
                /** @description configuration_error (credentials, collector or connector state), partial_collection, collection_failed, or an error code of the provider call. */
                code: string;
                message: string;
            } | null;
            createdAt: components["schemas"]["Timestamp"];
            startedAt: string | null;
            finishedAt: string | null;
            /** @description When the inventory applied the run's records. */
            appliedAt: string | null;
        };
        Identity: {
            id: components["schemas"]["Uuid"];
            connectorId: components["schemas"]["Uuid"];
            kind: string;
            /** @enum {string} */
            provider: "aws" | "github" | "kubernetes" | "vault" | "mcp";
            externalId: string;
            name: string;
            /**
             * @description unknown where the provider cannot tell a machine from a person; people are never recorded.
             * @enum {string}
             */
            principalType: "machine" | "unknown";
            /** @enum {string} */
            state: "active" | "removed";
            attributes: Record<string, unknown>;
            /** @description SHA-256 hex over the whole definition where the kind has one (tool servers). */
            fingerprint: string | null;
            /** @description An ISO 8601 time where the kind reports last use (spec 8), otherwise the literal "not reported". */
            lastUsedAt: string | components["schemas"]["Timestamp"] | "not reported";
            firstSeenAt: components["schemas"]["Timestamp"];
            lastSeenAt: components["schemas"]["Timestamp"];
            removedAt: string | null;
        };
        Relationship: {
            id: components["schemas"]["Uuid"];
            /** @enum {string} */
            type: "ASSUMES" | "HAS_PERMISSION" | "BELONGS_TO" | "ACCESSES" | "AUTHENTICATES_WITH";
            /**
             * @description outgoing when the identity is the edge's from, incoming when it is its to.
             * @enum {string}
             */
            direction: "outgoing" | "incoming";
            fromExternalId: string;
            toExternalId: string;
            /** @description The inventory's identity at the other end, when the inventory holds one: the edge's connector's, else one a connector of another provider collected under that identifier (a cluster's service account assuming an IAM role the cloud-account connector collected). */
            counterpartIdentityId: string | null;
            /** @enum {string} */
            state: "active" | "removed";
            firstSeenAt: components["schemas"]["Timestamp"];
            lastSeenAt: components["schemas"]["Timestamp"];
            removedAt: string | null;
        };
        ToolApproval: {
            identityId: components["schemas"]["Uuid"];
            fingerprint: string;
            approvedAt: components["schemas"]["Timestamp"];
            approvedByUserId: string;
            /** @description Whether the identity's definition is still the approved one. */
            current: boolean;
        };
        NhiFinding: {
            id: components["schemas"]["Uuid"];
            /** @description The policy whose condition the finding reports (stale_identity, long_lived_access_key, tool_definition_changed). */
            policy: string;
            /** @enum {string} */
            severity: "critical" | "high" | "medium" | "low";
            /** @enum {string} */
            status: "open" | "acknowledged" | "in_progress" | "risk_accepted" | "false_positive" | "resolved";
            identity: {
                id: components["schemas"]["Uuid"];
                kind: string;
                provider: string;
                name: string;
                externalId: string;
                connectorId: components["schemas"]["Uuid"];
                /** @enum {string} */
                state: "active" | "removed";
            };
            /** @description What the policy saw at the last evaluation where its condition held (for stale_identity the answer, its basis, last use, creation and threshold). */
            detail: Record<string, unknown>;
            /** @description The reason given with the current status. */
            reason: string | null;
            /** @description When an accepted risk ends (shown after it ended too, with status open). */
            riskAcceptedUntil: string | null;
            statusChangedAt: components["schemas"]["Timestamp"];
            /** @description The person who gave the current status; null when the system did (opening, resolution, reopening by evaluation, an acceptance that ended). */
            statusChangedByUserId: string | null;
            firstDetectedAt: components["schemas"]["Timestamp"];
            lastDetectedAt: components["schemas"]["Timestamp"];
            resolvedAt: string | null;
            reopenedAt: string | null;
            /** @description The policy exception in force now for this identity and policy (GET /nhi/api/v1/exceptions/{exceptionId}), or null; it stops showing once its end passes or it is revoked. */
            exception: {
                id: components["schemas"]["Uuid"];
                endsAt: components["schemas"]["Timestamp"];
            } | null;
        };
        NhiPolicies: {
            items: components["schemas"]["NhiPolicy"][];
        };
        NhiPolicy: {
            /** @enum {string} */
            id: "stale_identity" | "long_lived_access_key" | "tool_definition_changed";
            name: string;
            description: string;
            /**
             * @description The severity of the policy's findings.
             * @enum {string}
             */
            severity: "critical" | "high" | "medium" | "low";
            enabled: boolean;
            /** @description stale_identity thresholdDays (default 90) and kindThresholdDays; long_lived_access_key maxAgeDays (default 90); tool_definition_changed none. */
            settings: {
                thresholdDays?: number;
                kindThresholdDays?: {
                    [key: string]: number;
                };
                maxAgeDays?: number;
            };
            /** @description Null while the organization keeps the policy's defaults. */
            updatedAt: string | null;
            updatedByUserId: string | null;
        };
        NhiPolicyEvaluation: {
            evaluatedAt: components["schemas"]["Timestamp"];
            /** @enum {string} */
            trigger: "manual" | "synchronization" | "settings" | "approval";
            runId: string | null;
            policies: {
                [key: string]: {
                    enabled: boolean;
                    /** @description Identities for which the condition holds. */
                    holding: number;
                    opened: number;
                    reopened: number;
                    resolved: number;
                };
            };
        };
        StaleIdentityAnswer: {
            identity: {
                id: components["schemas"]["Uuid"];
                kind: string;
                provider: string;
                name: string;
                externalId: string;
                connectorId: components["schemas"]["Uuid"];
            };
            /** @enum {string} */
            answer: "stale" | "not_stale" | "not_assessable";
            /** @enum {string} */
            basis: "last_use" | "never_used_since_creation" | "never_used_since_first_seen" | "never_used_age_unknown" | "last_use_not_reported";
            /** @description An ISO 8601 time, "never used" (the provider reported no use) or "not reported". */
            lastUsedAt: string | components["schemas"]["Timestamp"] | ("never used" | "not reported");
            /** @description The creation time the provider reported (attributes.createdAt), if any. */
            createdAt: string | null;
            firstSeenAt: components["schemas"]["Timestamp"];
            thresholdDays: number;
        };
        NhiDelegation: {
            id: components["schemas"]["Uuid"];
            delegatorUserId: components["schemas"]["Uuid"];
            delegateUserId: components["schemas"]["Uuid"];
            authority: ("approving" | "reviewing")[];
            reason: string | null;
            startsAt: components["schemas"]["Timestamp"];
            endsAt: components["schemas"]["Timestamp"];
            createdAt: components["schemas"]["Timestamp"];
            revokedAt: string | null;
            revokedByUserId: string | null;
            /** @description Evaluated at the request; whether it confers anything is decided at each use (the delegator must still hold the authority). */
            inForce: boolean;
            /** @enum {string} */
            state: "scheduled" | "in_force" | "ended" | "revoked";
        };
        NhiCertificationCampaign: {
            id: components["schemas"]["Uuid"];
            name: string;
            description: string | null;
            scope: {
                connectorIds: string[];
                kinds: string[];
                identityIds: string[];
            };
            reviewerUserIds: string[];
            /** @enum {string} */
            onNoResponse: "keep" | "revoke";
            /**
             * @description Evaluated at the request; ended when endsAt has passed on a campaign created, in review or with its review done.
             * @enum {string}
             */
            state: "created" | "in_review" | "review_done" | "in_remediation" | "closed" | "cancelled" | "ended";
            endsAt: components["schemas"]["Timestamp"];
            openedByUserId: string;
            createdAt: components["schemas"]["Timestamp"];
            startedAt: string | null;
            closedAt: string | null;
            closedByUserId: string | null;
            cancelledAt: string | null;
            cancelledByUserId: string | null;
            progress: {
                items: number;
                answered: number;
                kept: number;
                revoked: number;
                remaining: number;
            };
        };
        NhiCertificationItem: {
            id: components["schemas"]["Uuid"];
            campaignId: components["schemas"]["Uuid"];
            /** @description The identity as it was when the campaign started. */
            identity: {
                id: string;
                kind: string;
                provider: string;
                name: string;
                externalId: string;
                connectorId: string;
            };
            /** @enum {string|null} */
            decision: "keep" | "revoke" | null;
            /**
             * @description reviewer when a reviewer or their delegate answered; no_response when closing applied the campaign's onNoResponse.
             * @enum {string|null}
             */
            decisionSource: "reviewer" | "no_response" | null;
            comment: string | null;
            decidedAt: string | null;
            /** @description Who answered (the closer for no_response). */
            decidedByUserId: string | null;
            /** @description The reviewer a delegate answered for. */
            onBehalfOfUserId: string | null;
            delegationId: string | null;
            /** @description The remediation a revoke decision opened (none when the identity had left its provider's inventory). */
            remediationId: string | null;
        };
        Remediation: {
            id: components["schemas"]["Uuid"];
            identityId: components["schemas"]["Uuid"];
            action: string;
            reason: string;
            /** @description Resolved and planned, never carried out at the provider. */
            dryRun: boolean;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected" | "cancelled" | "executing" | "executed" | "failed" | "manual_required";
            requestedByUserId: components["schemas"]["Uuid"];
            requestedAt: components["schemas"]["Timestamp"];
            /** @description The certification campaign's revoke decision that opened it, if one did. */
            campaign: {
                campaignId: components["schemas"]["Uuid"];
                itemId: components["schemas"]["Uuid"];
            } | null;
            approvedByUserIds: components["schemas"]["Uuid"][];
            /** @description When the approvals reached the threshold. */
            approvedAt: string | null;
            rejectedByUserId: string | null;
            rejectedAt: string | null;
            rejectionReason: string | null;
            cancelledAt: string | null;
            executionStartedAt: string | null;
            finishedAt: string | null;
            /** @description What the execution calls (or, in a dry run, would call), in order. */
            plan: {
                method: string;
                operation: string;
                target: string;
                parameters?: {
                    [key: string]: string;
                };
            }[] | null;
            /** @description What the provider or the service answered. */
            result: Record<string, unknown> | null;
            /** @description Why the execution failed (configuration_error, provider_refused, provider_unreachable, internal_error). */
            failure: {
                code: string;
                message: string;
            } | null;
            completedByUserId: string | null;
            completionNote: string | null;
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description The identity by the inventory's id, or as the agent knows itself, by its connector and the provider's identifier (with the kind when the connector holds several identities under one identifier). */
        NhiRuntimeIdentityReference: {
            identityId: components["schemas"]["Uuid"];
        } | {
            connectorId: components["schemas"]["Uuid"];
            externalId: string;
            kind?: string;
        };
        NhiRuntimeContextValue: string | number | boolean;
        NhiRuntimeDecision: {
            decisionId: components["schemas"]["Uuid"];
            /** @enum {string} */
            decision: "allow" | "deny";
            reasons: components["schemas"]["NhiRuntimeReason"][];
            evaluatedAt: components["schemas"]["Timestamp"];
        };
        /**
         * @description Why the answer is what it is; a denial's first reason decided it. code is one of
         *     unknown_identity, ambiguous_identity, identity_removed, remediation (remediationId,
         *     action, status), deny_rule (ruleId, ruleName, findingIds when the rule named open
         *     findings), finding_exempted (ruleId, ruleName, findingId, policy, exceptionId),
         *     grant (grantId), allow_rule (ruleId, ruleName), no_allowance.
         */
        NhiRuntimeReason: {
            /** @enum {string} */
            code: "unknown_identity" | "ambiguous_identity" | "identity_removed" | "remediation" | "deny_rule" | "finding_exempted" | "grant" | "allow_rule" | "no_allowance";
        };
        NhiRuntimeLoggedDecision: {
            id: components["schemas"]["Uuid"];
            /** @description The organization's identity the question named; null when it has none by that reference. */
            identityId: string | null;
            /** @description The identity as the caller named it. */
            identityReference: Record<string, unknown>;
            action: string;
            resource: string;
            /** @description The question's context, redacted before it was stored (the unredacted context is kept nowhere). */
            context: Record<string, unknown> | null;
            /** @enum {string} */
            decision: "allow" | "deny";
            reasons: components["schemas"]["NhiRuntimeReason"][];
            /** @description The rules that decided (deny rules that denied, or allow rules that allowed). */
            ruleIds: components["schemas"]["Uuid"][];
            /** @description The grants in force that allowed. */
            grantIds: components["schemas"]["Uuid"][];
            /** @description The credential that asked. */
            caller: {
                /** @enum {string} */
                kind: "api_key" | "workload" | "user";
                id: components["schemas"]["Uuid"];
            };
            decidedAt: components["schemas"]["Timestamp"];
        };
        NhiRuntimeRule: {
            id: components["schemas"]["Uuid"];
            name: string;
            /** @enum {string} */
            effect: "allow" | "deny";
            enabled: boolean;
            match: components["schemas"]["NhiRuntimeRuleMatch"];
            when: components["schemas"]["NhiRuntimeRuleCondition"];
            createdAt: components["schemas"]["Timestamp"];
            createdByUserId: components["schemas"]["Uuid"];
            updatedAt: components["schemas"]["Timestamp"];
            updatedByUserId: components["schemas"]["Uuid"];
        };
        /** @description What the rule applies to; every list given must match, an absent list matches anything. */
        NhiRuntimeRuleMatch: {
            identityKinds?: components["schemas"]["NhiRuntimeNames"];
            providers?: components["schemas"]["NhiRuntimeNames"];
            connectorIds?: components["schemas"]["Uuid"][];
            actions?: components["schemas"]["NhiRuntimePatterns"];
            resources?: components["schemas"]["NhiRuntimePatterns"];
        };
        NhiRuntimeNames: string[];
        /** @description Patterns; `*` stands for any run of characters (none included), everything else for itself. */
        NhiRuntimePatterns: string[];
        /** @description Further conditions; the rule matches only while they hold. */
        NhiRuntimeRuleCondition: {
            /** @description Holds while the identity has an unsettled module finding (open, acknowledged or in progress) of the policy (any when absent) at or above the severity, which no policy exception in force exempts. Deny rules only. */
            openFinding?: {
                /** @enum {string} */
                policy?: "stale_identity" | "long_lived_access_key" | "tool_definition_changed";
                /** @enum {string} */
                severityAtLeast?: "critical" | "high" | "medium" | "low";
            };
        };
        NhiRuntimeRuleDefinition: {
            name: components["schemas"]["NhiRuntimeRuleName"];
            /** @enum {string} */
            effect: "allow" | "deny";
            enabled: boolean;
            match: components["schemas"]["NhiRuntimeRuleMatch"];
            when?: components["schemas"]["NhiRuntimeRuleCondition"];
        };
        NhiRuntimeRuleName: string;
        NhiGrant: {
            id: components["schemas"]["Uuid"];
            identityId: components["schemas"]["Uuid"];
            actions: string[];
            resources: string[];
            justification: string;
            startsAt: components["schemas"]["Timestamp"];
            endsAt: components["schemas"]["Timestamp"];
            /**
             * @description The stored status; it does not change when the end passes.
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected" | "withdrawn" | "revoked";
            /** @description Approved, not revoked, and inside its period at the time of the request (computed when read). */
            inForce: boolean;
            requestedByUserId: components["schemas"]["Uuid"];
            requestedAt: components["schemas"]["Timestamp"];
            /** @description The distinct people who approved, in order (never the requester). */
            approvals: components["schemas"]["Uuid"][];
            /** @description How many approvals make it approved (NHI_APPROVALS_REQUIRED). */
            approvalsRequired: number;
            /** @description When it stopped being pending (the last approval, the rejection or the withdrawal). */
            decidedAt: string | null;
            decidedByUserId: string | null;
            /** @description The reason given with the rejection, withdrawal or revocation. */
            decisionReason: string | null;
            revokedAt: string | null;
            revokedByUserId: string | null;
        };
        NhiGrantDecision: {
            reason?: string;
        };
        NhiPolicyException: {
            id: components["schemas"]["Uuid"];
            identityId: components["schemas"]["Uuid"];
            /** @description The policy the identity is exempted from. */
            policy: string;
            reason: string;
            endsAt: components["schemas"]["Timestamp"];
            /**
             * @description The stored status; it does not change when the end passes.
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected" | "withdrawn" | "revoked";
            /** @description Approved, not revoked, and inside its period at the time of the request (computed when read). */
            inForce: boolean;
            requestedByUserId: components["schemas"]["Uuid"];
            requestedAt: components["schemas"]["Timestamp"];
            /** @description The distinct people who approved, in order (never the requester). */
            approvals: components["schemas"]["Uuid"][];
            /** @description How many approvals make it approved (NHI_APPROVALS_REQUIRED). */
            approvalsRequired: number;
            /** @description When it stopped being pending (the last approval, the rejection or the withdrawal). */
            decidedAt: string | null;
            decidedByUserId: string | null;
            /** @description The reason given with the rejection, withdrawal or revocation. */
            decisionReason: string | null;
            revokedAt: string | null;
            revokedByUserId: string | null;
        };
        NhiPolicyExceptionDecision: {
            reason?: string;
        };
    };
    responses: {
        /** @description An error; see spec section 7. */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Any credential defect (missing, malformed, unknown, wrong, revoked, expired); one identical body for all. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The principal lacks the permission (required_scope) or the kind of credential the operation needs. */
        Forbidden: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not found or not yours; byte-identical either way. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description X-Expected-Organization differs from the acting organization, or the change conflicts with the current state. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests in the current window (code rate_limited). */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A dependency is unavailable (code unavailable), for example the rate limiter's counter store when configured to fail closed. */
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-State": components["headers"]["RateLimit-State"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A session's access and refresh tokens; the dashboard and the CLI read the same fields, except that a request with X-Sentinel-Refresh: cookie gets the refresh token in the cookie sentinel_refresh instead of the body. */
        Tokens: {
            headers: {
                /** @description Only when the request asked for it with X-Sentinel-Refresh: cookie: `sentinel_refresh=<refresh token>; Max-Age=<refresh_expires_in>; Path=/api/v1/auth/refresh; HttpOnly; SameSite=Strict`, plus `Secure` unless PUBLIC_URL is plain http on a loopback address (development). No script of the page can read it, and the browser sends it to the refresh route alone. */
                "Set-Cookie"?: string;
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Tokens"];
            };
        };
        /** @description The browser goes on to the Location. */
        Redirect: {
            headers: {
                Location?: string;
                /** @description The signed flow cookie (set at the start, cleared at the callback). */
                "Set-Cookie"?: string;
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /** @description 1 to 200, default 50; a larger value is clamped (the response's limit is the effective one). */
        BoundedLimit: number;
        /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
        ExpectedOrganization: string;
        /** @description `cookie`: keep the refresh token in the HttpOnly cookie sentinel_refresh rather than the body (the dashboard sends it; the CLI does not). On a refresh by cookie it is also part of the proof that the request comes from the dashboard's own page. */
        RefreshCookieRequest: "cookie";
        /** @description A provider the deployment configured (github, google); any other name is 404. */
        Provider: string;
        ProviderIdInPath: components["schemas"]["Uuid"];
        /** @description The first day (UTC, inclusive); by default 90 days before to. Moved down to the start of its bucket. */
        AnalyticsFrom: string;
        /** @description The day after the last (UTC, exclusive); by default tomorrow, so the window ends today. Moved up to a bucket start. Must be after from; at most 1000 buckets between them. */
        AnalyticsTo: string;
        /** @description day (the default), week (starting on Monday) or month. */
        AnalyticsBucket: string;
        /** @description Comma-separated severities; the answer reports only these. */
        AnalyticsSeverity: string;
        /** @description Comma-separated finding kinds. */
        AnalyticsKind: string;
        /** @description Only findings of this asset; an asset that is not the organization's counts nothing. */
        AnalyticsAssetId: components["schemas"]["Uuid"];
        /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
        AnalyticsLimit: string;
        /** @description next_cursor of the previous page; bound to the organization, the listing and the filters, valid 24 hours, at most 4096 characters. */
        AnalyticsCursor: string;
    };
    requestBodies: never;
    headers: {
        /** @description Requests allowed in the current one-minute window. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the current window ends. */
        "RateLimit-Reset": number;
        /** @description Sent as unknown, in place of the other RateLimit headers, while the limiter's counter store cannot be reached. */
        "RateLimit-State": "unknown";
        /** @description Seconds to wait before retrying; at least 1. */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process serves HTTP. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["Error"];
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency answered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            400: components["responses"]["Error"];
            /** @description At least one dependency is unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
            400: components["responses"]["Error"];
        };
    };
    signup: {
        parameters: {
            query?: never;
            header?: {
                /** @description `cookie`: keep the refresh token in the HttpOnly cookie sentinel_refresh rather than the body (the dashboard sends it; the CLI does not). On a refresh by cookie it is also part of the proof that the request comes from the dashboard's own page. */
                "X-Sentinel-Refresh"?: components["parameters"]["RefreshCookieRequest"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: components["schemas"]["Email"];
                    password: components["schemas"]["Password"];
                    name: components["schemas"]["DisplayName"];
                };
            };
        };
        responses: {
            201: components["responses"]["Tokens"];
            /** @description The address belongs to an account a directory created; the mail that claims it is on its way. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        expires_at: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description An address whose domain an organization has verified and enforces single sign-on for: code sso_required, the body login answers; nothing is created. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Error"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: {
                /** @description `cookie`: keep the refresh token in the HttpOnly cookie sentinel_refresh rather than the body (the dashboard sends it; the CLI does not). On a refresh by cookie it is also part of the proof that the request comes from the dashboard's own page. */
                "X-Sentinel-Refresh"?: components["parameters"]["RefreshCookieRequest"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: components["schemas"]["Email"];
                    password: string;
                    totp_code?: components["schemas"]["TotpCode"];
                    recovery_code?: components["schemas"]["RecoveryCode"];
                };
            };
        };
        responses: {
            200: components["responses"]["Tokens"];
            400: components["responses"]["Error"];
            /** @description Any credential defect, one identical body for all; or, for the right password of a person with a second factor and no code, rule second_factor_required. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The right password for an address whose domain an organization has verified and enforces single sign-on for: code sso_required, sign in through that organization's identity provider. An owner of that organization with a second factor may sign in with password and code (break-glass, recorded as sso_enforcement.bypassed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description `cookie`: keep the refresh token in the HttpOnly cookie sentinel_refresh rather than the body (the dashboard sends it; the CLI does not). On a refresh by cookie it is also part of the proof that the request comes from the dashboard's own page. */
                "X-Sentinel-Refresh"?: components["parameters"]["RefreshCookieRequest"];
            };
            path?: never;
            cookie?: {
                /** @description The refresh token, set HttpOnly by a sign-in or refresh that asked for it (see the Tokens response); used when the body has none. */
                sentinel_refresh?: string;
            };
        };
        requestBody?: {
            content: {
                "application/json": {
                    refresh_token?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["Tokens"];
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            /** @description A refresh by cookie without the header X-Sentinel-Refresh or from an Origin other than PUBLIC_URL's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    exchangeSignInCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description `cookie`: keep the refresh token in the HttpOnly cookie sentinel_refresh rather than the body (the dashboard sends it; the CLI does not). On a refresh by cookie it is also part of the proof that the request comes from the dashboard's own page. */
                "X-Sentinel-Refresh"?: components["parameters"]["RefreshCookieRequest"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            200: components["responses"]["Tokens"];
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    /** @description Clears the dashboard's refresh cookie, on every sign-out: `sentinel_refresh=; Max-Age=0; Path=/api/v1/auth/refresh; HttpOnly; SameSite=Strict`, plus `Secure` as when it was set. */
                    "Set-Cookie"?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listSocialProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers, possibly none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            /** @enum {string} */
                            name: "github" | "google";
                            /** @description GET /api/v1/auth/social/{provider}/start under PUBLIC_URL; send the browser there. */
                            start_url: string;
                        }[];
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    startSocialLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A provider the deployment configured (github, google); any other name is 404. */
                provider: components["parameters"]["Provider"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            302: components["responses"]["Redirect"];
            400: components["responses"]["Error"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    completeSocialLogin: {
        parameters: {
            query?: {
                /** @description The authorization response as the provider sends it: code, state and iss (RFC 9207), or error, error_description and error_uri, and whatever else the provider adds (Google adds scope, authuser, hd and prompt), which is passed on to the OpenID Connect library as sent. */
                response?: {
                    code?: string;
                    state?: string;
                } & {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                /** @description A provider the deployment configured (github, google); any other name is 404. */
                provider: components["parameters"]["Provider"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            302: components["responses"]["Redirect"];
            400: components["responses"]["Error"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    setActiveOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    org_id: components["schemas"]["Uuid"];
                };
            };
        };
        responses: {
            /** @description The organization now acted in. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberOrganization"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    requestEmailVerification: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mail is on its way. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        expires_at: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    confirmEmailVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description The address is verified. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** @enum {boolean} */
                        email_verified: true;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: components["schemas"]["Email"];
                };
            };
        };
        responses: {
            /** @description Accepted; a mail is on its way if an account has the address. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "accepted";
                    };
                };
            };
            400: components["responses"]["Error"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: components["schemas"]["Password"];
                };
            };
        };
        responses: {
            /** @description The new password is set and every session of the person has ended. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            /** @description The address is under enforced single sign-on (code sso_required). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getSecondFactor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The second factor's state. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactor"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    startTotpEnrolment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret, shown once. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Base32, for typing into an authenticator app by hand. */
                        secret: string;
                        otpauth_uri: string;
                        /** @enum {string} */
                        algorithm: "SHA1";
                        /** @enum {integer} */
                        digits: 6;
                        /** @enum {integer} */
                        period: 30;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    confirmTotpEnrolment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: components["schemas"]["TotpCode"];
                };
            };
        };
        responses: {
            /** @description The second factor is enabled. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Each signs in once in place of a code; keep them somewhere safe. */
                        recovery_codes: string[];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Error"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    disableSecondFactor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    totp_code?: components["schemas"]["TotpCode"];
                    recovery_code?: components["schemas"]["RecoveryCode"];
                };
            };
        };
        responses: {
            /** @description Disabled; its recovery codes no longer work. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Error"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listOrganizations: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organizations. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizations: (components["schemas"]["MemberOrganization"] & {
                            /** @description Whether this request acts in it. */
                            acting: boolean;
                        })[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationName"];
            };
        };
        responses: {
            /** @description The organization. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberOrganization"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    renameCurrentOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationName"];
            };
        };
        responses: {
            /** @description The renamed organization. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    scheduleOrganizationDeletion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The organization's name, exactly as it is. */
                    confirm_name: string;
                };
            };
        };
        responses: {
            /** @description The organization with its scheduled deletion. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelOrganizationDeletion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization, no deletion scheduled. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members, in order of arrival. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: components["schemas"]["Member"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                userId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateMemberRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                userId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: components["schemas"]["Role"];
                };
            };
        };
        responses: {
            /** @description The member with the new role. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    leaveOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                orgId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Left. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listInvitations: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitations. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: components["schemas"]["Invitation"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Compared case-insensitively with the address the invited person signs in with. */
                    email: string;
                    role: components["schemas"]["InvitedRole"];
                };
            };
        };
        responses: {
            /** @description The invitation, with its token shown this once. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"] & {
                        /** @description What the invited person presents to POST /api/v1/invitations/accept. Not retrievable later. */
                        token: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    withdrawInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description The organization joined, with the role the invitation conferred. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberOrganization"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listGrantableScopes: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grantable scopes. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scopes: {
                            name: string;
                            description: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys, revoked ones included. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_keys: components["schemas"]["ApiKey"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: components["schemas"]["DisplayName"];
                    /** @description Scope names from GET /api/v1/api-keys/scopes. */
                    scopes: string[];
                    expires_at: components["schemas"]["Timestamp"];
                };
            };
        };
        responses: {
            /** @description The key, with the secret shown this once. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"] & {
                        /** @description The key itself. Not retrievable later. */
                        key: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWorkloads: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workloads, revoked and expired ones included. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workloads: components["schemas"]["Workload"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWorkload: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: components["schemas"]["DisplayName"];
                    /** @description Scope names from GET /api/v1/api-keys/scopes, each held by the caller. */
                    scopes: string[];
                    expires_at: components["schemas"]["Timestamp"];
                };
            };
        };
        responses: {
            /** @description The workload, with its credential shown this once. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workload"] & {
                        /** @description The credential itself. Not retrievable later. */
                        credential: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeWorkload: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listIdentityAudit: {
        parameters: {
            query?: {
                /** @description A user id, an API key id, a workload id or a directory token id. */
                actor?: components["schemas"]["Uuid"];
                action?: string;
                /** @description Inclusive. */
                since?: components["schemas"]["Timestamp"];
                /** @description Exclusive. */
                until?: components["schemas"]["Timestamp"];
                /** @description 1 to 200, default 50; larger values are clamped. */
                limit?: number;
                /** @description next_cursor of the previous page, with the same filters; empty or absent for the first page. A cursor that is forged, expired or issued for other filters or another organization is 400 validation_failed. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: components["schemas"]["IdentityAuditEvent"][];
                        /** @description The effective limit. */
                        limit: number;
                        /** @description Whether older events match the filters. */
                        has_more: boolean;
                        /** @description The cursor of the next (older) page; absent on the last page. */
                        next_cursor?: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listSsoProviders: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: components["schemas"]["SsoProvider"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createSsoProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SsoProviderInput"];
            };
        };
        responses: {
            /** @description The provider. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoProvider"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getSsoProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["parameters"]["ProviderIdInPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoProvider"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteSsoProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["parameters"]["ProviderIdInPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateSsoProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["parameters"]["ProviderIdInPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SsoProviderPatch"];
            };
        };
        responses: {
            /** @description The provider as changed. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoProvider"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    discoverSsoProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description The providers, possibly none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            id: components["schemas"]["Uuid"];
                            name: string;
                            protocol: components["schemas"]["SsoProtocol"];
                            /** @description Where to send the browser (GET), with return_to added when wanted. */
                            start_url: string;
                        }[];
                        /** @description Password and social sign-ins for this address are refused with sso_required. */
                        sso_required: boolean;
                    };
                };
            };
            400: components["responses"]["Error"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    startSsoSignIn: {
        parameters: {
            query?: {
                return_to?: string;
            };
            header?: never;
            path: {
                providerId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider (or, when it cannot be reached, to return_to with error provider_unavailable). */
            302: {
                headers: {
                    Location?: string;
                    /** @description The browser binding, set when the browser goes to the identity provider: `sentinel_sso=<value>; Max-Age=600; Path=/api/v1/auth/sso/; HttpOnly; SameSite=Lax`, plus `Secure` when PUBLIC_URL is https. The value is the sign-in's state, signed with the token signing key (HMAC-SHA256); it lives as long as the pending sign-in (10 minutes), is sent only to the OIDC callback and the SAML assertion consumers, and is cleared by them. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    completeOidcSignIn: {
        parameters: {
            query?: {
                /** @description The authorization response as the provider sends it: code, state and iss (RFC 9207), or error, error_description and error_uri, and whatever else the provider adds (Keycloak and Entra ID add session_state, Google scope, authuser, hd and prompt), which is passed on to the OpenID Connect library as sent. */
                response?: {
                    code?: string;
                    state?: string;
                    session_state?: string;
                } & {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the sign-in's return_to with code or error (with error sign_in_expired to the first permitted return address when the state names no pending sign-in, or when this browser does not hold its binding). */
            302: {
                headers: {
                    Location?: string;
                    /** @description Clears the browser binding (sentinel_sso, Max-Age=0). */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    consumeSamlAssertion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                providerId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    SAMLResponse: string;
                    RelayState?: string;
                    /**
                     * @description Set by this service's own relay page; a post carrying it is never relayed again.
                     * @enum {string}
                     */
                    relayed?: "true";
                };
            };
        };
        responses: {
            /** @description The relay page, for a post that came without the sentinel_sso cookie: a form posting the same fields to this address again with relayed=true, submitted by a script the page's Content-Security-Policy admits by its hash (a button without script). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description To the sign-in's return_to with code or error. */
            302: {
                headers: {
                    Location?: string;
                    /** @description Clears the browser binding (sentinel_sso, Max-Age=0). */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getSamlServiceProviderMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                providerId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata document (EntityDescriptor with the SPSSODescriptor and its assertion consumer service). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/samlmetadata+xml": string;
                };
            };
            400: components["responses"]["Error"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listIdentityDomains: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of claimed domains. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["ClaimedDomain"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    claimIdentityDomain: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example acme.com */
                    domain: string;
                };
            };
        };
        responses: {
            /** @description The claim, pending, with the record to publish. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimedDomain"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getIdentityDomain: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimedDomain"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    releaseIdentityDomain: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Released. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    verifyIdentityDomain: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim, verified. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimedDomain"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Error"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    reissueIdentityDomainToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim with its new record value. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimedDomain"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listScimTokens: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scim_tokens: components["schemas"]["DirectoryToken"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    issueScimToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: components["schemas"]["DisplayName"];
                };
            };
        };
        responses: {
            /** @description The token, shown this once. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryToken"] & {
                        /** @description The token itself. Not retrievable later. */
                        token: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeScimToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getScimServiceProviderConfig: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimServiceProviderConfig"];
                    "application/json": components["schemas"]["ScimServiceProviderConfig"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    listScimResourceTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The resource types. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimDiscoveryList"];
                    "application/json": components["schemas"]["ScimDiscoveryList"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    getScimResourceType: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The resource type. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimResourceType"];
                    "application/json": components["schemas"]["ScimResourceType"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    listScimSchemas: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schemas. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimDiscoveryList"];
                    "application/json": components["schemas"]["ScimDiscoveryList"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    getScimSchema: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schema. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimSchema"];
                    "application/json": components["schemas"]["ScimSchema"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    listScimUsers: {
        parameters: {
            query?: {
                /** @description A SCIM filter (RFC 7644 3.4.2.2): eq, ne, co, sw, ew, pr, gt, ge, lt, le, and, or, not, value paths such as emails[type eq "work"]; attribute names without case; userName, emails and displayName compared without case. */
                filter?: string;
                /** @description The 1-based index of the first result; below 1 reads as 1. */
                startIndex?: number;
                /** @description Results per page: default 100, at most 200 (a larger count is clamped); 0 answers the total alone. */
                count?: number;
                /** @description An attribute path to sort by (a multi-valued one by its primary value). */
                sortBy?: string;
                /** @description ascending (the default) or descending. */
                sortOrder?: "ascending" | "descending";
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUserList"];
                    "application/json": components["schemas"]["ScimUserList"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    createScimUser: {
        parameters: {
            query?: {
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The user (application/scim+json or application/json). */
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimUserRequest"];
                "application/json": components["schemas"]["ScimUserRequest"];
            };
        };
        responses: {
            /** @description The new user. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description The new resource's URI (meta.location). */
                    Location?: string;
                    /** @description The resource's version (meta.version), a weak entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUser"];
                    "application/json": components["schemas"]["ScimUser"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A create or reactivation past the plan's seats; nothing is written (spec 5.9, 7). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A request body over the size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A body in a media type other than application/scim+json or application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    getScimUser: {
        parameters: {
            query?: {
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description The resource's version (meta.version), a weak entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUser"];
                    "application/json": components["schemas"]["ScimUser"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    replaceScimUser: {
        parameters: {
            query?: {
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        /** @description The user. */
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimUserRequest"];
                "application/json": components["schemas"]["ScimUserRequest"];
            };
        };
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description The resource's version (meta.version), a weak entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUser"];
                    "application/json": components["schemas"]["ScimUser"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A create or reactivation past the plan's seats; nothing is written (spec 5.9, 7). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A request body over the size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A body in a media type other than application/scim+json or application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    deleteScimUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    patchScimUser: {
        parameters: {
            query?: {
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        /** @description The operations. */
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimPatchRequest"];
                "application/json": components["schemas"]["ScimPatchRequest"];
            };
        };
        responses: {
            /** @description The user, when attributes or excludedAttributes is given. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description The resource's version (meta.version), a weak entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUser"];
                    "application/json": components["schemas"]["ScimUser"];
                };
            };
            /** @description Modified. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A create or reactivation past the plan's seats; nothing is written (spec 5.9, 7). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A request body over the size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A body in a media type other than application/scim+json or application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    listScimGroups: {
        parameters: {
            query?: {
                /** @description A SCIM filter (RFC 7644 3.4.2.2): eq, ne, co, sw, ew, pr, gt, ge, lt, le, and, or, not, value paths such as emails[type eq "work"]; attribute names without case; userName, emails and displayName compared without case. */
                filter?: string;
                /** @description The 1-based index of the first result; below 1 reads as 1. */
                startIndex?: number;
                /** @description Results per page: default 100, at most 200 (a larger count is clamped); 0 answers the total alone. */
                count?: number;
                /** @description An attribute path to sort by (a multi-valued one by its primary value). */
                sortBy?: string;
                /** @description ascending (the default) or descending. */
                sortOrder?: "ascending" | "descending";
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimGroupList"];
                    "application/json": components["schemas"]["ScimGroupList"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    createScimGroup: {
        parameters: {
            query?: {
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The group (application/scim+json or application/json). */
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimGroupRequest"];
                "application/json": components["schemas"]["ScimGroupRequest"];
            };
        };
        responses: {
            /** @description The new group. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description The new resource's URI (meta.location). */
                    Location?: string;
                    /** @description The resource's version (meta.version), a weak entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimGroup"];
                    "application/json": components["schemas"]["ScimGroup"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A request body over the size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A body in a media type other than application/scim+json or application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    getScimGroup: {
        parameters: {
            query?: {
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description The resource's version (meta.version), a weak entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimGroup"];
                    "application/json": components["schemas"]["ScimGroup"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    replaceScimGroup: {
        parameters: {
            query?: {
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        /** @description The group. */
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimGroupRequest"];
                "application/json": components["schemas"]["ScimGroupRequest"];
            };
        };
        responses: {
            /** @description The group. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description The resource's version (meta.version), a weak entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimGroup"];
                    "application/json": components["schemas"]["ScimGroup"];
                };
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A request body over the size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A body in a media type other than application/scim+json or application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    deleteScimGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    patchScimGroup: {
        parameters: {
            query?: {
                /** @description Comma-separated attribute paths to return (id and schemas always are). */
                attributes?: string;
                /** @description Comma-separated attribute paths to leave out. */
                excludedAttributes?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description The resource id; any text that names no resource of the organization is 404. */
                id: string;
            };
            cookie?: never;
        };
        /** @description The operations. */
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimPatchRequest"];
                "application/json": components["schemas"]["ScimPatchRequest"];
            };
        };
        responses: {
            /** @description The group, when attributes or excludedAttributes is given. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description The resource's version (meta.version), a weak entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimGroup"];
                    "application/json": components["schemas"]["ScimGroup"];
                };
            };
            /** @description Modified. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A request SCIM refuses (scimType invalidFilter, invalidValue, invalidPath, noTarget, invalidSyntax), in SCIM's error shape. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No directory token, or one that is unknown or revoked: one body for all, in SCIM's error shape. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description No such resource, or another organization's: one body for both. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A userName or group displayName already taken (scimType uniqueness), the last owner the directory would remove, X-Expected-Organization differing, or the organization scheduled for deletion. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A request body over the size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A body in a media type other than application/scim+json or application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description The directory token's request rate exceeded (per token, spec 8); Retry-After says when to retry. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
            /** @description A dependency is unavailable, or the service is starting; retry. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimError"];
                    "application/json": components["schemas"]["ScimError"];
                };
            };
        };
    };
    listDirectoryGroups: {
        parameters: {
            query?: {
                source?: components["schemas"]["DirectoryGroupSource"];
                /** @description Only the groups of this SSO provider. */
                sso_provider_id?: components["schemas"]["Uuid"];
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of directory groups. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["DirectoryGroup"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getDirectoryGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryGroup"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateDirectoryGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: components["schemas"]["MappedRole"];
                };
            };
        };
        responses: {
            /** @description The group as mapped now. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryGroup"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 100 endpoints (the per-organization cap), so not paginated. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoints: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: components["schemas"]["WebhookUrl"];
                    events: components["schemas"]["WebhookEventTypes"];
                };
            };
        };
        responses: {
            /** @description The endpoint, with its signing secret shown this once. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: components["schemas"]["WebhookUrl"];
                    events?: components["schemas"]["WebhookEventTypes"];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The endpoint after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret and previous_secret_expires_at set. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped (the response's limit is the effective one). */
                limit?: number;
                /** @description Only this endpoint's deliveries. Another organization's endpoint id matches nothing. */
                endpoint_id?: components["schemas"]["Uuid"];
                status?: components["schemas"]["WebhookDeliveryStatus"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                        /** @description The effective limit. */
                        limit: number;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery, queued. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listScans: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization, the order and the filters, valid 24 hours, at most 4096 characters (a longer one gets the invalid-cursor error before any work). */
                cursor?: string;
                /** @description Only scans of this asset; another organization's asset gives an empty page. */
                asset_id?: components["schemas"]["Uuid"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of scans. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["Scan"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createScan: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
                /** @description Makes the request safe to retry (spec 4.10): 1 to 255 printable ASCII characters without spaces, scoped to the organization, kept 30 days. A replay answers the stored status and body with Idempotent-Replayed: true. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description registry/repository[:tag][@sha256:digest], as container tools write it. */
                    image: string;
                    /** @description The scanners to run; the built-in scanner (sentinel) when absent. */
                    scanners?: components["schemas"]["ScannerName"][];
                    platform?: components["schemas"]["ImagePlatform"];
                    /** @description The Idempotency-Key for clients that cannot set headers; must equal the header when both are sent. */
                    idempotency_key?: string;
                };
            };
        };
        responses: {
            /** @description The scan, queued (or the stored response of the first request with this idempotency key). */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scan"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    importScanReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
                /** @description Makes the request safe to retry (spec 4.10): 1 to 255 printable ASCII characters without spaces, scoped to the organization, kept 30 days. A replay answers the stored status and body with Idempotent-Replayed: true. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The image the report is of. Exactly one of image and software. */
                    image?: string;
                    /** @description A named software asset the report is of, instead of an image: found by name and version (a version of the same name is another asset), created on first sight with the reference software:<name>[@<version>], each part percent-encoded. Exactly one of image and software. */
                    software?: {
                        /** @description No leading or trailing space, no line break. */
                        name: string;
                        /** @description No leading or trailing space, no line break. */
                        version?: string;
                    };
                    /** @enum {string} */
                    format: "trivy" | "grype" | "sarif" | "cyclonedx" | "spdx";
                    /** @description The report as a JSON document (or its text; CycloneDX XML and SPDX tag-value are given as text). It is the scanner's document, not a field stored as sent: a NUL character or an unpaired surrogate anywhere in it is replaced with U+FFFD where its text is stored, and the scan's warnings name each such field. Everywhere else in a request such characters are refused. */
                    report: Record<string, unknown> | string;
                    idempotency_key?: string;
                };
            };
        };
        responses: {
            /** @description The scan, running, with the warnings of reading its report. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scan"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getScan: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scan. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scan"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listFindings: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization, the order and the filters, valid 24 hours, at most 4096 characters (a longer one gets the invalid-cursor error before any work). */
                cursor?: string;
                /** @description severity (default: worst first, page.stable false) or recent (newest first, page.stable true: for machines walking every row). */
                order?: string;
                /** @description Matches the advisory identifier (case-insensitive prefix or whole) or part of a package name. */
                q?: string;
                /** @description Comma-separated statuses. */
                status?: string;
                /** @description Comma-separated severities. */
                severity?: string;
                /** @description Comma-separated kinds. */
                kind?: string;
                /** @description Only findings of this asset. */
                asset_id?: components["schemas"]["Uuid"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of findings; total counts the whole filtered set (advisory). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["Finding"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFinding: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The finding and its latest events. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Finding"] & {
                        events: components["schemas"]["FindingEvent"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateFinding: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindingStatusChange"];
            };
        };
        responses: {
            /** @description The finding as the request left it (unchanged when it already had the status). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Finding"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listFindingEvents: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization, the order and the filters, valid 24 hours, at most 4096 characters (a longer one gets the invalid-cursor error before any work). */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["FindingEvent"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAssetFindings: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization, the order and the filters, valid 24 hours, at most 4096 characters (a longer one gets the invalid-cursor error before any work). */
                cursor?: string;
                /** @description severity (default: worst first, page.stable false) or recent (newest first, page.stable true: for machines walking every row). */
                order?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of findings. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["Finding"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    bulkUpdateFindings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
                /** @description Makes the request safe to retry (spec 4.10): 1 to 255 printable ASCII characters without spaces, scoped to the organization, kept 30 days. A replay answers the stored status and body with Idempotent-Replayed: true. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkFindingsRequest"];
            };
        };
        responses: {
            /** @description One outcome per finding (or the stored response of the first request with this idempotency key). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkFindingsResult"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAssets: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization, the order and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
                /** @description exclude (default): only assets in use; include: all; only: only archived assets. */
                archived?: "exclude" | "include" | "only";
                /** @description image: only images; software: only named software assets; both when absent. */
                kind?: "image" | "software";
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of assets. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["Asset"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    archiveAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The archived asset. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    unarchiveAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset, in use. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAssetSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetSchedule"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    putAssetSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    interval_hours: number;
                    scanners: components["schemas"]["ScannerName"][];
                };
            };
        };
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetSchedule"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteAssetSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule is gone. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportAssetVex: {
        parameters: {
            query?: {
                /** @description openvex (default): OpenVEX v0.2.0, application/json; cyclonedx: CycloneDX 1.6 JSON, application/vnd.cyclonedx+json. */
                format?: "openvex" | "cyclonedx";
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The VEX document. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VexDocument"];
                    "application/vnd.cyclonedx+json": components["schemas"]["VexDocument"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    importAssetVex: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VexDocument"];
            };
        };
        responses: {
            /** @description What the document did, finding by finding, and its warnings. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VexImportResult"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    importOrganizationVex: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VexDocument"];
            };
        };
        responses: {
            /** @description What the document did, finding by finding, and its warnings. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VexImportResult"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAssetSbom: {
        parameters: {
            query?: {
                format?: "cyclonedx" | "spdx";
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SBOM document. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.cyclonedx+json": Record<string, unknown>;
                    "application/spdx+json": Record<string, unknown>;
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getScannerSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings of every target kind. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScannerSettings"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateScannerSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    container_image?: components["schemas"]["ScannerSwitches"];
                };
            };
        };
        responses: {
            /** @description The settings of every target kind after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScannerSettings"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRemediationSla: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SLA days of every severity. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemediationSla"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateRemediationSla: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RemediationSla"];
            };
        };
        responses: {
            /** @description The SLA days of every severity after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemediationSla"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listLicenses: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization, the order and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
                /** @description Only this licence (exact name, e.g. MIT). */
                license?: string;
                /** @description Only this asset; another organization's asset gives an empty page. */
                asset_id?: components["schemas"]["Uuid"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the inventory. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["License"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPolicies: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped (the response's limit is the effective one). */
                limit?: components["parameters"]["BoundedLimit"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policies. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        policies: components["schemas"]["Policy"][];
                        limit: components["schemas"]["EffectiveLimit"];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: components["schemas"]["PolicyName"];
                    description?: components["schemas"]["PolicyDescription"];
                    rules: components["schemas"]["PolicyRules"];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The policy, with version 1. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Policy"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Policy"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updatePolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: components["schemas"]["PolicyName"];
                    description?: components["schemas"]["PolicyDescription"];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The policy after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Policy"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPolicyVersions: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped (the response's limit is the effective one). */
                limit?: components["parameters"]["BoundedLimit"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        versions: components["schemas"]["PolicyVersion"][];
                        limit: components["schemas"]["EffectiveLimit"];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPolicyVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rules: components["schemas"]["PolicyRules"];
                };
            };
        };
        responses: {
            /** @description The new version. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyVersion"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPolicyVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyVersion"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    requestScanVerdict: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verdict recorded before for this scan and policy version, byte for byte. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verdict"];
                };
            };
            /** @description The verdict, recorded by this request. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verdict"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The scan is not completed, no policy is enabled, or the verdict is not ready yet (rule says which; Retry-After with verdict_not_ready); or X-Expected-Organization differs from the acting organization. */
            409: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listVerdicts: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped (the response's limit is the effective one). */
                limit?: components["parameters"]["BoundedLimit"];
                /** @description Only this scan's verdicts; another organization's scan gives an empty list. */
                scan_id?: components["schemas"]["Uuid"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verdicts. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        verdicts: components["schemas"]["Verdict"][];
                        limit: components["schemas"]["EffectiveLimit"];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getVerdict: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verdict. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verdict"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listRegistryCredentials: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One credential per registry at most, so not paginated. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        registry_credentials: components["schemas"]["RegistryCredential"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createRegistryCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    registry: string;
                    username: components["schemas"]["RegistryUsername"];
                    secret: components["schemas"]["RegistrySecret"];
                };
            };
        };
        responses: {
            /** @description The credential, without its secret. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistryCredential"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRegistryCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistryCredential"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteRegistryCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateRegistryCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                id: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username?: components["schemas"]["RegistryUsername"];
                    secret?: components["schemas"]["RegistrySecret"];
                };
            };
        };
        responses: {
            /** @description The credential after the change, without its secret. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistryCredential"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAdvisoryStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status of each ecosystem, the configured ones first in configuration order. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Where records are synchronized from (ADVISORY_SOURCE); a directory is shown as "local directory", never its path. */
                        source: string;
                        ecosystems: components["schemas"]["AdvisoryEcosystemStatus"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getOpenFindingsTrend: {
        parameters: {
            query?: {
                /** @description The first day (UTC, inclusive); by default 90 days before to. Moved down to the start of its bucket. */
                from?: components["parameters"]["AnalyticsFrom"];
                /** @description The day after the last (UTC, exclusive); by default tomorrow, so the window ends today. Moved up to a bucket start. Must be after from; at most 1000 buckets between them. */
                to?: components["parameters"]["AnalyticsTo"];
                /** @description day (the default), week (starting on Monday) or month. */
                bucket?: components["parameters"]["AnalyticsBucket"];
                /** @description Comma-separated severities; the answer reports only these. */
                severity?: components["parameters"]["AnalyticsSeverity"];
                /** @description Comma-separated finding kinds. */
                kind?: components["parameters"]["AnalyticsKind"];
                /** @description Only findings of this asset; an asset that is not the organization's counts nothing. */
                asset_id?: components["parameters"]["AnalyticsAssetId"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenFindingsView"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFindingFlow: {
        parameters: {
            query?: {
                /** @description The first day (UTC, inclusive); by default 90 days before to. Moved down to the start of its bucket. */
                from?: components["parameters"]["AnalyticsFrom"];
                /** @description The day after the last (UTC, exclusive); by default tomorrow, so the window ends today. Moved up to a bucket start. Must be after from; at most 1000 buckets between them. */
                to?: components["parameters"]["AnalyticsTo"];
                /** @description day (the default), week (starting on Monday) or month. */
                bucket?: components["parameters"]["AnalyticsBucket"];
                /** @description Comma-separated severities; the answer reports only these. */
                severity?: components["parameters"]["AnalyticsSeverity"];
                /** @description Comma-separated finding kinds. */
                kind?: components["parameters"]["AnalyticsKind"];
                /** @description Only findings of this asset; an asset that is not the organization's counts nothing. */
                asset_id?: components["parameters"]["AnalyticsAssetId"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindingFlowView"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRemediationTime: {
        parameters: {
            query?: {
                /** @description The first day (UTC, inclusive); by default 90 days before to. Moved down to the start of its bucket. */
                from?: components["parameters"]["AnalyticsFrom"];
                /** @description The day after the last (UTC, exclusive); by default tomorrow, so the window ends today. Moved up to a bucket start. Must be after from; at most 1000 buckets between them. */
                to?: components["parameters"]["AnalyticsTo"];
                /** @description day (the default), week (starting on Monday) or month. */
                bucket?: components["parameters"]["AnalyticsBucket"];
                /** @description Comma-separated severities; the answer reports only these. */
                severity?: components["parameters"]["AnalyticsSeverity"];
                /** @description Comma-separated finding kinds. */
                kind?: components["parameters"]["AnalyticsKind"];
                /** @description Only findings of this asset; an asset that is not the organization's counts nothing. */
                asset_id?: components["parameters"]["AnalyticsAssetId"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemediationTimeView"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAdvisoryExposure: {
        parameters: {
            query?: {
                /** @description Comma-separated severities; the answer reports only these. */
                severity?: components["parameters"]["AnalyticsSeverity"];
                /** @description Comma-separated finding kinds. */
                kind?: components["parameters"]["AnalyticsKind"];
                /** @description Only findings of this asset; an asset that is not the organization's counts nothing. */
                asset_id?: components["parameters"]["AnalyticsAssetId"];
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: components["parameters"]["AnalyticsLimit"];
                /** @description next_cursor of the previous page; bound to the organization, the listing and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: components["parameters"]["AnalyticsCursor"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdvisoryExposurePage"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAdvisoryAssets: {
        parameters: {
            query?: {
                /** @description Comma-separated severities; the answer reports only these. */
                severity?: components["parameters"]["AnalyticsSeverity"];
                /** @description Comma-separated finding kinds. */
                kind?: components["parameters"]["AnalyticsKind"];
                /** @description Only findings of this asset; an asset that is not the organization's counts nothing. */
                asset_id?: components["parameters"]["AnalyticsAssetId"];
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: components["parameters"]["AnalyticsLimit"];
                /** @description next_cursor of the previous page; bound to the organization, the listing and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: components["parameters"]["AnalyticsCursor"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                /** @description An advisory id or rule, as GET /api/v1/analytics/advisories lists it. */
                advisory: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdvisoryAssetsPage"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFindingAge: {
        parameters: {
            query?: {
                /** @description Comma-separated severities; the answer reports only these. */
                severity?: components["parameters"]["AnalyticsSeverity"];
                /** @description Comma-separated finding kinds. */
                kind?: components["parameters"]["AnalyticsKind"];
                /** @description Only findings of this asset; an asset that is not the organization's counts nothing. */
                asset_id?: components["parameters"]["AnalyticsAssetId"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindingAgeView"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAnalyticsFreshness: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsFreshness"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditRecords: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
                action?: string;
                /** @description The actor's id (a person's user id, `api_key:<id>`, `workload:<id>`, a system operation's name). */
                actor?: string;
                result?: components["schemas"]["AuditResult"];
                subject?: string;
                /** @description Only records at or after this time. */
                from?: components["schemas"]["Timestamp"];
                /** @description Only records before this time. */
                to?: components["schemas"]["Timestamp"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of records. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["AuditRecord"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAuditIntegrity: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The walk's report. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isIntact: boolean;
                        /** @description Records checked; the whole chain when intact, otherwise up to and including the first broken record. */
                        checked: number;
                        firstBreak: components["schemas"]["ChainBreak"];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportAuditEvidence: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The record to start at; unknown (or another organization's) is 404. */
                start?: components["schemas"]["Uuid"];
                from?: components["schemas"]["Timestamp"];
                to?: components["schemas"]["Timestamp"];
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The package. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvidencePackage"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listConnectors: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of connectors. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["Connector"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    kind: components["schemas"]["ConnectorKind"];
                    name: components["schemas"]["ConnectorName"];
                    enabledCapabilities: components["schemas"]["EnabledCapabilities"];
                    settings?: components["schemas"]["ConnectorSettings"];
                    endpoint?: components["schemas"]["ConnectorEndpoint"];
                    /** @description cloud_account only, and required there; the one account the connector collects. */
                    accountId?: string;
                    /** @description code_hosting_organization only, and required there; the organization's login. */
                    organization?: string;
                    credentialsReference: components["schemas"]["CredentialsReference"];
                };
            };
        };
        responses: {
            /** @description The connector. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: components["schemas"]["ConnectorName"];
                    enabled?: boolean;
                    enabledCapabilities?: components["schemas"]["EnabledCapabilities"];
                    settings?: components["schemas"]["ConnectorSettings"];
                    endpoint?: components["schemas"]["ConnectorEndpoint"];
                    credentialsReference?: components["schemas"]["CredentialsReference"];
                };
            };
        };
        responses: {
            /** @description The connector after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    storeCredentialMaterial: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    identityId: components["schemas"]["Uuid"];
                    label?: string;
                    values: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description What was stored, without the values. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CredentialMaterial"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listSynchronizations: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector's synchronization runs, newest first (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["SynchronizationRun"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    requestSynchronization: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queue a synchronization run of the connector. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SynchronizationRun"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getSynchronization: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                connectorId: components["schemas"]["Uuid"];
                runId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One synchronization run of the connector. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SynchronizationRun"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listIdentities: {
        parameters: {
            query?: {
                /** @description The identity's kind as its collector names it (iam_role, mcp_tool, ...). */
                kind?: string;
                provider?: "aws" | "github" | "kubernetes" | "vault" | "mcp";
                connectorId?: components["schemas"]["Uuid"];
                state?: "active" | "removed";
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's inventory of non-human identities, newest first by first sighting (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["Identity"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getIdentity: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                identityId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One identity of the inventory. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Identity"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listIdentityRelationships: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                identityId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The identity's relationships in both directions, newest first by first sighting (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["Relationship"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getToolApproval: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                identityId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approved definition of the identity. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolApproval"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    approveToolDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                identityId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fingerprint: string;
                };
            };
        };
        responses: {
            /** @description The approval. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolApproval"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeToolApproval: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                identityId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn, or there was none. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listNhiFindings: {
        parameters: {
            query?: {
                /** @description Comma-separated statuses (open, acknowledged, in_progress, risk_accepted, false_positive, resolved). */
                status?: string;
                /** @description Comma-separated severities (critical, high, medium, low). */
                severity?: string;
                /** @description One policy (stale_identity, long_lived_access_key, tool_definition_changed). */
                policy?: string;
                identityId?: components["schemas"]["Uuid"];
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's module findings, newest first by first detection (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["NhiFinding"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getNhiFinding: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                findingId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One module finding with its identity. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiFinding"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    changeNhiFindingStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                findingId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "open" | "acknowledged" | "in_progress" | "risk_accepted" | "false_positive" | "resolved";
                    reason?: string;
                    riskAcceptedUntil?: components["schemas"]["Timestamp"];
                };
            };
        };
        responses: {
            /** @description The finding after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiFinding"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listNhiPolicies: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The module's policies with the organization's settings. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicies"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateNhiPolicies: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stale_identity?: {
                        enabled?: boolean;
                        thresholdDays?: number;
                        /** @description Identity kind (aws_iam_access_key, aws_iam_role...) to days, replacing thresholdDays for that kind; at most 50. */
                        kindThresholdDays?: {
                            [key: string]: number;
                        };
                    };
                    long_lived_access_key?: {
                        enabled?: boolean;
                        maxAgeDays?: number;
                    };
                    tool_definition_changed?: {
                        enabled?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The module's policies after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicies"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    evaluateNhiPolicies: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the evaluation changed, per policy. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicyEvaluation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getStaleIdentityReport: {
        parameters: {
            query?: {
                answer?: "stale" | "not_stale" | "not_assessable";
                connectorId?: components["schemas"]["Uuid"];
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every active identity with its stale_identity answer, newest first by first sighting (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["StaleIdentityAnswer"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listNhiDelegations: {
        parameters: {
            query?: {
                delegatorUserId?: components["schemas"]["Uuid"];
                delegateUserId?: components["schemas"]["Uuid"];
                inForce?: "true" | "false";
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's delegations, newest first (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["NhiDelegation"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createNhiDelegation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    delegateUserId: components["schemas"]["Uuid"];
                    authority: ("approving" | "reviewing")[];
                    startsAt?: components["schemas"]["Timestamp"];
                    endsAt: components["schemas"]["Timestamp"];
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The delegation created. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiDelegation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getNhiDelegation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                delegationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One delegation, its state evaluated now. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiDelegation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeNhiDelegation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                delegationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delegation, revoked. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiDelegation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listCertificationCampaigns: {
        parameters: {
            query?: {
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's campaigns, newest first (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["NhiCertificationCampaign"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createCertificationCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    scope: {
                        connectorIds?: components["schemas"]["Uuid"][];
                        kinds?: string[];
                        identityIds?: components["schemas"]["Uuid"][];
                    };
                    reviewerUserIds: components["schemas"]["Uuid"][];
                    endsAt: components["schemas"]["Timestamp"];
                    /** @enum {string} */
                    onNoResponse?: "keep" | "revoke";
                };
            };
        };
        responses: {
            /** @description The campaign opened. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiCertificationCampaign"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCertificationCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One campaign with its progress. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiCertificationCampaign"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    startCertificationCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiCertificationCampaign"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelCertificationCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiCertificationCampaign"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    closeCertificationCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiCertificationCampaign"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listCertificationItems: {
        parameters: {
            query?: {
                /** @description keep, revoke, or none (not yet answered). */
                decision?: "keep" | "revoke" | "none";
                /** @description Items answered by this person, or by a delegate for them. */
                reviewer?: components["schemas"]["Uuid"];
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign's items (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["NhiCertificationItem"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    decideCertificationItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                campaignId: components["schemas"]["Uuid"];
                itemId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "keep" | "revoke";
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description The item with its decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiCertificationItem"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listRemediations: {
        parameters: {
            query?: {
                /** @description Comma-separated statuses (pending, approved, rejected, cancelled, executing, executed, failed, manual_required). */
                status?: string;
                identityId?: components["schemas"]["Uuid"];
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's remediations, newest first by request. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["Remediation"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createRemediation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    identityId: components["schemas"]["Uuid"];
                    action: string;
                    reason: string;
                    /** @default false */
                    dryRun?: boolean;
                };
            };
        };
        responses: {
            /** @description The remediation asked for, pending. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Remediation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRemediation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One remediation. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Remediation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    approveRemediation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The remediation after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Remediation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    rejectRemediation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The remediation after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Remediation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelRemediation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The remediation after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Remediation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    completeRemediation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                remediationId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note: string;
                };
            };
        };
        responses: {
            /** @description The remediation after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Remediation"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listRuntimeDecisions: {
        parameters: {
            query?: {
                identityId?: components["schemas"]["Uuid"];
                decision?: "allow" | "deny";
                /** @description Decisions at or after this time. */
                from?: components["schemas"]["Timestamp"];
                /** @description Decisions before this time (the window is [from, to)). */
                to?: components["schemas"]["Timestamp"];
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logged decisions, newest first. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["NhiRuntimeLoggedDecision"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    decideRuntimeAccess: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    identity: components["schemas"]["NhiRuntimeIdentityReference"];
                    action: string;
                    resource: string;
                    /** @description What the caller wants logged with the question (a request id, a tool name); at most 20 members, each text, a number or a boolean. Logged redacted, as the audit trails are (a member whose name says secret, password, token, auth and the like, or whose text is an HTTP credential or a JSON Web Token, is logged as "[redacted]"); never weighed. */
                    context?: {
                        [key: string]: components["schemas"]["NhiRuntimeContextValue"];
                    };
                };
            };
        };
        responses: {
            /** @description The answer, as logged. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiRuntimeDecision"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listRuntimeRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's runtime rules by name. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["NhiRuntimeRule"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createRuntimeRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NhiRuntimeRuleDefinition"];
            };
        };
        responses: {
            /** @description The rule created. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiRuntimeRule"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRuntimeRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                ruleId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One runtime rule. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiRuntimeRule"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteRuntimeRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                ruleId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateRuntimeRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                ruleId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: components["schemas"]["NhiRuntimeRuleName"];
                    /** @enum {string} */
                    effect?: "allow" | "deny";
                    enabled?: boolean;
                    match?: components["schemas"]["NhiRuntimeRuleMatch"];
                    when?: components["schemas"]["NhiRuntimeRuleCondition"];
                };
            };
        };
        responses: {
            /** @description The rule after the change. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiRuntimeRule"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listNhiGrants: {
        parameters: {
            query?: {
                /** @description Comma-separated stored statuses (pending, approved, rejected, withdrawn, revoked). */
                status?: string;
                identityId?: components["schemas"]["Uuid"];
                /** @description true for the grants in force now, false for the others. */
                inForce?: "true" | "false";
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's grants, newest request first (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["NhiGrant"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    requestNhiGrant: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    identityId: components["schemas"]["Uuid"];
                    actions: string[];
                    resources: string[];
                    justification: string;
                    startsAt?: components["schemas"]["Timestamp"];
                    endsAt: components["schemas"]["Timestamp"];
                };
            };
        };
        responses: {
            /** @description The grant, pending. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiGrant"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getNhiGrant: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiGrant"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    approveNhiGrant: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiGrant"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    rejectNhiGrant: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NhiGrantDecision"];
            };
        };
        responses: {
            /** @description The grant after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiGrant"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    withdrawNhiGrant: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NhiGrantDecision"];
            };
        };
        responses: {
            /** @description The grant after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiGrant"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeNhiGrant: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                grantId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NhiGrantDecision"];
            };
        };
        responses: {
            /** @description The grant after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiGrant"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listNhiPolicyExceptions: {
        parameters: {
            query?: {
                /** @description Comma-separated stored statuses (pending, approved, rejected, withdrawn, revoked). */
                status?: string;
                identityId?: components["schemas"]["Uuid"];
                /** @description true for the exceptions in force now, false for the others. */
                inForce?: "true" | "false";
                /** @description One policy (stale_identity, long_lived_access_key, tool_definition_changed). */
                policy?: string;
                /** @description 1 to 200, default 50; a larger value is clamped and page.limit reports it. */
                limit?: string;
                /** @description next_cursor of the previous page; bound to the organization and the filters, valid 24 hours, at most 4096 characters. */
                cursor?: string;
            };
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's exceptions, newest request first (cursor-paginated). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageMetadata"] & {
                        items: components["schemas"]["NhiPolicyException"][];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    requestNhiPolicyException: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    identityId: components["schemas"]["Uuid"];
                    policy: string;
                    reason: string;
                    endsAt: components["schemas"]["Timestamp"];
                };
            };
        };
        responses: {
            /** @description The exception, pending. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicyException"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getNhiPolicyException: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exception. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicyException"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    approveNhiPolicyException: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The exception after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicyException"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    rejectNhiPolicyException: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NhiPolicyExceptionDecision"];
            };
        };
        responses: {
            /** @description The exception after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicyException"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    withdrawNhiPolicyException: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NhiPolicyExceptionDecision"];
            };
        };
        responses: {
            /** @description The exception after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicyException"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeNhiPolicyException: {
        parameters: {
            query?: never;
            header?: {
                /** @description The organization the client believes it acts in; a different acting organization gives 409 (spec 5.6). */
                "X-Expected-Organization"?: components["parameters"]["ExpectedOrganization"];
            };
            path: {
                exceptionId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NhiPolicyExceptionDecision"];
            };
        };
        responses: {
            /** @description The exception after the decision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NhiPolicyException"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
}
