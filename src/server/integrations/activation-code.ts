// `npm run activation-code -- {integration id} {project uuid}` (docs/integrations.md "Activation codes"):
// prints the activation code of a paid integration for one project, with the secret in
// LUMA_ACTIVATION_SECRET. A tool of whoever sells the integrations: it runs from the sources (tsx, a
// dev dependency) and touches no database.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueEntry } from '../../../runtime/integrations/catalogue';
import { isUuid } from '../platform/validate';
import { activationCodeFor } from './activation';

/** The code, or the sentence that says why there is none. */
export function issueActivationCode(args: readonly string[], env: Record<string, string | undefined>): { code: string } | { error: string } {
  const [id, project] = args;
  const secret = env.LUMA_ACTIVATION_SECRET?.trim();
  if (!secret) return { error: 'LUMA_ACTIVATION_SECRET is not set.' };
  const entry = catalogueEntry(id);
  if (!entry) return { error: `'${id ?? ''}' is not an integration of the catalogue.` };
  if (!entry.paid) return { error: `${entry.id} is free: it needs no activation code.` };
  if (!isUuid(project)) return { error: `'${project ?? ''}' is not a project uuid.` };
  return { code: activationCodeFor(secret, entry.id, project) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = issueActivationCode(process.argv.slice(2), process.env);
  if ('error' in result) {
    console.error(`${result.error}\nUsage: npm run activation-code -- {integration id} {project uuid}`);
    process.exit(1);
  }
  console.log(result.code);
}
