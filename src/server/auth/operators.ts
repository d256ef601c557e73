// The platform's operators (docs/satellites.md, docs/billing.md): a person (not an API user) whose
// e-mail is in config.operators (LUMA_ADMIN_EMAIL and LUMA_OPERATORS). They switch satellites and
// approve bank transfers, across projects.
import type { Accountability } from './tenancy';

export function isOperator(accountability: Accountability, operators: readonly string[]): boolean {
  const user = accountability.user;
  return user.kind === 'person' && operators.includes(user.email.toLowerCase());
}
