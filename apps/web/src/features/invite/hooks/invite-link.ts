/** The register screen's address with the code, as /register reads it (spec §2: "accepts query invite_code"). */
export function inviteLink(origin: string, code: string): string {
  return code ? `${origin}/register?invite_code=${encodeURIComponent(code)}` : '';
}
