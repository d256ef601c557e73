// The component's actions and routes, shown under the Functions tab beside its functions (the spec's
// tabs are fixed; this is where the component's code lives).
import { ActionsSection } from './ActionsSection';
import type { TabProps } from './controls';
import { RoutesSection } from './RoutesSection';

export function UserCodeSections(props: TabProps) {
  return (
    <>
      <ActionsSection {...props} />
      <RoutesSection {...props} />
    </>
  );
}
