import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Kbd,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { tabKey } from '../../../machines/tabs-machine';
import { useResourceOptionsQuery } from '../../api/resource';
import { useMenuButtonsQuery } from '../../api/system';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import type { ApiError } from '../../api/client';
import { useConfirm } from '../../components/confirm-dialog';
import { guardTabClose } from '../../lib/close-guards';
import { lazyComponent } from '../../lib/lazy-component';
import { ServerMessage } from '../../components/server-message';
import { toast } from '../../components/toast';
import {
  flowModelContract,
  type FlowModelDetail,
  type FlowModelSubmit,
} from '../../contracts/blade-flow/model';
import { pickLang, type MessageKey } from '../../i18n';
import { usePageVisible } from '../../lib/page-visibility';
import { DeployModelDialog } from '../../resources/blade-flow/flow-model-dialogs';
import { modelDesignPath } from '../../resources/blade-flow/flow-model-routes';
import { useLang, useT } from '../../state/hooks';
import { usePermissions } from '../../state/permissions-context';
import { ShellContext } from '../../state/shell-context';
import { usePageShortcuts, type PageShortcutSection } from '../shortcuts/page-shortcuts';
import { blankModelXml } from './blank-model';
import type { ModelerHandle } from './bpmn-modeler';
import { CentredLoader } from '../../components/centred-loader';

/** Shown while the data or the code is on its way. */
const MODELER_LOADING = <CentredLoader label="workflowDesign.modeler.loading" h="100%" />;

/** bpmn-js's Modeler and its styles: a chunk of its own, loaded by this page only. */
const BpmnModeler = lazyComponent(
  () => import('./bpmn-modeler'),
  () => MODELER_LOADING,
);

const SERVICE = flowModelContract.service;
const CALLS = flowModelContract.resolvedCalls;
const FIELDS = ['modelKey', 'name', 'description'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const row = (
  keys: { mac: string; other: string } | string,
  description: MessageKey,
): PageShortcutSection['rows'][number] => ({
  keys: typeof keys === 'string' ? { mac: keys, other: keys } : keys,
  description,
});

/** The modeller's own keys (bpmn-js, while the canvas has focus) and the page's save. */
export const MODELLER_SHORTCUTS: PageShortcutSection = {
  id: 'bpmn-modeller',
  title: 'workflowDesign.shortcuts.title',
  rows: [
    row({ mac: '⌘S', other: 'Ctrl+S' }, 'workflowDesign.shortcuts.save'),
    row({ mac: '⌘Z', other: 'Ctrl+Z' }, 'workflowDesign.shortcuts.undo'),
    row({ mac: '⌘⇧Z', other: 'Ctrl+Y' }, 'workflowDesign.shortcuts.redo'),
    row({ mac: '⌘A', other: 'Ctrl+A' }, 'workflowDesign.shortcuts.selectAll'),
    row({ mac: 'Delete / ⌫', other: 'Delete / Backspace' }, 'workflowDesign.shortcuts.delete'),
    row('H', 'workflowDesign.shortcuts.hand'),
    row('L', 'workflowDesign.shortcuts.lasso'),
    row('S', 'workflowDesign.shortcuts.space'),
    row('C', 'workflowDesign.shortcuts.connect'),
    row('E', 'workflowDesign.shortcuts.directEdit'),
    row('R', 'workflowDesign.shortcuts.replace'),
    row({ mac: '⌘F', other: 'Ctrl+F' }, 'workflowDesign.shortcuts.search'),
    row(
      { mac: '⌘+ / ⌘- / ⌘0', other: 'Ctrl++ / Ctrl+- / Ctrl+0' },
      'workflowDesign.shortcuts.zoom',
    ),
    row('← ↑ → ↓', 'workflowDesign.shortcuts.move'),
  ],
};

/** The form's problems before sending, by the contract's rules (the server checks the same). */
function check(values: Values, lang: 'zh' | 'en'): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const spec = flowModelContract.fields[field];
    const value = values[field].trim();
    if (!value) {
      if ('required' in spec && spec.required) errors[field] = pickLang(lang, spec.required);
      continue;
    }
    if (spec.maxLength !== undefined && value.length > spec.maxLength)
      errors[field] =
        lang === 'zh'
          ? `长度不能超过${spec.maxLength}个字符`
          : `At most ${spec.maxLength} characters`;
    else if ('pattern' in spec && spec.pattern && !spec.pattern.regex.test(value))
      errors[field] = pickLang(lang, spec.pattern.message);
  }
  return errors;
}

const isDetail = (data: unknown): data is FlowModelDetail =>
  typeof data === 'object' && data !== null && typeof (data as FlowModelDetail).xml === 'string';

/**
 * The modeller page (/flow/model/design/:id, 'new' for a new model; issue 29 item 1): the BPMN
 * modeller beside the model's form. Saving sends the diagram's XML with the form through
 * model/submit once (the server checks the XML: its refusal is shown beside the canvas and
 * nothing is lost); deploying asks for the category. Unsaved changes show in the tab's label,
 * and leaving by the page's own link or closing the window asks first.
 */
export function ModelDesignPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const t = useT();
  const lang = useLang();
  const permissions = usePermissions();
  const buttonsLoaded = useMenuButtonsQuery().isSuccess;
  const codes = flowModelContract.codes;
  const canSave = permissions.has(isNew ? (codes.add ?? '') : (codes.edit ?? ''));
  const canOpen = isNew
    ? canSave
    : [codes.edit, codes.view, codes.menu].some((c) => c && permissions.has(c));
  const detail = useResourceOptionsQuery(
    isNew || !canOpen ? skipToken : { path: `${SERVICE}/${CALLS.detail.path}`, params: { id } },
  );
  const [opened, setOpened] = useState<{ xml: string; version?: number } | undefined>(() =>
    isNew ? { xml: blankModelXml() } : undefined,
  );
  const [values, setValues] = useState<Values>({ modelKey: '', name: '', description: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, React.ReactNode>>>({});
  const [dirty, setDirty] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [loadError, setLoadError] = useState<string>();
  const [deploying, setDeploying] = useState(false);
  const modeler = useRef<ModelerHandle>(null);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const shell = useContext(ShellContext);
  const [post] = useIdempotentPostMutation();
  const { run, busy } = useSendOnce((body: FlowModelSubmit, idempotencyKey: string) =>
    post({
      path: `${SERVICE}/${CALLS.submit.path}`,
      body: body as unknown as Record<string, unknown>,
      idempotencyKey,
      services: [SERVICE],
    }).unwrap(),
  );
  // Saving spans the post and the detail's reload (the new version): a second save waits.
  const [saving, setSaving] = useState(false);
  const [confirmDialog, confirm] = useConfirm();

  // The diagram opens once per model: a reload after saving updates the version, not the canvas
  // (adjusting state while rendering, React's pattern for state derived from an answer).
  const data = isDetail(detail.data) ? detail.data : undefined;
  const [seen, setSeen] = useState<FlowModelDetail>();
  if (data && data !== seen) {
    setSeen(data);
    if (opened) setOpened({ ...opened, version: data.version });
    else {
      setValues({ modelKey: data.modelKey, name: data.name, description: data.description ?? '' });
      setOpened({
        xml: data.xml || blankModelXml(data.modelKey, data.name),
        version: data.version,
      });
    }
  }

  usePageShortcuts(MODELLER_SHORTCUTS);
  useUnsavedTab(dirty, values.name, isNew);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  // Closing this page's tab (tab bar, Alt+W, the palette) asks too while changes are unsaved.
  useEffect(() => {
    if (!dirty) return;
    const key = tabKey(pathname, Object.fromEntries(new URLSearchParams(search)));
    return guardTabClose(key, () => confirm(t('workflowDesign.modeler.leaveConfirm')));
  }, [dirty, pathname, search, confirm, t]);

  // The held button codes arrive after the menu's screen codes: only once they are here is a
  // missing one a 403 (a direct load of a new model saw /403 while only the menu was known).
  if (!canOpen)
    return buttonsLoaded ? (
      <Navigate to="/403" replace />
    ) : (
      <Center h={240}>
        <Loader aria-label={t('workflowDesign.modeler.loading')} />
      </Center>
    );

  const setValue = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setDirty(true);
  };

  const save = async () => {
    if (!canSave || busy || saving || !opened) return;
    const found = check(values, lang);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`model-${first}`)?.focus();
      return;
    }
    setRefusal(undefined);
    let xml: string;
    try {
      xml = await modeler.current!.xml(values.modelKey.trim(), values.name.trim());
    } catch (error) {
      setRefusal(t('workflowDesign.modeler.exportFailed', { message: String(error) }));
      return;
    }
    setSaving(true);
    try {
      const body: FlowModelSubmit = {
        ...(isNew
          ? {}
          : { id, ...(opened.version !== undefined ? { version: opened.version } : {}) }),
        modelKey: values.modelKey.trim(),
        name: values.name.trim(),
        description: values.description.trim() || null,
        xml,
      };
      const result = await run(body);
      if (!result.ok) {
        if (result.error) showSaveRefusal(result.error);
        return;
      }
      setDirty(false);
      toast(
        'success',
        t(isNew ? 'workflowDesign.modeler.created' : 'workflowDesign.modeler.saved'),
      );
      const savedId = (result.value as { id?: unknown } | null)?.id;
      if (isNew && (typeof savedId === 'string' || typeof savedId === 'number')) {
        // The saved model's own page (its own tab); the 'new' tab has served its purpose.
        const newTab = tabKey(pathname);
        navigate(modelDesignPath(String(savedId)), { replace: true });
        if (shell) setTimeout(() => shell.tabs.send({ type: 'tab.close', key: newTab }), 0);
      } else if (!isNew) await detail.refetch();
    } finally {
      setSaving(false);
    }
  };

  /** Field refusals at their fields, the rest (the XML's check, a stale version) beside the canvas. */
  const showSaveRefusal = (error: unknown) => {
    const fields = (error as Partial<ApiError>).fields ?? {};
    const atFields: Partial<Record<Field, React.ReactNode>> = {};
    const rest: string[] = [];
    for (const [name, zh] of Object.entries(fields)) {
      if ((FIELDS as readonly string[]).includes(name))
        atFields[name as Field] = <ServerMessage zh={zh} />;
      else rest.push(zh);
    }
    setErrors(atFields);
    if (Object.keys(atFields).length === 0 || rest.length > 0)
      setRefusal(refusalMessage(error, t('errors.submitFailed')));
    const first = FIELDS.find((f) => atFields[f]);
    if (first) document.getElementById(`model-${first}`)?.focus();
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void save();
    }
  };

  const leave = async (e: React.MouseEvent) => {
    if (!dirty) return;
    e.preventDefault();
    if (await confirm(t('workflowDesign.modeler.leaveConfirm'))) navigate(flowModelContract.route);
  };

  const title = isNew
    ? t('workflowDesign.modeler.newTitle')
    : t('workflowDesign.modeler.title', { name: values.name || values.modelKey });

  if (!isNew && (detail.isError || (detail.isSuccess && !isDetail(detail.data)))) {
    return (
      <Alert color="red" role="alert" m="md" title={t('workflowDesign.modeler.newTitle')}>
        {detail.isError
          ? refusalMessage(detail.error, t('workflowDesign.loadFailed'))
          : t('workflowDesign.modeler.missing')}
      </Alert>
    );
  }

  return (
    <Stack gap="sm" p="md" h="100%" onKeyDown={onKeyDown}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h3">
          {title}
          {dirty && (
            <Text span c="orange" size="sm" ml="sm">
              {t('workflowDesign.modeler.unsaved')}
            </Text>
          )}
        </Title>
        <Anchor
          component={Link}
          to={flowModelContract.route}
          onClick={(e) => void leave(e)}
          size="sm"
        >
          {t('workflowDesign.modeler.backToList')}
        </Anchor>
      </Group>
      <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 480 }}>
        <Box
          style={{
            flex: 1,
            minWidth: 0,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
            position: 'relative',
          }}
        >
          {loadError ? (
            <Alert color="red" role="alert" m="md">
              {loadError}
            </Alert>
          ) : opened ? (
            <BpmnModeler
              xml={opened.xml}
              label={t('workflowDesign.modeler.canvas')}
              handle={modeler}
              onChange={() => setDirty(true)}
              onError={(e) =>
                setLoadError(
                  t('workflowDesign.modeler.importFailed', {
                    message: e instanceof Error ? e.message : String(e),
                  }),
                )
              }
            />
          ) : (
            MODELER_LOADING
          )}
        </Box>
        <Box w={300} style={{ flexShrink: 0 }}>
          <form
            aria-label={t('workflowDesign.modeler.form')}
            noValidate
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack gap="sm">
              {FIELDS.map((field) => {
                const spec = flowModelContract.fields[field];
                const Input = field === 'description' ? Textarea : TextInput;
                return (
                  <Input
                    key={field}
                    id={`model-${field}`}
                    label={pickLang(lang, spec.label)}
                    required={'required' in spec && !!spec.required}
                    maxLength={spec.maxLength}
                    value={values[field]}
                    onChange={(e) => setValue(field, e.currentTarget.value)}
                    error={errors[field]}
                    readOnly={!canSave}
                    {...(field === 'description' ? { autosize: true, minRows: 3 } : {})}
                  />
                );
              })}
              {refusal && (
                <Alert color="red" role="alert" title={t('workflowDesign.modeler.refused')}>
                  {refusal}
                </Alert>
              )}
              <Group gap="xs">
                {canSave && (
                  <Button type="submit" loading={busy || saving} disabled={!opened || !!loadError}>
                    {t('workflowDesign.modeler.save')}
                  </Button>
                )}
                {!isNew && permissions.has('flow_model_deploy') && (
                  <Button
                    variant="light"
                    onClick={() => setDeploying(true)}
                    disabled={dirty || busy || saving}
                    title={dirty ? t('workflowDesign.modeler.saveBeforeDeploy') : undefined}
                  >
                    {t('workflowDesign.deploy.submit')}
                  </Button>
                )}
              </Group>
              {dirty && !isNew && permissions.has('flow_model_deploy') && (
                <Text size="xs" c="dimmed">
                  {t('workflowDesign.modeler.saveBeforeDeploy')}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('workflowDesign.modeler.keysHint')} <Kbd size="xs">?</Kbd>
              </Text>
            </Stack>
          </form>
        </Box>
      </Group>
      {confirmDialog}
      {deploying && (
        <DeployModelDialog
          rows={[{ id, name: values.name, modelKey: values.modelKey }]}
          onClose={() => setDeploying(false)}
        />
      )}
    </Stack>
  );
}

/**
 * The tab says the page has unsaved changes: its label becomes the model's name with a mark
 * while the page is on screen. The layout labels the tab from the path when the address
 * changes (this route is no menu leaf); the label here is sent after it, and again whenever
 * the tab's label is not the page's.
 */
function useUnsavedTab(dirty: boolean, name: string, isNew: boolean) {
  const shell = useContext(ShellContext);
  const visible = usePageVisible();
  const { pathname, search } = useLocation();
  const zh = `${name || (isNew ? '新建模型' : '')}${dirty ? ' *' : ''}`;
  const en = `${name || (isNew ? 'New model' : '')}${dirty ? ' *' : ''}`;
  useEffect(() => {
    if (!shell || !visible) return;
    const key = tabKey(pathname, Object.fromEntries(new URLSearchParams(search)));
    const title = {
      zh: zh ? `模型设计：${zh}` : '模型设计',
      en: en ? `Model design: ${en}` : 'Model design',
    };
    let stopped = false;
    const apply = () => {
      if (stopped) return;
      const { tabs, activeKey } = shell.tabs.getSnapshot().context;
      const tab = tabs.find((x) => x.key === key);
      if (activeKey !== key || !tab) return;
      if (tab.meta?.title?.zh === title.zh && tab.meta.title.en === title.en) return;
      shell.tabs.send({
        type: 'tab.open',
        tab: {
          path: tab.path,
          ...(tab.query ? { query: tab.query } : {}),
          label: title.zh,
          meta: { title },
        },
      });
    };
    // After the layout's own labelling of this address (its effect runs after this one).
    queueMicrotask(apply);
    const subscription = shell.tabs.subscribe(() => queueMicrotask(apply));
    return () => {
      stopped = true;
      subscription.unsubscribe();
    };
  }, [shell, visible, pathname, search, zh, en]);
}
