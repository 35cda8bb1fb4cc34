/**
 * What a route says about itself beyond its zod schemas, for the OpenAPI document only (Fastify
 * ignores these keys of `schema`). The shapes themselves are never repeated here.
 */
declare module 'fastify' {
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
    /** Who may call it; see SECURITY. */
    security?: SecurityRequirement[];
    /** The operator's routes (ADMIN_TOKEN or an administrator). */
    admin?: true;
    /** Content types the body may come in; default application/json. */
    consumes?: string[];
    /** A body no zod schema reads (a Sentry envelope): what it is. */
    rawBody?: string;
    /**
     * The success answer when it is not JSON (VAST, HTML, media): its content type and what it
     * is; no type for an answer without a body (204, a 303 redirect).
     */
    produces?: { status?: number; type?: string; description: string };
    /** Other answers that are not JSON, by status: the HTML login page of an operator's page (401, 403). */
    pages?: Record<number, { type: string; description: string }>;
    /** Error statuses the route answers besides 400 for bad input, all in the ApiError shape. */
    errors?: readonly number[];
    /**
     * When a call that fits every schema may still get a 400, and why (a wrong current password):
     * the document says so in the 400 and in `x-refuses-well-formed`.
     */
    refusesWellFormed?: string;
    /** Left out of the document (the CORS preflight catch-all). */
    hide?: boolean;
  }
}

export type SecurityRequirement = Record<string, string[]>;

/** The security schemes of the document (components.securitySchemes) and the requirements routes name. */
export const SECURITY: Record<'session' | 'operator' | 'billing', SecurityRequirement[]> = {
  /** An account's access token: the Authorization header, or the authToken cookie (with X-XSRF-TOKEN). */
  session: [{ bearerAuth: [] }, { accessTokenCookie: [] }],
  /** ADMIN_TOKEN or an administrator's access token as Bearer, or the /admin login cookie. */
  operator: [{ bearerAuth: [] }, { adminCookie: [] }],
  /** The billing provider's HMAC signature header. */
  billing: [{ billingSignature: [] }],
};
