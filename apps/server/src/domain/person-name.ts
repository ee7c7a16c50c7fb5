/**
 * How a person is named to others (docs/decisions/040-display-names.md): 姓 名, else
 * the account's own name, else `fallback` — the company's name or a role label. Names
 * are optional at registration, and a display name must never carry contact data
 * (the e-mail) to a reader who may not see it, so the e-mail is not even an input.
 */
export interface PersonNameParts {
  lastName: string | null;
  firstName: string | null;
  name: string;
}

export function personName(u: PersonNameParts, fallback: string): string {
  return [u.lastName, u.firstName].filter(Boolean).join(' ') || u.name || fallback;
}
