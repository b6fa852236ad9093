/** j***n@example.com: enough to recognise one's own address, not to read it over a shoulder. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  const name = email.slice(0, at);
  const shown = name.length <= 2 ? name.charAt(0) : `${name.charAt(0)}***${name.charAt(name.length - 1)}`;
  return `${shown}${name.length <= 2 ? '***' : ''}${email.slice(at)}`;
}

/** +852 ****5678 */
export function maskMobile(mobile: string, globalCode: string): string {
  const tail = mobile.slice(-4);
  return `${globalCode ? `+${globalCode} ` : ''}****${tail}`;
}
