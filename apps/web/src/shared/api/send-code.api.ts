import { API } from '@tradepad/contracts/api-paths';
import { CODE_PURPOSE_WITHDRAW, type CodePurpose } from '@tradepad/contracts/accounts/constants';
import { apiPost } from './http-client.ts';

/** POST notify/send_email: a 6-digit code by mail. `type` 1 register, 2 reset password, 3 change password. */
export function sendEmailCode(email: string, type: CodePurpose): Promise<unknown> {
  return apiPost(API.sendEmail, { email, type }, { toastSuccess: true, loading: true });
}

/** POST notify/send_sms: `to` is the national number, `area_id` its country. */
export function sendSmsCode(to: string, areaId: number | null, type: CodePurpose): Promise<unknown> {
  return apiPost(API.sendSms, { to, area_id: areaId, type }, { toastSuccess: true, loading: true });
}

/** Where a code goes: the account's email or its phone. */
export type ContactType = 'email' | 'phone';

/** A code by mail or by SMS as `via` says; `areaId` is the phone's country and unused for email. */
export function sendCodeVia(via: ContactType, to: string, areaId: number | null, type: CodePurpose): Promise<unknown> {
  return via === 'email' ? sendEmailCode(to, type) : sendSmsCode(to, areaId, type);
}

/**
 * A type-4 code (confirm a withdrawal or a new withdrawal method): the server sends it to the signed-in account's own
 * email or phone, so no address is given.
 */
export function sendOwnerCode(via: ContactType): Promise<unknown> {
  return apiPost(
    via === 'email' ? API.sendEmail : API.sendSms,
    { type: CODE_PURPOSE_WITHDRAW },
    { toastSuccess: true, loading: true },
  );
}
