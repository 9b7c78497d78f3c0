// AccountService: sign-up, sessions, e-mail verification, passwords. Proto <-> domain only.
import type { Handlers } from '@astro/platform';
import { AppError } from '@astro/platform';
import type { AccountServiceService } from '@astro/protos/astro/account/v1/account';
import type { EmailVerification } from '../domain/email-verification.ts';
import type { PasswordFlows } from '../domain/password-flows.ts';
import type { Sessions } from '../domain/sessions.ts';
import type { Signup } from '../domain/signup.ts';
import type { UserRepository } from '../domain/ports.ts';
import { userView } from '../domain/views.ts';
import { requireSessionUserId } from './caller.ts';
import { sessionEnvelopeMessage, userMessage } from './messages.ts';

type AuthMethods =
  | 'signup'
  | 'login'
  | 'refresh'
  | 'verifyEmail'
  | 'resendVerification'
  | 'me'
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword';

export interface AuthUseCases {
  signup: Signup;
  sessions: Sessions;
  verification: EmailVerification;
  passwords: PasswordFlows;
  users: UserRepository;
}

export function authHandlers(u: AuthUseCases): Pick<Handlers<typeof AccountServiceService>, AuthMethods> {
  return {
    signup: async (req) => sessionEnvelopeMessage(await u.signup.execute(req)),
    login: async (req) => sessionEnvelopeMessage(await u.sessions.login(req)),
    refresh: async (req) => sessionEnvelopeMessage(await u.sessions.refresh(req)),
    verifyEmail: async (req, ctx) =>
      sessionEnvelopeMessage(await u.verification.verify(requireSessionUserId(ctx), req.code)),
    resendVerification: async (_req, ctx) => u.verification.resend(requireSessionUserId(ctx)),
    me: async (_req, ctx) => {
      const userId = requireSessionUserId(ctx);
      const scopes = [...ctx.principal!.scopes].sort();
      // The gateway forwards the token's user snapshot; the lookup is only for a gateway that did not.
      const snapshot = ctx.principal!.user;
      if (snapshot) return { user: userMessage(snapshot), scopes };
      const found = await u.users.findById(userId);
      if (!found) throw new AppError('user_not_found');
      return { user: userMessage(userView(found.user)), scopes };
    },
    forgotPassword: async (req) => u.passwords.forgot(req),
    resetPassword: async (req) => u.passwords.reset(req),
    changePassword: async (req, ctx) =>
      sessionEnvelopeMessage(await u.passwords.change(requireSessionUserId(ctx), req)),
  };
}
