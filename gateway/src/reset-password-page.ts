// The page the password-reset e-mail links to (<PUBLIC_BASE_URL>/reset-password?token=...), served by
// the gateway so the link works out of the box with no dashboard deployed. Plain HTML, no script at
// all: the form posts (urlencoded) back here, and the POST goes through exactly what
// POST /v1/auth/password/reset goes through (the per-address attempt limit, the input guard, the
// account service), then answers with a page instead of JSON. Strict CSP; the token in the URL never
// leaves in a Referer header; nothing is cached.
import { createHash } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { AppError, type Logger } from '@astro/platform';
import { buildRequest, type DispatchDeps } from './dispatch.ts';
import { guardInput } from './input-guard.ts';

export const RESET_PAGE_PATH = '/reset-password';
const RESET_ROUTE = '/v1/auth/password/reset';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}' +
  'label{display:block;margin:1rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}' +
  'button{margin-top:1.25rem;padding:.5rem 1rem}.error{color:#a00}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** No script may run, nothing may load from elsewhere, the form may post only here. */
export const RESET_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

function form(token: string, error?: string): string {
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : ''}<form method="post" action="${RESET_PAGE_PATH}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="new_password">New password</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required maxlength="512">
<label for="confirm_password">Repeat it</label>
<input id="confirm_password" name="confirm_password" type="password" autocomplete="new-password" required maxlength="512">
<button type="submit">Set the new password</button>
</form>`;
}

function send(res: Response, status: number, html: string): void {
  res.status(status);
  res.setHeader('Content-Security-Policy', RESET_PAGE_CSP);
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.type('html').send(html);
}

const field = (v: unknown) => (typeof v === 'string' ? v : '');

export function resetPasswordPage(deps: DispatchDeps & { logger: Logger }): express.Router {
  const r = express.Router();
  const m = deps.router.match('POST', RESET_ROUTE);
  // A route table without the account routes (a gateway built for tests of other parts): no page.
  if (m.kind !== 'found') return r;
  const route = m.route;

  r.get(RESET_PAGE_PATH, (req: Request, res: Response) => {
    res.locals.route = RESET_PAGE_PATH;
    const token = field(req.query.token);
    if (!token)
      return send(
        res,
        400,
        page(
          'Reset your password',
          '<p class="error">This link is incomplete: open the link from the e-mail again.</p>',
        ),
      );
    send(res, 200, page('Reset your password', form(token)));
  });

  r.post(
    RESET_PAGE_PATH,
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req: Request, res: Response) => {
      res.locals.route = RESET_PAGE_PATH;
      const token = field(req.body?.token);
      const password = field(req.body?.new_password);
      if (password !== field(req.body?.confirm_password))
        return send(res, 422, page('Reset your password', form(token, 'The two passwords differ.')));
      const body = { token, new_password: password };
      try {
        const meta = {
          requestId: res.locals.requestId as string,
          deadlineMs: deps.deadlineMs,
          extra: { 'x-client-ip': req.ip ?? '' },
        };
        await deps.limits?.admit({ req, res, route, principal: undefined, body, requestId: meta.requestId });
        guardInput(route, {}, {}, body);
        await deps.backends.unary(route, buildRequest(route, {}, {}, body), meta);
        send(
          res,
          200,
          page(
            'Password changed',
            '<p>Your new password is set, and every session was signed out. Log in with it.</p>',
          ),
        );
      } catch (err) {
        if (!(err instanceof AppError)) deps.logger.error('reset page failure', { err });
        const e = err instanceof AppError ? err : new AppError('internal_error');
        for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
        // A dead link cannot be retried here; anything else (a weak password, a limit) can.
        const retry = e.code !== 'invalid_or_expired_reset_link' && e.httpStatus < 500;
        const html = retry
          ? form(token, e.message)
          : `<p class="error" role="alert">${escapeHtml(e.message)}</p><p>Ask for a new link from the login page.</p>`;
        send(res, e.httpStatus, page('Reset your password', html));
      }
    },
  );
  return r;
}
