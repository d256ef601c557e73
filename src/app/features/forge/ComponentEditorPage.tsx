// /component/editor/:id?v= (spec section 1; docs/forge.md "The component editor"): the template
// files of a component version's distribution (templates_dist.dist) edited with CodeMirror, a live
// preview of an entry file in the sandboxed frame (unsaved files, sent to the preview call a moment
// after each change), and Save: the files become a new distribution release and the version's
// templates_dist names it with the chosen SDK version. A zip can be uploaded instead.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FORGE_SDK_VERSIONS, type ForgeRelease } from '../../../../runtime/api/forge';
import type { ComponentModel } from '../../../../runtime/api/components';
import { componentsApi } from '../../../../runtime/client/components';
import { forgeApi } from '../../../../runtime/client/forge';
import { rendererOf } from '../../../../runtime/forge/bridge';
import { componentKeys, componentSettingsQueryOptions } from '../../../../renderers/data/components';
import { SandboxFrame } from '../../../../renderers/screens/forge/SandboxFrame';
import { showToast } from '../../../../renderers/ui/toast';
import { CodeEditor } from '../../components/code/CodeEditor';
import { FailureText, failureSummary } from '../../components/form/failure';
import { LoadError, Loading } from '../../components/LoadState';
import { PageHeader } from '../../components/PageHeader';
import { STARTER_FILES, languageOf, isTextFile } from './starter';
import './forge.css';

type Files = Record<string, string>;

/** The distribution's text files, read one by one (the editor opens text files only). */
async function loadFiles(component: string, release: string): Promise<Files> {
  const listing: ForgeRelease = await forgeApi.dist(component, release);
  const files: Files = {};
  for (const file of listing.files.filter((entry) => isTextFile(entry.path))) files[file.path] = (await forgeApi.distFile(component, release, file.path)).text;
  return files;
}

function usePreview(component: string, files: Files | null) {
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!files) return;
    let live = true;
    const timer = setTimeout(() => {
      forgeApi.preview(component, files).then(
        (opened) => live && (setUrl(opened.url), setFailure(null)),
        (error: unknown) => live && setFailure(error),
      );
    }, 600);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [component, files]);
  return { url, failure };
}

function Editor({ model, version, initial }: { model: ComponentModel; version: string; initial: Files }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Files>(initial);
  const paths = useMemo(() => Object.keys(files).sort(), [files]);
  const entries = paths.filter((path) => path.endsWith('.html'));
  const [current, setCurrent] = useState(paths.find((path) => path.endsWith('.html')) ?? paths[0] ?? '');
  const [entry, setEntry] = useState(entries[0] ?? '');
  const [newName, setNewName] = useState('');
  const [sdk, setSdk] = useState<number | null>(model.settings.templates_dist?.sdk_version ?? 6);
  const preview = usePreview(model.uuid, files);
  const [dirty, setDirty] = useState(false);

  const store = async (release: ForgeRelease) => {
    const next = { ...model, settings: { ...model.settings, templates_dist: { dist: release.uuid, sdk_version: sdk } } };
    const saved = await componentsApi.save(model.uuid, version, next);
    queryClient.setQueryData(componentKeys.settings(model.uuid, version), saved);
    await queryClient.invalidateQueries({ queryKey: componentKeys.settings(model.uuid, null) });
    return release;
  };
  const save = useMutation({
    mutationFn: async () => store(await forgeApi.saveFiles(model.uuid, files)),
    onSuccess: (release) => {
      setDirty(false);
      showToast('forge.editorSaved', 'success', undefined, { number: release.number });
    },
  });
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const release = await store(await forgeApi.uploadDist(model.uuid, file));
      return { release, files: await loadFiles(model.uuid, release.uuid) };
    },
    onSuccess: ({ release, files: loaded }) => {
      setFiles(loaded);
      setDirty(false);
      showToast('forge.editorSaved', 'success', undefined, { number: release.number });
    },
  });
  const addFile = () => {
    const name = newName.trim();
    if (!name || files[name] !== undefined) return;
    setFiles({ ...files, [name]: '' });
    setCurrent(name);
    setNewName('');
    setDirty(true);
  };
  return (
    <div className="page stack forge-editor-page" data-testid="component-editor">
      <PageHeader title={<FormattedMessage id="forge.editorTitle" values={{ name: model.label?.en_US ?? model.name, version }} />}>
        <button type="button" className="button button-primary" disabled={save.isPending || paths.length === 0} data-testid="component-editor-save" onClick={() => save.mutate()}>
          <FormattedMessage id={save.isPending ? 'forge.saving' : 'forge.editorSave'} />
        </button>
      </PageHeader>
      <div className="forge-editor-bar">
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="forge.sdkVersion" />
          </span>
          <select value={sdk ?? ''} data-testid="component-editor-sdk" onChange={(event) => (setSdk(event.target.value === '' ? null : Number(event.target.value)), setDirty(true))}>
            <option value="">{intl.formatMessage({ id: 'forge.sdkLegacy' })}</option>
            {FORGE_SDK_VERSIONS.map((value) => (
              <option key={value} value={value}>
                SDK {value}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="forge.uploadZip" />
          </span>
          <input type="file" accept=".zip,application/zip" data-testid="component-editor-upload" onChange={(event) => event.target.files?.[0] && upload.mutate(event.target.files[0])} />
        </label>
        {dirty ? (
          <span className="badge badge-warning" data-testid="component-editor-dirty">
            <FormattedMessage id="forge.unsaved" />
          </span>
        ) : null}
      </div>
      <FailureText message={save.isError ? failureSummary(save.error) : upload.isError ? failureSummary(upload.error) : null} />
      <div className="forge-editor">
        <nav aria-label={intl.formatMessage({ id: 'forge.files.title' })}>
          <ul className="forge-editor-files" data-testid="component-editor-files">
            {paths.map((path) => (
              <li key={path}>
                <button type="button" className="button button-ghost button-small" aria-current={path === current ? 'true' : 'false'} data-testid="component-editor-file" onClick={() => setCurrent(path)}>
                  {path}
                </button>
              </li>
            ))}
          </ul>
          <div className="forge-editor-new">
            <input
              aria-label={intl.formatMessage({ id: 'forge.newFile' })}
              placeholder="edit.html"
              value={newName}
              data-testid="component-editor-new-name"
              onChange={(event) => setNewName(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && addFile()}
            />
            <button type="button" className="button button-small" onClick={addFile} data-testid="component-editor-new">
              <FormattedMessage id="forge.newFile" />
            </button>
          </div>
        </nav>
        <div className="forge-editor-code">
          {current ? (
            <CodeEditor
              key={current}
              value={files[current] ?? ''}
              language={languageOf(current)}
              label={current}
              height={520}
              testId="component-editor-code"
              onChange={(value) => {
                setFiles((before) => ({ ...before, [current]: value }));
                setDirty(true);
              }}
            />
          ) : null}
        </div>
        <section className="forge-editor-preview" aria-label={intl.formatMessage({ id: 'forge.preview' })}>
          <label className="field">
            <span className="field-label">
              <FormattedMessage id="forge.previewEntry" />
            </span>
            <select value={entry} data-testid="component-editor-entry" onChange={(event) => setEntry(event.target.value)}>
              {entries.map((path) => (
                <option key={path} value={path}>
                  {path}
                </option>
              ))}
            </select>
          </label>
          <FailureText message={preview.failure ? failureSummary(preview.failure) : null} />
          {preview.url && entry ? (
            <SandboxFrame url={`${preview.url}${entry}`} title={intl.formatMessage({ id: 'forge.preview' })} scope={{ component: model.uuid, renderer: rendererOf(sdk) }} context={{ entrypoint: entry, preview: true }} testId="component-editor-preview" />
          ) : (
            <Loading />
          )}
        </section>
      </div>
    </div>
  );
}

export function ComponentEditorPage() {
  const { id = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { v?: string | number };
  const version = search.v === undefined ? null : String(search.v);
  const settings = useQuery(componentSettingsQueryOptions(id, version));
  const dist = settings.data?.settings.templates_dist?.dist ?? null;
  const files = useQuery({ queryKey: ['forge', 'editor-files', id, dist ?? ''], queryFn: () => (dist ? loadFiles(id, dist) : Promise.resolve(STARTER_FILES)), enabled: settings.isSuccess, staleTime: Infinity });
  if (settings.isError || files.isError) return <div className="page"><LoadError error={settings.error ?? files.error} /></div>;
  if (!settings.data || !files.data) return <div className="page"><Loading /></div>;
  return <Editor model={settings.data} version={version ?? settings.data.settings.version} initial={files.data} />;
}
