// Property tests of a "reviews" component against a running Luma, with luma/testing
// (docs/testing-kit.md walks through this file; tests/api/testing-kit.test.ts runs it).
import fc from 'fast-check';
import {
  checkInvalidValuesRefused,
  checkValidRecordsRoundTrip,
  connect,
  declarePluginTypes,
  formView,
  validRecordFor,
  type FieldTypeDeclaration,
} from 'luma/testing';

export interface Target {
  /** Where Luma answers, e.g. 'http://localhost:8080'. */
  url: string;
  /** An API user's secret ('luma_...') whose role may read, create, update and delete the component's records. */
  token: string;
  /** The component, 'scope/name' or its uuid. */
  component: string;
  /** The field types of the plugins LUMA_PLUGINS enables on that server. */
  plugins?: readonly FieldTypeDeclaration[];
}

export async function reviewProperties({ url, token, component, plugins = [] }: Target) {
  // 1. Tell the kit about your plugins' field types, and connect as your API user.
  declarePluginTypes(plugins);
  const luma = connect({ url, token });

  // 2. The kit's two properties: valid records are stored as written, invalid values are refused
  //    by the server with the key the form gives them.
  const stored = await checkValidRecordsRoundTrip(luma, component, { numRuns: 15 });
  const refused = await checkInvalidValuesRefused(luma, component, { numRuns: 15 });

  // 3. One property of your own: any valid review written over any other valid review reads back
  //    as the second one.
  const view = await formView(luma, component);
  let rewritten = 0;
  await fc.assert(
    fc.asyncProperty(validRecordFor(view), validRecordFor(view), async (first, second) => {
      const created = await luma.createRecord(component, first);
      if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      const { uuid, __version__ } = created.body as { uuid: string; __version__: number };
      const updated = await luma.updateRecord(component, uuid, __version__, second);
      if (updated.status !== 200) throw new Error(`update: ${updated.status} ${JSON.stringify(updated.body)}`);
      const read = await luma.readRecord(component, uuid);
      for (const [key, value] of Object.entries(second)) {
        if (JSON.stringify(read.body[key]) !== JSON.stringify(value)) throw new Error(`${key}: wrote ${JSON.stringify(value)}, read ${JSON.stringify(read.body[key])}`);
      }
      await luma.deleteRecord(component, uuid);
      rewritten += 1;
    }),
    { numRuns: 10 },
  );
  return { stored: stored.checked, refused: refused.checked, rewritten };
}
