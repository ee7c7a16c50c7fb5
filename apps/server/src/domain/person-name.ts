/** How a person is named in lists and talkrooms: 姓 名, else the account name, else the e-mail. */
export function personName(u: { lastName: string | null; firstName: string | null; name: string; email: string }): string {
  return [u.lastName, u.firstName].filter(Boolean).join(' ') || u.name || u.email;
}
