// The template picker's rules (runtime/forge/templatePicker.ts) and its value's schema: entrypoints are
// a distribution's HTML files; a value names a component with a distribution and one of its entrypoints.
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { pickComponent, templateEntrypoints, templatePickerIssue } from '../../../runtime/forge/templatePicker';
import { templatePickerSchema } from '../../../schemas';

const A = '01900000-0000-7000-8000-00000000000a';
const sources = [{ component: A, label: 'A', templates: ['b.html', 'list.html'] }];

describe('template picker rules', () => {
  it('takes the HTML files of a distribution as its entrypoints, sorted, never the SDK', () => {
    expect(templateEntrypoints(['list.html', 'app.js', 'a/b.htm', 'style.css', '__luma/x.html', 'Card.HTML'])).toEqual(['a/b.htm', 'Card.HTML', 'list.html']);
  });

  it('judges a value against the sources', () => {
    expect(templatePickerIssue({ component: A, template: 'list.html' }, sources)).toBeNull();
    expect(templatePickerIssue({ component: A.toUpperCase(), template: 'list.html' }, sources)).toBeNull();
    expect(templatePickerIssue({ component: A, template: 'x.html' }, sources)).toBe('templatePickerTemplateNotFound');
    expect(templatePickerIssue({ component: '01900000-0000-7000-8000-00000000000b', template: 'list.html' }, sources)).toBe('templatePickerComponentNotFound');
    expect(pickComponent(A, sources)).toEqual({ component: A, template: 'b.html' });
    expect(pickComponent('nothing', sources)).toBeNull();
  });

  it('has a closed schema: a uuid and an HTML path inside the bundle', () => {
    const valid = new Ajv().compile(templatePickerSchema);
    expect(valid({ component: A, template: 'views/card.html' })).toBe(true);
    for (const bad of [{ component: A }, { component: 'a', template: 'list.html' }, { component: A, template: '../list.html' }, { component: A, template: '/list.html' }, { component: A, template: 'a/./b.html' }, { component: A, template: 'a\\b.html' }, { component: A, template: 'app.js' }, { component: A, template: 'list.html', more: 1 }]) {
      expect(valid(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
