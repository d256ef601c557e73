/** A component's ref (docs/components.md): 'scope/name' when a scope is set, else the uuid. */
export function componentRef(component: { uuid: string; scope: string | null | undefined; name: string }): string {
  return component.scope ? `${component.scope}/${component.name}` : component.uuid;
}
