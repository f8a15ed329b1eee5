/**
 * `POST /v1/oauth/token`: RFC 8693 token exchange. A registered app's key
 * (client authentication: `Authorization: Bearer <app key>`, HTTP Basic, or
 * the `client_secret` field) plus a person's access token gives an app token
 * that acts as that person. Errors carry both the edge's `{code, message}` and
 * OAuth's `error` / `error_description` (RFC 6749 §5.2).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EdgeContext } from './context.js';
import { EdgeHttpError, writeJson } from './errors.js';
import { header, readBearer, readForm } from './request.js';

/** The grant type of a token exchange. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The only subject (and issued) token type the edge takes. */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

function oauthError(status: number, error: string, description: string, headers?: Record<string, string>): EdgeHttpError {
  return new EdgeHttpError(status, error, description, { extra: { error, error_description: description }, ...(headers ? { headers } : {}) });
}

/** The client's secret from Basic or Bearer authorization, or the form; undefined when none. */
function clientSecret(req: IncomingMessage, form: URLSearchParams): string | undefined {
  const auth = header(req, 'authorization') ?? '';
  const basic = /^Basic[ \t]+(\S+)$/i.exec(auth);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) return decodeURIComponent(decoded.slice(colon + 1)) || undefined;
    return undefined;
  }
  return readBearer(req) ?? form.get('client_secret') ?? undefined;
}

/** Handles a token exchange request. */
export async function handleTokenExchange(ctx: EdgeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req);
  const secret = clientSecret(req, form);
  if (!secret) {
    throw oauthError(401, 'invalid_client', 'Authenticate with the registered app key.', { 'WWW-Authenticate': 'Bearer realm="oz-agui-edge"' });
  }
  const grant = form.get('grant_type');
  if (grant !== TOKEN_EXCHANGE_GRANT) {
    throw oauthError(400, 'unsupported_grant_type', `grant_type must be ${TOKEN_EXCHANGE_GRANT}.`);
  }
  const subject = form.get('subject_token');
  if (!subject) throw oauthError(400, 'invalid_request', 'subject_token is required.');
  if (form.get('subject_token_type') !== ACCESS_TOKEN_TYPE) {
    throw oauthError(400, 'invalid_request', `subject_token_type must be ${ACCESS_TOKEN_TYPE}.`);
  }
  const requested = form.get('requested_token_type');
  if (requested && requested !== ACCESS_TOKEN_TYPE) {
    throw oauthError(400, 'invalid_request', `requested_token_type may only be ${ACCESS_TOKEN_TYPE}.`);
  }
  const result = ctx.runtime.exchangeToken(secret, subject);
  if (!result.ok) {
    const { code, message } = result.body;
    const error = result.status === 401 ? 'invalid_client' : result.status === 400 ? 'invalid_grant' : code;
    throw new EdgeHttpError(result.status, code, message, { extra: { error, error_description: message } });
  }
  writeJson(res, 200, { access_token: result.accessToken, issued_token_type: ACCESS_TOKEN_TYPE, token_type: 'Bearer', expires_in: result.expiresIn }, { Pragma: 'no-cache' });
}
