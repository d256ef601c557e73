// The template picker's rules (spec section 2, "Template picker: value is component and template";
// docs/forge.md "The template picker"): the value is {component, template}, the template one of the
// entrypoints of the component's template distribution, an HTML file of it. The same rules judge the
// control's choice in the browser and the server's check of a saved component.
import type { TemplatePickerValue } from '../../schemas/templatePicker.schema';

/** A component that has a template distribution, with the entrypoints it offers. */
export interface TemplateSource {
  component: string;
  label: string;
  templates: string[];
}

export const TEMPLATE_PICKER_MESSAGE = {
  componentNotFound: 'templatePickerComponentNotFound',
  templateNotFound: 'templatePickerTemplateNotFound',
} as const;

/** The entrypoints of a distribution's files: its HTML files (never the SDK's own), sorted. */
export function templateEntrypoints(files: readonly string[]): string[] {
  return files.filter((file) => /\.html?$/i.test(file) && !file.startsWith('__luma/')).sort((a, b) => a.localeCompare(b));
}

/** What is wrong with a picked value against the sources the caller has, or null when it is one of them. */
export function templatePickerIssue(value: TemplatePickerValue, sources: readonly TemplateSource[]): string | null {
  const source = sources.find((candidate) => candidate.component.toLowerCase() === value.component.toLowerCase());
  if (!source) return TEMPLATE_PICKER_MESSAGE.componentNotFound;
  return source.templates.includes(value.template) ? null : TEMPLATE_PICKER_MESSAGE.templateNotFound;
}

/** The value the picker holds after choosing a component: its first entrypoint, or none. */
export function pickComponent(component: string, sources: readonly TemplateSource[]): TemplatePickerValue | null {
  const source = sources.find((candidate) => candidate.component === component);
  const first = source?.templates[0];
  return source && first ? { component: source.component, template: first } : null;
}
