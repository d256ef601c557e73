// context.env and var:NAME in browser scripts (docs/user-code.md), run in the real QuickJS sandbox:
// a GET mutator and a template read the page's variables and a field's var: entries (with their
// fallbacks); a variable the page was not given (a secret never is) is undefined.
import { screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../runtime/script';
import type { RunScript } from '../../renderers/form/scripts';
import { compile, field, renderForm } from './harness';

describe('context.env and var:NAME in form scripts', () => {
  const sandbox = createSandbox({ prewarm: false });
  afterAll(() => sandbox.dispose());
  const runScript: RunScript = (request) => sandbox.run(request);
  const pageEnv = { REGION: 'eu-west', API_BASE: 'https://api.example.test' };
  const vars = [
    { key: 'var:API_BASE', value: 'https://fallback.example.test' },
    { key: 'var:TIMEOUT', value: '30' },
    { key: 'var:STRIPE_KEY', value: 'no key here' },
    { key: 'var:__proto__', value: 'ignored' },
    { key: 'plain', value: 'not a variable' },
  ];

  it('a GET mutator reads context.env and the field\'s context.vars, fallbacks where the page has no such variable', async () => {
    const code = "return [context.env.REGION, context.vars.API_BASE, context.vars.TIMEOUT, context.vars.STRIPE_KEY, typeof context.env.STRIPE_KEY, Object.keys(context.vars).join(',')].join('|')";
    const view = compile([field('summary', 'input', 'text', { mutators: { get: code, set: null }, context: vars })], { page: 'model_edit' });
    expect(view.fields[0]!.variables).toEqual([
      { name: 'API_BASE', fallback: 'https://fallback.example.test' },
      { name: 'TIMEOUT', fallback: '30' },
      { name: 'STRIPE_KEY', fallback: 'no key here' },
    ]);
    const { container } = renderForm({ view, page: 'model_edit', record: { summary: '' }, runScript, scriptEnv: pageEnv });
    await waitFor(() =>
      expect((container.querySelector('input[name="summary"]') as HTMLInputElement).value).toBe('eu-west|https://api.example.test|30|no key here|undefined|API_BASE,TIMEOUT,STRIPE_KEY'),
    );
  });

  it('a template reads them too; without a page env, context.env is empty and the fallbacks hold', async () => {
    const template = "return 'at ' + context.vars.API_BASE + ' in ' + (context.env.REGION || 'nowhere')";
    const view = compile([field('where', 'input', 'text', { provided_template: true, template, context: vars })]);
    renderForm({ view, runScript, scriptEnv: pageEnv });
    await waitFor(() => expect(screen.getByTestId('field-template-where').textContent).toContain('at https://api.example.test in eu-west'));
  });

  it('with no variables given, fallbacks and an empty env', async () => {
    const template = "return context.vars.API_BASE + ' ' + JSON.stringify(context.env)";
    const view = compile([field('bare', 'input', 'text', { provided_template: true, template, context: vars })]);
    renderForm({ view, runScript });
    await waitFor(() => expect(screen.getByTestId('field-template-bare').textContent).toContain('https://fallback.example.test {}'));
  });
});
