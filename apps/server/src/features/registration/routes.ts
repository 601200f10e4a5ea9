import type { platformRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { newChallenge } from './captcha.ts';
import {
  completeRegistration,
  hasPendingRegistration,
  isLoginFree,
  resetPassword,
  sendRegistrationLink,
  sendResetLink,
  verifyRegistration,
  verifyReset,
} from './service.ts';

type R = typeof platformRoutes;
type Names =
  | 'captcha'
  | 'checkUserExist'
  | 'checkUserSession'
  | 'generateRegistrationLink'
  | 'verifyRegistrationLink'
  | 'register'
  | 'generateResetPasswordLink'
  | 'verifyResetPasswordLink'
  | 'forgetChangePassword';

export const registrationHandlers = (ctx: AppContext): Pick<Handlers<R>, Names> => ({
  captcha: async () => newChallenge(ctx.secret),
  checkUserExist: async ({ params }) => ({
    data: await isLoginFree(ctx, params.userName.trim().toLowerCase()),
  }),
  checkUserSession: async ({ params }) => ({
    data: await hasPendingRegistration(ctx, params.userName.trim().toLowerCase()),
  }),
  generateRegistrationLink: async ({ params, body }) => {
    await sendRegistrationLink(ctx, params.userName, body);
    return { message: 'A verification link was sent to your email address' };
  },
  verifyRegistrationLink: async ({ params }) => ({
    data: await verifyRegistration(ctx, params.userId, params.hash),
  }),
  register: async ({ body }) => completeRegistration(ctx, body.userId, body.hash),
  generateResetPasswordLink: async ({ params }) => {
    await sendResetLink(ctx, params.userId);
    return {
      message: 'If this account exists, a link to reset its password was sent to its e-mail address.',
    };
  },
  verifyResetPasswordLink: async ({ params }) => ({
    data: await verifyReset(ctx, params.userId, params.hash),
  }),
  forgetChangePassword: async ({ body }) => resetPassword(ctx, body.userId, body.hash, body.password),
});
