import type { ModuleContext } from '../context.ts';
import { Throttle, type CaptchaCheck } from './throttle.ts';
import { ThrottleRepository } from './throttle.repository.ts';

/**
 * The limits that protect sign-in, sign-up, codes and uploads (DESIGN §10): fixed-window counters in the database,
 * counted and tested in one statement. A captcha, where a limit asks for one, is checked by the accounts module.
 */
export function registerThrottle(ctx: ModuleContext, deps: { checkCaptcha: CaptchaCheck }) {
  const throttle = new Throttle(new ThrottleRepository(ctx.db), ctx.clock, ctx.config, deps.checkCaptcha, (err) =>
    ctx.log.warn({ err }, 'rate counters could not be swept'),
  );
  return { throttle };
}
