import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import type { SocialMethod } from '@snapdrama/contract';
import type { Clock } from '../../../clock';

/**
 * The sandbox sign-in: a tiny identity provider that runs inside the server when a provider has
 * no keys (never in production). It speaks the real protocols, so the real adapters talk to it:
 * OpenID Connect (discovery, authorize, token with PKCE S256, JWKS, signed ID tokens with nonce)
 * for Google, Kakao and Apple, and Facebook's OAuth dialog plus the Graph API calls we use
 * (oauth/access_token, debug_token, me). Its "sign-in page" lets a person pick a test identity.
 *
 * It is a Fetch API handler: the server mounts it under /sandbox/oauth/{provider}/ for the
 * browser, and the adapters reach it in-process through the same handler (no network needed).
 */

/** The issuer origin the adapters use; the browser gets paths only (see relativeToOrigin). */
export const SANDBOX_ORIGIN = 'http://sandbox.snapdrama.internal';
export const SANDBOX_CLIENT_SECRET = 'sandbox-client-secret';
export const sandboxBasePath = (method: SocialMethod) => `/sandbox/oauth/${method}`;
export const sandboxIssuer = (method: SocialMethod) =>
  `${SANDBOX_ORIGIN}${sandboxBasePath(method)}`;
export const sandboxClientId = (method: SocialMethod) => `snapdrama-sandbox-${method}`;

const CODE_TTL_MS = 120_000;
const TOKEN_TTL_S = 3600;

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  identity: SandboxIdentity;
  expiresAt: number;
}
interface SandboxIdentity {
  sub: string;
  email: string;
  name: string;
}

const PRESETS: SandboxIdentity[] = [
  { sub: '', email: 'viewer.one@sandbox.test', name: 'Viewer One' },
  { sub: '', email: 'viewer.two@sandbox.test', name: 'Viewer Two' },
];

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const sha256url = (value: string) => createHash('sha256').update(value).digest('base64url');

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The subject of a sandbox identity: stable per provider and e-mail, like a real provider's. */
export function sandboxSubject(method: SocialMethod, email: string) {
  return `sbx-${createHash('sha256').update(`${method}:${email.toLowerCase()}`).digest('hex').slice(0, 20)}`;
}

export interface SandboxIdp {
  readonly method: SocialMethod;
  handle: (request: Request) => Promise<Response>;
  /** the adapters' fetch: answers in-process */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

export function createSandboxIdp(method: SocialMethod, clock: Clock): SandboxIdp {
  const kid = `sandbox-${method}-${randomBytes(4).toString('hex')}`;
  // a fresh signing key per process: a restart only invalidates sign-ins in flight
  let keyPair: Promise<{ signingKey: CryptoKey; publicJwk: JWK }> | undefined;
  const keys = () => {
    keyPair ??= generateKeyPair('RS256', { extractable: true }).then(
      async ({ privateKey, publicKey }) => ({
        signingKey: privateKey,
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
      }),
    );
    return keyPair;
  };
  const base = sandboxBasePath(method);
  const issuer = sandboxIssuer(method);
  const clientId = sandboxClientId(method);
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { identity: SandboxIdentity; expiresAt: number }>();
  const isFacebook = method === 'facebook';

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  const oauthError = (error: string, description: string, status = 400) =>
    json({ error, error_description: description }, status);
  const nowMs = () => clock.now().getTime();

  const sweep = () => {
    const now = nowMs();
    for (const [k, v] of codes) if (v.expiresAt <= now) codes.delete(k);
    for (const [k, v] of accessTokens) if (v.expiresAt <= now) accessTokens.delete(k);
  };

  function signInPage(query: URLSearchParams): Response {
    const hidden = [...query.entries()]
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const presets = PRESETS.map(
      (p) =>
        `<button type="submit" name="email" value="${escapeHtml(p.email)}" class="preset">${escapeHtml(p.name)}<small>${escapeHtml(p.email)}</small></button>`,
    ).join('');
    const label = method.charAt(0).toUpperCase() + method.slice(1);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox sign-in · ${label}</title>
<style>body{font-family:system-ui,sans-serif;background:#111;color:#eee;margin:0;padding:24px}
.banner{background:#f5b400;color:#111;font-weight:700;padding:8px 12px;border-radius:6px;margin-bottom:16px}
form{max-width:360px;margin:auto;display:flex;flex-direction:column;gap:10px}
button,input{font-size:16px;padding:10px;border-radius:6px;border:1px solid #444}
button{background:#2b2b2b;color:#eee;cursor:pointer;text-align:left}button small{display:block;color:#aaa}
.primary{background:#e50914;border-color:#e50914;text-align:center}</style></head>
<body><form method="post" action="${escapeHtml(base)}/authorize">
<div class="banner" role="note">Sandbox sign-in — ${label} is not configured; this local test page stands in for it. No real account is used.</div>
<h1>Sign in with ${label} (sandbox)</h1>${hidden}${presets}
<label for="custom-email">Or any test e-mail</label>
<input id="custom-email" name="custom_email" type="email" placeholder="you@sandbox.test" autocomplete="off">
<input name="name" type="text" placeholder="Display name (optional)" aria-label="Display name">
<button type="submit" class="primary" name="email" value="">Continue</button>
<button type="submit" name="deny" value="1">Cancel</button></form></body></html>`;
    return new Response(html, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      },
    });
  }

  function validateAuthorizeQuery(q: URLSearchParams): string | null {
    if (q.get('client_id') !== clientId) return 'unknown client_id';
    if (q.get('response_type') !== 'code') return 'response_type must be code';
    const redirect = q.get('redirect_uri');
    if (!redirect || !/^https?:\/\//.test(redirect))
      return 'redirect_uri must be an absolute http(s) URL';
    if (!q.get('state')) return 'state is required';
    if (!isFacebook) {
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
        return 'PKCE S256 is required';
      if (!q.get('nonce')) return 'nonce is required';
    }
    return null;
  }

  /** Back to the client: a redirect, or an auto-posting form for response_mode=form_post (Apple). */
  function returnToClient(q: URLSearchParams, params: Record<string, string>): Response {
    const redirect = new URL(q.get('redirect_uri') ?? '');
    if (q.get('response_mode') === 'form_post') {
      const fields = Object.entries(params)
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      return new Response(
        `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(redirect.toString())}">${fields}<noscript><button>Continue</button></noscript></form></body></html>`,
        { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
      );
    }
    for (const [k, v] of Object.entries(params)) redirect.searchParams.set(k, v);
    return new Response(null, { status: 303, headers: { location: redirect.toString() } });
  }

  async function authorizePost(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const problem = validateAuthorizeQuery(form);
    if (problem) return new Response(`Sandbox sign-in: ${problem}`, { status: 400 });
    const state = form.get('state') ?? '';
    if (form.get('deny')) return returnToClient(form, { error: 'access_denied', state });
    const email = (form.get('email') || form.get('custom_email') || '').trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      return new Response('Sandbox sign-in: an e-mail is required', { status: 400 });
    const preset = PRESETS.find((p) => p.email === email);
    const identity: SandboxIdentity = {
      sub: sandboxSubject(method, email),
      email,
      name: (form.get('name') || preset?.name || email.split('@')[0] || 'Viewer').slice(0, 40),
    };
    sweep();
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      clientId,
      redirectUri: form.get('redirect_uri') ?? '',
      codeChallenge: form.get('code_challenge'),
      nonce: form.get('nonce'),
      identity,
      expiresAt: nowMs() + CODE_TTL_MS,
    });
    return returnToClient(form, { code, state });
  }

  /** Redeems a code once; every mismatch is invalid_grant, like a real provider. */
  function redeem(params: URLSearchParams): IssuedCode | string {
    const code = params.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code); // single use, whatever happens next
    if (!issued || issued.expiresAt <= nowMs()) return 'code is unknown, used or expired';
    if (params.get('client_id') !== issued.clientId) return 'client_id does not match';
    if (!sameSecret(params.get('client_secret') ?? '', SANDBOX_CLIENT_SECRET))
      return 'client authentication failed';
    if (params.get('redirect_uri') !== issued.redirectUri) return 'redirect_uri does not match';
    if (issued.codeChallenge) {
      const verifier = params.get('code_verifier') ?? '';
      if (sha256url(verifier) !== issued.codeChallenge) return 'code_verifier does not match';
    }
    return issued;
  }

  function newAccessToken(identity: SandboxIdentity) {
    const token = randomBytes(24).toString('base64url');
    accessTokens.set(token, { identity, expiresAt: nowMs() + TOKEN_TTL_S * 1000 });
    return token;
  }

  async function tokenPost(request: Request): Promise<Response> {
    const params = new URLSearchParams(await request.text());
    if (params.get('grant_type') !== 'authorization_code')
      return oauthError('unsupported_grant_type', 'only authorization_code');
    const issued = redeem(params);
    if (typeof issued === 'string') return oauthError('invalid_grant', issued);
    const now = Math.floor(nowMs() / 1000);
    const idToken = await new SignJWT({
      email: issued.identity.email,
      email_verified: true,
      name: issued.identity.name,
      ...(issued.nonce ? { nonce: issued.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(issued.clientId)
      .setSubject(issued.identity.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_S)
      .sign((await keys()).signingKey);
    return json({
      access_token: newAccessToken(issued.identity),
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }

  /**
   * The platform SDK's side for the native host simulator: signs the given test identity in at
   * once and answers what the SDK hands the app, an ID token for our client (no nonce, as the
   * native SDKs issue it) or, for Facebook, a user access token.
   */
  async function nativeTokenPost(request: Request): Promise<Response> {
    const body = (await request.json().catch(() => null)) as {
      email?: unknown;
      name?: unknown;
      audience?: unknown;
    } | null;
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return oauthError('invalid_request', 'email is required');
    const name =
      typeof body?.name === 'string' && body.name
        ? body.name.slice(0, 40)
        : (email.split('@')[0] ?? 'Viewer');
    const identity: SandboxIdentity = { sub: sandboxSubject(method, email), email, name };
    // a token the provider made for another app (tests of the audience check)
    const audience =
      typeof body?.audience === 'string' && body.audience ? body.audience.slice(0, 200) : clientId;
    sweep();
    if (isFacebook)
      return json({ code: 0, message: 'OK', data: { accessToken: newAccessToken(identity) } });
    const now = Math.floor(nowMs() / 1000);
    const idToken = await new SignJWT({ email, email_verified: true, name })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(identity.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_S)
      .sign((await keys()).signingKey);
    return json({ code: 0, message: 'OK', data: { idToken } });
  }

  function facebookRoutes(path: string, q: URLSearchParams): Response | null {
    if (path === '/oauth/access_token') {
      const issued = redeem(q);
      if (typeof issued === 'string')
        return json({ error: { message: issued, type: 'OAuthException', code: 100 } }, 400);
      return json({
        access_token: newAccessToken(issued.identity),
        token_type: 'bearer',
        expires_in: TOKEN_TTL_S,
      });
    }
    if (path === '/debug_token') {
      if (q.get('access_token') !== `${clientId}|${SANDBOX_CLIENT_SECRET}`) {
        return json(
          { error: { message: 'app access token required', type: 'OAuthException', code: 190 } },
          400,
        );
      }
      const found = accessTokens.get(q.get('input_token') ?? '');
      if (!found || found.expiresAt <= nowMs())
        return json({ data: { is_valid: false, app_id: clientId } });
      return json({
        data: {
          app_id: clientId,
          is_valid: true,
          user_id: found.identity.sub,
          expires_at: Math.floor(found.expiresAt / 1000),
        },
      });
    }
    if (path === '/me') {
      const found = accessTokens.get(q.get('access_token') ?? '');
      if (!found)
        return json(
          { error: { message: 'invalid token', type: 'OAuthException', code: 190 } },
          400,
        );
      return json({
        id: found.identity.sub,
        name: found.identity.name,
        email: found.identity.email,
      });
    }
    return null;
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${base}/`)) return json({ error: 'not_found' }, 404);
    const path = url.pathname.slice(base.length);
    const q = url.searchParams;
    if (request.method === 'GET') {
      if (path === '/authorize') {
        const problem = validateAuthorizeQuery(q);
        if (problem) return new Response(`Sandbox sign-in: ${problem}`, { status: 400 });
        return signInPage(q);
      }
      if (isFacebook) return facebookRoutes(path, q) ?? json({ error: 'not_found' }, 404);
      if (path === '/.well-known/openid-configuration') {
        return json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          response_modes_supported: ['query', 'form_post'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['client_secret_post'],
          code_challenge_methods_supported: ['S256'],
          scopes_supported: ['openid', 'email', 'profile', 'name'],
        });
      }
      if (path === '/jwks') return json({ keys: [(await keys()).publicJwk] });
    }
    if (request.method === 'POST') {
      if (path === '/authorize') return authorizePost(request);
      if (path === '/native-token') return nativeTokenPost(request);
      if (path === '/token' && !isFacebook) return tokenPost(request);
    }
    return json({ error: 'not_found' }, 404);
  }

  return {
    method,
    handle,
    fetch: (url, init) => handle(new Request(url, init)),
  };
}

/** The browser reaches the sandbox on whatever origin serves the app: hand it a path. */
export function relativeToOrigin(url: URL): string {
  return url.origin === SANDBOX_ORIGIN ? `${url.pathname}${url.search}` : url.toString();
}
