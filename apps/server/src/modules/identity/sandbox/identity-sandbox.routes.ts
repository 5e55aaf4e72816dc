import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { IDENTITY_SANDBOX_PAGE } from '@snapdrama/contract';
import { acceptFormPosts, escapeHtml, httpUrl, sendPage } from '../../../http/stand-in-pages';
import type { FakePortone } from './fake-portone';

/**
 * The viewer's step of an identity check, as a local page in place of PortOne's window (the
 * carrier's or card's verification): a tester enters a birth date and confirms, or cancels. It
 * returns to the web app as PortOne's redirect does: redirectUrl?identityVerificationId=...
 * (with code and message on a failure). Never mounted in production.
 */

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Identity verification (sandbox)</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f2f4f6;color:#191f28}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:16px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:22px;margin:0 0 4px;color:#c2410c}.badge{display:inline-block;font-size:12px;background:#fff4e5;color:#8a4500;border-radius:6px;padding:2px 8px;margin-bottom:16px}
.muted{color:#4e5968;font-size:14px}
label{display:block;font-size:14px;color:#333d4b;margin:16px 0 4px}input{width:100%;padding:12px;border:1px solid #8b95a1;border-radius:10px;font-size:16px}
button{width:100%;padding:14px;border:0;border-radius:10px;font-size:16px;font-weight:700;margin-top:16px;cursor:pointer;background:#c2410c;color:#fff}
button.secondary{background:#e5e8eb;color:#333d4b}.error{background:#ffeeee;color:#b0141f;border-radius:10px;padding:12px;margin-top:12px;font-size:14px}
</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'";

const html = (reply: FastifyReply, status: number, body: string) =>
  sendPage(reply, status, page(body), PAGE_POLICY);

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function identitySandboxRoutes(deps: {
  fake: FakePortone;
  production: boolean;
}): FastifyPluginAsync {
  if (deps.production)
    throw new Error('the identity check stand-in is never mounted in production');
  const { fake } = deps;

  return async (app) => {
    acceptFormPosts(app);

    app.get(IDENTITY_SANDBOX_PAGE, { schema: { hide: true } }, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const id = q.identityVerificationId ?? '';
      if (!ID_PATTERN.test(id) || !httpUrl(q.redirectUrl)) {
        return html(
          reply,
          400,
          '<p class="error">identityVerificationId and redirectUrl are required</p>',
        );
      }
      // the SDK's window opened: PortOne knows the check from now on, as READY
      fake.open(id);
      return html(
        reply,
        200,
        `<h1>Identity verification</h1><span class="badge">Sandbox: no real check</span>
<p class="muted">A stand-in of PortOne's identity verification. Enter the birth date the check should report.</p>
<form method="post" action="${IDENTITY_SANDBOX_PAGE}">
<input type="hidden" name="identityVerificationId" value="${escapeHtml(id)}">
<input type="hidden" name="redirectUrl" value="${escapeHtml(q.redirectUrl ?? '')}">
<label for="birthDate">Birth date</label><input id="birthDate" name="birthDate" type="date" required data-testid="identity-birth-date">
<button type="submit" name="action" value="verify" data-testid="identity-verify">Verify</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate data-testid="identity-cancel">Cancel</button>
</form>`,
      );
    });

    app.post(
      IDENTITY_SANDBOX_PAGE,
      {
        schema: { hide: true },
        config: { acceptsBodyTypes: ['application/x-www-form-urlencoded'] },
      },
      async (request, reply) => {
        const f = (request.body ?? {}) as Record<string, string | undefined>;
        const id = f.identityVerificationId ?? '';
        const back = httpUrl(f.redirectUrl);
        if (!ID_PATTERN.test(id) || !back) {
          return html(reply, 400, '<p class="error">bad request</p>');
        }
        back.searchParams.set('identityVerificationId', id);
        if (f.action === 'verify' && /^\d{4}-\d{2}-\d{2}$/.test(f.birthDate ?? '')) {
          fake.verify(id, f.birthDate ?? '');
        } else {
          fake.fail(id);
          back.searchParams.set('code', 'IDENTITY_VERIFICATION_CANCELLED');
          back.searchParams.set('message', 'Cancelled by the customer');
        }
        return reply.redirect(back.toString(), 303);
      },
    );
  };
}
